/** Take-ins, single adjustments, and purchase-order receipts: all through the outbox. */
import { listWarehouses } from '../mirror/contacts';
import { productRow } from '../mirror/products';
import { currentId } from '../mirror/settings';
import { savePurchaseOrder, purchaseOrder } from '../mirror/dues';
import { keptOpenList, keptOrder, openOrdersFetchedAt } from '../mirror/receiving';
import { readOpenOrders } from './openOrders';
import { binsOfWarehouse } from '../mirror/stock';
import { submit } from '../outbox/service';
import { placeOf } from '../outbox/summary';
import type { CoreContext } from './context';
import { fromFailure, ipcError, notFound, requireOnline, type Handlers } from './context';

/** The warehouse as the server spells it, so mirror rows and server answers use one key. */
export function canonicalWarehouse(ctx: CoreContext, name: string): string {
  const n = name.trim();
  return listWarehouses(ctx.db).find((w) => w.name.toLowerCase() === n.toLowerCase())?.name ?? n;
}

export function stockProduct(ctx: CoreContext, given: number, field: string) {
  const id = currentId(ctx.db, 'product', given);
  const row = productRow(ctx.db, id);
  if (!row) throw notFound(`Product ${given}`);
  if (row.service) throw ipcError('VALIDATION_ERROR', `${row.name} is a service and carries no stock.`, [{ field, message: 'is a service' }]);
  return row;
}

/** Nothing kept to answer with while the server cannot be reached (or none is set up): it is needed. */
function notKept(ctx: CoreContext, what: string): never {
  if (!ctx.api()) requireOnline(ctx);
  throw ipcError('OFFLINE', `The server cannot be reached right now, and this desk has not read ${what} before. Try again when Stockdesk shows it is online.`);
}

const labelOf = (label: string) => (label ? { stock_label: label } : {});

export const stockHandlers: Handlers<'stock.takeIn' | 'stock.adjust' | 'stock.bins' | 'po.open' | 'po.get' | 'po.receive'> = {
  'stock.bins': (ctx, req) => (req.warehouse.trim() ? binsOfWarehouse(ctx.db, canonicalWarehouse(ctx, req.warehouse)) : []),
  'stock.takeIn': (ctx, req) => {
    const warehouse = canonicalWarehouse(ctx, req.warehouse);
    const rows = req.lines.map((l, i) => stockProduct(ctx, l.productId, `lines[${i}].productId`));
    const entryIds = ctx.db.transaction(() =>
      req.lines.map((l, i) =>
        submit(ctx.outbox, {
          method: 'setQuantity', queueKey: `product:${rows[i]!.id}`,
          summary: `Take-in ${l.quantity} × ${rows[i]!.name} into ${placeOf(warehouse, req.stockLabel)}`,
          summaryData: { kind: 'takeIn', args: { quantity: l.quantity, product: rows[i]!.name, place: placeOf(warehouse, req.stockLabel), warehouse, stockLabel: req.stockLabel ?? '' } },
          params: {
            product_id: rows[i]!.id, quantity: l.quantity, contact_id: req.contactId, warehouse, ...labelOf(req.stockLabel),
            ...(l.price !== undefined ? { price: l.price } : {}), ...(l.currency ? { currency: l.currency } : {}), ...(l.fxRate ? { fxrate: l.fxRate } : {}),
            date: req.date || ctx.today(), ...(l.batchNo ? { batch_no: l.batchNo } : {}), ...(l.expireDate ? { expire_date: l.expireDate } : {}),
            ...(l.countryCode ? { country_code: l.countryCode.toUpperCase() } : {}),
          },
        }),
      ),
    )();
    ctx.changed(['quantities', 'outbox']);
    return { entryIds };
  },
  'stock.adjust': (ctx, req) => {
    const row = stockProduct(ctx, req.productId, 'productId');
    const warehouse = canonicalWarehouse(ctx, req.warehouse);
    const entryId = submit(ctx.outbox, {
      method: 'setQuantity', queueKey: `product:${row.id}`,
      summary: `${req.quantity > 0 ? 'Take-in' : 'Wasting'} ${Math.abs(req.quantity)} × ${row.name} ${req.quantity > 0 ? 'into' : 'from'} ${placeOf(warehouse, req.stockLabel)}`,
      summaryData: { kind: req.quantity > 0 ? 'takeIn' : 'wasting', args: { quantity: Math.abs(req.quantity), product: row.name, place: placeOf(warehouse, req.stockLabel), warehouse, stockLabel: req.stockLabel ?? '' } },
      params: { product_id: row.id, quantity: req.quantity, contact_id: req.contactId, warehouse, ...labelOf(req.stockLabel), date: ctx.today() },
    });
    ctx.changed(['quantities', 'outbox']);
    return { entryId };
  },
  // Offline the goods receipt works from the orders this desk last read (kept with their lines, as
  // the receiving screen's), marked with when; a receipt then waits in the outbox like any change.
  'po.open': async (ctx) => {
    const fresh = await readOpenOrders(ctx);
    if (fresh) return { orders: [...fresh].reverse(), keptAt: null };
    const keptAt = openOrdersFetchedAt(ctx.db);
    if (keptAt === null) notKept(ctx, 'the open purchase orders');
    return { orders: keptOpenList(ctx.db), keptAt };
  },
  'po.get': async (ctx, req) => {
    const api = ctx.api();
    if (api && ctx.engine.isOnline()) {
      const o = await api.call('getPO', { project_code: req.projectCode });
      if (o.kind === 'ok') {
        savePurchaseOrder(ctx.db, o.result, ctx.clock.now());
        return o.result;
      }
      if (o.kind !== 'network') throw fromFailure(o);
    }
    const kept = keptOrder(ctx.db, req.projectCode);
    if (!kept) notKept(ctx, `purchase order ${req.projectCode}`);
    return { ...kept.po, keptAt: kept.fetchedAt };
  },
  'po.receive': (ctx, req) => {
    const po = purchaseOrder(ctx.db, req.poId);
    const entryId = submit(ctx.outbox, {
      method: 'setPOTakeIn', queueKey: `po:${req.poId}`,
      summary: `Goods receipt of purchase order ${po?.project_code ?? req.poId}${po ? ` into ${po.warehouse}` : ''}`,
      summaryData: { kind: 'poReceipt', args: { po: po?.project_code ?? String(req.poId) } },
      params: { PO: req.poId, ...(req.grossWeight !== undefined ? { gross_weight: req.grossWeight } : {}), ...(req.packageType !== undefined ? { package_type: req.packageType } : {}), ...(req.countryCode ? { country_code: req.countryCode.toUpperCase() } : {}) },
    });
    ctx.changed(['quantities', 'outbox']);
    return { entryId };
  },
};
