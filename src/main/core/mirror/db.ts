/** The mirror: one SQLite file in the data dir, opened like the server's (WAL, busy timeout, migrations). */
import type BetterSqlite3 from 'better-sqlite3';
import { openDb } from '@server/db/connection';
import type { Db } from '@server/db/types';
import { MIRROR_MIGRATIONS } from './migrations';

export type { Db };

export function openMirror(path: string, nativeBinding?: string): Db {
  const db = openDb(path, { migrations: MIRROR_MIGRATIONS, ...(nativeBinding ? { nativeBinding } : {}) });
  // The search index of a large catalog is tens of MB; SQLite's 2 MB default cache would re-read
  // it from the OS for every query. 32 MB keeps the hot part in the process.
  db.pragma('cache_size = -32768');
  return db;
}

/** Cached prepared statements: repository functions run thousands of times during a pull. */
const cache = new WeakMap<Db, Map<string, BetterSqlite3.Statement>>();
export function stmt(db: Db, sql: string): BetterSqlite3.Statement {
  let m = cache.get(db);
  if (!m) cache.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s;
}

export const json = <T>(s: string | null | undefined, fallback: T): T => (s ? (JSON.parse(s) as T) : fallback);
