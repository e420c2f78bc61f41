/**
 * Stock history (read from the server, its newest page kept in the mirror for offline reading) and
 * transfers (through the outbox, exactly once, like every other command).
 */
import type { Capability } from '@shared/protocol';
import { keepHistory, keptHistory } from '../mirror/stockHistory';
import { productRow } from '../mirror/products';
import { currentId } from '../mirror/settings';
import { submit } from '../outbox/service';
import { placeOf } from '../outbox/summary';
import { STOCK_QUEUE } from '../outbox/deps';
import type { CoreContext, Handlers } from './context';
import { fromFailure, ipcError } from './context';
import { canonicalWarehouse, stockProduct } from './stock';

/** Known to have it, known to lack it, or unknown (the server was not reached since the desk started). */
function feature(ctx: CoreContext, cap: Capability): boolean | null {
  const caps = ctx.engine.capabilities();
  return caps.size === 0 ? null : caps.has(cap);
}

export const stockworkHandlers: Handlers<'stock.history' | 'stock.transfer' | 'stock.features'> = {
  'stock.features': (ctx) => ({ history: feature(ctx, 'getStockHistory'), transfer: feature(ctx, 'setTransfer') }),
  'stock.history': async (ctx, req) => {
    const id = currentId(ctx.db, 'product', req.productId);
    if (!productRow(ctx.db, id)) throw ipcError('NOT_FOUND', `Product ${req.productId} is not in the local data.`);
    const warehouse = req.warehouse.trim() ? canonicalWarehouse(ctx, req.warehouse) : '';
    const label = warehouse ? req.stockLabel.trim() : '';
    const kept = keptHistory(ctx.db, id, warehouse, label);
    const offline = { supported: true, fresh: false, fetchedAt: kept?.fetchedAt ?? null, movements: kept?.movements ?? [], more: kept?.more ?? false };
    const has = feature(ctx, 'getStockHistory');
    if (has === false) return { ...offline, supported: false };
    const api = ctx.api();
    // A product made offline has no server history yet; offline, the kept page is what there is.
    if (!api || id < 0 || !ctx.engine.isOnline()) return offline;
    const o = await api.call('getStockHistory', {
      product_id: id, ...(warehouse ? { warehouse } : {}), ...(label ? { stock_label: label } : {}),
      ...(req.before ? { before_receipt_id: req.before.receiptId, before_line: req.before.line } : {}),
    });
    if (o.kind === 'network' || o.kind === 'server') return offline;
    if (o.kind !== 'ok') throw fromFailure(o);
    const now = ctx.clock.now();
    // Only the newest page is kept: "recent history" for offline reading; older pages are read online.
    if (!req.before) keepHistory(ctx.db, id, warehouse, label, o.result.movements, o.result.more === 1, now);
    return { supported: true, fresh: true, fetchedAt: now.toISOString(), movements: o.result.movements, more: o.result.more === 1 };
  },
  'stock.transfer': (ctx, req) => {
    if (feature(ctx, 'setTransfer') === false) throw ipcError('CONFLICT', 'The server does not support transfers (extension setTransfer); update the server.');
    const rows = req.lines.map((l, i) => stockProduct(ctx, l.productId, `lines[${i}].productId`));
    const lines = req.lines.map((l, i) => ({
      product_id: rows[i]!.id, quantity: l.quantity,
      from_warehouse: canonicalWarehouse(ctx, l.fromWarehouse), from_stock_label: l.fromStockLabel.trim(),
      to_warehouse: canonicalWarehouse(ctx, l.toWarehouse), to_stock_label: l.toStockLabel.trim(),
    }));
    lines.forEach((l, i) => {
      if (l.from_warehouse.toLowerCase() === l.to_warehouse.toLowerCase() && l.from_stock_label === l.to_stock_label) {
        throw ipcError('VALIDATION_ERROR', `Line ${i + 1} moves ${rows[i]!.name} to the place it comes from.`, [{ field: `lines[${i}].toStockLabel`, message: 'is the same place as the source' }]);
      }
    });
    const first = lines[0]!;
    const entryId = submit(ctx.outbox, {
      method: 'setTransfer', queueKey: `${STOCK_QUEUE}transfer`,
      summary: `Transfer of ${lines.length} line(s) from ${placeOf(first.from_warehouse, first.from_stock_label)} to ${placeOf(first.to_warehouse, first.to_stock_label)}`,
      summaryData: { kind: 'transfer', args: { lines: lines.length, fromWarehouse: first.from_warehouse, fromStockLabel: first.from_stock_label, toWarehouse: first.to_warehouse, toStockLabel: first.to_stock_label } },
      params: { date: req.date || ctx.today(), lines },
    });
    ctx.changed(['quantities', 'outbox']);
    return { entryId };
  },
};
