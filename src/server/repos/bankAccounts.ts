import type { Db } from '../db/types';
import { stmt } from './statements';

export interface BankAccount {
  id: number;
  number: string;
  bankName: string;
  currency: string;
  swift?: string;
}

interface Row { id: number; number: string; bank_name: string; currency: string; swift: string | null }
const toBankAccount = (r: Row): BankAccount => ({ id: r.id, number: r.number, bankName: r.bank_name, currency: r.currency, swift: r.swift ?? undefined });

export function addBankAccount(db: Db, accountId: number, b: Omit<BankAccount, 'id'>): number {
  const r = db
    .prepare('INSERT INTO bank_accounts (account_id, number, bank_name, currency, swift) VALUES (?, ?, ?, ?, ?)')
    .run(accountId, b.number, b.bankName, b.currency, b.swift ?? null);
  return Number(r.lastInsertRowid);
}

/** `selected_account` must match one of the account's bank account numbers exactly. */
export function findBankAccount(db: Db, accountId: number, number: string): BankAccount | undefined {
  const r = stmt(db, 'SELECT * FROM bank_accounts WHERE account_id = ? AND number = ?').get(accountId, number) as Row | undefined;
  return r && toBankAccount(r);
}

export function listBankAccounts(db: Db, accountId: number): BankAccount[] {
  return (stmt(db, 'SELECT * FROM bank_accounts WHERE account_id = ? ORDER BY id').all(accountId) as Row[]).map(toBankAccount);
}
