/**
 * Commits by other connections, for the in-memory caches (verified keys, unchanged reads). SQLite's
 * data_version changes whenever another connection — in practice the admin command line in another
 * process — committed to the database; it does not change for this connection's own commits.
 * Reading it opens a read transaction (two fcntl locks on the WAL index, ~5 µs), which is what the
 * caches exist to avoid, so it is polled at most every FOREIGN_POLL_MS: such a change is seen within
 * that time. The server itself is the only process that writes stock or orders (db/serverLock.ts).
 */
import type { Db } from '../types';
import type { Sql } from '../sql';
import { stmt } from './statements';
import { sqliteDb } from './store';

export const FOREIGN_POLL_MS = 250;

interface Seen {
  version: number;
  polledAtMs: number;
}

const seen = new WeakMap<Db, Seen>();

/** SQLite's data_version, read now. */
function dataVersionOf(db: Db): number {
  return (stmt(db, 'PRAGMA data_version').get() as { data_version: number }).data_version;
}

/** The data_version last polled: a different number means another connection committed something. */
export function foreignCommits(db: Db, monotonicMs: number = performance.now()): number {
  let s = seen.get(db);
  if (s && monotonicMs - s.polledAtMs < FOREIGN_POLL_MS) return s.version;
  if (!s) seen.set(db, (s = { version: 0, polledAtMs: 0 }));
  s.version = dataVersionOf(db);
  s.polledAtMs = monotonicMs;
  return s.version;
}

/** The same for any engine's handle: another engine's caches do not poll SQLite (0, never changing). */
export function foreignCommitsOf(sql: Sql, monotonicMs?: number): number {
  const db = sqliteDb(sql);
  return db ? foreignCommits(db, monotonicMs) : 0;
}

/**
 * Whether in-memory caches of this handle's answers can be kept correct: on SQLite the serving
 * process sees its own writes and polls data_version for others'. On another engine, other
 * instances write unseen, so nothing may be kept (issue 16).
 */
export function mayKeepAnswers(sql: Sql): boolean {
  return sqliteDb(sql) !== undefined;
}
