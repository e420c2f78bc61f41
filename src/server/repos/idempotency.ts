import type { Sql } from '../db/sql';
import { appendAuditWith, type AuditEntry } from './audit';

export interface StoredResponse {
  method: string;
  paramsHash: string;
  response: unknown;
}

export async function findStoredResponse(sql: Sql, accountId: number, requestId: string): Promise<StoredResponse | undefined> {
  const r = await sql.get<{ method: string; params_hash: string; response: string }>(
    'SELECT method, params_hash, response FROM idempotency WHERE account_id = ? AND request_id = ?',
    [accountId, requestId],
  );
  return r && { method: r.method, paramsHash: r.params_hash, response: JSON.parse(r.response) };
}

const INSERT_RESPONSE = 'INSERT INTO idempotency (account_id, request_id, method, params_hash, response, created_at) VALUES (?, ?, ?, ?, ?, ?)';
const responseValues = (accountId: number, requestId: string, s: StoredResponse, now: Date) => [accountId, requestId, s.method, s.paramsHash, JSON.stringify(s.response), now.toISOString()];

export async function storeResponse(sql: Sql, accountId: number, requestId: string, s: StoredResponse, now: Date): Promise<void> {
  await sql.run(INSERT_RESPONSE, responseValues(accountId, requestId, s, now));
}

/** storeResponse and the write's audit line together (on PostgreSQL in one statement: repos/audit.ts). */
export function storeResponseAudited(sql: Sql, accountId: number, requestId: string, s: StoredResponse, now: Date, audit: AuditEntry): Promise<void> {
  return appendAuditWith(sql, audit, INSERT_RESPONSE, responseValues(accountId, requestId, s, now));
}

/**
 * Makes a concurrent twin of this request (same account and request_id) wait until this
 * transaction ended. On PostgreSQL, a transaction-scoped advisory lock: the twin's following
 * findStoredResponse then sees the stored answer. On SQLite the one writer serializes them already.
 */
export async function claimRequestId(sql: Sql, accountId: number, requestId: string): Promise<void> {
  if (sql.engine !== 'postgres') return;
  await sql.get('SELECT pg_advisory_xact_lock(?::int4, hashtext(?::text))', [accountId, requestId]);
}
