/**
 * Sales orders: setOrder (save, finalize with reservations, propose, back-order), and the hand-over
 * to the finance area, shipOrderForInvoice. Statuses and rules: docs/api-product.md.
 */
import { computeTotals, MoneyError } from '@shared/money';
import { conflict, INVOICE_CURRENCIES, invalid, notFound, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { getAccount } from '../../repos/accounts';
import { findBankAccount } from '../../repos/bankAccounts';
import { getContact } from '../../repos/contacts';
import { listCustomFieldDefs } from '../../repos/customFields';
import {
  getOrder, insertOrder, markShipped, orderItems, replaceOrderItems, updateOrder, type Order, type OrderItem, type OrderStatus, type OrderTotals,
} from '../../repos/orders';
import { getProductById, productKinds, type Product } from '../../repos/products';
import { addMove, insertReceipt, levelsOf, lockStock, onHand, pending, releaseReservations, setReservation } from '../../repos/stock';
import { getWarehouse } from '../../repos/warehouses';
import { decimal, fromMilli, missing, toMilli } from './common';
import { createBackOrders } from './purchaseOrders';
import { chooseWarehouse, resolveWarehouse } from './warehouses';
import { checkVatRate } from '../vatRate';

const STATUS_OF: Record<0 | 1 | 2, OrderStatus> = { 0: 'open', 1: 'finalized', 2: 'proposal' };

export function totalsOut(t: OrderTotals): Result<'setOrder'>['totals'] {
  const n = (s: string | undefined) => (s === undefined ? undefined : Number(s));
  return { net: Number(t.net), vat: Number(t.vat), gross: Number(t.gross), net_huf: n(t.netHuf), vat_huf: n(t.vatHuf), gross_huf: n(t.grossHuf) };
}

/** Totals of the lines with @shared/money; fx only for foreign currencies (HUF per unit). */
export function orderTotals(items: OrderItem[], currency: string, fxRate: string | undefined): OrderTotals {
  try {
    const lines = items.map((it) => ({ quantity: String(fromMilli(it.qtyMilli)), unitPrice: it.unitPrice, discountPercent: it.discount, vatRate: it.vat }));
    return computeTotals(lines, currency, currency === 'HUF' ? undefined : fxRate).totals;
  } catch (e) {
    if (e instanceof MoneyError) {
      const field = e.field.replace(/^lines\[(\d+)\].*/, 'items[$1]');
      throw invalid(`The order amounts cannot be computed: ${e.message}.`, [{ field, message: e.message }]);
    }
    throw e;
  }
}

/** A new line for a product at its list price (setOrderItem, setWarehouseItem), or at the given price. */
export function lineFor(product: Product, currency: string, field: string, qtyMilli: number, price?: number, discount?: number, unit?: string, description?: string): OrderItem {
  let unitPrice: string;
  if (price !== undefined) unitPrice = decimal(price, `${field}.custom_price`);
  else if (product.listPrice === undefined) {
    throw invalid(`Product ${product.id} (${product.name}) has no list price; give custom_price.`, [{ field: `${field}.custom_price`, message: 'is required: the product has no list price' }],
      reason('no_list_price', { product_id: product.id, product_name: product.name, currency }));
  } else if (product.currency !== currency) {
    throw invalid(`Product ${product.id} (${product.name}) is priced in ${product.currency} but the order is in ${currency}; give custom_price in ${currency}.`, [
      { field: `${field}.custom_price`, message: `is required: the list price is in ${product.currency}` },
    ], reason('no_list_price', { product_id: product.id, product_name: product.name, currency, list_currency: product.currency }));
  } else unitPrice = product.listPrice;
  return {
    productId: product.id, qtyMilli, shippedMilli: 0, name: product.name, unit: unit || product.unit, unitPrice,
    discount: discount === undefined ? '0' : decimal(discount, `${field}.discount`), vat: product.vat, description,
  };
}

/** Quantities per stocked product (services carry no stock, so they are never reserved or shipped), their stock locked (lockStock). */
export async function stockDemands(db: Sql, accountId: number, items: OrderItem[]): Promise<Map<number, number>> {
  const kinds = await productKinds(db, accountId, items.map((i) => i.productId));
  const out = new Map<number, number>();
  for (const it of items) if (!kinds.get(it.productId)?.service) out.set(it.productId, (out.get(it.productId) ?? 0) + it.qtyMilli);
  // Every caller checks these products' stock next and then reserves or ships it: hold it still till commit.
  await lockStock(db, accountId, out.keys());
  return out;
}

/** On hand minus every reservation in the warehouse. */
export const available = async (db: Sql, accountId: number, productId: number, warehouseId: number) =>
  (await onHand(db, accountId, productId, warehouseId)) - (await pending(db, accountId, productId, warehouseId));

/** An address with one @, something before it and a dotted domain after it: enough to catch "x". */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

async function checkHeader(ctx: RequestContext, db: Sql, p: Params<'setOrder'>): Promise<string | undefined> {
  const { accountId } = ctx;
  // An order is invoiced in its own currency: one no invoice can carry would be stuck for ever.
  if (!(INVOICE_CURRENCIES as readonly string[]).includes(p.currency)) {
    throw invalid(`currency ${p.currency} cannot be invoiced; an order must be in ${INVOICE_CURRENCIES.join(', ')}.`, [
      { field: 'currency', message: `must be one of ${INVOICE_CURRENCIES.join(', ')}` },
    ]);
  }
  if (p.issuer_email && !EMAIL.test(p.issuer_email)) {
    throw invalid(`issuer_email "${p.issuer_email.slice(0, 60)}" is not an e-mail address; write it like name@example.hu, or leave it empty.`, [
      { field: 'issuer_email', message: 'must be an e-mail address like name@example.hu' },
    ]);
  }
  if (!await getContact(db, accountId, p.contact_id)) missing('contact', 'contact_id', p.contact_id);
  if (!await findBankAccount(db, accountId, p.selected_account)) {
    throw invalid(`selected_account "${p.selected_account}" is not one of your bank account numbers; it must match exactly.`, [
      { field: 'selected_account', message: 'must exactly match one of your bank account numbers' },
    ], reason('unknown_bank_account', { account: p.selected_account }));
  }
  const home = (await getAccount(db, accountId))!.defaultCurrency;
  if (p.currency !== home) {
    if (p.fx_rate === undefined || p.fx_rate <= 0) {
      throw invalid(`fx_rate is required (greater than 0, ${home} per 1 ${p.currency}) because the order is not in ${home}.`, [
        { field: 'fx_rate', message: `is required when currency is not ${home}` },
      ]);
    }
    return decimal(p.fx_rate, 'fx_rate');
  }
  if (p.fx_rate !== undefined && p.fx_rate !== 1) {
    throw invalid(`fx_rate must be absent or 1 when the order is in ${home}.`, [{ field: 'fx_rate', message: `must be absent or 1 for ${home}` }]);
  }
  if (p.custom_fields) {
    const defined = new Set((await listCustomFieldDefs(db, accountId, 'order')).map((d) => d.name));
    for (const name of Object.keys(p.custom_fields)) {
      if (!defined.has(name)) throw invalid(`Custom field "${name}" is not defined for orders in your account.`, [{ field: `custom_fields.${name}`, message: 'is not a defined order custom field' }],
        reason('undefined_custom_field', { name, area: 'order' }));
    }
  }
  return undefined;
}

async function buildItems(ctx: RequestContext, db: Sql, p: Params<'setOrder'>): Promise<OrderItem[]> {
  const seen = new Set<number>();
  const out: OrderItem[] = [];
  for (const [i, it] of p.items.entries()) {
    const field = `items[${i}]`;
    if (seen.has(it.product_id)) {
      throw invalid(`Product ${it.product_id} appears on more than one line; put its whole quantity on one line.`, [{ field: `${field}.product_id`, message: 'appears more than once' }]);
    }
    seen.add(it.product_id);
    const product = (await getProductById(db, ctx.accountId, it.product_id)) ?? missing('product', `${field}.product_id`, it.product_id);
    await checkVatRate(db, ctx.accountId, product.vat, `${field}.product_id`, product);
    out.push(lineFor(product, p.currency, field, toMilli(it.quantity, `${field}.quantity`), it.custom_price, it.discount, it.unit, it.description));
  }
  return out;
}

export function setOrder(ctx: RequestContext, p: Params<'setOrder'>): Promise<Result<'setOrder'>> {
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    const now = ctx.clock.now();
    let existing: Order | undefined;
    if (p.id !== undefined) {
      existing = (await getOrder(db, accountId, p.id, true)) ?? missing('order', 'id', p.id);
      if (existing.status !== 'open') {
        throw conflict(`Order ${p.id} is ${existing.status}; only an open order can be changed.`, [{ field: 'id', message: `the order is ${existing.status}` }],
          reason('order_status', { order_id: existing.id, status: existing.status, invoice_id: existing.invoiceId }));
      }
    }
    const fxRate = await checkHeader(ctx, db, p);
    const items = await buildItems(ctx, db, p);
    const totals = orderTotals(items, p.currency, fxRate);
    const status = STATUS_OF[p.finalize_order ?? 0];
    const orderAll = p.order_all ?? 0;
    const demands = await stockDemands(db, accountId, items);
    const warehouse = p.warehouse === '*' ? await chooseWarehouse(ctx, db, demands, orderAll === 1) : await resolveWarehouse(ctx, db, p.warehouse, 'warehouse', true);

    const shortages: Array<{ productId: number; qtyMilli: number }> = [];
    if (status === 'finalized') {
      for (const [productId, qty] of demands) {
        const avail = await available(db, accountId, productId, warehouse.id);
        if (avail >= qty) continue;
        if (orderAll !== 1) {
          const name = items.find((i) => i.productId === productId)!.name;
          const line = items.findIndex((i) => i.productId === productId);
          throw conflict(`Not enough stock of product ${productId} (${name}) in ${warehouse.name}: ${fromMilli(qty)} ordered, ${fromMilli(Math.max(0, avail))} available. Order less, choose another warehouse, or send order_all 1 to back-order the rest.`, [
            { field: `items[${line}].quantity`, message: `only ${fromMilli(Math.max(0, avail))} available in ${warehouse.name}` },
          ], reason('insufficient_stock', { product_id: productId, product_name: name, warehouse: warehouse.name, requested: fromMilli(qty), available: fromMilli(Math.max(0, avail)), line, order_id: p.id }));
        }
        shortages.push({ productId, qtyMilli: qty - Math.max(0, avail) });
      }
    }
    const data = {
      status, warehouseId: warehouse.id, shippingAim: p.shipping_aim, method: p.method, issuedDate: p.issued_date,
      selectedAccount: p.selected_account, contactId: p.contact_id, currency: p.currency, fxRate, language: p.language,
      description: p.order_description, issuerSwift: p.issuer_swift, issuerEmail: p.issuer_email, issuerPhone: p.issuer_phone,
      orderAll, taskId: p.task_id, customFields: p.custom_fields ?? {}, totals,
    };
    let orderId: number;
    if (existing) {
      orderId = existing.id;
      await updateOrder(db, accountId, orderId, data, now);
    } else orderId = await insertOrder(db, accountId, data, now);
    await replaceOrderItems(db, accountId, orderId, items);
    if (status === 'finalized') for (const [productId, qty] of demands) await setReservation(db, accountId, orderId, productId, warehouse.id, qty, now);
    const pos = shortages.length ? await createBackOrders(ctx, db, orderId, warehouse.id, shortages) : [];
    return {
      order_id: orderId, status, warehouse: warehouse.name, totals: totalsOut(totals),
      ...(pos[0] ? { purchase_order: pos[0], purchase_orders: pos } : {}),
    };
  });
}

