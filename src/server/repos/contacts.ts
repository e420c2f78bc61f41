import type { Db } from '../db/types';
import { keptRows } from './keptRows';
import { stmt } from './statements';

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

export function insertContact(db: Db, accountId: number, c: Omit<Contact, 'id' | 'updatedAt'>, now: Date): number {
  const r = db
    .prepare(
      `INSERT INTO contacts (account_id, name, kind, country_code, postal_code, city, street, tax_number, eu_vat_number, email, phone, customer_vat_type, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(accountId, c.name, c.kind, c.countryCode, c.postalCode ?? null, c.city ?? null, c.street ?? null, c.taxNumber ?? null,
      c.euVatNumber ?? null, c.email ?? null, c.phone ?? null, c.customerVatType ?? null, now.toISOString());
  return Number(r.lastInsertRowid);
}

export function getContact(db: Db, accountId: number, id: number): Contact | undefined {
  const r = stmt(db, 'SELECT * FROM contacts WHERE account_id = ? AND id = ?').get(accountId, id) as Row | undefined;
  return r && toContact(r);
}

/** The names of the account's contacts among `ids`, in one query (a dues list names hundreds). */
export function contactNames(db: Db, accountId: number, ids: number[]): Map<number, string> {
  const rows = stmt(db, 'SELECT id, name FROM contacts WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))')
    .raw()
    .all(accountId, JSON.stringify(ids)) as Array<[number, string]>;
  return new Map(rows);
}

/**
 * Whether the contact is one of the account's (a take-in's supplier check needs no more). Contacts
 * are only ever inserted, never changed or deleted, so one found is kept (keptRows.ts).
 */
export function contactExists(db: Db, accountId: number, id: number): boolean {
  const known = keptRows<true>(db, 'contacts');
  const key = `${accountId}:${id}`;
  if (known.get(key)) return true;
  if (!stmt(db, 'SELECT 1 FROM contacts WHERE account_id = ? AND id = ?').get(accountId, id)) return false;
  known.set(key, true);
  return true;
}

export function findContactByName(db: Db, accountId: number, name: string): Contact | undefined {
  const r = db.prepare('SELECT * FROM contacts WHERE account_id = ? AND name = ? ORDER BY id LIMIT 1').get(accountId, name) as Row | undefined;
  return r && toContact(r);
}

/** Contacts matching a `%` filter over name, city, tax and e-mail, in id order, for keyset paging. */
export function listContacts(db: Db, accountId: number, q: { filter?: string; afterId?: number; updatedSince?: string; limit: number }): Contact[] {
  const like = q.filter && q.filter !== '%' ? (q.filter.includes('%') ? q.filter : `%${q.filter}%`) : null;
  const rows = db
    .prepare(
      `SELECT * FROM contacts WHERE account_id = ? AND id > ?
         AND (? IS NULL OR name LIKE ? OR city LIKE ? OR tax_number LIKE ? OR eu_vat_number LIKE ? OR email LIKE ?)
         AND (? IS NULL OR updated_at > ?)
       ORDER BY id LIMIT ?`,
    )
    .all(accountId, q.afterId ?? 0, like, like, like, like, like, like, q.updatedSince ?? null, q.updatedSince ?? null, q.limit) as Row[];
  return rows.map(toContact);
}
