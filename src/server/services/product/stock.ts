/**
 * Stock quantities: getQuantity, setQuantity (take-in and wasting receipts), getQuantities, and the
 * take-in that setProduct places. Definitions (docs/api-product.md): deliverable = on hand; pending =
 * reserved by finalized, unshipped orders (per product × warehouse); available = deliverable − pending.
 */
import { conflict, invalid, reason, type Params, type QuantityRow, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { getAccount } from '../../repos/accounts';
import { contactExists } from '../../repos/contacts';
import type { ProductHead } from '../../repos/products';
import { pullCursor } from '../../repos/changeCursor';
import { insertReceiptWithMove, stockWriteRefs, issueSerials, levelsAt, nextSerial, stockByWarehouse, stockInWarehouseNamed, stockPage, type LevelsAt, type WarehouseStock } from '../../repos/stock';
import type { Warehouse } from '../../repos/warehouses';
import { fromMilli, missing, optDecimal, toMilli } from './common';
import { businessDate } from '../finance/calendar';
import { resolveWarehouse } from './warehouses';

/**
 * A product's row in one warehouse. Reservations are not per label: a label row shows its own
 * stock, the warehouse's pending, and as available what the label holds, capped by what the
 * warehouse as a whole has available.
 */
function quantityRow(productId: number, s: Pick<WarehouseStock, 'warehouse' | 'onHand' | 'labelOnHand' | 'pending'>, label: string | undefined): QuantityRow {
  const available = s.onHand - s.pending;
  return label === undefined
    ? { product_id: productId, warehouse: s.warehouse, deliverable: fromMilli(s.onHand), pending: fromMilli(s.pending), available: fromMilli(available) }
    : {
        product_id: productId, warehouse: s.warehouse, stock_label: label, deliverable: fromMilli(s.labelOnHand), pending: fromMilli(s.pending),
        available: fromMilli(Math.min(s.labelOnHand, available)),
      };
}

/** Rows of a product per warehouse: every warehouse ('*') or the one given. */
async function quantityRows(ctx: RequestContext, productId: number, warehouses: Warehouse[] | '*', label?: string): Promise<QuantityRow[]> {
  const one = warehouses === '*' ? null : warehouses[0]!;
  const rows = (await stockByWarehouse(ctx.db, ctx.accountId, productId, one ? one.id : null, label ?? null)) ?? missing('product', 'product_id', productId);
  // Default of an account older than this area exists only by name until its first write.
  const found = one && rows.length === 0 ? [{ warehouseId: 0, warehouse: one.name, onHand: 0, labelOnHand: 0, pending: 0 }] : rows;
  return found.map((r) => quantityRow(productId, r, label));
}

export async function getQuantity(ctx: RequestContext, p: Params<'getQuantity'>): Promise<Result<'getQuantity'>> {
  const label = p.stock_label === '' ? undefined : p.stock_label;
  // With "*" the product check rides in the stock query; a named warehouse is checked after the product.
  if (p.warehouse === '*') return { quantities: await quantityRows(ctx, p.product_id, '*', label) };
  // The product, the warehouse and the stock in one statement; the warehouse is resolved on its own
  // only when none has that name (Default of an older account exists only by name: zero stock).
  const rows = (await stockInWarehouseNamed(ctx.db, ctx.accountId, p.product_id, p.warehouse, label ?? null)) ?? missing('product', 'product_id', p.product_id);
  if (rows.length > 0) return { quantities: rows.map((r) => quantityRow(p.product_id, r, label)) };
  const one = await resolveWarehouse(ctx, ctx.db, p.warehouse, 'warehouse', false);
  return { quantities: [quantityRow(p.product_id, { warehouse: one.name, onHand: 0, labelOnHand: 0, pending: 0 }, label)] };
}

export interface TakeIn {
  qtyMilli: number;
  warehouse: Warehouse;
  label: string;
  contactId?: number;
  productType?: 1 | 3;
  startSerial?: number;
  price?: number;
  currency?: string;
  fxrate?: number;
  date?: string;
  grossWeight?: number;
  packageType?: string;
  countryCode?: string;
  batchNo?: string;
  expireDate?: string;
}

/**
 * Checks a take-in's references before anything is written (prefix names the fields: "" or "takein_").
 * contactKnown: whether the contact exists, when the caller read it already.
 */
export async function checkTakeIn(ctx: RequestContext, sql: Sql, product: ProductHead, t: TakeIn, prefix: string, contactKnown?: boolean): Promise<void> {
  if (product.service === 1) {
    throw conflict(`Product ${product.id} (${product.name}) is a service and carries no stock.`, [{ field: `${prefix}quantity`, message: 'a service has no stock' }], reason('service_has_no_stock', { product_id: product.id }));
  }
  if (t.contactId !== undefined && !(contactKnown ?? (await contactExists(sql, ctx.accountId, t.contactId)))) missing('contact', `${prefix}contact_id`, t.contactId);
  if (t.productType === 3 && t.qtyMilli % 1000 !== 0) {
    throw invalid(`Vouchers (product_type 3) are taken in by whole pieces; got ${fromMilli(t.qtyMilli)}.`, [{ field: `${prefix}quantity`, message: 'must be a whole number for vouchers' }]);
  }
  if (t.price === undefined) return;
  const currency = t.currency ?? product.currency;
  const home = (await getAccount(sql, ctx.accountId))!.defaultCurrency;
  if (currency !== home && (t.fxrate === undefined || t.fxrate <= 0)) {
    throw invalid(`${prefix}fxrate is required (greater than 0, ${home} per 1 ${currency}) for a price in ${currency}.`, [{ field: `${prefix}fxrate`, message: `is required for a price in ${currency}` }]);
  }
}

/** Writes a take-in receipt (and voucher serials); call inside commit after checkTakeIn. */
export async function placeTakeIn(ctx: RequestContext, db: Sql, product: ProductHead, t: TakeIn, prefix: string): Promise<{ receiptId: number; serials?: string[] }> {
  const { accountId } = ctx;
  const now = ctx.clock.now();
  const price = optDecimal(t.price, `${prefix}price`);
  const receiptId = await insertReceiptWithMove(db, accountId, {
    kind: 'takein', warehouseId: t.warehouse.id, contactId: t.contactId, date: t.date ?? businessDate(now, ctx.timeZone), price,
    currency: price === undefined ? t.currency : (t.currency ?? product.currency), fxrate: optDecimal(t.fxrate, `${prefix}fxrate`),
    grossWeight: optDecimal(t.grossWeight, `${prefix}gross_weight`), packageType: t.packageType, countryCode: t.countryCode, batchNo: t.batchNo,
    expireDate: t.expireDate,
  }, { productId: product.id, label: t.label, qtyMilli: t.qtyMilli }, now);
  if (t.productType !== 3) return { receiptId };
  const count = t.qtyMilli / 1000;
  const first = t.startSerial ?? (await nextSerial(db, product.id));
  if (!Number.isSafeInteger(first + count) || !(await issueSerials(db, accountId, product.id, receiptId, first, count))) {
    throw conflict(`Voucher serial numbers ${first}–${first + count - 1} of product ${product.id} overlap numbers already issued; choose another ${prefix}start_serial_number.`, [
      { field: `${prefix}start_serial_number`, message: 'overlaps serial numbers already issued' },
    ], reason('serials_overlap', { product_id: product.id, first, last: first + count - 1 }));
  }
  return { receiptId, serials: Array.from({ length: count }, (_, i) => String(first + i)) };
}

/**
 * Every label's level in the warehouse after a write of qtyMilli under label (capability
 * "setQuantity.stock"), from the read before it: a desk sets each bin from its own row and never
 * has to derive one from the warehouse's total.
 */
function binRows(productId: number, warehouse: string, before: LevelsAt, label: string, qtyMilli: number) {
  const known = before.levels.some((l) => l.label === label);
  const after = known ? before.levels : [...before.levels, { label, qtyMilli: 0 }].sort((x, y) => (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  return after.map((l) => ({ product_id: productId, warehouse, stock_label: l.label, deliverable: fromMilli(l.label === label ? l.qtyMilli + qtyMilli : l.qtyMilli) }));
}

export function setQuantity(ctx: RequestContext, p: Params<'setQuantity'>): Promise<Result<'setQuantity'>> {
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    // Read with the lock that holds the product's stock still (lockStock's, on PostgreSQL) until commit.
    const refs = (await stockWriteRefs(db, accountId, p.product_id, p.warehouse, p.contact_id)) ?? missing('product', 'product_id', p.product_id);
    const product = refs.head;
    if (p.warehouse === '*') throw invalid('setQuantity changes one warehouse: name it (or Default) instead of "*".', [{ field: 'warehouse', message: 'must name one warehouse' }]);
    const warehouse = refs.warehouse ?? (await resolveWarehouse(ctx, db, p.warehouse, 'warehouse', true));
    const label = p.stock_label ?? '';
    const qtyMilli = toMilli(p.quantity, 'quantity');
    const t: TakeIn = {
      qtyMilli, warehouse, label, contactId: p.contact_id, productType: p.product_type, startSerial: p.start_serial_number, price: p.price,
      currency: p.currency, fxrate: p.fxrate, date: p.date, grossWeight: p.gross_weight, packageType: p.package_type, countryCode: p.country_code,
      batchNo: p.batch_no, expireDate: p.expire_date,
    };
    await checkTakeIn(ctx, db, product, t, '', refs.contactKnown);
    // One read before the write serves the checks and the answer: the write changes the label's
    // level and the warehouse's total by exactly qtyMilli, and nothing else runs in between
    // (the product's lock, taken with its head above: not another instance's write either).
    const before = await levelsAt(db, accountId, product.id, warehouse.id);
    const current = before.levels.find((l) => l.label === label)?.qtyMilli ?? 0;
    const where = `${warehouse.name}${label ? ` (label ${label})` : ''}`;
    if (p.expected_quantity !== undefined && toMilli(p.expected_quantity, 'expected_quantity') !== current) {
      throw conflict(`The deliverable quantity of product ${product.id} in ${where} changed since it was read: expected ${p.expected_quantity}, it is now ${fromMilli(current)}. Nothing was changed; count again.`, [
        { field: 'expected_quantity', message: `the deliverable quantity is now ${fromMilli(current)}` },
      ], reason('stock_changed', { product_id: product.id, warehouse: warehouse.name, stock_label: p.stock_label || undefined, expected: p.expected_quantity, current: fromMilli(current) }));
    }
    const row = () => quantityRow(product.id, { warehouse: warehouse.name, onHand: before.onHand + qtyMilli, labelOnHand: current + qtyMilli, pending: before.pending }, p.stock_label ? label : undefined);
    if (qtyMilli > 0) {
      const { receiptId, serials } = await placeTakeIn(ctx, db, product, t, '');
      return { receipt_id: receiptId, receipt_type: 'takein' as const, quantities: [row()], stock: binRows(product.id, warehouse.name, before, label, qtyMilli), ...(serials ? { serial_numbers: serials } : {}) };
    }
    if (current < -qtyMilli) {
      throw conflict(`Cannot waste ${fromMilli(-qtyMilli)} of product ${product.id} (${product.name}) in ${where}: only ${fromMilli(current)} is deliverable.`, [
        { field: 'quantity', message: `only ${fromMilli(current)} deliverable` },
      ], reason('insufficient_stock', {
        product_id: product.id, product_name: product.name, warehouse: warehouse.name, stock_label: p.stock_label || undefined, requested: fromMilli(-qtyMilli), available: fromMilli(Math.max(0, current)),
      }));
    }
    const now = ctx.clock.now();
    const receiptId = await insertReceiptWithMove(db, accountId, { kind: 'wasting', warehouseId: warehouse.id, contactId: p.contact_id, date: p.date ?? businessDate(now, ctx.timeZone), batchNo: p.batch_no }, { productId: product.id, label, qtyMilli }, now);
    return { receipt_id: receiptId, receipt_type: 'wasting' as const, quantities: [row()], stock: binRows(product.id, warehouse.name, before, label, qtyMilli) };
  });
}

const PAGE = 1000;

export async function getQuantities(ctx: RequestContext, p: Params<'getQuantities'>): Promise<Result<'getQuantities'>> {
  // Before the rows are read: the cursor never passes a write still to commit (repos/changeCursor.ts).
  const serverTime = await pullCursor(ctx.db, ctx.accountId, ctx.clock.now());
  const page = await stockPage(ctx.db, ctx.accountId, { productIds: p.product_ids, afterId: p.after_id ?? 0, since: p.updated_since, limit: PAGE });
  return {
    stock: page.stock.map((s) => ({ product_id: s.product_id, warehouse: s.warehouse, stock_label: s.stock_label, deliverable: fromMilli(s.qty_milli) })),
    reserved: page.reserved.map((r) => ({ product_id: r.product_id, warehouse: r.warehouse, pending: fromMilli(r.qty_milli) })),
    last_id: page.productIds.at(-1) ?? p.after_id ?? 0,
    more: page.more ? 1 : 0,
    server_time: serverTime,
  };
}