export interface ShippedItem {
  productId: number;
  quantity: number;
  unitPrice: string;
  discount: string;
  vat: string;
  name: string;
  unit: string;
}

/** Delivers each stocked product from its labels, unlabelled stock first, then labels in name order. */
async function deliver(db: Sql, accountId: number, receiptId: number, warehouseId: number, productId: number, qtyMilli: number): Promise<void> {
  let rest = qtyMilli;
  for (const level of await levelsOf(db, accountId, productId, warehouseId)) {
    if (rest === 0) break;
    const take = Math.min(rest, level.qtyMilli);
    if (take <= 0) continue;
    await addMove(db, accountId, receiptId, { productId, warehouseId, label: level.label, qtyMilli: -take });
    rest -= take;
  }
}

/**
 * For the finance area's setInvoice with order_id, inside the caller's transaction: ships a
 * finalized order (or an open one whose stock is available now), writing one delivery receipt,
 * releasing its reservations, marking it shipped and linking the invoice. CONFLICT when the order
 * is shipped already, is a proposal, is empty, or its warehouse lacks the stock; NOT_FOUND when it
 * is not the account's. Returns the lines to invoice (quantities as numbers, amounts as decimals).
 */
export async function shipOrderForInvoice(db: Sql, accountId: number, orderId: number, invoiceId: number, now: Date, day: string): Promise<{ items: ShippedItem[] }> {
  const order = await getOrder(db, accountId, orderId, true);
  if (!order) {
    throw notFound(`Order ${orderId} does not exist in your account.`, [{ field: 'order_id', message: 'no order with this id in your account' }],
      reason('unknown_record', { kind: 'order', id: String(orderId), field: 'order_id' }));
  }
  if (order.status === 'shipped') {
    throw conflict(`Order ${orderId} was already shipped${order.invoiceId ? ` and invoiced (invoice ${order.invoiceId})` : ''}; it cannot be invoiced again.`, [
      { field: 'order_id', message: 'the order is already shipped' },
    ], reason('order_status', { order_id: orderId, status: order.status, invoice_id: order.invoiceId }));
  }
  if (order.status === 'proposal') {
    throw conflict(`Order ${orderId} is a proposal; place it as an order before invoicing it.`, [{ field: 'order_id', message: 'the order is a proposal' }], reason('order_status', { order_id: orderId, status: order.status }));
  }
  const items = await orderItems(db, accountId, orderId);
  if (items.length === 0) throw conflict(`Order ${orderId} has no items to invoice.`, [{ field: 'order_id', message: 'the order has no items' }], reason('order_empty', { order_id: orderId }));
  const warehouse = (await getWarehouse(db, accountId, order.warehouseId))!;
  const demands = await stockDemands(db, accountId, items);
  for (const [productId, qty] of demands) {
    // A finalized order's reservation entitles it to on-hand stock; an open order may only take what is available.
    const usable = order.status === 'finalized' ? await onHand(db, accountId, productId, warehouse.id) : await available(db, accountId, productId, warehouse.id);
    if (usable < qty) {
      const name = items.find((i) => i.productId === productId)!.name;
      throw conflict(`Order ${orderId} cannot be shipped: product ${productId} (${name}) needs ${fromMilli(qty)} in ${warehouse.name}, ${fromMilli(Math.max(0, usable))} can be delivered.`, [
        { field: 'order_id', message: `not enough stock of product ${productId}` },
      ], reason('insufficient_stock', { product_id: productId, product_name: name, warehouse: warehouse.name, requested: fromMilli(qty), available: fromMilli(Math.max(0, usable)), order_id: orderId }));
    }
  }
  if (demands.size > 0) {
    const receiptId = await insertReceipt(db, accountId, { kind: 'delivery', warehouseId: warehouse.id, contactId: order.contactId, orderId, invoiceId, date: day }, now);
    for (const [productId, qty] of demands) await deliver(db, accountId, receiptId, warehouse.id, productId, qty);
  }
  await releaseReservations(db, accountId, orderId, now);
  await markShipped(db, accountId, orderId, invoiceId, day, now);
  return {
    items: items.map((it) => ({
      productId: it.productId, quantity: fromMilli(it.qtyMilli), unitPrice: it.unitPrice, discount: it.discount, vat: it.vat, name: it.name, unit: it.unit,
    })),
  };
}
