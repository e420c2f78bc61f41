/**
 * Stock in the mirror: confirmed quantities from the server, and the clerk's pending changes that
 * still sit in the outbox. What a clerk sees is confirmed + pending. An acknowledged change whose
 * effect the server did not report back stays (marked `acked`) until the product's quantities are
 * read again, so the figure never dips while it travels.
 */
import type { QuantityRow } from '@shared/protocol';
import { stmt, type Db } from './db';
import { toMilli } from './fold';

/**
 * The pending changes that count in the stock a clerk reads: not those of an entry the server refused
 * (it waits for a person in the sync centre and may never happen); REFUSED_PENDING is that part,
 * which the screens mark beside the figure instead.
 */
export const COUNTED_PENDING = "(SELECT * FROM stock_pending WHERE entry_id NOT IN (SELECT id FROM outbox WHERE state = 'needs_attention'))";
export const REFUSED_PENDING = "(SELECT * FROM stock_pending WHERE entry_id IN (SELECT id FROM outbox WHERE state = 'needs_attention'))";

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

/** The named products' stock, replaced whole (getQuantities product_ids, after the change feed named them): one with no rows left has none. */
export function replaceStockOfProducts(db: Db, productIds: readonly number[], stock: StockRow[], reserved: ReservedRow[]): void {
  for (const id of new Set([...productIds, ...stock.map((r) => r.product_id), ...reserved.map((r) => r.product_id)])) clearProduct(db, id);
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
 * Rows as getQuantity returns them for every warehouse ('*'), for servers without getQuantities.
 * A labelled row is that bin's own figure. A row without stock_label is the warehouse's total over
 * all labels, which does not say how it splits: only here, with no per-bin read on offer, the
 * unlabelled part is taken as that total less the labelled stock we know of.
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
    if (!r.stock_label) milli -= labelledMilli(db, r.product_id, r.warehouse);
    setConfirmedMilli(db, r.product_id, r.warehouse, label, milli);
    applyReserved(db, r);
  }
  if (opts.allWarehouses) {
    for (const id of ids) {
      stmt(db, 'DELETE FROM stock_pending WHERE acked = 1 AND product_id = ?').run(id);
      stmt(db, 'DELETE FROM stale_quantities WHERE product_id = ?').run(id);
    }
  }
}

function applyReserved(db: Db, r: Pick<QuantityRow, 'product_id' | 'warehouse' | 'pending'>): void {
  if (r.pending !== 0) stmt(db, 'INSERT OR REPLACE INTO reserved (product_id, warehouse, qty_milli) VALUES (?, ?, ?)').run(r.product_id, r.warehouse, toMilli(r.pending));
  else stmt(db, 'DELETE FROM reserved WHERE product_id = ? AND warehouse = ?').run(r.product_id, r.warehouse);
}

/**
 * The server's answer to one of this desk's setQuantity entries. With every bin of the warehouse
 * in it (capability "setQuantity.stock") each bin is set from its own row, and bins the answer
 * does not name are gone. An older server's answer has the written bin's figure only, or without a
 * label the warehouse's total, which does not say how it splits over bins: then the entry's change
 * stays (acknowledged) until the product's stock is read again per bin, never derived from the total.
 */
export function applySetQuantityAnswer(db: Db, entryId: number, answer: { quantities: QuantityRow[]; stock?: StockRow[] }): void {
  for (const r of answer.quantities) applyReserved(db, r);
  if (answer.stock) {
    removePending(db, entryId);
    const places = new Set(answer.stock.map((r) => JSON.stringify([r.product_id, r.warehouse])));
    for (const place of places) {
      const [productId, warehouse] = JSON.parse(place) as [number, string];
      stmt(db, 'DELETE FROM stock WHERE product_id = ? AND warehouse = ?').run(productId, warehouse);
    }
    for (const r of answer.stock) setConfirmedMilli(db, r.product_id, r.warehouse, r.stock_label, toMilli(r.deliverable));
    return;
  }
  if (answer.quantities.length > 0 && answer.quantities.every((r) => r.stock_label)) {
    removePending(db, entryId);
    for (const r of answer.quantities) setConfirmedMilli(db, r.product_id, r.warehouse, r.stock_label!, toMilli(r.deliverable));
    return;
  }
  ackPending(db, entryId);
}

