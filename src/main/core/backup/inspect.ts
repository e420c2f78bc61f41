/**
 * Reading a backup without trusting it: opened read-only, checked with PRAGMA integrity_check, and
 * asked for its mirror version and what its outbox still holds. A backup is only counted (and older
 * ones only pruned) once this says it is whole.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { BackupFolder, BackupInfo } from '@shared/ipc/backup';
import { MIRROR_VERSION } from '../mirror/migrations';
import { parseBackupName } from './names';

export { MIRROR_VERSION };

export interface Inspection {
  mirrorVersion: number;
  unsent: number;
  refused: number;
}

export class BackupUnreadable extends Error {
  override name = 'BackupUnreadable';
}

/** Opens `file` read-only and reads what it holds; `full` also runs the integrity check (verification). */
export function inspectFile(file: string, o: { full: boolean; nativeBinding?: string }): Inspection {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}) });
  } catch (e) {
    throw new BackupUnreadable(`it cannot be opened as a database (${(e as Error).message})`);
  }
  try {
    if (o.full) {
      const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
      const first = rows[0]?.integrity_check;
      if (first !== 'ok') throw new BackupUnreadable(`its integrity check failed: ${rows.slice(0, 3).map((r) => r.integrity_check).join('; ')}`);
    }
    const mirrorVersion = db.pragma('user_version', { simple: true }) as number;
    // A mirror older than the outbox (version 1 only) has nothing to send.
    const hasOutbox = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").get() !== undefined;
    if (mirrorVersion === 0 && !hasOutbox) throw new BackupUnreadable('it is not a Stockdesk mirror (no schema version)');
    const counts = hasOutbox
      ? (db.prepare("SELECT sum(state IN ('queued', 'in_flight', 'retry_wait')) AS unsent, sum(state = 'needs_attention') AS refused FROM outbox").get() as { unsent: number | null; refused: number | null })
      : { unsent: 0, refused: 0 };
    return { mirrorVersion, unsent: counts.unsent ?? 0, refused: counts.refused ?? 0 };
  } catch (e) {
    if (e instanceof BackupUnreadable) throw e;
    throw new BackupUnreadable(`it cannot be read: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}

/** A listed backup: its name's time and reason, and what inspectFile read (or why it could not). */
export function describeBackup(file: string, name: string, folder: BackupFolder, o: { full: boolean; nativeBinding?: string }): BackupInfo | null {
  const parsed = parseBackupName(name);
  if (!parsed) return null;
  let sizeBytes = 0;
  try {
    sizeBytes = statSync(file).size;
  } catch {
    return null;
  }
  const base = { name, folder, ...parsed, sizeBytes };
  try {
    const i = inspectFile(file, o);
    return { ...base, ...i, newer: i.mirrorVersion > MIRROR_VERSION, problem: null };
  } catch (e) {
    return { ...base, mirrorVersion: null, unsent: 0, refused: 0, newer: false, problem: (e as Error).message };
  }
}
