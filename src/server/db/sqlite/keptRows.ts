/**
 * Rows kept in memory per connection, for lookups that every stock write repeats (the warehouse
 * it names, the product, the supplier). Only for rows that change through the repository that
 * keeps them, which drops a row's entry when it writes the row. What an entry could still outlive:
 * - a write that was rolled back: a savepoint rolled back (store.ts `savepoint`), or a group commit that
 *   failed at COMMIT, empties every map of the connection (`onTransactionRollback` hears both);
 * - another process's commit: seen through data_version within FOREIGN_POLL_MS, as for the other
 *   caches (db/sqlite/dataVersion.ts), and every map of the connection is emptied.
 * Each map is bounded: at `max` entries it starts again empty.
 */
import type { Db } from '../types';
import type { Sql } from '../sql';
import { foreignCommits } from './dataVersion';
import { onTransactionRollback } from './statements';
import { sqliteDb } from './store';

export class KeptRows<V> {
  private readonly rows = new Map<string, V>();
  private seenVersion = -1;

  /** `db` null: keeps nothing (an engine whose other instances may change the rows unseen). */
  constructor(
    private readonly db: Db | null,
    private readonly max: number,
  ) {}

  get(key: string): V | undefined {
    return this.fresh().get(key);
  }

  set(key: string, value: V): void {
    if (!this.db) return;
    const rows = this.fresh();
    if (rows.size >= this.max) rows.clear();
    rows.set(key, value);
  }

  /** The rows, emptied first if another connection committed since they were last looked at. */
  private fresh(): Map<string, V> {
    if (!this.db) return this.rows;
    const version = foreignCommits(this.db);
    if (version !== this.seenVersion) {
      this.rows.clear();
      this.seenVersion = version;
    }
    return this.rows;
  }

  delete(key: string): void {
    this.rows.delete(key);
  }

  clear(): void {
    this.rows.clear();
  }
}

const kept = new WeakMap<Db, Map<string, KeptRows<unknown>>>();

const keepsNothing = new KeptRows<never>(null, 0);

/** The connection's map of that name (made on first use); on another engine, one that keeps nothing. */
export function keptRows<V>(sql: Sql, name: string, max = 1024): KeptRows<V> {
  const db = sqliteDb(sql);
  if (!db) return keepsNothing as KeptRows<V>;
  let named = kept.get(db);
  if (!named) {
    const created = new Map<string, KeptRows<unknown>>();
    kept.set(db, (named = created));
    const forgetAll = () => {
      for (const rows of created.values()) rows.clear();
    };
    onTransactionRollback(db, forgetAll);
  }
  let rows = named.get(name);
  if (!rows) named.set(name, (rows = new KeptRows<unknown>(db, max)));
  return rows as KeptRows<V>;
}
