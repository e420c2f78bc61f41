import type { Sql } from '../db/sql';

/** One account's technical user as stored: the password only as its hash, the keys encrypted (services/finance/navSecret.ts). */
export interface StoredNavConnection {
  accountId: number;
  url: string;
  login: string;
  passwordHash: string;
  signingKeyEnc: string;
  exchangeKeyEnc: string;
  taxNumber: string;
  /** Grows by one with every `admin nav set`. */
  revision: number;
  updatedAt: string;
}

interface Row {
  account_id: number; url: string; login: string; password_hash: string; signing_key_enc: string; exchange_key_enc: string; tax_number: string;
  revision: number; updated_at: string;
}

const toConnection = (r: Row): StoredNavConnection => ({
  accountId: r.account_id, url: r.url, login: r.login, passwordHash: r.password_hash, signingKeyEnc: r.signing_key_enc,
  exchangeKeyEnc: r.exchange_key_enc, taxNumber: r.tax_number, revision: Number(r.revision), updatedAt: r.updated_at,
});

export async function getNavConnection(sql: Sql, accountId: number): Promise<StoredNavConnection | undefined> {
  const r = await sql.get<Row>('SELECT * FROM nav_connections WHERE account_id = ?', [accountId]);
  return r && toConnection(r);
}

export async function putNavConnection(sql: Sql, c: Omit<StoredNavConnection, 'revision' | 'updatedAt'>, now: Date): Promise<number> {
  const r = await sql.get<{ revision: number }>(
    `INSERT INTO nav_connections (account_id, url, login, password_hash, signing_key_enc, exchange_key_enc, tax_number, revision, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)
     ON CONFLICT (account_id) DO UPDATE SET url = excluded.url, login = excluded.login, password_hash = excluded.password_hash,
       signing_key_enc = excluded.signing_key_enc, exchange_key_enc = excluded.exchange_key_enc, tax_number = excluded.tax_number,
       revision = nav_connections.revision + 1, updated_at = excluded.updated_at
     RETURNING revision`,
    [c.accountId, c.url, c.login, c.passwordHash, c.signingKeyEnc, c.exchangeKeyEnc, c.taxNumber, now.toISOString()],
  );
  return Number(r!.revision);
}

export async function deleteNavConnection(sql: Sql, accountId: number): Promise<boolean> {
  return (await sql.run('DELETE FROM nav_connections WHERE account_id = ?', [accountId])).changes === 1;
}
