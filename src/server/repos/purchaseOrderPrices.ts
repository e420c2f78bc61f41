/** The currency and unit prices of a purchase order written by setPurchaseOrder (back-orders have none). */
import type { Sql } from '../db/sql';

/** prices[i] is line i's unit price (a canonical decimal), or undefined for an unpriced line. */
export async function setPoPrices(sql: Sql, accountId: number, poId: number, currency: string, prices: Array<string | undefined>): Promise<void> {
  await sql.run('UPDATE purchase_orders SET currency = ? WHERE account_id = ? AND id = ?', [currency, accountId, poId]);
  for (const [i, price] of prices.entries()) {
    if (price !== undefined) await sql.run('UPDATE purchase_order_lines SET price = ? WHERE account_id = ? AND po_id = ? AND position = ?', [price, accountId, poId, i]);
  }
}

/** The order's currency and each line's price by position, for getPO. */
export async function poPrices(sql: Sql, accountId: number, poId: number): Promise<{ currency?: string; prices: Map<number, string> }> {
  const head = await sql.get<{ currency: string | null }>('SELECT currency FROM purchase_orders WHERE account_id = ? AND id = ?', [accountId, poId]);
  const rows = await sql.all<{ position: number; price: string }>(
    'SELECT position, price FROM purchase_order_lines WHERE account_id = ? AND po_id = ? AND price IS NOT NULL', [accountId, poId],
  );
  return { currency: head?.currency ?? undefined, prices: new Map(rows.map((r) => [Number(r.position), r.price])) };
}
