/**
 * Stock in the mirror: confirmed quantities from the server, and the clerk's pending changes that
 * still sit in the outbox. What a clerk sees is confirmed + pending. An acknowledged change whose
 * effect the server did not report back stays (marked `acked`) until the product's quantities are
 * read again, so the figure never dips while it travels.
 */
import type { QuantityRow } from '@shared/protocol';
import { stmt, type Db } from './db';
import { toMilli } from './fold';

export interface StockRow { product_id: number; warehouse: string; stock_label: string; deliverable: number }
export interface ReservedRow { product_id: number; warehouse: string; pending: number }

function writeRows(db: Db, stock: StockRow[], reserved: ReservedRow[]): void {
  const s = stmt(db, 'INSERT OR REPLACE INTO stock (product_id, warehouse, stock_label, qty_milli) VALUES (?, ?, ?, ?)');
  for (const r of stock) s.run(r.product_id, r.warehouse, r.stock_label, toMilli(r.deliverable));
  const rs = stmt(db, 'INSERT OR REPLACE INTO reserved (product_id, warehouse, qty_milli) VALUES (?, ?, ?)');
  for (const r of reserved) if (r.pending !== 0) rs.run(r.product_id, r.warehouse, toMilli(r.pending));
}

/** A full sweep's page: every product id in (afterId, lastId] is replaced, including those without rows. */
export function replaceStockRange(db: Db, afterId: number, lastId: number | null, stock: StockRow[], reserved: ReservedRow[]): void {
  const hi = lastId ?? Number.MAX_SAFE_INTEGER;
  stmt(db, 'DELETE FROM stock WHERE product_id > ? AND product_id <= ?').run(afterId, hi);
  stmt(db, 'DELETE FROM reserved WHERE product_id > ? AND product_id <= ?').run(afterId, hi);
  stmt(db, 'DELETE FROM stock_pending WHERE acked = 1 AND product_id > ? AND product_id <= ?').run(afterId, hi);
  writeRows(db, stock, reserved);
}

/** Changed products only (getQuantities updated_since). */
export function replaceStockOf(db: Db, stock: StockRow[], reserved: ReservedRow[]): void {
  const ids = new Set([...stock.map((r) => r.product_id), ...reserved.map((r) => r.product_id)]);
  for (const id of ids) clearProduct(db, id);
  writeRows(db, stock, reserved);
}

function clearProduct(db: Db, id: number): void {
  stmt(db, 'DELETE FROM stock WHERE product_id = ?').run(id);
  stmt(db, 'DELETE FROM reserved WHERE product_id = ?').run(id);
  stmt(db, 'DELETE FROM stock_pending WHERE acked = 1 AND product_id = ?').run(id);
  stmt(db, 'DELETE FROM stale_quantities WHERE product_id = ?').run(id);
}

/**
 * Rows as getQuantity and setQuantity return them. A row without stock_label is the warehouse's
 * total over all labels: the unlabelled part is that total less the labelled stock we know of.
 */
export function applyQuantityRows(db: Db, rows: QuantityRow[], opts: { allWarehouses?: boolean } = {}): void {
  const ids = new Set(rows.map((r) => r.product_id));
  if (opts.allWarehouses) {
    for (const id of ids) {
      stmt(db, "DELETE FROM stock WHERE product_id = ? AND stock_label = ''").run(id);
      stmt(db, 'DELETE FROM reserved WHERE product_id = ?').run(id);
    }
  }
  for (const r of rows) {
    const label = r.stock_label ?? '';
    let milli = toMilli(r.deliverable);
    if (!r.stock_label) {
      const labelled = stmt(db, "SELECT coalesce(sum(qty_milli), 0) AS n FROM stock WHERE product_id = ? AND warehouse = ? AND stock_label <> ''").get(r.product_id, r.warehouse) as { n: number };
      milli -= labelled.n;
    }
    stmt(db, 'INSERT OR REPLACE INTO stock (product_id, warehouse, stock_label, qty_milli) VALUES (?, ?, ?, ?)').run(r.product_id, r.warehouse, label, milli);
    if (r.pending !== 0) stmt(db, 'INSERT OR REPLACE INTO reserved (product_id, warehouse, qty_milli) VALUES (?, ?, ?)').run(r.product_id, r.warehouse, toMilli(r.pending));
    else stmt(db, 'DELETE FROM reserved WHERE product_id = ? AND warehouse = ?').run(r.product_id, r.warehouse);
  }
  if (opts.allWarehouses) {
    for (const id of ids) {
      stmt(db, 'DELETE FROM stock_pending WHERE acked = 1 AND product_id = ?').run(id);
      stmt(db, 'DELETE FROM stale_quantities WHERE product_id = ?').run(id);
    }
  }
}

