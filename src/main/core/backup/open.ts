/**
 * Opening the mirror with its safety nets: a backup before pending migrations change an existing
 * mirror, and a mirror that cannot be read set aside (kept, never deleted) so the desk still starts
 * and the clerk can restore a backup from Settings.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openMirror, type Db } from '../mirror/db';
import { setKv } from '../mirror/settings';
import type { CoreLog } from '../types';
import { MIRROR_VERSION } from './inspect';
import { damagedName } from './names';
import { moveMirrorFiles } from './swap';
import { backupsDir, takeBackup, type BackupPlace } from './take';

/**
 * Backs an existing mirror up when this desk is about to migrate it (its version is below this
 * desk's). A new or empty file, or one already current, has nothing to lose and is not copied.
 * Returns the backup's name, or null when none was needed. A failure is logged and the start goes
 * on: the migration itself runs in one transaction and leaves the file as it was if it fails.
 */
export async function backupBeforeMigration(mirrorPath: string, place: BackupPlace, now: Date, log: CoreLog): Promise<string | null> {
  if (!existsSync(mirrorPath) || statSync(mirrorPath).size === 0) return null;
  let src: Db;
  try {
    src = new Database(mirrorPath, { readonly: true, fileMustExist: true, ...(place.nativeBinding ? { nativeBinding: place.nativeBinding } : {}) });
  } catch {
    return null; // Unreadable: openMirrorChecked sets it aside.
  }
  try {
    let version: number;
    try {
      version = src.pragma('user_version', { simple: true }) as number;
    } catch {
      return null; // Not a database any more: openMirrorChecked sets it aside.
    }
    if (version === 0 || version >= MIRROR_VERSION) return null;
    const taken = await takeBackup(src, place, 'migration', now);
    log.info('mirror backed up before migrating', { from: version, to: MIRROR_VERSION, backup: taken.backup.name });
    return taken.backup.name;
  } catch (e) {
    log.error('backup before migration failed; migrating without one', { message: (e as Error).message });
    return null;
  } finally {
    src.close();
  }
}

const DAMAGE_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE']);
const isDamage = (e: unknown) => DAMAGE_CODES.has((e as { code?: string }).code ?? '');

/** Reads what a start must read anyway, so a damaged first page or outbox shows now rather than mid-replay. */
function probe(db: Db): void {
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  db.prepare('SELECT count(params) FROM outbox').get();
}

/**
 * The mirror, opened and migrated; when the file is damaged it is moved to backups/damaged-….db and
 * an empty mirror is opened instead, marked so Settings tells the clerk to restore a backup.
 */
export function openMirrorChecked(mirrorPath: string, dataDir: string, now: Date, log: CoreLog, nativeBinding?: string): Db {
  let db: Db | null = null;
  try {
    db = openMirror(mirrorPath, nativeBinding);
    probe(db);
    return db;
  } catch (e) {
    if (!isDamage(e)) throw e;
    try {
      db?.close();
    } catch {
      // Closing a damaged file may fail too; it is set aside either way.
    }
    const name = damagedName(now);
    moveMirrorFiles(mirrorPath, join(backupsDir(dataDir), name));
    log.error('the mirror is damaged; set aside and started empty', { message: (e as Error).message, keptAs: name });
    const fresh = openMirror(mirrorPath, nativeBinding);
    setKv(fresh, 'sync_state', 'damagedMirror', name);
    return fresh;
  }
}
