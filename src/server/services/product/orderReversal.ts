/**
 * What a storno undoes in the product area. An invoice issued with order_id shipped the order in
 * its own transaction (shipOrderForInvoice: a delivery receipt linked to the invoice, the order
 * marked shipped and linked). Cancelling that invoice cancels the sale as invoiced, so:
 * - the delivery the invoice wrote is reversed by a counter-receipt (same products, warehouse and
 *   labels, opposite quantities, linked to the storno), otherwise invoicing the order again would
 *   take the same goods out of stock a second time;
 * - the order goes back to `open`, unlinked and unshipped, so it can be corrected and invoiced
 *   again (or finalized to reserve the stock anew). Reservations are not re-created: the storno
 *   cannot know whether the customer still wants the goods.
 * An invoice that moved no stock (no order, or only services on it) changes nothing here.
 * Rules and reasons: docs/api-finance.md (Storno).
 */
import type { Sql } from '../../db/sql';
import { getOrder, markUnshipped } from '../../repos/orders';
import { addMove, insertReceipt, invoiceDeliveryMoves } from '../../repos/stock';

export interface StornoReversal {
  /** The order that is open again, when the original invoice had shipped one. */
  reopenedOrderId?: number;
  /** The counter-receipt returning the delivered stock, when the original invoice had moved stock. */
  returnReceiptId?: number;
}

/** Inside the storno's transaction: reverses the original invoice's delivery and reopens its order. */
export async function reverseInvoiceShipment(db: Sql, accountId: number, originalInvoiceId: number, originalOrderId: number | undefined, stornoId: number, now: Date, day: string): Promise<StornoReversal> {
  const out: StornoReversal = {};
  const moves = await invoiceDeliveryMoves(db, accountId, originalInvoiceId);
  const byReceipt = new Map<number, typeof moves>();
  for (const m of moves) byReceipt.set(m.receiptId, [...(byReceipt.get(m.receiptId) ?? []), m]);
  for (const group of byReceipt.values()) {
    const first = group[0]!;
    const receiptId = await insertReceipt(db, accountId, {
      kind: 'delivery', warehouseId: first.warehouseId, contactId: first.contactId, orderId: first.orderId, invoiceId: stornoId, date: day,
    }, now);
    for (const m of group) await addMove(db, accountId, receiptId, { productId: m.productId, warehouseId: m.warehouseId, label: m.label, qtyMilli: -m.qtyMilli });
    out.returnReceiptId ??= receiptId;
  }
  if (originalOrderId !== undefined) {
    const order = await getOrder(db, accountId, originalOrderId, true);
    // Only the order this invoice shipped: an order shipped by another invoice is not ours to reopen.
    if (order?.status === 'shipped' && order.invoiceId === originalInvoiceId) {
      await markUnshipped(db, accountId, order.id, now);
      out.reopenedOrderId = order.id;
    }
  }
  return out;
}
