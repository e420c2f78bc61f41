/**
 * The stock ledger. A receipt is one business event; its moves are signed quantities in
 * thousandths. `stock_levels` is the materialised sum of the moves per product × warehouse ×
 * label; the database changes it with every inserted move (trigger, migration 006), in the
 * caller's transaction.
 */
import type { Db } from '../db/types';
import { stmt } from './statements';
import { readWhileUnchanged } from './unchangedCache';

export type ReceiptKind = 'takein' | 'wasting' | 'delivery' | 'po_takein';

export interface ReceiptHeader {
  kind: ReceiptKind;
  warehouseId: number;
  contactId?: number;
  orderId?: number;
  poId?: number;
  invoiceId?: number;
  date: string;
  price?: string;
  currency?: string;
  fxrate?: string;
  grossWeight?: string;
  packageType?: string;
  countryCode?: string;
  batchNo?: string;
  expireDate?: string;
}

export interface Move {
  productId: number;
  warehouseId: number;
  label: string;
  qtyMilli: number;
}

export function insertReceipt(db: Db, accountId: number, h: ReceiptHeader, now: Date): number {
  const r = stmt(db, `INSERT INTO stock_receipts (account_id, kind, warehouse_id, contact_id, order_id, po_id, invoice_id, date, price, currency,
      fxrate, gross_weight, package_type, country_code, batch_no, expire_date, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(accountId, h.kind, h.warehouseId, h.contactId ?? null, h.orderId ?? null, h.poId ?? null, h.invoiceId ?? null, h.date,
      h.price ?? null, h.currency ?? null, h.fxrate ?? null, h.grossWeight ?? null, h.packageType ?? null, h.countryCode ?? null,
      h.batchNo ?? null, h.expireDate ?? null, now.toISOString());
  return Number(r.lastInsertRowid);
}

export interface InvoiceDeliveryMove extends Move {
  receiptId: number;
  orderId?: number;
  contactId?: number;
}

/** The moves of the delivery receipts an invoice wrote (an invoice issued from an order ships it), in ledger order. */
export function invoiceDeliveryMoves(db: Db, accountId: number, invoiceId: number): InvoiceDeliveryMove[] {
  const rows = stmt(db, `SELECT r.id AS receipt_id, r.order_id, r.contact_id, m.product_id, m.warehouse_id, m.stock_label, m.qty_milli
      FROM stock_receipts r JOIN stock_moves m ON m.receipt_id = r.id
      WHERE r.account_id = ? AND r.invoice_id = ? AND r.kind = 'delivery' ORDER BY m.receipt_id, m.line`)
    .all(accountId, invoiceId) as Array<{ receipt_id: number; order_id: number | null; contact_id: number | null; product_id: number; warehouse_id: number; stock_label: string; qty_milli: number }>;
  return rows.map((r) => ({
    receiptId: r.receipt_id, orderId: r.order_id ?? undefined, contactId: r.contact_id ?? undefined,
    productId: r.product_id, warehouseId: r.warehouse_id, label: r.stock_label, qtyMilli: r.qty_milli,
  }));
}

/** Marks a product's stock or reservations as changed now (getQuantities updated_since). */
export function touchStock(db: Db, accountId: number, productId: number, now: Date): void {
  stmt(db, `INSERT INTO stock_changes (account_id, product_id, changed_at) VALUES (?, ?, ?)
      ON CONFLICT (account_id, product_id) DO UPDATE SET changed_at = excluded.changed_at`).run(accountId, productId, now.toISOString());
}

/**
 * One ledger line, numbered within its receipt. Its level and the product's change stamp follow
 * from the insert (trigger stock_moves_level_ai, migration 006), in the caller's transaction.
 */
export function addMove(db: Db, accountId: number, receiptId: number, m: Move): void {
  stmt(db, `INSERT INTO stock_moves (receipt_id, line, account_id, product_id, warehouse_id, stock_label, qty_milli)
      VALUES (@r, (SELECT COALESCE(MAX(line), 0) + 1 FROM stock_moves WHERE receipt_id = @r), @a, @p, @w, @label, @q)`)
    .run({ r: receiptId, a: accountId, p: m.productId, w: m.warehouseId, label: m.label, q: m.qtyMilli });
}

/** On hand in a warehouse: one label, or all labels together when label is undefined. */
export function onHand(db: Db, accountId: number, productId: number, warehouseId: number, label?: string): number {
  const r = (label === undefined
    ? stmt(db, 'SELECT COALESCE(SUM(qty_milli), 0) AS q FROM stock_levels WHERE account_id = ? AND product_id = ? AND warehouse_id = ?').get(accountId, productId, warehouseId)
    : stmt(db, 'SELECT COALESCE(SUM(qty_milli), 0) AS q FROM stock_levels WHERE account_id = ? AND product_id = ? AND warehouse_id = ? AND stock_label = ?')
        .get(accountId, productId, warehouseId, label)) as { q: number };
  return r.q;
}

/** Whether the product has stock on hand anywhere. */
export function hasStock(db: Db, accountId: number, productId: number): boolean {
  return !!stmt(db, 'SELECT 1 FROM stock_levels WHERE account_id = ? AND product_id = ? AND qty_milli <> 0 LIMIT 1').get(accountId, productId);
}

/** Level rows of a product, in warehouse and label order; zero rows are kept (the label exists). */
export function levelsOf(db: Db, accountId: number, productId: number, warehouseId: number): Array<{ label: string; qtyMilli: number }> {
  return stmt(db, 'SELECT stock_label AS label, qty_milli AS qtyMilli FROM stock_levels WHERE account_id = ? AND product_id = ? AND warehouse_id = ? ORDER BY stock_label')
    .all(accountId, productId, warehouseId) as Array<{ label: string; qtyMilli: number }>;
}

/** The ledger's own sum, to check the materialised level against (tests, audits). */
export function ledgerSum(db: Db, accountId: number, productId: number, warehouseId: number, label: string): number {
  const r = stmt(db, 'SELECT COALESCE(SUM(qty_milli), 0) AS q FROM stock_moves WHERE account_id = ? AND product_id = ? AND warehouse_id = ? AND stock_label = ?')
    .get(accountId, productId, warehouseId, label) as { q: number };
  return r.q;
}

/** Every (product, warehouse, label) whose level differs from its ledger sum; empty when consistent. */
export function levelMismatches(db: Db): Array<{ product_id: number; warehouse_id: number; stock_label: string; level: number; ledger: number }> {
  return db.prepare(`
    WITH ledger AS (SELECT account_id, product_id, warehouse_id, stock_label, SUM(qty_milli) AS q FROM stock_moves GROUP BY 1, 2, 3, 4)
    SELECT COALESCE(l.product_id, g.product_id) AS product_id, COALESCE(l.warehouse_id, g.warehouse_id) AS warehouse_id,
           COALESCE(l.stock_label, g.stock_label) AS stock_label, COALESCE(l.qty_milli, 0) AS level, COALESCE(g.q, 0) AS ledger
    FROM stock_levels l FULL OUTER JOIN ledger g USING (account_id, product_id, warehouse_id, stock_label)
    WHERE COALESCE(l.qty_milli, 0) <> COALESCE(g.q, 0)`).all() as Array<{ product_id: number; warehouse_id: number; stock_label: string; level: number; ledger: number }>;
}

export interface WarehouseStock {
  warehouseId: number;
  warehouse: string;
  onHand: number;
  /** On hand under the given label (equals onHand when no label is asked for). */
  labelOnHand: number;
  pending: number;
}

/**
 * A product's stock per warehouse of the account (or one warehouse); undefined when the account has
 * no such product. Kept in memory while the database is unchanged (unchangedCache.ts): the answer is
 * shared, so callers must not modify it.
 */
export function stockByWarehouse(db: Db, accountId: number, productId: number, warehouseId: number | null, label: string | null): readonly WarehouseStock[] | undefined {
  return readWhileUnchanged(db, `stock:${accountId}:${productId}:${warehouseId ?? '*'}:${label === null ? '*' : `=${label}`}`, () =>
    readStockByWarehouse(db, accountId, productId, warehouseId, label));
}

/** The same in one statement. Read raw: row objects would rebuild five keys per row. */
function readStockByWarehouse(db: Db, accountId: number, productId: number, warehouseId: number | null, label: string | null): WarehouseStock[] | undefined {
  const rows = stmt(db, `SELECT w.id, w.name,
        COALESCE((SELECT SUM(l.qty_milli) FROM stock_levels l WHERE l.account_id = @a AND l.product_id = @p AND l.warehouse_id = w.id), 0),
        COALESCE((SELECT SUM(l.qty_milli) FROM stock_levels l WHERE l.account_id = @a AND l.product_id = @p AND l.warehouse_id = w.id
          AND (@label IS NULL OR l.stock_label = @label)), 0),
        COALESCE((SELECT SUM(r.qty_milli) FROM reservations r WHERE r.account_id = @a AND r.product_id = @p AND r.warehouse_id = w.id), 0)
      FROM products p LEFT JOIN warehouses w ON w.account_id = p.account_id AND (@w IS NULL OR w.id = @w)
      WHERE p.account_id = @a AND p.id = @p ORDER BY w.id`)
    .raw().all({ a: accountId, p: productId, w: warehouseId, label }) as Array<[number | null, string, number, number, number]>;
  if (rows.length === 0) return undefined;
  // The product exists but no warehouse matched: one row of NULLs from the outer join.
  if (rows[0]![0] === null) return [];
  return rows.map(([id, warehouse, onHand, labelOnHand, pending]) => ({ warehouseId: id!, warehouse, onHand, labelOnHand, pending }));
}

export interface LevelsAt {
  /** Every label's level in the warehouse, in label order ('' = no label); zero rows are kept. */
  levels: Array<{ label: string; qtyMilli: number }>;
  /** The warehouse's total over every label. */
  onHand: number;
  pending: number;
}

/**
 * Every label's level of a product in one warehouse and its reservations, read in one statement:
 * one range of the stock_levels primary key (account, product, warehouse, label) and one of
 * reservations. A write's answer names every label from it without a second read.
 */
export function levelsAt(db: Db, accountId: number, productId: number, warehouseId: number): LevelsAt {
  const rows = stmt(db, `SELECT stock_label, qty_milli FROM stock_levels WHERE account_id = @a AND product_id = @p AND warehouse_id = @w
      UNION ALL SELECT NULL, COALESCE(SUM(qty_milli), 0) FROM reservations WHERE account_id = @a AND product_id = @p AND warehouse_id = @w`)
    .raw().all({ a: accountId, p: productId, w: warehouseId }) as Array<[string | null, number]>;
  const levels: LevelsAt['levels'] = [];
  let onHand = 0;
  let pending = 0;
  for (const [label, q] of rows) {
    if (label === null) pending = q;
    else {
      levels.push({ label, qtyMilli: q });
      onHand += q;
    }
  }
  // UNION ALL keeps each side's order only by accident; the answer promises label order.
  levels.sort((x, y) => (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  return { levels, onHand, pending };
}

/** Reserved for finalized, unshipped orders in a warehouse. */
export function pending(db: Db, accountId: number, productId: number, warehouseId: number): number {
  const r = stmt(db, 'SELECT COALESCE(SUM(qty_milli), 0) AS q FROM reservations WHERE account_id = ? AND product_id = ? AND warehouse_id = ?')
    .get(accountId, productId, warehouseId) as { q: number };
  return r.q;
}

export function setReservation(db: Db, accountId: number, orderId: number, productId: number, warehouseId: number, qtyMilli: number, now: Date): void {
  if (qtyMilli > 0) {
    stmt(db, `INSERT INTO reservations (order_id, product_id, account_id, warehouse_id, qty_milli) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT DO UPDATE SET qty_milli = excluded.qty_milli, warehouse_id = excluded.warehouse_id`)
      .run(orderId, productId, accountId, warehouseId, qtyMilli);
  } else {
    stmt(db, 'DELETE FROM reservations WHERE account_id = ? AND order_id = ? AND product_id = ?').run(accountId, orderId, productId);
  }
  touchStock(db, accountId, productId, now);
}

export function releaseReservations(db: Db, accountId: number, orderId: number, now: Date): void {
  const rows = stmt(db, 'SELECT product_id FROM reservations WHERE account_id = ? AND order_id = ?').all(accountId, orderId) as Array<{ product_id: number }>;
  stmt(db, 'DELETE FROM reservations WHERE account_id = ? AND order_id = ?').run(accountId, orderId);
  for (const r of rows) touchStock(db, accountId, r.product_id, now);
}

/** Voucher serials; false (and nothing written) when one of them was already issued. */
export function issueSerials(db: Db, accountId: number, productId: number, receiptId: number, first: number, count: number): boolean {
  const clash = stmt(db, 'SELECT 1 FROM voucher_serials WHERE product_id = ? AND serial BETWEEN ? AND ? LIMIT 1').get(productId, first, first + count - 1);
  if (clash) return false;
  const ins = stmt(db, 'INSERT INTO voucher_serials (product_id, serial, account_id, receipt_id) VALUES (?, ?, ?, ?)');
  for (let i = 0; i < count; i++) ins.run(productId, first + i, accountId, receiptId);
  return true;
}

export function nextSerial(db: Db, productId: number): number {
  const r = stmt(db, 'SELECT COALESCE(MAX(serial), 0) + 1 AS n FROM voucher_serials WHERE product_id = ?').get(productId) as { n: number };
  return r.n;
}

/** The supplier of the product's most recent take-in, for back-orders. */
export function lastTakeinSupplier(db: Db, accountId: number, productId: number): number | undefined {
  const r = stmt(db, `SELECT r.contact_id FROM stock_moves m JOIN stock_receipts r ON r.id = m.receipt_id
      WHERE m.account_id = ? AND m.product_id = ? AND r.kind IN ('takein', 'po_takein') AND r.contact_id IS NOT NULL ORDER BY m.receipt_id DESC LIMIT 1`)
    .get(accountId, productId) as { contact_id: number } | undefined;
  return r?.contact_id;
}

export interface StockPage {
  productIds: number[];
  more: boolean;
  stock: Array<{ product_id: number; warehouse: string; stock_label: string; qty_milli: number }>;
  reserved: Array<{ product_id: number; warehouse: string; qty_milli: number }>;
}

/** Products with stock history, keyset-paged by id, with their levels and reservations. */
export function stockPage(db: Db, accountId: number, q: { productIds?: number[]; afterId: number; since?: string; limit: number }): StockPage {
  const ids = (stmt(db, `SELECT product_id FROM stock_changes WHERE account_id = ? AND product_id > ?
      AND (? IS NULL OR changed_at >= ?) AND (? IS NULL OR product_id IN (SELECT value FROM json_each(?))) ORDER BY product_id LIMIT ?`)
    .all(accountId, q.afterId, q.since ?? null, q.since ?? null, q.productIds ? 1 : null, JSON.stringify(q.productIds ?? []), q.limit + 1) as Array<{ product_id: number }>)
    .map((r) => r.product_id);
  const more = ids.length > q.limit;
  const page = ids.slice(0, q.limit);
  const json = JSON.stringify(page);
  const stock = stmt(db, `SELECT l.product_id, w.name AS warehouse, l.stock_label, l.qty_milli FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id
      WHERE l.account_id = ? AND l.product_id IN (SELECT value FROM json_each(?)) ORDER BY l.product_id, w.id, l.stock_label`).all(accountId, json) as StockPage['stock'];
  const reserved = stmt(db, `SELECT r.product_id, w.name AS warehouse, SUM(r.qty_milli) AS qty_milli FROM reservations r JOIN warehouses w ON w.id = r.warehouse_id
      WHERE r.account_id = ? AND r.product_id IN (SELECT value FROM json_each(?)) GROUP BY r.product_id, w.id ORDER BY r.product_id, w.id`).all(accountId, json) as StockPage['reserved'];
  return { productIds: page, more, stock, reserved };
}
