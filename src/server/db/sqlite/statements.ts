import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../types';

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

// db.transaction() builds its wrapper anew on every call, which costs as much as a small write;
// one wrapper per connection runs whatever function it is given.
const transactions = new WeakMap<Db, (fn: () => unknown) => unknown>();

const rollbackListeners = new WeakMap<Db, Array<() => void>>();

/**
 * Called after a transaction or savepoint of this connection was rolled back — by `inTransaction` or `savepoint` (store.ts)
 * (fn threw) or by a group commit that failed at COMMIT: rows read inside it may no longer exist.
 */
export function onTransactionRollback(db: Db, listener: () => void): void {
  let listeners = rollbackListeners.get(db);
  if (!listeners) rollbackListeners.set(db, (listeners = []));
  listeners.push(listener);
}

/** Tells the listeners that a transaction or savepoint of this connection was rolled back. */
export function transactionRolledBack(db: Db): void {
  for (const listener of rollbackListeners.get(db) ?? []) listener();
}

/**
 * Runs synchronous fn in one transaction (a savepoint when one is open): for reads, one consistent
 * snapshot. Only for code that holds the connection (`onConnection`, store.ts) and never awaits;
 * async callers use `Store.transaction`.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  let tx = transactions.get(db);
  if (!tx) transactions.set(db, (tx = db.transaction((f: () => unknown) => f())));
  try {
    return tx(fn) as T;
  } catch (e) {
    transactionRolledBack(db);
    throw e;
  }
}
