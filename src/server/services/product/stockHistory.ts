/** Extension getStockHistory: a product's ledger, newest first, with the running balance (docs/api-product.md). */
import { invalid, type Movement, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { productExists } from '../../repos/products';
import { historyPage, type HistoryRow } from '../../repos/stockHistory';
import { fromMilli, missing } from './common';
import { resolveWarehouse } from './warehouses';

const DEFAULT_LIMIT = 100;

function movement(r: HistoryRow, balanceMilli: number): Movement {
  return {
    receipt_id: r.receipt_id, line: r.line, kind: r.transfer_id !== null ? 'transfer' : r.kind, date: r.date, posted_at: r.created_at,
    warehouse: r.warehouse, stock_label: r.stock_label, quantity: fromMilli(r.qty_milli), balance: fromMilli(balanceMilli),
    ...(r.price !== null ? { price: Number(r.price) } : {}),
    ...(r.currency !== null ? { currency: r.currency } : {}),
    ...(r.contact_id !== null ? { contact_id: r.contact_id, partner: r.partner ?? '' } : {}),
    ...(r.order_id !== null ? { order_id: r.order_id } : {}),
    ...(r.po_id !== null ? { po_id: r.po_id } : {}),
    ...(r.invoice_id !== null ? { invoice_id: r.invoice_id } : {}),
    ...(r.transfer_id !== null ? { transfer_id: r.transfer_id } : {}),
    ...(r.created_by !== null ? { created_by: r.created_by } : {}),
  };
}

export async function getStockHistory(ctx: RequestContext, p: Params<'getStockHistory'>): Promise<Result<'getStockHistory'>> {
  const serverTime = ctx.clock.now().toISOString();
  if ((p.before_receipt_id === undefined) !== (p.before_line === undefined)) {
    const field = p.before_receipt_id === undefined ? 'before_receipt_id' : 'before_line';
    throw invalid('before_receipt_id and before_line go together: send both, from the last movement of the page before, or neither for the newest page.', [
      { field, message: 'is required with the other half of the cursor' },
    ]);
  }
  const label = p.stock_label === '' ? undefined : p.stock_label;
  const warehouseName = p.warehouse === '' || p.warehouse === '*' ? undefined : p.warehouse;
  if (label !== undefined && warehouseName === undefined) {
    throw invalid('A bin (stock_label) belongs to one warehouse: name the warehouse too.', [{ field: 'warehouse', message: 'is required with stock_label' }]);
  }
  if (!(await productExists(ctx.db, ctx.accountId, p.product_id))) missing('product', 'product_id', p.product_id);
  const warehouse = warehouseName === undefined ? undefined : await resolveWarehouse(ctx, ctx.db, warehouseName, 'warehouse', false);
  const limit = p.limit ?? DEFAULT_LIMIT;
  const before = p.before_receipt_id === undefined ? undefined : { receiptId: p.before_receipt_id, line: p.before_line! };
  // Default of an account that never wrote stock exists only by name (id 0): it has no history.
  const rows = warehouse?.id === 0 ? [] : await historyPage(ctx.db, ctx.accountId, { productId: p.product_id, warehouseId: warehouse?.id, label, before, limit });
  const movements: Movement[] = [];
  let balance = rows[0]?.top_milli ?? 0;
  for (const r of rows.slice(0, limit)) {
    movements.push(movement(r, balance));
    balance -= r.qty_milli;
  }
  return { product_id: p.product_id, movements, more: rows.length > limit ? 1 : 0, server_time: serverTime };
}
