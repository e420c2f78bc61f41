import type { Db } from '../db/types';
import { stmt } from './statements';

export interface Account {
  id: number;
  name: string;
  defaultCurrency: string;
  countryCode: string;
  postalCode: string;
  city: string;
  street: string;
  taxNumber?: string;
  euVatNumber?: string;
  email?: string;
  phone?: string;
}

interface AccountRow {
  id: number;
  name: string;
  default_currency: string;
  country_code: string;
  postal_code: string;
  city: string;
  street: string;
  tax_number: string | null;
  eu_vat_number: string | null;
  email: string | null;
  phone: string | null;
}

const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  defaultCurrency: r.default_currency,
  countryCode: r.country_code,
  postalCode: r.postal_code,
  city: r.city,
  street: r.street,
  taxNumber: r.tax_number ?? undefined,
  euVatNumber: r.eu_vat_number ?? undefined,
  email: r.email ?? undefined,
  phone: r.phone ?? undefined,
});

export function createAccount(db: Db, a: Omit<Account, 'id'>, now: Date): number {
  const r = db
    .prepare(
      `INSERT INTO accounts (name, default_currency, country_code, postal_code, city, street, tax_number, eu_vat_number, email, phone, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(a.name, a.defaultCurrency, a.countryCode, a.postalCode, a.city, a.street, a.taxNumber ?? null, a.euVatNumber ?? null, a.email ?? null, a.phone ?? null, now.toISOString());
  return Number(r.lastInsertRowid);
}

export function getAccount(db: Db, id: number): Account | undefined {
  const r = stmt(db, 'SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
  return r && toAccount(r);
}

export function findAccountByName(db: Db, name: string): Account | undefined {
  const r = db.prepare('SELECT * FROM accounts WHERE name = ? ORDER BY id LIMIT 1').get(name) as AccountRow | undefined;
  return r && toAccount(r);
}

export function listAccounts(db: Db): Account[] {
  return (db.prepare('SELECT * FROM accounts ORDER BY id').all() as AccountRow[]).map(toAccount);
}
