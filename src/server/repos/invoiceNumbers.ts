import type { Sql } from '../db/sql';

/**
 * The next sequence number of a series in a year. One UPSERT both reads and advances the counter,
 * so it takes the write lock at once (SQLite's one writer; on PostgreSQL the counter row's lock,
 * held to the end of the invoice's transaction): a rollback returns the number and two writers can
 * never get the same one. The column is qualified: PostgreSQL finds a bare `last_seq` ambiguous.
 */
export async function nextSequence(sql: Sql, accountId: number, series: string, year: number): Promise<number> {
  const r = await sql.get<{ last_seq: number }>(
    `INSERT INTO invoice_counters (account_id, series, year, last_seq) VALUES (?, ?, ?, 1)
     ON CONFLICT (account_id, series, year) DO UPDATE SET last_seq = invoice_counters.last_seq + 1
     RETURNING last_seq`,
    [accountId, series, year],
  );
  return r!.last_seq;
}

export async function lastSequence(sql: Sql, accountId: number, series: string, year: number): Promise<number> {
  const r = await sql.get<{ last_seq: number }>('SELECT last_seq FROM invoice_counters WHERE account_id = ? AND series = ? AND year = ?', [accountId, series, year]);
  return r?.last_seq ?? 0;
}
