import type { Sql } from '../db/sql';
import { perEngine } from '../db/dialect';
import { keptRows } from '../db/sqlite/keptRows';

export type ContactKind = 'customer' | 'supplier' | 'both';
export interface Contact {
  id: number;
  name: string;
  kind: ContactKind;
  countryCode: string;
  postalCode?: string;
  city?: string;
  street?: string;
  taxNumber?: string;
  euVatNumber?: string;
  email?: string;
  phone?: string;
  customerVatType?: 'DOMESTIC' | 'PRIVATE_PERSON' | 'OTHER';
  updatedAt: string;
}

interface Row {
  id: number; name: string; kind: ContactKind; country_code: string; postal_code: string | null; city: string | null;
  street: string | null; tax_number: string | null; eu_vat_number: string | null; email: string | null; phone: string | null;
  customer_vat_type: Contact['customerVatType'] | null; updated_at: string;
}

const toContact = (r: Row): Contact => ({
  id: r.id, name: r.name, kind: r.kind, countryCode: r.country_code, postalCode: r.postal_code ?? undefined,
  city: r.city ?? undefined, street: r.street ?? undefined, taxNumber: r.tax_number ?? undefined,
  euVatNumber: r.eu_vat_number ?? undefined, email: r.email ?? undefined, phone: r.phone ?? undefined,
  customerVatType: r.customer_vat_type ?? undefined, updatedAt: r.updated_at,
});

export async function insertContact(sql: Sql, accountId: number, c: Omit<Contact, 'id' | 'updatedAt'>, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>(
    `INSERT INTO contacts (account_id, name, kind, country_code, postal_code, city, street, tax_number, eu_vat_number, email, phone, customer_vat_type, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [accountId, c.name, c.kind, c.countryCode, c.postalCode ?? null, c.city ?? null, c.street ?? null, c.taxNumber ?? null,
      c.euVatNumber ?? null, c.email ?? null, c.phone ?? null, c.customerVatType ?? null, now.toISOString()],
  );
  return r!.id;
}

export async function getContact(sql: Sql, accountId: number, id: number): Promise<Contact | undefined> {
  const r = await sql.get<Row>('SELECT * FROM contacts WHERE account_id = ? AND id = ?', [accountId, id]);
  return r && toContact(r);
}

const NAMES = perEngine((d) => `SELECT id, name FROM contacts WHERE account_id = ? AND id ${d.inJsonIds}`);

/** The names of the account's contacts among `ids`, in one query (a dues list names hundreds). */
export async function contactNames(sql: Sql, accountId: number, ids: number[]): Promise<Map<number, string>> {
  const rows = await sql.all<{ id: number; name: string }>(NAMES[sql.engine], [
    accountId, JSON.stringify(ids),
  ]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Whether the contact is one of the account's (a take-in's supplier check needs no more). Contacts
 * are only ever inserted, never changed or deleted, so one found is kept (keptRows.ts).
 */
export async function contactExists(sql: Sql, accountId: number, id: number): Promise<boolean> {
  const known = keptRows<true>(sql, 'contacts');
  const key = `${accountId}:${id}`;
  if (known.get(key)) return true;
  if (!(await sql.get('SELECT 1 FROM contacts WHERE account_id = ? AND id = ?', [accountId, id]))) return false;
  known.set(key, true);
  return true;
}

export async function findContactByName(sql: Sql, accountId: number, name: string): Promise<Contact | undefined> {
  const r = await sql.get<Row>('SELECT * FROM contacts WHERE account_id = ? AND name = ? ORDER BY id LIMIT 1', [accountId, name]);
  return r && toContact(r);
}

// LIKE is case-insensitive for ASCII on SQLite; PostgreSQL says so with ILIKE.
const LIST = perEngine((d) => `SELECT * FROM contacts WHERE account_id = ? AND id > ?
    AND (${d.nullParam} OR name ${d.ilike} ? OR city ${d.ilike} ? OR tax_number ${d.ilike} ? OR eu_vat_number ${d.ilike} ? OR email ${d.ilike} ?)
    AND (${d.nullParam} OR updated_at >= ?)
  ORDER BY id LIMIT ?`);

/** Contacts matching a `%` filter over name, city, tax and e-mail, in id order, for keyset paging. */
export async function listContacts(sql: Sql, accountId: number, q: { filter?: string; afterId?: number; updatedSince?: string; limit: number }): Promise<Contact[]> {
  const like = q.filter && q.filter !== '%' ? (q.filter.includes('%') ? q.filter : `%${q.filter}%`) : null;
  const rows = await sql.all<Row>(
    LIST[sql.engine],
    [accountId, q.afterId ?? 0, like, like, like, like, like, like, q.updatedSince ?? null, q.updatedSince ?? null, q.limit],
  );
  return rows.map(toContact);
}