/**
 * The server's answer to one of this desk's transfers: the level after it at every place it touched
 * (product × warehouse × bin), each set from its own row; the transfer's pending deltas are done.
 */
export function applyTransferAnswer(db: Db, entryId: number, answer: { stock: StockRow[] }): void {
  removePending(db, entryId);
  for (const r of answer.stock) setConfirmedMilli(db, r.product_id, r.warehouse, r.stock_label, toMilli(r.deliverable));
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
      + coalesce((SELECT sum(qty_milli) FROM ${COUNTED_PENDING} WHERE product_id = @p AND warehouse = @w AND stock_label = @l), 0) AS n`).get({ p: productId, w: warehouse, l: label }) as { n: number };
  return r.n;
}

/**
 * Product × bin pairs with visible stock (confirmed + pending) in a warehouse: the lines a count
 * sheet starts with. One bin, or every bin ('' = no bin) when label is null.
 */
export function binsInWarehouse(db: Db, warehouse: string, label: string | null): Array<{ productId: number; label: string }> {
  return (stmt(db, `SELECT product_id, stock_label FROM (
      SELECT product_id, stock_label, qty_milli FROM stock WHERE warehouse = @w AND (@l IS NULL OR stock_label = @l)
      UNION ALL SELECT product_id, stock_label, qty_milli FROM ${COUNTED_PENDING} WHERE warehouse = @w AND (@l IS NULL OR stock_label = @l))
    GROUP BY product_id, stock_label HAVING sum(qty_milli) <> 0 ORDER BY product_id, stock_label`).all({ w: warehouse, l: label }) as Array<{ product_id: number; stock_label: string }>)
    .map((r) => ({ productId: r.product_id, label: r.stock_label }));
}

/** The bins (labels; '' excluded) of a warehouse with the products each holds (confirmed + pending, non-zero): what a bin field offers. */
export function binsOfWarehouse(db: Db, warehouse: string): Array<{ label: string; products: Array<{ productId: number; quantity: number }> }> {
  const rows = stmt(db, `SELECT stock_label, product_id, sum(qty_milli) AS q FROM (
      SELECT product_id, stock_label, qty_milli FROM stock WHERE warehouse = @w AND stock_label <> ''
      UNION ALL SELECT product_id, stock_label, qty_milli FROM ${COUNTED_PENDING} WHERE warehouse = @w AND stock_label <> '')
    GROUP BY stock_label, product_id HAVING sum(qty_milli) <> 0 ORDER BY stock_label, product_id`).all({ w: warehouse }) as Array<{ stock_label: string; product_id: number; q: number }>;
  const out: Array<{ label: string; products: Array<{ productId: number; quantity: number }> }> = [];
  for (const r of rows) {
    if (out.at(-1)?.label !== r.stock_label) out.push({ label: r.stock_label, products: [] });
    out.at(-1)!.products.push({ productId: r.product_id, quantity: r.q / 1000 });
  }
  return out;
}

/** Exactly these products, re-read from the server: rows not in the answer are gone. */
export function replaceStockFor(db: Db, ids: number[], stock: StockRow[], reserved: ReservedRow[]): void {
  for (const id of ids) clearProduct(db, id);
  writeRows(db, stock, reserved);
}

/** The bins ('' excluded) the mirror knows a product by in a warehouse. */
export function knownBins(db: Db, productId: number, warehouse: string): string[] {
  return (stmt(db, `SELECT DISTINCT stock_label FROM (SELECT stock_label FROM stock WHERE product_id = @p AND warehouse = @w
      UNION SELECT stock_label FROM stock_pending WHERE product_id = @p AND warehouse = @w) WHERE stock_label <> '' ORDER BY stock_label`)
    .all({ p: productId, w: warehouse }) as Array<{ stock_label: string }>).map((r) => r.stock_label);
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
