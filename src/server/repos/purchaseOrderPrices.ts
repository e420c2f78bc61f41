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

/**
 * Holds the account's purchase-order numbering until the caller's transaction ends, so two orders
 * written at once never read the same last code (PostgreSQL answered the second with a unique
 * violation). SQLite has one writer at a time and needs nothing. The single-bigint advisory key
 * (objsubid 1) never meets the int4-pair keys of idempotency.ts and changeCursor.ts (objsubid 2).
 */
export async function lockPoNumbers(sql: Sql, accountId: number): Promise<void> {
  if (sql.engine !== 'postgres') return;
  await sql.get('SELECT pg_advisory_xact_lock(?::bigint)', [-accountId]);
}
