/**
 * Rows kept in memory per connection, for lookups that every stock write repeats (the warehouse
 * it names, the product, the supplier). Only for rows that change through the repository that
 * keeps them, which drops a row's entry when it writes the row. What an entry could still outlive:
 * - a write that was rolled back: a savepoint `inTransaction` rolled back, or a group commit that
 *   failed at COMMIT, empties every map of the connection (`onTransactionRollback` hears both);
 * - another process's commit: seen through data_version within FOREIGN_POLL_MS, as for the other
 *   caches (repos/dataVersion.ts), and every map of the connection is emptied.
 * Each map is bounded: at `max` entries it starts again empty.
 */
import type { Db } from '../db/types';
import { foreignCommits } from './dataVersion';
import { onTransactionRollback } from './statements';

export class KeptRows<V> {
  private readonly rows = new Map<string, V>();
  private seenVersion = -1;

  constructor(
    private readonly db: Db,
    private readonly max: number,
  ) {}

  get(key: string): V | undefined {
    return this.fresh().get(key);
  }

  set(key: string, value: V): void {
    const rows = this.fresh();
    if (rows.size >= this.max) rows.clear();
    rows.set(key, value);
  }

  /** The rows, emptied first if another connection committed since they were last looked at. */
  private fresh(): Map<string, V> {
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

/** The connection's map of that name (made on first use). */
export function keptRows<V>(db: Db, name: string, max = 1024): KeptRows<V> {
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
