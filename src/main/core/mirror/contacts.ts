/** Contacts (from the CRM companion) and warehouses, as the server last listed them. */
import type { Result } from '@shared/protocol';
import type { ContactRow, WarehouseRow } from '@shared/ipc/types';
import { stmt, type Db } from './db';
import { fold } from './fold';

export type ContactRecord = Result<'getContacts'>['contacts'][number];
export type WarehouseRecord = Result<'getWarehouses'>['warehouses'][number];

interface Row {
  id: number; name: string; kind: ContactRow['kind']; country_code: string; city: string | null; tax_number: string | null;
  eu_vat_number: string | null; email: string | null; customer_vat_type: ContactRow['customerVatType']; record: string;
}

const toRow = (r: Row): ContactRow => ({
  id: r.id, name: r.name, kind: r.kind, countryCode: r.country_code, city: r.city, taxNumber: r.tax_number,
  euVatNumber: r.eu_vat_number, email: r.email, customerVatType: r.customer_vat_type,
});

export function upsertContacts(db: Db, records: ContactRecord[]): void {
  const s = stmt(db, `INSERT OR REPLACE INTO contacts (id, name, kind, country_code, city, tax_number, eu_vat_number, email, customer_vat_type, record, search, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const c of records) {
    const search = fold([c.name, c.city, c.tax_number, c.eu_vat_number, c.email].filter(Boolean).join(' '));
    s.run(c.id, c.name, c.kind, c.country_code, c.city ?? null, c.tax_number ?? null, c.eu_vat_number ?? null, c.email ?? null,
      c.customer_vat_type ?? null, JSON.stringify(c), search, c.updated_at);
  }
}

export function searchContacts(db: Db, query: string, kind: 'customer' | 'supplier' | undefined, limit: number): ContactRow[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const where = words.map(() => "search LIKE ? ESCAPE '\\'").concat(kind ? ["kind IN (?, 'both')"] : []);
  const args: unknown[] = words.map((w) => `%${w.replace(/[\\%_]/g, '\\$&')}%`);
  if (kind) args.push(kind);
  const sql = `SELECT * FROM contacts ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY name COLLATE NOCASE LIMIT ?`;
  return (db.prepare(sql).all(...args, limit) as Row[]).map(toRow);
}

export function getContact(db: Db, id: number): ContactRow | null {
  const r = stmt(db, 'SELECT * FROM contacts WHERE id = ?').get(id) as Row | undefined;
  return r ? toRow(r) : null;
}

export function contactRecord(db: Db, id: number): ContactRecord | null {
  const r = stmt(db, 'SELECT record FROM contacts WHERE id = ?').get(id) as { record: string } | undefined;
  return r ? (JSON.parse(r.record) as ContactRecord) : null;
}

export function contactCount(db: Db): number {
  return (stmt(db, 'SELECT count(*) AS n FROM contacts').get() as { n: number }).n;
}

export function replaceWarehouses(db: Db, list: WarehouseRecord[]): void {
  stmt(db, 'DELETE FROM warehouses').run();
  const s = stmt(db, 'INSERT INTO warehouses (id, name, city, record) VALUES (?, ?, ?, ?)');
  for (const w of list) s.run(w.id, w.name, w.city ?? null, JSON.stringify(w));
}

export function listWarehouses(db: Db): WarehouseRow[] {
  return (stmt(db, 'SELECT id, name, city FROM warehouses ORDER BY id').all() as Array<{ id: number; name: string; city: string | null }>).map((w) => ({ id: w.id, name: w.name, city: w.city }));
}
