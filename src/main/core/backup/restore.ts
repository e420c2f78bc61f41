/**
 * Restoring a backup in place of the running mirror: check it (whole, a mirror, not from a newer
 * desk), back up the current mirror (or, when that cannot be read, keep its file), stop the sync
 * engine and close the mirror, swap the files, open it again. The restored outbox then replays with
 * the request_ids its entries were written with; the server answers any it has already applied
 * with its stored answer, so nothing is applied twice.
 */
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupFolder, BackupReason, BackupTaken, RestoreResult } from '@shared/ipc/backup';
import type { CoreLog } from '../types';
import { describeBackup } from './inspect';
import { damagedName } from './names';
import { backupFile, checkRestorable, swapIn } from './swap';
import { backupsDir, type BackupPlace } from './take';

/** What a restore needs of the core: its paths, a backup of the open mirror, closing and reopening it. */
export interface BackupOps {
  place(): BackupPlace;
  mirrorPath: string;
  nativeBinding: string | undefined;
  now(): Date;
  log: CoreLog;
  take(reason: BackupReason): Promise<BackupTaken>;
  /** Stops the engine (an entry in flight finishes first) and closes the mirror. */
  close(): Promise<void>;
  /** Opens the mirror file again and starts a new engine on it. */
  reopen(): void;
}

export async function restoreInto(ops: BackupOps, folder: BackupFolder, name: string): Promise<RestoreResult> {
  const place = ops.place();
  const file = backupFile(place, folder, name);
  await checkRestorable(file, name, ops.nativeBinding);
  const restored = describeBackup(file, name, folder, { full: false, ...(ops.nativeBinding ? { nativeBinding: ops.nativeBinding } : {}) })!;
  // The restored file is copied before anything else, so pruning by the backup below cannot remove it.
  const staged = join(backupsDir(place.dataDir), `${name}.staged`);
  await copyFile(file, staged);
  let previous: string | null = null;
  let setAside: string | null = null;
  try {
    previous = (await ops.take('restore')).backup.name;
  } catch (e) {
    // A damaged mirror cannot be backed up; its file is kept as it is instead.
    setAside = damagedName(ops.now());
    ops.log.error('the mirror could not be backed up before a restore; its file is kept', { message: (e as Error).message, keptAs: setAside });
  }
  await ops.close();
  try {
    swapIn(ops.mirrorPath, staged, setAside ? join(backupsDir(place.dataDir), setAside) : null);
  } finally {
    await rm(staged, { force: true });
    ops.reopen();
  }
  ops.log.info('backup restored', { name, folder, previous, setAside });
  return { restored, previous, setAside };
}
