/**
 * Products in the mirror: the server's records, and products made here that wait in the outbox
 * (negative ids). Lookups by EAN / item number use plain indexes; free text uses FTS5 over folded
 * text with prefix matching.
 */
import type { ProductRecord } from '@shared/protocol';
import type { ProductDetail, ProductRow, QuantityView } from '@shared/ipc/types';
import { json, stmt, type Db } from './db';
import { fold, fromMilli, ftsQuery } from './fold';
import { COUNTED_PENDING, REFUSED_PENDING } from './stock';

export interface ProductFields {
  product_name: string;
  item_number?: string;
  ean_number?: string;
  manufacturer?: string;
  product_group?: string;
  foreign_item_number?: string;
  tags?: string[];
  unit: string;
  vat: number;
  list_price?: number;
  currency: string;
  service?: number;
}

/** A ROW_SELECT result as an array (`raw()`): better-sqlite3 builds a keyed object per row about twice as slowly. */
type Row = [
  id: number, local: number, name: string, itemNumber: string | null, ean: string | null, manufacturer: string | null,
  productGroup: string | null, unit: string, vat: number, listPrice: number | null, currency: string, service: number,
  deliverableMilli: number, reservedMilli: number, refusedEntry: number | null,
];

const searchText = (p: ProductFields) =>
  fold([p.manufacturer, p.product_name, p.product_group, ...(p.tags ?? []), p.item_number, p.foreign_item_number, p.ean_number].filter(Boolean).join(' '));

const values = (id: number, local: boolean, p: ProductFields, record: unknown, updatedAt: string | null) => [
  id, local ? 1 : 0, p.product_name, p.item_number || null, p.ean_number || null, p.manufacturer || null, p.product_group || null,
  p.unit, p.vat, p.list_price ?? null, p.currency, p.service ?? 0, JSON.stringify(record), searchText(p), updatedAt,
];

const UPSERT = `INSERT INTO products (id, local, name, item_number, ean, manufacturer, product_group, unit, vat, list_price, currency, service, record, search, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET local = excluded.local, name = excluded.name, item_number = excluded.item_number, ean = excluded.ean,
    manufacturer = excluded.manufacturer, product_group = excluded.product_group, unit = excluded.unit, vat = excluded.vat,
    list_price = excluded.list_price, currency = excluded.currency, service = excluded.service, record = excluded.record,
    search = excluded.search, updated_at = excluded.updated_at`;

/** Server records, as getProduct returns them. The caller holds the transaction. */
export function upsertServerProducts(db: Db, records: ProductRecord[]): void {
  const s = stmt(db, UPSERT);
  for (const r of records) s.run(...values(r.id, false, r, r, r.updated_at));
}

/** A product as the clerk saved it (offline create, or an edit not yet confirmed). */
export function writeLocalProduct(db: Db, id: number, p: ProductFields & Record<string, unknown>, local: boolean): void {
  stmt(db, UPSERT).run(...values(id, local, p, p, null));
}

export function productRecord(db: Db, id: number): Record<string, unknown> | null {
  const r = stmt(db, 'SELECT record FROM products WHERE id = ?').get(id) as { record: string } | undefined;
  return r ? json<Record<string, unknown>>(r.record, {}) : null;
}

export function deleteProduct(db: Db, id: number): void {
  stmt(db, 'DELETE FROM products WHERE id = ?').run(id);
}

/** The server assigned `serverId` to a product made here: every reference moves to it. */
export function renumberProduct(db: Db, localId: number, serverId: number): void {
  const exists = stmt(db, 'SELECT 1 FROM products WHERE id = ?').get(serverId);
  if (exists) stmt(db, 'DELETE FROM products WHERE id = ?').run(localId);
  else stmt(db, 'UPDATE products SET id = ?, local = 0 WHERE id = ?').run(serverId, localId);
  stmt(db, 'UPDATE stock_pending SET product_id = ? WHERE product_id = ?').run(serverId, localId);
  stmt(db, 'UPDATE OR REPLACE count_lines SET product_id = ? WHERE product_id = ?').run(serverId, localId);
}

