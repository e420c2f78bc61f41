/**
 * The audit trail (people/migration.ts): one row per accepted write, appended in the write's own
 * transaction by the dispatcher. Only INSERT and SELECT live here; the table's triggers refuse the rest.
 */
import { runAtCommit, type Sql } from '../db/sql';

export interface AuditEntry {
  accountId: number;
  userId: number | null;
  at: Date;
  method: string;
  requestId: string | undefined;
  summary: string;
}

const INSERT_AUDIT = 'INSERT INTO audit_log (account_id, user_id, at, method, request_id, summary) VALUES (?, ?, ?, ?, ?, ?)';
const auditValues = (e: AuditEntry) => [e.accountId, e.userId, e.at.toISOString(), e.method, e.requestId ?? null, e.summary];

export async function appendAudit(tx: Sql, e: AuditEntry): Promise<void> {
  // With COMMIT where the engine can: nothing reads the line back in the write's transaction.
  await runAtCommit(tx, INSERT_AUDIT, auditValues(e));
}

/**
 * The audit line and another INSERT of the same write (`insert` with its values): on PostgreSQL one
 * statement (the audit line's INSERT in a WITH, which PostgreSQL runs to completion whether or not
 * the main statement reads it), sent with COMMIT, so the line costs no round trip of its own; on
 * SQLite, which has no INSERT in WITH and no round trips, two statements.
 */
export async function appendAuditWith(tx: Sql, e: AuditEntry, insert: string, values: readonly (string | number | null)[]): Promise<void> {
  if (tx.engine !== 'postgres') {
    await tx.run(insert, values);
    await appendAudit(tx, e);
    return;
  }
  await runAtCommit(tx, `WITH audit AS (${INSERT_AUDIT}) ${insert}`, [...auditValues(e), ...values]);
}

export interface AuditRow {
  id: number;
  at: string;
  user_id: number | null;
  user: string | null;
  method: string;
  request_id: string | null;
  summary: string;
}

export const AUDIT_LIST_MAX = 1000;

/** The newest entries first, filtered; `since` is an ISO date or instant (entries at or after it). */
export function listAudit(sql: Sql, accountId: number, f: { userId?: number; method?: string; since?: string; limit: number }): Promise<AuditRow[]> {
  const where = ['a.account_id = ?'];
  const args: (string | number)[] = [accountId];
  const filter = (cond: string, value: string | number | undefined) => {
    if (value === undefined) return;
    where.push(cond);
    args.push(value);
  };
  filter('a.user_id = ?', f.userId);
  filter('a.method = ?', f.method);
  filter('a.at >= ?', f.since);
  return sql.all<AuditRow>(
    `SELECT a.id, a.at, a.user_id, u.name AS user, a.method, a.request_id, a.summary FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
     WHERE ${where.join(' AND ')} ORDER BY a.id DESC LIMIT ?`, [...args, Math.min(f.limit, AUDIT_LIST_MAX)]);
}
