/**
 * What getStockValuation reads: the account's stocked products (with today's name, group and unit) and,
 * a slice of products at a time, their ledger moves up to a business date in the order the method
 * applies them (business date, then posting order). docs/valuation.md.
 */
import type { Sql } from '../db/sql';

export interface ValuedProduct {
  id: number;
  name: string;
  group: string;
  unit: string;
}

export interface ValuationMove {
  product_id: number;
  warehouse_id: number;
  receipt_id: number;
  line: number;
  qty_milli: number;
  kind: 'takein' | 'wasting' | 'delivery' | 'po_takein';
  price: string | null;
  currency: string | null;
  fxrate: string | null;
  transfer_id: number | null;
}

/** Products that ever had a ledger move (stock_levels has a row for each place one touched), by id; optionally one group ("" = none). */
export async function valuedProducts(sql: Sql, accountId: number, group: string | undefined): Promise<ValuedProduct[]> {
  const rows = await sql.all<{ id: number; name: string; grp: string | null; unit: string }>(
    `SELECT p.id, p.product_name AS name, p.product_group AS grp, p.unit FROM products p
     WHERE p.account_id = ? AND p.id IN (SELECT l.product_id FROM stock_levels l WHERE l.account_id = ?)${group === undefined ? '' : ' AND COALESCE(p.product_group, \'\') = ?'}
     ORDER BY p.id`,
    group === undefined ? [accountId, accountId] : [accountId, accountId, group],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, group: r.grp ?? '', unit: r.unit }));
}

/** The moves of these products dated on or before `date`, per product in the order the method applies them. */
export function movesUpTo(sql: Sql, accountId: number, productIds: readonly number[], date: string): Promise<ValuationMove[]> {
  return sql.all<ValuationMove>(
    `SELECT m.product_id, m.warehouse_id, m.receipt_id, m.line, m.qty_milli, r.kind, r.price, r.currency, r.fxrate, r.transfer_id
     FROM stock_moves m JOIN stock_receipts r ON r.id = m.receipt_id
     WHERE m.account_id = ? AND m.product_id IN (${productIds.map(() => '?').join(', ')}) AND r.date <= ?
     ORDER BY m.product_id, r.date, m.receipt_id, m.line`,
    [accountId, ...productIds, date],
  );
}
