/**
 * The file side of a restore and of a mirror found damaged: which backup a request names (only a
 * backup-shaped name in one of the two folders — never a path from the screen), whether this desk
 * can take it, and putting it in place of the closed mirror file without losing the one it replaces.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupFolder } from '@shared/ipc/backup';
import { ipcError } from '../handlers/context';
import { MIRROR_VERSION, type Inspection } from './inspect';
import { verifyBackup } from './verify';
import { BACKUP_NAME } from './names';
import { backupsDir, type BackupPlace } from './take';

const SIDE_FILES = ['', '-wal', '-shm'];

/** The file a restore request names, after checking the name and that it exists. */
export function backupFile(p: BackupPlace, folder: BackupFolder, name: string): string {
  if (!BACKUP_NAME.test(name)) throw ipcError('VALIDATION_ERROR', `“${name.slice(0, 80)}” is not the name of a Stockdesk backup.`, [{ field: 'name', message: 'must be a backup name from the list' }]);
  const dir = folder === 'data' ? backupsDir(p.dataDir) : p.extraDir;
  if (!dir) throw ipcError('VALIDATION_ERROR', 'No backup folder of your own is chosen in Settings.', [{ field: 'folder', message: 'no folder is chosen' }]);
  const file = join(dir, name);
  if (!existsSync(file)) throw ipcError('NOT_FOUND', `The backup ${name} is no longer in ${dir}.`);
  return file;
}

/** Verifies a backup for restoring here: whole, a mirror, and not from a newer desk. */
export async function checkRestorable(file: string, name: string, nativeBinding?: string): Promise<Inspection> {
  let i: Inspection;
  try {
    i = await verifyBackup(file, nativeBinding);
  } catch (e) {
    throw ipcError('CONFLICT', `The backup ${name} cannot be restored: ${(e as Error).message}.`);
  }
  if (i.mirrorVersion > MIRROR_VERSION) {
    throw ipcError('CONFLICT', `The backup ${name} was made by a newer Stockdesk (its data is version ${i.mirrorVersion}; this Stockdesk reads up to version ${MIRROR_VERSION}). Update Stockdesk on this computer, then restore it.`);
  }
  return i;
}

/** Moves the mirror's files (main, -wal, -shm) to `target` (same suffixes), or deletes them when target is null. */
export function moveMirrorFiles(mirrorPath: string, target: string | null): void {
  if (target) mkdirSync(join(target, '..'), { recursive: true });
  for (const s of SIDE_FILES) {
    if (!existsSync(mirrorPath + s)) continue;
    if (target) renameSync(mirrorPath + s, target + s);
    else rmSync(mirrorPath + s, { force: true });
  }
}

/**
 * Puts a copy of `backup` where the (closed) mirror is. The copy is made beside it first and then
 * renamed over, so at every moment there is a whole file at one of the two names.
 */
export function swapIn(mirrorPath: string, backup: string, setAside: string | null): void {
  const incoming = `${mirrorPath}.restoring`;
  copyFileSync(backup, incoming);
  moveMirrorFiles(mirrorPath, setAside);
  renameSync(incoming, mirrorPath);
}