const ROW_SELECT = `SELECT p.id, p.local, p.name, p.item_number, p.ean, p.manufacturer, p.product_group, p.unit, p.vat, p.list_price,
    p.currency, p.service,
    coalesce((SELECT sum(qty_milli) FROM stock s WHERE s.product_id = p.id), 0)
      + coalesce((SELECT sum(qty_milli) FROM ${COUNTED_PENDING} sp WHERE sp.product_id = p.id), 0) AS deliverable_milli,
    coalesce((SELECT sum(qty_milli) FROM reserved r WHERE r.product_id = p.id), 0) AS reserved_milli,
    (SELECT max(entry_id) FROM ${REFUSED_PENDING} rp WHERE rp.product_id = p.id) AS refused_entry
  FROM products p`;

/** ROW_SELECT with a WHERE clause, answering arrays. */
const rowStmt = (db: Db, where: string) => stmt(db, `${ROW_SELECT} ${where}`).raw();

const toRow = ([id, local, name, itemNumber, ean, manufacturer, productGroup, unit, vat, listPrice, currency, service, deliverableMilli, reservedMilli, refusedEntry]: Row): ProductRow => ({
  id, local: local === 1, name, itemNumber, ean, manufacturer, productGroup, unit, vat, listPrice, currency,
  service: service === 1, deliverable: fromMilli(deliverableMilli), available: fromMilli(deliverableMilli - reservedMilli), refusedEntryId: refusedEntry ?? null,
});

export function productRow(db: Db, id: number): ProductRow | null {
  const r = rowStmt(db, 'WHERE p.id = ?').get(id) as Row | undefined;
  return r ? toRow(r) : null;
}

/**
 * The products that carry this EAN (other than `exceptId`), lowest id first: one EAN names one product
 * (the server refuses a second, docs/api-product.md), so more than one is data from before the rule.
 */
export function productsWithEan(db: Db, ean: string, exceptId?: number): ProductRow[] {
  const c = ean.trim();
  if (!c) return [];
  return (rowStmt(db, 'WHERE p.ean = ? AND p.id <> ? ORDER BY p.id').all(c, exceptId ?? 0) as Row[]).map(toRow);
}

/**
 * Every product a scanned code names, as lookupProduct finds them: all that carry the EAN (more than
 * one only for data from before the rule), else the one with the item number.
 */
export function lookupProducts(db: Db, code: string): ProductRow[] {
  const byEan = productsWithEan(db, code);
  if (byEan.length) return byEan;
  const one = lookupProduct(db, code);
  return one ? [one] : [];
}

/** Exact EAN first, then exact item number (case-insensitive), as a scanner sends them. */
export function lookupProduct(db: Db, code: string): ProductRow | null {
  const c = code.trim();
  const r = (rowStmt(db, 'WHERE p.ean = ? ORDER BY p.id LIMIT 1').get(c) ??
    rowStmt(db, 'WHERE p.item_number = ? COLLATE NOCASE ORDER BY p.id LIMIT 1').get(c)) as Row | undefined;
  return r ? toRow(r) : null;
}

