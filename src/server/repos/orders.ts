/** Sales orders and their lines. Amounts are canonical decimal strings from @shared/money. */
import { actorOf } from './actor';
import { perEngine } from '../db/dialect';
import type { Sql, SqlValue } from '../db/sql';
import { connectionKey } from '../db/sqlite/store';

export type OrderStatus = 'open' | 'finalized' | 'proposal' | 'shipped';

export interface OrderItem {
  productId: number;
  qtyMilli: number;
  shippedMilli: number;
  name: string;
  unit: string;
  unitPrice: string;
  discount: string;
  vat: string;
  description?: string;
}

export interface OrderTotals {
  net: string;
  vat: string;
  gross: string;
  netHuf?: string;
  vatHuf?: string;
  grossHuf?: string;
}

export interface OrderData {
  status: OrderStatus;
  warehouseId: number;
  shippingAim: string;
  method: string;
  issuedDate: string;
  selectedAccount: string;
  contactId: number;
  currency: string;
  fxRate?: string;
  language?: string;
  description?: string;
  issuerSwift?: string;
  issuerEmail?: string;
  issuerPhone?: string;
  orderAll: number;
  taskId?: number;
  customFields: Record<string, string | string[]>;
  totals: OrderTotals;
}

export interface Order extends OrderData {
  id: number;
  shippedDate?: string;
  invoiceId?: number;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: number; status: OrderStatus; warehouse_id: number; shipping_aim: string; method: string; issued_date: string;
  selected_account: string; contact_id: number; currency: string; fx_rate: string | null; language: string | null;
  order_description: string | null; issuer_swift: string | null; issuer_email: string | null; issuer_phone: string | null;
  order_all: number; task_id: number | null; custom_fields: string; net: string; vat: string; gross: string;
  net_huf: string | null; vat_huf: string | null; gross_huf: string | null; shipped_date: string | null; invoice_id: number | null;
  created_at: string; updated_at: string;
}

const u = <T>(v: T | null): T | undefined => v ?? undefined;
const toOrder = (r: Row): Order => ({
  id: r.id, status: r.status, warehouseId: r.warehouse_id, shippingAim: r.shipping_aim, method: r.method, issuedDate: r.issued_date,
  selectedAccount: r.selected_account, contactId: r.contact_id, currency: r.currency, fxRate: u(r.fx_rate), language: u(r.language),
  description: u(r.order_description), issuerSwift: u(r.issuer_swift), issuerEmail: u(r.issuer_email), issuerPhone: u(r.issuer_phone),
  orderAll: r.order_all, taskId: u(r.task_id), customFields: JSON.parse(r.custom_fields) as Order['customFields'],
  totals: { net: r.net, vat: r.vat, gross: r.gross, netHuf: u(r.net_huf), vatHuf: u(r.vat_huf), grossHuf: u(r.gross_huf) },
  shippedDate: u(r.shipped_date), invoiceId: u(r.invoice_id), createdAt: r.created_at, updatedAt: r.updated_at,
});

const COLUMNS = `status, warehouse_id, shipping_aim, method, issued_date, selected_account, contact_id, currency, fx_rate, language,
  order_description, issuer_swift, issuer_email, issuer_phone, order_all, task_id, custom_fields, net, vat, gross, net_huf, vat_huf, gross_huf`;

const values = (o: OrderData): SqlValue[] => [
  o.status, o.warehouseId, o.shippingAim, o.method, o.issuedDate, o.selectedAccount, o.contactId, o.currency, o.fxRate ?? null,
  o.language ?? null, o.description ?? null, o.issuerSwift ?? null, o.issuerEmail ?? null, o.issuerPhone ?? null, o.orderAll,
  o.taskId ?? null, JSON.stringify(o.customFields), o.totals.net, o.totals.vat, o.totals.gross, o.totals.netHuf ?? null,
  o.totals.vatHuf ?? null, o.totals.grossHuf ?? null,
];

export async function insertOrder(sql: Sql, accountId: number, o: OrderData, now: Date): Promise<number> {
  const iso = now.toISOString();
  const r = await sql.get<{ id: number }>(`INSERT INTO orders (${COLUMNS}, account_id, created_at, updated_at, created_by) VALUES (${'?, '.repeat(26)}?) RETURNING id`, [
    ...values(o), accountId, iso, iso, actorOf(sql),
  ]);
  return r!.id;
}

export async function updateOrder(sql: Sql, accountId: number, id: number, o: OrderData, now: Date): Promise<void> {
  const sets = COLUMNS.split(',').map((c) => `${c.trim()} = ?`).join(', ');
  await sql.run(`UPDATE orders SET ${sets}, updated_at = ? WHERE account_id = ? AND id = ?`, [...values(o), now.toISOString(), accountId, id]);
}

