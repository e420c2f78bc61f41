/** The outbox screen: what waits, what needs attention, and the clerk's decisions about it. */
import { listEntries, toView } from '../outbox/repo';
import { discard, edit, fix, planDiscard, resolveCount, retry } from '../outbox/service';
import type { Handlers } from './context';

export const outboxHandlers: Handlers<'outbox.list' | 'outbox.retry' | 'outbox.edit' | 'outbox.discard' | 'outbox.discardPlan' | 'outbox.fix' | 'outbox.resolveCount'> = {
  // Each entry with the name of the clerk who made it (also one removed since): the sync centre shows it.
  'outbox.list': (ctx, req) => listEntries(ctx.db, req.states).map((e) => ({ ...toView(e), clerkName: ctx.clerks.nameOf(e.clerkId) })),
  'outbox.retry': (ctx, req) => {
    const v = retry(ctx.outbox, req.id);
    ctx.changed(['outbox']);
    return v;
  },
  'outbox.edit': (ctx, req) => {
    const v = edit(ctx.outbox, req.id, req.params);
    ctx.changed(['outbox', 'quantities', 'products', 'orders', 'invoices']);
    return v;
  },
  'outbox.discard': (ctx, req) => {
    const r = discard(ctx.outbox, req.id);
    ctx.changed(['outbox', 'quantities', 'products', 'orders', 'invoices']);
    return r;
  },
  'outbox.discardPlan': (ctx, req) => planDiscard(ctx.outbox, req.id),
  'outbox.fix': (ctx, req) => {
    const v = fix(ctx.outbox, req.id, req.fix);
    ctx.changed(['outbox', 'quantities', 'products', 'orders', 'invoices']);
    return v;
  },
  'outbox.resolveCount': (ctx, req) => {
    const v = resolveCount(ctx.outbox, req.id, req.action);
    ctx.changed(['outbox', 'quantities']);
    return v;
  },
};
