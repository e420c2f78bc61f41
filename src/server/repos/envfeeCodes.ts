import type { Sql } from '../db/sql';

export async function addEnvfeeCode(sql: Sql, accountId: number, code: number, description: string): Promise<void> {
  await sql.run('INSERT INTO envfee_codes (account_id, code, description) VALUES (?, ?, ?) ON CONFLICT (account_id, code) DO UPDATE SET description = excluded.description', [
    accountId, code, description,
  ]);
}

export async function hasEnvfeeCode(sql: Sql, accountId: number, code: number): Promise<boolean> {
  return !!(await sql.get('SELECT 1 FROM envfee_codes WHERE account_id = ? AND code = ?', [accountId, code]));
}