export async function setOrderStatus(sql: Sql, accountId: number, id: number, status: OrderStatus, now: Date): Promise<void> {
  await sql.run('UPDATE orders SET status = ?, updated_at = ? WHERE account_id = ? AND id = ?', [status, now.toISOString(), accountId, id]);
}

export async function setOrderTotals(sql: Sql, accountId: number, id: number, t: OrderTotals, now: Date): Promise<void> {
  await sql.run('UPDATE orders SET net = ?, vat = ?, gross = ?, net_huf = ?, vat_huf = ?, gross_huf = ?, updated_at = ? WHERE account_id = ? AND id = ?', [
    t.net, t.vat, t.gross, t.netHuf ?? null, t.vatHuf ?? null, t.grossHuf ?? null, now.toISOString(), accountId, id,
  ]);
}

export async function markShipped(sql: Sql, accountId: number, id: number, invoiceId: number | null, shippedDate: string, now: Date): Promise<void> {
  await sql.run("UPDATE orders SET status = 'shipped', shipped_date = ?, invoice_id = ?, updated_at = ? WHERE account_id = ? AND id = ?", [
    shippedDate, invoiceId, now.toISOString(), accountId, id,
  ]);
  await sql.run('UPDATE order_items SET shipped_milli = qty_milli WHERE account_id = ? AND order_id = ?', [accountId, id]);
}

/** Undoes markShipped: the order is open again, unlinked from the invoice, nothing of it shipped. */
export async function markUnshipped(sql: Sql, accountId: number, id: number, now: Date): Promise<void> {
  await sql.run("UPDATE orders SET status = 'open', shipped_date = NULL, invoice_id = NULL, updated_at = ? WHERE account_id = ? AND id = ?", [
    now.toISOString(), accountId, id,
  ]);
  await sql.run('UPDATE order_items SET shipped_milli = 0 WHERE account_id = ? AND order_id = ?', [accountId, id]);
}

const GET_ORDER = 'SELECT * FROM orders WHERE account_id = ? AND id = ?';
const LOCK_ORDER = perEngine((d) => `${GET_ORDER}${d.forUpdateOf('orders')}`);

/**
 * The order; `lock`: locked until commit and read as last committed, for a write that checks its
 * status and then changes it or its lines (setOrder, setOrderItem, shipping, a storno reopening it):
 * such writes of one order run one after another on every engine (docs/invariants.md).
 */
export async function getOrder(sql: Sql, accountId: number, id: number, lock = false): Promise<Order | undefined> {
  const r = await sql.get<Row>(lock ? LOCK_ORDER[sql.engine] : GET_ORDER, [accountId, id]);
  return r && toOrder(r);
}

interface ItemRow {
  product_id: number; qty_milli: number; shipped_milli: number; name: string; unit: string; unit_price: string;
  discount: string; vat: string; description: string | null;
}

export async function orderItems(sql: Sql, accountId: number, orderId: number): Promise<OrderItem[]> {
  const rows = await sql.all<ItemRow>('SELECT * FROM order_items WHERE account_id = ? AND order_id = ? ORDER BY position', [accountId, orderId]);
  return rows.map((r) => ({
    productId: r.product_id, qtyMilli: r.qty_milli, shippedMilli: r.shipped_milli, name: r.name, unit: r.unit,
    unitPrice: r.unit_price, discount: r.discount, vat: r.vat, description: r.description ?? undefined,
  }));
}

