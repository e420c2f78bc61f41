/** Purchase orders: back-orders from setOrder order_all, getPO by project code, goods receipt. */
import { conflict, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { getContact } from '../../repos/contacts';
import { getProductById } from '../../repos/products';
import {
  findPurchaseOrderByCode, firstSupplier, insertPurchaseOrder, listPurchaseOrders, lockPurchaseOrder, markReceived, nextProjectCode, poLines, poLinesBetween, poReceipts,
} from '../../repos/purchaseOrders';
import { lockPoNumbers, poPrices } from '../../repos/purchaseOrderPrices';
import { addMove, insertReceipt, lastTakeinSupplier } from '../../repos/stock';
import { getWarehouse } from '../../repos/warehouses';
import { decimal, fromMilli, missing } from './common';
import { businessDate } from '../finance/calendar';
import { lineOut, receiveItems, receivingStatus } from './poReceiving';

/**
 * One purchase order per supplier for the quantities stock cannot cover. The supplier of a product
 * is the one of its last take-in, else the account's first supplier contact.
 */
export async function createBackOrders(ctx: RequestContext, db: Sql, orderId: number, warehouseId: number, shortages: Array<{ productId: number; qtyMilli: number }>) {
  const { accountId } = ctx;
  const now = ctx.clock.now();
  const fallback = await firstSupplier(db, accountId);
  const bySupplier = new Map<number, Array<{ productId: number; qtyMilli: number }>>();
  for (const s of shortages) {
    const supplier = (await lastTakeinSupplier(db, accountId, s.productId)) ?? fallback;
    if (supplier === undefined) {
      throw conflict(`Product ${s.productId} cannot be back-ordered: it has never been taken in from a supplier and your account has no supplier contact.`, [
        { field: 'order_all', message: 'no supplier to back-order from' },
      ], reason('no_supplier', { product_id: s.productId }));
    }
    bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), s]);
  }
  const out: Array<{ po_id: number; project_code: string }> = [];
  if (bySupplier.size > 0) await lockPoNumbers(db, accountId);
  for (const [supplierContactId, lines] of bySupplier) {
    const projectCode = await nextProjectCode(db, accountId, now.getUTCFullYear());
    const poId = await insertPurchaseOrder(db, accountId, { projectCode, supplierContactId, warehouseId, orderId, lines }, now);
    out.push({ po_id: poId, project_code: projectCode });
  }
  return out;
}

const receiptsOut = (rows: Awaited<ReturnType<typeof poReceipts>>) =>
  rows.map((r) => ({ receipt_id: r.receipt_id, product_id: r.product_id, quantity: fromMilli(r.qty_milli), date: r.date }));

export async function getPO(ctx: RequestContext, p: Params<'getPO'>): Promise<Result<'getPO'>> {
  const { db, accountId } = ctx;
  const po = (await findPurchaseOrderByCode(db, accountId, p.project_code)) ?? missing('purchase order', 'project_code', p.project_code);
  const supplier = await getContact(db, accountId, po.supplierContactId);
  const warehouse = await getWarehouse(db, accountId, po.warehouseId);
  const poLineRows = await poLines(db, accountId, po.id);
  const lines = [];
  // Purchase orders from setPurchaseOrder may carry unit prices (by line position) and a currency.
  const priced = await poPrices(db, accountId, po.id);
  for (const [i, l] of poLineRows.entries()) {
    const price = priced.prices.get(i);
    lines.push({ ...lineOut(po, l, (await getProductById(db, accountId, l.productId))?.name ?? ''), ...(price !== undefined ? { price: Number(price) } : {}) });
  }
  return {
    po_id: po.id, project_code: po.projectCode, status: po.status, receiving_status: receivingStatus(po, poLineRows.reduce((s, l) => s + l.receivedMilli, 0)),
    supplier: { contact_id: po.supplierContactId, name: supplier?.name ?? '' },
    warehouse: warehouse?.name ?? '', order_id: po.orderId, created_at: po.createdAt,
    ...(priced.currency ? { currency: priced.currency } : {}),
    lines,
    receipts: receiptsOut(await poReceipts(db, accountId, po.id)),
  };
}

const PO_PAGE = 1000;

