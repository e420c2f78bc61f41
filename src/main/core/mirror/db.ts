/** The mirror: one SQLite file in the data dir, opened like the server's (WAL, busy timeout, migrations). */
import type BetterSqlite3 from 'better-sqlite3';
import { openDb } from '@sqlite/connection';
import type { Db } from '@sqlite/types';
import { MIRROR_MIGRATIONS } from './migrations';

export type { Db };

export function openMirror(path: string, nativeBinding?: string): Db {
  const db = openDb(path, { migrations: MIRROR_MIGRATIONS, ...(nativeBinding ? { nativeBinding } : {}) });
  // SQLite's 2 MB default cache would re-read the search index of a large catalog from the OS for
  // every query. What a search touches of a 100,000-product mirror (prefix doclists, one page of
  // rows, their stock) fits in a few MB: 16 MB costs no search time against 32 MB, and a full pull
  // fills whatever is allowed, so the larger cache was 16 MB of resident memory for nothing.
  db.pragma('cache_size = -16384');
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
