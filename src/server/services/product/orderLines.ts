/** Changing the lines of an existing order (setOrderItem, setWarehouseItem) and reading its status. */
import { conflict, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { getOrder, invoicesOfOrder, orderItems, replaceOrderItems, setOrderTotals, type Order, type OrderItem } from '../../repos/orders';
import { getProductById } from '../../repos/products';
import { pending, onHand, setReservation } from '../../repos/stock';
import { getWarehouse } from '../../repos/warehouses';
import { fromMilli, missing, toMilli } from './common';
import { lineFor, orderTotals, stockDemands, totalsOut } from './orders';

function orderOf(ctx: RequestContext, id: number, allowed: Order['status'][]): Order {
  const order = getOrder(ctx.db, ctx.accountId, id) ?? missing('order', 'order_id', id);
  if (!allowed.includes(order.status)) {
    throw conflict(`Order ${id} is ${order.status}; its lines can be changed only while it is ${allowed.join(' or ')}.`, [{ field: 'order_id', message: `the order is ${order.status}` }],
      reason('order_status', { order_id: order.id, status: order.status, invoice_id: order.invoiceId }));
  }
  return order;
}

/** Sets one product's quantity on the lines: 0 removes it, a new product is added at list price. */
function setLine(ctx: RequestContext, order: Order, items: OrderItem[], productId: number, qtyMilli: number, field: string): OrderItem[] {
  const product = getProductById(ctx.db, ctx.accountId, productId) ?? missing('product', field, productId);
  const at = items.findIndex((i) => i.productId === productId);
  if (qtyMilli === 0) return at === -1 ? items : items.filter((_, i) => i !== at);
  if (at !== -1) return items.map((it, i) => (i === at ? { ...it, qtyMilli } : it));
  return [...items, lineFor(product, order.currency, field.replace(/\.product_id$/, ''), qtyMilli)];
}

function saveLines(ctx: RequestContext, order: Order, items: OrderItem[]) {
  const totals = orderTotals(items, order.currency, order.fxRate);
  replaceOrderItems(ctx.db, ctx.accountId, order.id, items);
  setOrderTotals(ctx.db, ctx.accountId, order.id, totals, ctx.clock.now());
  return totals;
}

export function setOrderItem(ctx: RequestContext, p: Params<'setOrderItem'>): Result<'setOrderItem'> {
  return ctx.commit(() => {
    const order = orderOf(ctx, p.order_id, ['open']);
    let items = orderItems(ctx.db, ctx.accountId, order.id);
    p.products.forEach((x, i) => {
      items = setLine(ctx, order, items, x.product_id, toMilli(x.new_quantity, `products[${i}].new_quantity`), `products[${i}].product_id`);
    });
    const totals = saveLines(ctx, order, items);
    return { order_id: order.id, items: items.map((it) => ({ product_id: it.productId, quantity: fromMilli(it.qtyMilli) })), totals: totalsOut(totals) };
  });
}

/**
 * Our reading of setWarehouseItem: set the quantity of a product line of an order and allocate it
 * from the order's warehouse. On an open order that is setOrderItem for one product; on a finalized
 * order the reservation follows the line, and must be available (CONFLICT otherwise).
 */
export function setWarehouseItem(ctx: RequestContext, p: Params<'setWarehouseItem'>): Result<'setWarehouseItem'> {
  return ctx.commit(() => {
    const { db, accountId } = ctx;
    const now = ctx.clock.now();
    const order = orderOf(ctx, p.order_id, ['open', 'finalized']);
    const qtyMilli = toMilli(p.quantity, 'quantity');
    const items = setLine(ctx, order, orderItems(db, accountId, order.id), p.product_id, qtyMilli, 'product_id');
    const warehouse = getWarehouse(db, accountId, order.warehouseId)!;
    if (order.status === 'finalized') {
      const stocked = stockDemands(db, accountId, items).get(p.product_id) ?? 0;
      const own = stockDemands(db, accountId, orderItems(db, accountId, order.id)).get(p.product_id) ?? 0;
      const free = onHand(db, accountId, p.product_id, warehouse.id) - pending(db, accountId, p.product_id, warehouse.id) + own;
      if (stocked > own && stocked > free) {
        throw conflict(`Not enough stock of product ${p.product_id} in ${warehouse.name} to allocate ${fromMilli(stocked)}: ${fromMilli(Math.max(0, free))} is available for this order.`, [
          { field: 'quantity', message: `only ${fromMilli(Math.max(0, free))} available in ${warehouse.name}` },
        ], reason('insufficient_stock', { product_id: p.product_id, warehouse: warehouse.name, requested: fromMilli(stocked), available: fromMilli(Math.max(0, free)), order_id: order.id }));
      }
      if (stocked !== own) setReservation(db, accountId, order.id, p.product_id, warehouse.id, stocked, now);
    }
    saveLines(ctx, order, items);
    return { order_id: order.id, product_id: p.product_id, warehouse: warehouse.name, quantity: p.quantity };
  });
}

const SHIPMENT_STATUS: Record<Order['status'], string> = { open: 'not_ready', proposal: 'not_ready', finalized: 'awaiting_shipment', shipped: 'shipped' };

export function getOrderStatus(ctx: RequestContext, p: Params<'getOrderStatus'>): Result<'getOrderStatus'> {
  const { db, accountId } = ctx;
  const order = getOrder(db, accountId, p.order_id) ?? missing('order', 'order_id', p.order_id);
  const items = orderItems(db, accountId, order.id);
  const invoices = invoicesOfOrder(db, accountId, order.id, order.invoiceId);
  return {
    order_id: order.id, status: order.status, payment_status: invoices.paymentStatus,
    shipment: {
      status: SHIPMENT_STATUS[order.status], warehouse: getWarehouse(db, accountId, order.warehouseId)?.name ?? '', shipped_date: order.shippedDate,
      items: items.map((it) => ({ product_id: it.productId, quantity: fromMilli(it.qtyMilli), shipped: fromMilli(it.shippedMilli) })),
    },
    totals: totalsOut(order.totals), currency: order.currency, contact_id: order.contactId, issued_date: order.issuedDate,
    invoice_ids: invoices.ids,
  };
}
