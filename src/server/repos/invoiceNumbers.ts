import type { Db } from '../db/types';
import { stmt } from './statements';

/**
 * The next sequence number of a series in a year. One UPSERT both reads and advances the counter,
 * so it takes the write lock at once: called inside the invoice's transaction, a rollback returns
 * the number and two writers can never get the same one.
 */
export function nextSequence(db: Db, accountId: number, series: string, year: number): number {
  const r = stmt(
    db,
    `INSERT INTO invoice_counters (account_id, series, year, last_seq) VALUES (?, ?, ?, 1)
     ON CONFLICT (account_id, series, year) DO UPDATE SET last_seq = last_seq + 1
     RETURNING last_seq`,
  ).get(accountId, series, year) as { last_seq: number };
  return r.last_seq;
}

export function lastSequence(db: Db, accountId: number, series: string, year: number): number {
  const r = stmt(db, 'SELECT last_seq FROM invoice_counters WHERE account_id = ? AND series = ? AND year = ?').get(accountId, series, year) as
    | { last_seq: number }
    | undefined;
  return r?.last_seq ?? 0;
}