/** Extension getPOs: the account's purchase orders (of one status if asked), 1,000 per page in id order. */
export async function getPOs(ctx: RequestContext, p: Params<'getPOs'>): Promise<Result<'getPOs'>> {
  const { db, accountId } = ctx;
  const rows = await listPurchaseOrders(db, accountId, { status: p.status, afterId: p.after_id ?? 0, limit: PO_PAGE + 1 });
  const page = rows.slice(0, PO_PAGE);
  const names = new Map<number, string>();
  const warehouses = new Map<number, string>();
  const lines = page.length ? await poLinesBetween(db, accountId, page[0]!.id, page.at(-1)!.id) : [];
  for (const po of page) {
    if (!names.has(po.supplierContactId)) names.set(po.supplierContactId, (await getContact(db, accountId, po.supplierContactId))?.name ?? '');
    if (!warehouses.has(po.warehouseId)) warehouses.set(po.warehouseId, (await getWarehouse(db, accountId, po.warehouseId))?.name ?? '');
  }
  return {
    purchase_orders: page.map((po) => {
      const mine = lines.filter((l) => l.poId === po.id);
      return {
        po_id: po.id, project_code: po.projectCode, status: po.status, receiving_status: receivingStatus(po, mine.reduce((s, l) => s + l.receivedMilli, 0)), supplier: { contact_id: po.supplierContactId, name: names.get(po.supplierContactId)! },
        warehouse: warehouses.get(po.warehouseId)!, ...(po.orderId !== undefined ? { order_id: po.orderId } : {}), created_at: po.createdAt, outstanding: fromMilli(po.status === 'open' ? po.outstandingMilli : 0),
        lines: mine.map((l) => lineOut(po, l, l.productName)),
      };
    }),
    last_id: page.at(-1)?.id ?? p.after_id ?? 0,
    more: rows.length > PO_PAGE ? 1 : 0,
  };
}

/**
 * Without items: receives every open line into the PO's warehouse (unlabelled) in one receipt and
 * closes the PO, as the document describes. With items (extension): a partial receipt; with close 1
 * the order is closed afterwards even if lines remain (closed short). The order's row lock makes
 * concurrent receipts of one order take turns.
 */
export function setPOTakeIn(ctx: RequestContext, p: Params<'setPOTakeIn'>): Promise<Result<'setPOTakeIn'>> {
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    const now = ctx.clock.now();
    const po = (await lockPurchaseOrder(db, accountId, p.PO)) ?? missing('purchase order', 'PO', p.PO);
    if (po.status !== 'open') {
      throw conflict(`Purchase order ${po.projectCode} was already ${po.closedShortAt ? 'closed' : 'received'} on ${po.receivedAt?.slice(0, 10) ?? 'an earlier day'}; it cannot be received again.`, [
        { field: 'PO', message: `the purchase order is already ${po.closedShortAt ? 'closed' : 'received'}` },
      ], reason('po_received', { po: po.projectCode, received_at: po.receivedAt?.slice(0, 10) }));
    }
    const lines = await poLines(db, accountId, po.id);
    let receiptIds: number[];
    if (p.items === undefined && p.close !== 1) {
      const receiptId = await insertReceipt(db, accountId, {
        kind: 'po_takein', warehouseId: po.warehouseId, contactId: po.supplierContactId, poId: po.id, orderId: po.orderId, date: businessDate(now, ctx.timeZone),
        grossWeight: p.gross_weight === undefined ? undefined : decimal(p.gross_weight, 'gross_weight'),
        packageType: p.package_type === undefined ? undefined : String(p.package_type), countryCode: p.country_code,
      }, now);
      for (const l of lines) {
        const open = l.qtyMilli - l.receivedMilli;
        if (open > 0) await addMove(db, accountId, receiptId, { productId: l.productId, warehouseId: po.warehouseId, label: '', qtyMilli: open });
      }
      await markReceived(db, accountId, po.id, now);
      receiptIds = [receiptId];
    } else {
      receiptIds = await receiveItems(ctx, db, po, lines, p);
    }
    const after = (await lockPurchaseOrder(db, accountId, po.id))!;
    const afterLines = await poLines(db, accountId, po.id);
    const named = [];
    for (const l of afterLines) named.push(lineOut(after, l, (await getProductById(db, accountId, l.productId))?.name ?? ''));
    return {
      po_id: po.id, status: after.status, receiving_status: receivingStatus(after, afterLines.reduce((s, l) => s + l.receivedMilli, 0)),
      receipts: receiptsOut(await poReceipts(db, accountId, po.id)), lines: named, receipt_ids: receiptIds,
    };
  });
}
