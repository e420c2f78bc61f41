/**
 * A product's stock history: its ledger moves newest first, keyset-paged by (receipt_id, line), each
 * with the level of the asked scope (the product, one warehouse, or one bin) right after it. Indexes:
 * stock_moves_history (account, product, receipt, line, quantity) for the product, stock_moves_place
 * (account, product, warehouse, receipt, line, bin, quantity; migration 12) for a warehouse or a bin.
 */
import type { Sql } from '../db/sql';
import { perEngine, type Dialect, type Engine } from '../db/dialect';

export type HistoryScope = 'product' | 'warehouse' | 'bin';

export interface HistoryRow {
  receipt_id: number;
  line: number;
  kind: 'takein' | 'wasting' | 'delivery' | 'po_takein';
  transfer_id: number | null;
  date: string;
  created_at: string;
  warehouse: string;
  stock_label: string;
  qty_milli: number;
  price: string | null;
  currency: string | null;
  contact_id: number | null;
  partner: string | null;
  order_id: number | null;
  po_id: number | null;
  invoice_id: number | null;
  /** Who posted it: the name of the session's user (migration 9), null for an owner session or older rows. */
  created_by: string | null;
  /** The scope's level after the page's first move (the same on every row of the page). */
  top_milli: number;
}

/** The scope's filter on a table aliased t; a statement per scope, so each engine picks the index that fits. */
const scopeFilter = (scope: HistoryScope, t: string) =>
  `${t}.account_id = ? AND ${t}.product_id = ?${scope === 'product' ? '' : ` AND ${t}.warehouse_id = ?`}${scope === 'bin' ? ` AND ${t}.stock_label = ?` : ''}`;

/**
 * The scope's level right after the newest move older than the cursor, summed over the smaller side of
 * the ledger: the moves older than the cursor, or the level less the moves newer. Which side is smaller
 * is judged by where the cursor's receipt falls between the scope's first and last (two index seeks;
 * receipts are numbered as they are written, so moves spread over them about evenly). A page 99,000
 * moves deep sums about 1,000 moves instead of 99,000; the worst is a page in the middle (half of them).
 * The first page's cursor is past the last receipt: it sums no move. Placeholders in order: the
 * cursor's receipt twice (with the scope's filter before each seek), then either branch's filter and cursor.
 */
const balance = (d: Dialect, scope: HistoryScope) => `CASE
      WHEN ? - COALESCE((SELECT a.receipt_id FROM stock_moves a WHERE ${scopeFilter(scope, 'a')} ORDER BY a.receipt_id LIMIT 1), 0)
         < COALESCE((SELECT z.receipt_id FROM stock_moves z WHERE ${scopeFilter(scope, 'z')} ORDER BY z.receipt_id DESC LIMIT 1), 0) - ?
      THEN (SELECT COALESCE(${d.sumInt('o.qty_milli')}, 0) FROM stock_moves o WHERE ${scopeFilter(scope, 'o')} AND (o.receipt_id, o.line) < (?, ?))
      ELSE (SELECT COALESCE(${d.sumInt('l.qty_milli')}, 0) FROM stock_levels l WHERE ${scopeFilter(scope, 'l')})
        - (SELECT COALESCE(${d.sumInt('n.qty_milli')}, 0) FROM stock_moves n WHERE ${scopeFilter(scope, 'n')} AND (n.receipt_id, n.line) >= (?, ?))
    END`;

const page = (d: Dialect, scope: HistoryScope) => `SELECT m.receipt_id, m.line, r.kind, r.transfer_id, r.date, r.created_at, w.name AS warehouse, m.stock_label, m.qty_milli,
    r.price, r.currency, r.contact_id, c.name AS partner, r.order_id, r.po_id, r.invoice_id, u.name AS created_by,
    ${balance(d, scope)} AS top_milli
  FROM stock_moves m JOIN stock_receipts r ON r.id = m.receipt_id JOIN warehouses w ON w.id = m.warehouse_id LEFT JOIN contacts c ON c.id = r.contact_id
    LEFT JOIN users u ON u.id = r.created_by
  WHERE ${scopeFilter(scope, 'm')} AND (m.receipt_id, m.line) < (?, ?)
  ORDER BY m.receipt_id DESC, m.line DESC LIMIT ?`;

const PAGES: Record<HistoryScope, Record<Engine, string>> = {
  product: perEngine((d) => page(d, 'product')),
  warehouse: perEngine((d) => page(d, 'warehouse')),
  bin: perEngine((d) => page(d, 'bin')),
};

/** Larger than every id: the first page's cursor (nothing is newer than it). */
const TOP = Number.MAX_SAFE_INTEGER;

/**
 * Up to limit + 1 moves older than the cursor (the caller tells "more" from the extra one). One
 * statement, so the balance and the moves are read from one snapshot on both engines.
 */
export async function historyPage(
  sql: Sql,
  accountId: number,
  q: { productId: number; warehouseId?: number; label?: string; before?: { receiptId: number; line: number }; limit: number },
): Promise<HistoryRow[]> {
  const scope: HistoryScope = q.warehouseId === undefined ? 'product' : q.label === undefined ? 'warehouse' : 'bin';
  const filter: Array<number | string> = [accountId, q.productId];
  if (q.warehouseId !== undefined) filter.push(q.warehouseId);
  if (q.label !== undefined) filter.push(q.label);
  const r = q.before?.receiptId ?? TOP;
  const line = q.before?.line ?? TOP;
  const balanceParams = [r, ...filter, ...filter, r, ...filter, r, line, ...filter, ...filter, r, line];
  return sql.all<HistoryRow>(PAGES[scope][sql.engine], [...balanceParams, ...filter, r, line, q.limit + 1]);
}
