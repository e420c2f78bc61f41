/**
 * Due customers: the server's list (read again whenever the desk is online, so a payment or an
 * invoice the server confirmed shows at once) with the clerk's unconfirmed invoices and payments
 * counted in, marked pending. The reminder letter only from the server.
 */
import { listDues, replaceDues, saveSeller, withUnconfirmed } from '../mirror/dues';
import { unconfirmedReceivables } from '../mirror/invoices';
import { fromFailure, requireOnline, type CoreContext, type Handlers } from './context';

/** Online: the server's current list replaces the mirror's; a failure leaves the last one pulled. */
async function refreshDues(ctx: CoreContext): Promise<void> {
  const api = ctx.engine.isOnline() ? ctx.api() : null;
  if (!api) return;
  const o = await api.call('getDueCustomers', {});
  if (o.kind === 'ok') ctx.db.transaction(() => replaceDues(ctx.db, o.result.customers))();
  else ctx.log.warn('dues refresh failed', { kind: o.kind });
}

export const dueHandlers: Handlers<'dues.list' | 'dues.letter'> = {
  'dues.list': async (ctx) => {
    await refreshDues(ctx).catch((e: unknown) => ctx.log.warn('dues refresh failed', { message: (e as Error).message }));
    return withUnconfirmed(listDues(ctx.db), unconfirmedReceivables(ctx.db), ctx.today());
  },
  'dues.letter': async (ctx, req) => {
    const api = requireOnline(ctx);
    const o = await api.call('getDueNotification', { contact_id: req.contactId, language: req.language, ...(ctx.engine.capabilities().has('getDueNotification.pdf') ? { pdf: 1 } : {}) });
    if (o.kind !== 'ok') throw fromFailure(o);
    saveSeller(ctx.db, o.result.seller, `letter ${o.result.date}`, ctx.clock.now());
    return o.result;
  },
};
