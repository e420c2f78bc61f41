/**
 * Taking a backup of the open mirror with SQLite's online backup API (better-sqlite3 `db.backup`):
 * it copies a bounded number of pages per step and yields to the event loop between steps, so the
 * core keeps answering the screens meanwhile, and writes made through the same connection during
 * the copy are carried into it. The copy is written under a temporary name, switched out of WAL
 * mode (a lone file, readable read-only anywhere), verified, and only then given its real name —
 * and only then are older backups pruned.
 */
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BackupFolder, BackupInfo, BackupReason, BackupTaken } from '@shared/ipc/backup';
import type { Db } from '../mirror/db';
import { describeBackup } from './inspect';
import { verifyBackup } from './verify';
import { BACKUP_NAME, backupName, parseBackupName } from './names';

export interface BackupPlace {
  /** The data folder; backups go to its backups/. */
  dataDir: string;
  /** The clerk's own folder (a network drive), also written to; a failure there is reported, not thrown. */
  extraDir: string | null;
  keep: number;
  nativeBinding?: string;
}

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

const opts = (p: BackupPlace) => (p.nativeBinding ? { nativeBinding: p.nativeBinding } : {});

/** Makes `tmp` a self-contained rollback-journal database and checks it; removes it when it is not whole. */
async function seal(tmp: string, p: BackupPlace): Promise<void> {
  try {
    const b = new Database(tmp, opts(p));
    try {
      b.pragma('journal_mode = DELETE');
    } finally {
      b.close();
    }
    await verifyBackup(tmp, p.nativeBinding);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
}

/** Deletes all but the newest `keep` backups in `dir` (names sort by time); other files are left alone. */
export async function prune(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => BACKUP_NAME.test(n)).sort().reverse();
  const gone = names.slice(Math.max(1, keep));
  for (const n of gone) await rm(join(dir, n), { force: true });
  return gone;
}

/** A verified copy in the clerk's folder, pruned there too. */
async function copyToExtra(file: string, name: string, p: BackupPlace & { extraDir: string }): Promise<void> {
  const tmp = join(p.extraDir, `${name}.partial`);
  try {
    await copyFile(file, tmp);
    await verifyBackup(tmp, p.nativeBinding);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
  await rename(tmp, join(p.extraDir, name));
  await prune(p.extraDir, p.keep);
}

/** Backs the mirror up into the data folder (and the clerk's folder); throws when the backup itself fails. */
export async function takeBackup(db: Db, p: BackupPlace, reason: BackupReason, now: Date): Promise<BackupTaken> {
  const dir = backupsDir(p.dataDir);
  await mkdir(dir, { recursive: true });
  const name = backupName(now, reason);
  const tmp = join(dir, `${name}.partial`);
  try {
    await db.backup(tmp);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
  await seal(tmp, p);
  const file = join(dir, name);
  await rename(tmp, file);
  await prune(dir, p.keep);
  const backup = describeBackup(file, name, 'data', { full: false, ...opts(p) }) as BackupInfo;
  if (!p.extraDir) return { backup, extra: null };
  try {
    await copyToExtra(file, name, { ...p, extraDir: p.extraDir });
    return { backup, extra: { ok: true, name } };
  } catch (e) {
    return { backup, extra: { ok: false, message: `The backup could not be copied to ${p.extraDir}: ${(e as Error).message}` } };
  }
}

/** The backups in the data folder and the clerk's folder, newest first; an unreachable folder lists nothing. */
export async function listBackups(p: BackupPlace): Promise<BackupInfo[]> {
  const out: BackupInfo[] = [];
  const folders: Array<[BackupFolder, string]> = [['data', backupsDir(p.dataDir)], ...(p.extraDir ? [['extra', p.extraDir] as [BackupFolder, string]] : [])];
  for (const [folder, dir] of folders) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const n of names) {
      const info = describeBackup(join(dir, n), n, folder, { full: false, ...opts(p) });
      if (info) out.push(info);
    }
  }
  return out.sort((a, b) => (a.takenAt === b.takenAt ? a.folder.localeCompare(b.folder) : a.takenAt < b.takenAt ? 1 : -1));
}

/** When the newest backup in the data folder was taken, or null. */
export async function lastBackupAt(dataDir: string): Promise<Date | null> {
  const names = (await readdir(backupsDir(dataDir)).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n)).sort();
  const last = names.at(-1);
  const parsed = last ? parseBackupName(last) : null;
  return parsed ? new Date(parsed.takenAt) : null;
}
