/** The clerk's backup settings, kept with the other settings in the mirror. */
import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { BackupConfig } from '@shared/ipc/backup';
import type { Db } from '../mirror/db';
import { getKv, setKv } from '../mirror/settings';
import { ipcError } from '../handlers/context';

export const DEFAULT_BACKUP: BackupConfig = { keep: 7, extraDir: null };

export const backupConfig = (db: Db): BackupConfig => ({ ...DEFAULT_BACKUP, ...getKv<Partial<BackupConfig>>(db, 'settings', 'backup', {}) });

export function saveBackupConfig(db: Db, patch: Partial<BackupConfig>): BackupConfig {
  const next = { ...backupConfig(db), ...patch };
  setKv(db, 'settings', 'backup', next);
  return next;
}

/**
 * A folder the clerk picked in the shell's folder dialog, checked before anything is written there:
 * an absolute path as the dialog gives it, an existing directory, and one we can create and remove
 * a file in (a read-only share fails here, with the reason, not at the first backup).
 */
export function checkFolder(path: string, dataDir: string): string {
  // No field name in the detail: the folder came from the dialog, not from a field the clerk typed in.
  const bad = (message: string) => ipcError('VALIDATION_ERROR', `The backup folder ${path.slice(0, 200)} cannot be used: ${message}.`, [{ field: '', message: `${path.slice(0, 200)}: ${message}` }]);
  if (!isAbsolute(path) || path.split(/[\\/]/).includes('..')) throw bad('it must be a full folder path as the folder dialog gives it');
  const dir = resolve(path);
  if (dir === resolve(dataDir) || dir.startsWith(resolve(dataDir, 'backups'))) throw bad('it is the desk’s own data folder; choose another drive or folder');
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw bad('it does not exist or cannot be reached');
  }
  if (!isDir) throw bad('it is not a folder');
  try {
    accessSync(dir, constants.W_OK);
    rmSync(mkdtempSync(`${dir}/.stockdesk-probe-`), { recursive: true, force: true });
  } catch (e) {
    throw bad(`Stockdesk cannot write there (${(e as Error).message})`);
  }
  return dir;
}
