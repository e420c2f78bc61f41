import type { Sql } from '../db/sql';

export interface BankAccount {
  id: number;
  number: string;
  bankName: string;
  currency: string;
  swift?: string;
}

interface Row { id: number; number: string; bank_name: string; currency: string; swift: string | null }
const toBankAccount = (r: Row): BankAccount => ({ id: r.id, number: r.number, bankName: r.bank_name, currency: r.currency, swift: r.swift ?? undefined });

export async function addBankAccount(sql: Sql, accountId: number, b: Omit<BankAccount, 'id'>): Promise<number> {
  const r = await sql.get<{ id: number }>('INSERT INTO bank_accounts (account_id, number, bank_name, currency, swift) VALUES (?, ?, ?, ?, ?) RETURNING id', [
    accountId, b.number, b.bankName, b.currency, b.swift ?? null,
  ]);
  return r!.id;
}

/** `selected_account` must match one of the account's bank account numbers exactly. */
export async function findBankAccount(sql: Sql, accountId: number, number: string): Promise<BankAccount | undefined> {
  const r = await sql.get<Row>('SELECT * FROM bank_accounts WHERE account_id = ? AND number = ?', [accountId, number]);
  return r && toBankAccount(r);
}

export async function listBankAccounts(sql: Sql, accountId: number): Promise<BankAccount[]> {
  return (await sql.all<Row>('SELECT * FROM bank_accounts WHERE account_id = ? ORDER BY id', [accountId])).map(toBankAccount);
}
