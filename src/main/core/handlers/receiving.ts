/**
 * Receiving against purchase orders (issue 18): the open orders kept in the mirror for offline
 * scanning, and partial receipts / closing short through the outbox (extension setPOTakeIn.items).
 * A server without the extension keeps the whole-order receipt (po.receive) as before.
 */
import { purchaseOrder } from '../mirror/dues';
import { openOrders, openOrdersFetchedAt, receivingOrder } from '../mirror/receiving';
import { readOpenOrders } from './openOrders';
import { currentId } from '../mirror/settings';
import { submit } from '../outbox/service';
import type { CoreContext, Handlers } from './context';
import { ipcError, notFound } from './context';
import { stockProduct } from './stock';

const CAP = 'setPOTakeIn.items';

function supported(ctx: CoreContext): boolean | null {
  const caps = ctx.engine.capabilities();
  return caps.size === 0 ? null : caps.has(CAP);
}

const refresh = async (ctx: CoreContext): Promise<boolean> => (await readOpenOrders(ctx)) !== null;

export const receivingHandlers: Handlers<'receiving.orders' | 'receiving.post'> = {
  'receiving.orders': async (ctx) => {
    const has = supported(ctx);
    // Without the extension getPOs carries no lines: the kept list would be empty shells.
    const fresh = has === false ? false : await refresh(ctx);
    return { supported: has, fresh, fetchedAt: openOrdersFetchedAt(ctx.db), orders: has === false ? [] : openOrders(ctx.db) };
  },
  'receiving.post': (ctx, req) => {
    if (supported(ctx) === false) throw ipcError('CONFLICT', 'The server does not support partial receipts (extension setPOTakeIn.items); receive the whole order on the goods receipt screen.');
    const po = purchaseOrder(ctx.db, req.poId);
    if (!po || po.status !== 'open') throw notFound(`Open purchase order ${req.poId}`);
    if (req.lines.length === 0 && !req.close) throw ipcError('VALIDATION_ERROR', 'Scan what arrived, or close the order short.', [{ field: 'lines', message: 'add at least one line' }]);
    const view = receivingOrder(ctx.db, po);
    const want = new Map<number, number>();
    const items = req.lines.map((l, i) => {
      const row = stockProduct(ctx, l.productId, `lines[${i}].productId`);
      const id = currentId(ctx.db, 'product', row.id);
      if (!po.lines.some((x) => x.product_id === id)) {
        throw ipcError('VALIDATION_ERROR', `${row.name} is not on purchase order ${po.project_code}; take it in on the take-in screen.`, [{ field: `lines[${i}].productId`, message: 'is not on the order' }]);
      }
      want.set(id, (want.get(id) ?? 0) + Math.round(l.quantity * 1000));
      return {
        product_id: id, quantity: l.quantity, ...(req.stockLabel ? { stock_label: req.stockLabel } : {}),
        ...(l.batchNo ? { batch_no: l.batchNo } : {}), ...(l.expireDate ? { expire_date: l.expireDate } : {}),
      };
    });
    // The server refuses an over-receipt; refusing it here first keeps it out of the outbox (the screen warns before this).
    for (const [id, qty] of want) {
      const left = view.lines.filter((l) => l.productId === id).reduce((s, l) => s + Math.round(l.remaining * 1000), 0);
      if (qty > left) {
        const name = view.lines.find((l) => l.productId === id)!.productName;
        throw ipcError('VALIDATION_ERROR', `Purchase order ${po.project_code} expects only ${left / 1000} more of ${name}.`, [{ field: `lines[${req.lines.findIndex((l) => currentId(ctx.db, 'product', l.productId) === id)}].quantity`, message: `only ${left / 1000} remain` }]);
      }
    }
    const entryId = submit(ctx.outbox, {
      method: 'setPOTakeIn', queueKey: `po:${po.po_id}`,
      summary: `Goods receipt of purchase order ${po.project_code} into ${po.warehouse}${req.close ? ' (closing it short)' : ''}`,
      summaryData: { kind: 'poReceipt', args: { po: po.project_code } },
      params: { PO: po.po_id, ...(items.length ? { items } : {}), ...(req.close ? { close: 1 } : {}) },
    });
    ctx.changed(['quantities', 'outbox']);
    return { entryId };
  },
};
