/**
 * One serving process per database file. The server keeps exact in-memory answers of hot reads
 * (db/sqlite/unchangedCache.ts) that only its own writes invalidate at once, and it runs the invoice
 * mail queue; a second server on the same file would serve stale stock and could send mail twice.
 * So a serving process holds an exclusive SQLite lock on a small file beside the database
 * (`<db>-serving`) for as long as it runs: the operating system releases it when the process ends,
 * however it ends, so there is never a stale lock to clean up. The admin command line does not
 * take it, and works while the server runs.
 */
import Database from 'better-sqlite3';
import type { Db } from './types';

export class DatabaseInUse extends Error {
  constructor(readonly dbPath: string) {
    super(
      `Another Stockdesk server is already serving ${dbPath}. Stop it first, or give this one its own database with --db; ` +
        'two servers on one database would each keep answers the other cannot see.',
    );
  }
}

const lockPathOf = (dbPath: string) => `${dbPath}-serving`;

const held = new WeakMap<Db, { holder: Database.Database; users: number }>();

/**
 * Takes the serving lock of the database db was opened on (nothing for an in-memory one), or throws
 * DatabaseInUse. Servers started on the same connection share its caches and so share the lock;
 * the returned function gives this one's share back. `nativeBinding` as for openDb.
 */
export function holdServerLock(db: Db, nativeBinding?: string): () => void {
  if (db.memory) return () => {};
  let h = held.get(db);
  if (!h) held.set(db, (h = { holder: lockFile(db.name, nativeBinding), users: 0 }));
  h.users++;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    if (--h.users > 0) return;
    held.delete(db);
    h.holder.close();
  };
}

function lockFile(dbPath: string, nativeBinding?: string): Database.Database {
  const holder = new Database(lockPathOf(dbPath), { timeout: 0, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    // In exclusive locking mode the first write transaction's EXCLUSIVE lock is kept until close.
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS serving (since TEXT); COMMIT');
    return holder;
  } catch (e) {
    holder.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new DatabaseInUse(dbPath);
    throw e;
  }
}
