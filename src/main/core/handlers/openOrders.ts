/** The server's open purchase orders, read for both receiving screens and kept for offline work. */
import type { Result } from '@shared/protocol';
import { keepOpenOrders } from '../mirror/receiving';
import { fromFailure, type CoreContext } from './context';

/** The server's open orders, every page; null when the server cannot be reached (offline, or down). */
export async function readOpenOrders(ctx: CoreContext): Promise<Result<'getPOs'>['purchase_orders'] | null> {
  const api = ctx.api();
  if (!api || !ctx.engine.isOnline()) return null;
  const rows: Result<'getPOs'>['purchase_orders'] = [];
  for (let after = 0, more = 1; more; ) {
    const o = await api.call('getPOs', { status: 'open', after_id: after });
    if (o.kind === 'network' || o.kind === 'server') return null;
    if (o.kind !== 'ok') throw fromFailure(o);
    rows.push(...o.result.purchase_orders);
    after = o.result.last_id;
    more = o.result.more && o.result.purchase_orders.length > 0 ? 1 : 0;
  }
  keepOpenOrders(ctx.db, rows, ctx.clock.now());
  return rows;
}