/** Replaces the order's lines (positions renumbered in the given order). */
export async function replaceOrderItems(sql: Sql, accountId: number, orderId: number, items: OrderItem[]): Promise<void> {
  await sql.run('DELETE FROM order_items WHERE account_id = ? AND order_id = ?', [accountId, orderId]);
  for (const [i, it] of items.entries()) {
    await sql.run(
      `INSERT INTO order_items (order_id, position, account_id, product_id, qty_milli, shipped_milli, name, unit, unit_price, discount, vat, description)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [orderId, i, accountId, it.productId, it.qtyMilli, it.shippedMilli, it.name, it.unit, it.unitPrice, it.discount, it.vat, it.description ?? null],
    );
  }
}

export type PaymentStatus = 'not_invoiced' | 'unpaid' | 'partially_paid' | 'paid';

const financeColumns = new WeakMap<object, boolean>();

/** The finance area's invoices table, if this database has it with the columns read below. */
async function hasInvoices(sql: Sql): Promise<boolean> {
  // PostgreSQL databases start at the baseline schema (db/postgres/baseline.ts), which has them.
  if (sql.engine === 'postgres') return true;
  let known = financeColumns.get(connectionKey(sql));
  if (known === undefined) {
    const cols = new Set((await sql.all<{ name: string }>("SELECT name FROM pragma_table_info('invoices')")).map((c) => c.name));
    known = ['order_id', 'type', 'gross_minor', 'paid_minor', 'cancelled_by'].every((c) => cols.has(c));
    if (known) financeColumns.set(connectionKey(sql), known);
  }
  return known;
}

/**
 * The tax invoices issued from an order (not proformas, not cancelled ones) and what they say
 * about payment: nothing invoiced, unpaid, partially paid, or paid in full.
 */
export async function invoicesOfOrder(sql: Sql, accountId: number, orderId: number, linked?: number): Promise<{ ids: number[]; paymentStatus: PaymentStatus }> {
  if (!(await hasInvoices(sql))) return { ids: linked ? [linked] : [], paymentStatus: 'not_invoiced' };
  const rows = await sql.all<{ id: number; gross_minor: number; paid_minor: number }>(
    `SELECT id, gross_minor, paid_minor FROM invoices WHERE account_id = ? AND order_id = ? AND type = 'invoice' AND cancelled_by IS NULL ORDER BY id`,
    [accountId, orderId],
  );
  if (rows.length === 0) return { ids: [], paymentStatus: 'not_invoiced' };
  const gross = rows.reduce((s, r) => s + r.gross_minor, 0);
  const paid = rows.reduce((s, r) => s + r.paid_minor, 0);
  return { ids: rows.map((r) => r.id), paymentStatus: paid <= 0 ? 'unpaid' : paid >= gross ? 'paid' : 'partially_paid' };
}

const LIST = perEngine((d) => `SELECT o.*, c.name AS contact_name, w.name AS warehouse_name, (SELECT u.name FROM users u WHERE u.id = o.created_by) AS created_by_name
    FROM orders o LEFT JOIN contacts c ON c.id = o.contact_id LEFT JOIN warehouses w ON w.id = o.warehouse_id
   WHERE o.account_id = ? AND o.id > ? AND (${d.nullParam} OR o.updated_at >= ?) ORDER BY o.id LIMIT ?`);

/** An order as the order list shows it: with its customer's and warehouse's names and who entered it. */
export interface ListedOrder extends Order { contactName: string; warehouseName: string; createdByName?: string }

/**
 * The account's orders after `afterId` in id order, optionally only those changed since
 * `updatedSince` (an ISO timestamp; updated_at is written as one, so text order is time order).
 */
export async function listOrders(sql: Sql, accountId: number, q: { afterId: number; updatedSince?: string; limit: number }): Promise<ListedOrder[]> {
  const rows = await sql.all<Row & { contact_name: string | null; warehouse_name: string | null; created_by_name: string | null }>(
    LIST[sql.engine],
    [accountId, q.afterId, q.updatedSince ?? null, q.updatedSince ?? null, q.limit],
  );
  return rows.map((r) => ({ ...toOrder(r), contactName: r.contact_name ?? '', warehouseName: r.warehouse_name ?? '', createdByName: u(r.created_by_name) }));
}

/** The lines of the account's orders with ids from `fromId` to `toId`, per order (a page of listOrders). */
export async function orderItemsBetween(sql: Sql, accountId: number, fromId: number, toId: number): Promise<Map<number, OrderItem[]>> {
  const rows = await sql.all<ItemRow & { order_id: number }>(
    'SELECT * FROM order_items WHERE account_id = ? AND order_id BETWEEN ? AND ? ORDER BY order_id, position',
    [accountId, fromId, toId],
  );
  const byOrder = new Map<number, OrderItem[]>();
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({
      productId: r.product_id, qtyMilli: r.qty_milli, shippedMilli: r.shipped_milli, name: r.name, unit: r.unit,
      unitPrice: r.unit_price, discount: r.discount, vat: r.vat, description: r.description ?? undefined,
    });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

const NUMBERS = perEngine((d) => `SELECT id, invoice_number FROM invoices WHERE account_id = ? AND id ${d.inJsonIds}`);
const OF_ORDERS = perEngine((d) => `SELECT id, order_id FROM invoices WHERE account_id = ? AND type = 'invoice' AND cancelled_by IS NULL AND order_id ${d.inJsonIds} ORDER BY id`);

/** The numbers of the account's invoices with these ids. */
export async function invoiceNumbers(sql: Sql, accountId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0 || !(await hasInvoices(sql))) return new Map();
  const rows = await sql.all<{ id: number; invoice_number: string | null }>(NUMBERS[sql.engine], [accountId, JSON.stringify(ids)]);
  return new Map(rows.filter((r) => r.invoice_number).map((r) => [r.id, r.invoice_number!]));
}

/** Every tax invoice issued from these orders and not cancelled, per order. */
export async function invoicesOfOrders(sql: Sql, accountId: number, orderIds: number[]): Promise<Map<number, number[]>> {
  if (orderIds.length === 0 || !(await hasInvoices(sql))) return new Map();
  const rows = await sql.all<{ id: number; order_id: number }>(OF_ORDERS[sql.engine], [accountId, JSON.stringify(orderIds)]);
  const m = new Map<number, number[]>();
  for (const r of rows) m.set(r.order_id, [...(m.get(r.order_id) ?? []), r.id]);
  return m;
}
