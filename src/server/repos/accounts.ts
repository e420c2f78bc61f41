import type { Sql } from '../db/sql';

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
  /** IANA time zone whose calendar day the account's business dates are. */
  timeZone: string;
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
  time_zone: string;
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
  timeZone: r.time_zone,
});

export async function createAccount(sql: Sql, a: Omit<Account, 'id' | 'timeZone'>, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>(
    `INSERT INTO accounts (name, default_currency, country_code, postal_code, city, street, tax_number, eu_vat_number, email, phone, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [a.name, a.defaultCurrency, a.countryCode, a.postalCode, a.city, a.street, a.taxNumber ?? null, a.euVatNumber ?? null, a.email ?? null, a.phone ?? null, now.toISOString()],
  );
  return r!.id;
}

export async function getAccount(sql: Sql, id: number): Promise<Account | undefined> {
  const r = await sql.get<AccountRow>('SELECT * FROM accounts WHERE id = ?', [id]);
  return r && toAccount(r);
}

export async function findAccountByName(sql: Sql, name: string): Promise<Account | undefined> {
  const r = await sql.get<AccountRow>('SELECT * FROM accounts WHERE name = ? ORDER BY id LIMIT 1', [name]);
  return r && toAccount(r);
}

export async function listAccounts(sql: Sql): Promise<Account[]> {
  return (await sql.all<AccountRow>('SELECT * FROM accounts ORDER BY id')).map(toAccount);
}

/** Sets the account's time zone (already checked: isTimeZone); false when there is no such account. */
export async function setAccountTimeZone(sql: Sql, id: number, zone: string): Promise<boolean> {
  return (await sql.run('UPDATE accounts SET time_zone = ? WHERE id = ?', [zone, id])).changes > 0;
}
