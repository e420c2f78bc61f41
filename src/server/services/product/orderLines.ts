/** Changing the lines of an existing order (setOrderItem, setWarehouseItem) and reading its status. */
import { conflict, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { getOrder, invoicesOfOrder, orderItems, replaceOrderItems, setOrderTotals, type Order, type OrderItem } from '../../repos/orders';
import { getProductById } from '../../repos/products';
import { pending, onHand, setReservation } from '../../repos/stock';
import { checkVatRate } from '../vatRate';
import { getWarehouse } from '../../repos/warehouses';
import { fromMilli, missing, toMilli } from './common';
import { lineFor, orderTotals, stockDemands, totalsOut } from './orders';

async function orderOf(ctx: RequestContext, sql: Sql, id: number, allowed: Order['status'][]): Promise<Order> {
  const order = (await getOrder(sql, ctx.accountId, id, true)) ?? missing('order', 'order_id', id);
  if (!allowed.includes(order.status)) {
    throw conflict(`Order ${id} is ${order.status}; its lines can be changed only while it is ${allowed.join(' or ')}.`, [{ field: 'order_id', message: `the order is ${order.status}` }],
      reason('order_status', { order_id: order.id, status: order.status, invoice_id: order.invoiceId }));
  }
  return order;
}

/** Sets one product's quantity on the lines: 0 removes it, a new product is added at list price. */
async function setLine(ctx: RequestContext, sql: Sql, order: Order, items: OrderItem[], productId: number, qtyMilli: number, field: string): Promise<OrderItem[]> {
  const product = (await getProductById(sql, ctx.accountId, productId)) ?? missing('product', field, productId);
  const at = items.findIndex((i) => i.productId === productId);
  if (qtyMilli === 0) return at === -1 ? items : items.filter((_, i) => i !== at);
  if (at !== -1) return items.map((it, i) => (i === at ? { ...it, qtyMilli } : it));
  await checkVatRate(sql, ctx.accountId, product.vat, field, product);
  return [...items, lineFor(product, order.currency, field.replace(/\.product_id$/, ''), qtyMilli)];
}

async function saveLines(ctx: RequestContext, sql: Sql, order: Order, items: OrderItem[]) {
  const totals = orderTotals(items, order.currency, order.fxRate);
  await replaceOrderItems(sql, ctx.accountId, order.id, items);
  await setOrderTotals(sql, ctx.accountId, order.id, totals, ctx.clock.now());
  return totals;
}

export function setOrderItem(ctx: RequestContext, p: Params<'setOrderItem'>): Promise<Result<'setOrderItem'>> {
  return ctx.commit(async (tx) => {
    const order = await orderOf(ctx, tx, p.order_id, ['open']);
    let items = await orderItems(tx, ctx.accountId, order.id);
    for (const [i, x] of p.products.entries()) {
      items = await setLine(ctx, tx, order, items, x.product_id, toMilli(x.new_quantity, `products[${i}].new_quantity`), `products[${i}].product_id`);
    }
    const totals = await saveLines(ctx, tx, order, items);
    return { order_id: order.id, items: items.map((it) => ({ product_id: it.productId, quantity: fromMilli(it.qtyMilli) })), totals: totalsOut(totals) };
  });
}

/**
 * Our reading of setWarehouseItem: set the quantity of a product line of an order and allocate it
 * from the order's warehouse. On an open order that is setOrderItem for one product; on a finalized
 * order the reservation follows the line, and must be available (CONFLICT otherwise).
 */
export function setWarehouseItem(ctx: RequestContext, p: Params<'setWarehouseItem'>): Promise<Result<'setWarehouseItem'>> {
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    const now = ctx.clock.now();
    const order = await orderOf(ctx, db, p.order_id, ['open', 'finalized']);
    const qtyMilli = toMilli(p.quantity, 'quantity');
    const items = await setLine(ctx, db, order, await orderItems(db, accountId, order.id), p.product_id, qtyMilli, 'product_id');
    const warehouse = (await getWarehouse(db, accountId, order.warehouseId))!;
    if (order.status === 'finalized') {
      const stocked = (await stockDemands(db, accountId, items)).get(p.product_id) ?? 0;
      const own = (await stockDemands(db, accountId, await orderItems(db, accountId, order.id))).get(p.product_id) ?? 0;
      const free = (await onHand(db, accountId, p.product_id, warehouse.id)) - (await pending(db, accountId, p.product_id, warehouse.id)) + own;
      if (stocked > own && stocked > free) {
        throw conflict(`Not enough stock of product ${p.product_id} in ${warehouse.name} to allocate ${fromMilli(stocked)}: ${fromMilli(Math.max(0, free))} is available for this order.`, [
          { field: 'quantity', message: `only ${fromMilli(Math.max(0, free))} available in ${warehouse.name}` },
        ], reason('insufficient_stock', { product_id: p.product_id, warehouse: warehouse.name, requested: fromMilli(stocked), available: fromMilli(Math.max(0, free)), order_id: order.id }));
      }
      if (stocked !== own) await setReservation(db, accountId, order.id, p.product_id, warehouse.id, stocked, now);
    }
    await saveLines(ctx, db, order, items);
    return { order_id: order.id, product_id: p.product_id, warehouse: warehouse.name, quantity: p.quantity };
  });
}

const SHIPMENT_STATUS: Record<Order['status'], string> = { open: 'not_ready', proposal: 'not_ready', finalized: 'awaiting_shipment', shipped: 'shipped' };

export async function getOrderStatus(ctx: RequestContext, p: Params<'getOrderStatus'>): Promise<Result<'getOrderStatus'>> {
  const { db, accountId } = ctx;
  const order = (await getOrder(db, accountId, p.order_id)) ?? missing('order', 'order_id', p.order_id);
  const items = await orderItems(db, accountId, order.id);
  const invoices = await invoicesOfOrder(db, accountId, order.id, order.invoiceId);
  const warehouse = await getWarehouse(db, accountId, order.warehouseId);
  return {
    order_id: order.id, status: order.status, payment_status: invoices.paymentStatus,
    shipment: {
      status: SHIPMENT_STATUS[order.status], warehouse: warehouse?.name ?? '', shipped_date: order.shippedDate,
      items: items.map((it) => ({ product_id: it.productId, quantity: fromMilli(it.qtyMilli), shipped: fromMilli(it.shippedMilli) })),
    },
    totals: totalsOut(order.totals), currency: order.currency, contact_id: order.contactId, issued_date: order.issuedDate,
    invoice_ids: invoices.ids,
  };
}
