/**
 * Partial receipts against a purchase order and closing it short (extension "setPOTakeIn.items",
 * docs/api-product.md "Purchase orders"). The caller holds the order's lock (lockPurchaseOrder) and
 * has checked that it is open.
 */
import { conflict, invalid, reason, type Params } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { addReceived, closePurchaseOrder, type PoLine, type PurchaseOrder } from '../../repos/purchaseOrders';
import { getProductById } from '../../repos/products';
import { addMove, insertReceipt } from '../../repos/stock';
import { decimal, fromMilli, toMilli } from './common';
import { businessDate } from '../finance/calendar';
import { resolveWarehouse } from './warehouses';

type Item = NonNullable<Params<'setPOTakeIn'>['items']>[number];

/** What receiving has reached: the document's two states refined by what the lines hold. */
export function receivingStatus(po: Pick<PurchaseOrder, 'status' | 'closedShortAt'>, receivedMilli: number): 'open' | 'partially_received' | 'received' | 'closed_short' {
  if (po.status !== 'open') return po.closedShortAt ? 'closed_short' : 'received';
  return receivedMilli > 0 ? 'partially_received' : 'open';
}

/** A line as getPO, getPOs and setPOTakeIn answer it; a closed order has nothing remaining. */
export const lineOut = (po: Pick<PurchaseOrder, 'status'>, l: PoLine, productName: string) => ({
  product_id: l.productId, product_name: productName, quantity: fromMilli(l.qtyMilli), received_quantity: fromMilli(l.receivedMilli),
  remaining: po.status === 'open' ? fromMilli(Math.max(0, l.qtyMilli - l.receivedMilli)) : 0,
});

/**
 * Spreads each item over the order's lines of its product, first line first. Refuses the whole
 * receipt (nothing written) when an item's product is not on the order or more arrives than the
 * order still expects: the concurrency guarantee ("never over-receive") rests on this check made
 * under the order's lock.
 */
async function allocate(ctx: RequestContext, db: Sql, po: PurchaseOrder, lines: PoLine[], items: Item[]): Promise<Map<number, number>> {
  const open = new Map(lines.map((l) => [l.position, Math.max(0, l.qtyMilli - l.receivedMilli)]));
  const wanted = new Map<number, number>();
  items.forEach((it, i) => {
    if (!lines.some((l) => l.productId === it.product_id)) {
      throw conflict(`Product ${it.product_id} is not on purchase order ${po.projectCode}; take it in with setQuantity instead.`, [
        { field: `items[${i}].product_id`, message: 'is not on the purchase order' },
      ], reason('po_not_on_order', { po: po.projectCode, product_id: it.product_id }));
    }
    wanted.set(it.product_id, (wanted.get(it.product_id) ?? 0) + toMilli(it.quantity, `items[${i}].quantity`));
  });
  const add = new Map<number, number>();
  for (const [productId, qty] of wanted) {
    const mine = lines.filter((l) => l.productId === productId);
    const remaining = mine.reduce((s, l) => s + open.get(l.position)!, 0);
    if (qty > remaining) {
      const name = (await getProductById(db, ctx.accountId, productId))?.name;
      const field = `items[${items.findIndex((it) => it.product_id === productId)}].quantity`;
      throw conflict(`Purchase order ${po.projectCode} expects ${fromMilli(remaining)} more of product ${productId}${name ? ` (${name})` : ''}; ${fromMilli(qty)} cannot be received. Nothing was received; lower the quantity or take the surplus in with setQuantity.`, [
        { field, message: `only ${fromMilli(remaining)} remain on the order` },
      ], reason('po_over_receipt', { po: po.projectCode, product_id: productId, product_name: name, requested: fromMilli(qty), remaining: fromMilli(remaining) }));
    }
    let left = qty;
    for (const l of mine) {
      const take = Math.min(left, open.get(l.position)!);
      if (take > 0) add.set(l.position, take);
      left -= take;
    }
  }
  return add;
}

/**
 * Receives the items (one po_takein receipt per warehouse × batch × expiry, each line into its
 * bin), adds them to the lines, and closes the order when nothing remains or when close asks it.
 * Returns the receipts written.
 */
export async function receiveItems(ctx: RequestContext, db: Sql, po: PurchaseOrder, lines: PoLine[], p: Params<'setPOTakeIn'>): Promise<number[]> {
  const { accountId } = ctx;
  const now = ctx.clock.now();
  const items = p.items ?? [];
  const add = await allocate(ctx, db, po, lines, items);
  const receipts = new Map<string, number>();
  for (const [i, it] of items.entries()) {
    if (it.warehouse === '*') throw invalid('A receipt line goes into one warehouse: name it instead of "*".', [{ field: `items[${i}].warehouse`, message: 'must name one warehouse' }]);
    const warehouseId = it.warehouse === undefined ? po.warehouseId : (await resolveWarehouse(ctx, db, it.warehouse, `items[${i}].warehouse`, true)).id;
    const key = JSON.stringify([warehouseId, it.batch_no ?? '', it.expire_date ?? '']);
    let receiptId = receipts.get(key);
    if (receiptId === undefined) {
      receiptId = await insertReceipt(db, accountId, {
        kind: 'po_takein', warehouseId, contactId: po.supplierContactId, poId: po.id, orderId: po.orderId, date: businessDate(now, ctx.timeZone),
        grossWeight: p.gross_weight === undefined ? undefined : decimal(p.gross_weight, 'gross_weight'),
        packageType: p.package_type === undefined ? undefined : String(p.package_type), countryCode: p.country_code,
        batchNo: it.batch_no, expireDate: it.expire_date,
      }, now);
      receipts.set(key, receiptId);
    }
    await addMove(db, accountId, receiptId, { productId: it.product_id, warehouseId, label: it.stock_label ?? '', qtyMilli: toMilli(it.quantity, `items[${i}].quantity`) });
  }
  for (const [position, qty] of add) await addReceived(db, accountId, po.id, position, qty);
  const left = lines.some((l) => l.qtyMilli - l.receivedMilli - (add.get(l.position) ?? 0) > 0);
  if (!left || p.close === 1) await closePurchaseOrder(db, accountId, po.id, now, left);
  return [...receipts.values()];
}
