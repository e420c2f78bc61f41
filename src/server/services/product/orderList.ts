/**
 * The account's sales orders for every desk (extension getOrders / getOrder): each with its
 * setOrder fields, lines, status and the invoice issued from it, so an order entered at one desk
 * can be found and invoiced at another. The invoicing rule itself (an order is invoiced at most
 * once) is setInvoice's: these only read.
 */
import type { Params, Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { pullCursor } from '../../repos/changeCursor';
import { invoiceNumbers, invoicesOfOrders, listOrders, orderItemsBetween, type ListedOrder, type OrderItem } from '../../repos/orders';
import { fromMilli, missing } from './common';
import { totalsOut } from './orders';

const PAGE = 200;
type OrderOut = Result<'getOrder'>;

async function shape(ctx: RequestContext, orders: ListedOrder[]): Promise<OrderOut[]> {
  if (orders.length === 0) return [];
  const { db, accountId } = ctx;
  const items = await orderItemsBetween(db, accountId, orders[0]!.id, orders.at(-1)!.id);
  const invoices = await invoicesOfOrders(db, accountId, orders.map((o) => o.id));
  const numbers = await invoiceNumbers(db, accountId, [...invoices.values()].flat());
  return orders.map((o) => {
    const ids = invoices.get(o.id) ?? [];
    const invoiceId = ids.at(-1);
    const number = invoiceId === undefined ? undefined : numbers.get(invoiceId);
    return {
      order_id: o.id, status: o.status, warehouse: o.warehouseName, shipping_aim: o.shippingAim, method: o.method, issued_date: o.issuedDate,
      selected_account: o.selectedAccount, contact_id: o.contactId, contact_name: o.contactName, currency: o.currency,
      ...(o.language ? { language: o.language } : {}), ...(o.description ? { order_description: o.description } : {}),
      items: (items.get(o.id) ?? []).map((it: OrderItem) => ({
        product_id: it.productId, quantity: fromMilli(it.qtyMilli), unit: it.unit, custom_price: Number(it.unitPrice), discount: Number(it.discount),
        ...(it.description ? { description: it.description } : {}),
      })),
      totals: totalsOut(o.totals),
      ...(o.shippedDate ? { shipped_date: o.shippedDate } : {}),
      ...(invoiceId !== undefined ? { invoice_id: invoiceId } : {}), ...(number ? { invoice_number: number } : {}),
      invoice_ids: ids,
      ...(o.createdByName ? { created_by: o.createdByName } : {}),
      created_at: o.createdAt, updated_at: o.updatedAt,
    };
  });
}

export async function getOrders(ctx: RequestContext, p: Params<'getOrders'>): Promise<Result<'getOrders'>> {
  // Read before the rows, never after: an order committed in between would be behind the cursor (repos/changeCursor.ts).
  const serverTime = await pullCursor(ctx.db, ctx.accountId, ctx.clock.now());
  const rows = await listOrders(ctx.db, ctx.accountId, { afterId: p.after_id ?? 0, updatedSince: p.updated_since, limit: PAGE + 1 });
  return { orders: await shape(ctx, rows.slice(0, PAGE)), more: rows.length > PAGE ? 1 : 0, server_time: serverTime };
}

export async function getOrder(ctx: RequestContext, p: Params<'getOrder'>): Promise<Result<'getOrder'>> {
  const rows = await listOrders(ctx.db, ctx.accountId, { afterId: p.order_id - 1, limit: 1 });
  const order = rows[0]?.id === p.order_id ? rows[0] : missing('order', 'order_id', p.order_id);
  return (await shape(ctx, [order]))[0]!;
}
