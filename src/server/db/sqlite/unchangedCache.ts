/**
 * Answers of hot reads, kept while the database is unchanged. A getQuantity spends more time
 * beginning and ending SQLite's read transaction (two fcntl locks on the WAL index) and walking four
 * indexes than everything else in the request; clerks' desks ask for the same products again and
 * again between writes, and most of those answers are the same as last time.
 *
 * Exact, not "fresh enough": every kept answer is dropped as soon as anything may have changed it.
 * - This connection's own writes: SQLite's total_changes() counts every row any statement of the
 *   connection inserted, changed or deleted (triggers included, rolled-back ones too), and costs no
 *   transaction to read. Any change at all drops everything, so no write path can be forgotten.
 * - Inside a transaction (a group-commit batch) rows may be uncommitted: such reads run against the
 *   database and keep nothing.
 * - Other processes: the serving process holds the database's server lock (db/serverLock.ts), so no
 *   other server writes to it; the admin command line, which never writes stock or orders, is seen
 *   through data_version within FOREIGN_POLL_MS (db/sqlite/dataVersion.ts).
 * Kept answers are shared: callers must not modify what they get.
 */
import type { Db } from '../types';
import type { Sql } from '../sql';
import { foreignCommits } from './dataVersion';
import { stmt } from './statements';
import { sqliteDb } from './store';

/** What all kept answers may weigh together (a stock answer weighs 1, a product list its rows). */
export const MAX_KEPT_WEIGHT = 20_000;
/** An answer heavier than this is not kept: it would push out too much else. */
export const MAX_ANSWER_WEIGHT = MAX_KEPT_WEIGHT / 8;

interface Kept {
  changes: number;
  foreign: number;
  weight: number;
  answers: Map<string, { answer: unknown; weight: number }>;
}

const kept = new WeakMap<Db, Kept>();

const totalChanges = (db: Db) => stmt(db, 'SELECT total_changes()').pluck().get() as number;

/**
 * `read()`'s answer for `key`, from memory when the database has not changed since it was read.
 * The key must name everything the answer depends on, starting with the account. On another
 * engine (other instances write unseen) it always reads.
 *
 * An answer is filed under the change count seen before reading: a write that slips in while the
 * read awaits its statements moves the count, so that answer is never served again.
 */
export function readWhileUnchanged<V>(sql: Sql, key: string, read: () => Promise<V>, weigh: (answer: V) => number = () => 1): Promise<V> {
  const db = sqliteDb(sql);
  if (!db || db.inTransaction) return read();
  const changes = totalChanges(db);
  const foreign = foreignCommits(db);
  let k = kept.get(db);
  if (!k || k.changes !== changes || k.foreign !== foreign) kept.set(db, (k = { changes, foreign, weight: 0, answers: new Map() }));
  const hit = k.answers.get(key);
  if (hit) return Promise.resolve(hit.answer as V);
  const into = k;
  return read().then((answer) => {
    keep(into, key, answer, weigh(answer));
    return answer;
  });
}

function keep(k: Kept, key: string, answer: unknown, weight: number): void {
  if (weight > MAX_ANSWER_WEIGHT) return;
  // Oldest first: a Map iterates in insertion order.
  for (const [old, entry] of k.answers) {
    if (k.weight + weight <= MAX_KEPT_WEIGHT) break;
    k.answers.delete(old);
    k.weight -= entry.weight;
  }
  k.answers.set(key, { answer, weight });
  k.weight += weight;
}
