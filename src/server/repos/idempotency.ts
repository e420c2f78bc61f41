import type { Db } from '../db/types';
import { stmt } from './statements';

export interface StoredResponse {
  method: string;
  paramsHash: string;
  response: unknown;
}

export function findStoredResponse(db: Db, accountId: number, requestId: string): StoredResponse | undefined {
  const r = stmt(db, 'SELECT method, params_hash, response FROM idempotency WHERE account_id = ? AND request_id = ?')
    .get(accountId, requestId) as { method: string; params_hash: string; response: string } | undefined;
  return r && { method: r.method, paramsHash: r.params_hash, response: JSON.parse(r.response) };
}

export function storeResponse(db: Db, accountId: number, requestId: string, s: StoredResponse, now: Date): void {
  stmt(db, 'INSERT INTO idempotency (account_id, request_id, method, params_hash, response, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    accountId, requestId, s.method, s.paramsHash, JSON.stringify(s.response), now.toISOString(),
  );
}
