import type { Db } from '../db/types';

export function addEnvfeeCode(db: Db, accountId: number, code: number, description: string): void {
  db.prepare('INSERT OR REPLACE INTO envfee_codes (account_id, code, description) VALUES (?, ?, ?)').run(accountId, code, description);
}

export function hasEnvfeeCode(db: Db, accountId: number, code: number): boolean {
  return !!db.prepare('SELECT 1 FROM envfee_codes WHERE account_id = ? AND code = ?').get(accountId, code);
}
