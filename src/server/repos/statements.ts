import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../db/types';

const caches = new WeakMap<Db, Map<string, BetterSqlite3.Statement>>();

/**
 * A prepared statement cached per connection: compiling SQL costs more than running a keyed
 * lookup, and the hot read paths (getQuantity, getProduct) run a handful per request.
 */
export function stmt(db: Db, sql: string): BetterSqlite3.Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare(sql)));
  return s;
}