export function addPending(db: Db, entryId: number, productId: number, warehouse: string, label: string, milli: number): void {
  stmt(db, 'INSERT INTO stock_pending (entry_id, product_id, warehouse, stock_label, qty_milli) VALUES (?, ?, ?, ?, ?)').run(entryId, productId, warehouse, label, milli);
}

export function removePending(db: Db, entryId: number): void {
  stmt(db, 'DELETE FROM stock_pending WHERE entry_id = ?').run(entryId);
}

/** The server applied the entry but did not say the resulting quantity: keep the delta until a refresh. */
export function ackPending(db: Db, entryId: number): void {
  const ids = stmt(db, 'SELECT DISTINCT product_id FROM stock_pending WHERE entry_id = ?').all(entryId) as Array<{ product_id: number }>;
  stmt(db, 'UPDATE stock_pending SET acked = 1 WHERE entry_id = ?').run(entryId);
  for (const r of ids) markStale(db, r.product_id);
}

export function markStale(db: Db, productId: number): void {
  if (productId > 0) stmt(db, 'INSERT OR IGNORE INTO stale_quantities (product_id) VALUES (?)').run(productId);
}

export function staleProducts(db: Db, limit: number): number[] {
  return (stmt(db, 'SELECT product_id FROM stale_quantities ORDER BY product_id LIMIT ?').all(limit) as Array<{ product_id: number }>).map((r) => r.product_id);
}

/** Confirmed + pending, in thousandths: the quantity a clerk sees in one warehouse and label. */
export function visibleMilli(db: Db, productId: number, warehouse: string, label: string): number {
  const r = stmt(db, `SELECT
      coalesce((SELECT qty_milli FROM stock WHERE product_id = @p AND warehouse = @w AND stock_label = @l), 0)
      + coalesce((SELECT sum(qty_milli) FROM stock_pending WHERE product_id = @p AND warehouse = @w AND stock_label = @l), 0) AS n`).get({ p: productId, w: warehouse, l: label }) as { n: number };
  return r.n;
}

/** Products with visible stock in a warehouse and label: the lines a count sheet starts with. */
export function productsInWarehouse(db: Db, warehouse: string, label: string): number[] {
  return (stmt(db, `SELECT product_id FROM (
      SELECT product_id, qty_milli FROM stock WHERE warehouse = @w AND stock_label = @l
      UNION ALL SELECT product_id, qty_milli FROM stock_pending WHERE warehouse = @w AND stock_label = @l)
    GROUP BY product_id HAVING sum(qty_milli) <> 0 ORDER BY product_id`).all({ w: warehouse, l: label }) as Array<{ product_id: number }>).map((r) => r.product_id);
}

/** Exactly these products, re-read from the server: rows not in the answer are gone. */
export function replaceStockFor(db: Db, ids: number[], stock: StockRow[], reserved: ReservedRow[]): void {
  for (const id of ids) clearProduct(db, id);
  writeRows(db, stock, reserved);
}

/** The labelled part of a warehouse's stock, which a total without label includes. */
export function labelledMilli(db: Db, productId: number, warehouse: string): number {
  return (stmt(db, "SELECT coalesce(sum(qty_milli), 0) AS n FROM stock WHERE product_id = ? AND warehouse = ? AND stock_label <> ''").get(productId, warehouse) as { n: number }).n;
}

export function setConfirmedMilli(db: Db, productId: number, warehouse: string, label: string, milli: number): void {
  stmt(db, 'INSERT OR REPLACE INTO stock (product_id, warehouse, stock_label, qty_milli) VALUES (?, ?, ?, ?)').run(productId, warehouse, label, milli);
}

export function clearStale(db: Db, productId: number): void {
  stmt(db, 'DELETE FROM stale_quantities WHERE product_id = ?').run(productId);
}