/** The rows of these ids, in the order given, in one statement (stock summed for these only). */
function rowsOf(db: Db, ids: number[]): ProductRow[] {
  if (ids.length === 0) return [];
  const rows = rowStmt(db, 'WHERE p.id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as Row[];
  const byId = new Map(rows.map((r) => [r[0], r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toRow(r)] : [];
  });
}

/**
 * Above this many matches a page walks the name index and keeps the ids the FTS match holds (on
 * 100,000 products, a first page of a match-all query: ~30 ms instead of ~50 ms for sorting every
 * match); below it sorting the matches is cheaper than walking the whole index (a 1-match query:
 * ~0.1 ms instead of ~15 ms).
 */
const WALK_NAMES_FROM = 5000;

/**
 * Every word a prefix of some word of the product (name, maker, group, tags, numbers, EAN), a page
 * of them in name order (NOCASE, then id) however many match: the clerk scrolls by name. `total` is
 * exact (the product list sizes its scroll bar by it); counting the FTS match alone, without
 * touching `products`, is the cheapest exact count. Only the page's rows get their stock summed.
 */
export function searchProducts(db: Db, query: string, offset: number, limit: number): { rows: ProductRow[]; total: number } {
  const q = ftsQuery(query);
  const total = q
    ? (stmt(db, 'SELECT count(*) FROM products_fts WHERE products_fts MATCH ?').pluck().get(q) as number)
    : (stmt(db, 'SELECT count(*) FROM products').pluck().get() as number);
  if (total === 0 || offset >= total) return { rows: [], total };
  const ids = (!q
    ? stmt(db, 'SELECT id FROM products ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?').pluck().all(limit, offset)
    : stmt(db, `SELECT p.id FROM products p ${total > WALK_NAMES_FROM ? 'INDEXED BY products_name' : ''}
          WHERE p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)
          ORDER BY p.name COLLATE NOCASE, p.id LIMIT ? OFFSET ?`).pluck().all(q, limit, offset)) as number[];
  return { rows: rowsOf(db, ids), total };
}

/** Quantities per warehouse and label: confirmed + the clerk's own pending changes; the refused ones apart. */
export function quantityViews(db: Db, productId: number): QuantityView[] {
  const rows = stmt(db, `
    WITH keys AS (
      SELECT warehouse, stock_label FROM stock WHERE product_id = @p
      UNION SELECT warehouse, stock_label FROM stock_pending WHERE product_id = @p
      UNION SELECT warehouse, '' FROM reserved WHERE product_id = @p)
    SELECT k.warehouse, k.stock_label,
      coalesce((SELECT qty_milli FROM stock s WHERE s.product_id = @p AND s.warehouse = k.warehouse AND s.stock_label = k.stock_label), 0) AS confirmed,
      coalesce((SELECT sum(qty_milli) FROM ${COUNTED_PENDING} sp WHERE sp.product_id = @p AND sp.warehouse = k.warehouse AND sp.stock_label = k.stock_label), 0) AS pending_local,
      coalesce((SELECT sum(qty_milli) FROM ${REFUSED_PENDING} rp WHERE rp.product_id = @p AND rp.warehouse = k.warehouse AND rp.stock_label = k.stock_label), 0) AS refused_local,
      CASE WHEN k.stock_label = '' THEN coalesce((SELECT qty_milli FROM reserved r WHERE r.product_id = @p AND r.warehouse = k.warehouse), 0) ELSE 0 END AS reserved
    FROM keys k ORDER BY k.warehouse, k.stock_label`).all({ p: productId }) as Array<{ warehouse: string; stock_label: string; confirmed: number; pending_local: number; refused_local: number; reserved: number }>;
  return rows.map((r) => ({
    warehouse: r.warehouse, stockLabel: r.stock_label, deliverable: fromMilli(r.confirmed + r.pending_local), pending: fromMilli(r.reserved),
    available: fromMilli(r.confirmed + r.pending_local - r.reserved), pendingLocal: fromMilli(r.pending_local),
    refusedLocal: fromMilli(r.refused_local),
  }));
}

export function productDetail(db: Db, id: number): ProductDetail | null {
  const row = productRow(db, id);
  if (!row) return null;
  const record = productRecord(db, id) ?? {};
  const tags = Array.isArray(record.tags) ? (record.tags as unknown[]).map(String) : [];
  return { ...row, fields: record, tags, quantities: quantityViews(db, id) };
}

/** Merges the search index's segments into one: after a large pull. */
export function optimizeSearchIndex(db: Db): void {
  stmt(db, "INSERT INTO products_fts (products_fts) VALUES ('optimize')").run();
}

export function productCount(db: Db): number {
  return (stmt(db, 'SELECT count(*) AS n FROM products WHERE local = 0').get() as { n: number }).n;
}

export function allServerProductIds(db: Db): number[] {
  return (stmt(db, 'SELECT id FROM products WHERE local = 0 ORDER BY id').all() as Array<{ id: number }>).map((r) => r.id);
}
