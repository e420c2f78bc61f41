/** Unposted screen input, the signed-in clerk's own (mirror/drafts.ts). */
import { clearDraft, getDraft, setDraft } from '../mirror/drafts';
import type { CoreContext, Handlers } from './context';

const clerkOf = (ctx: CoreContext) => ctx.clerks.current()?.id ?? null;

export const draftHandlers: Handlers<'drafts.get' | 'drafts.set' | 'drafts.clear'> = {
  'drafts.get': (ctx, req) => getDraft(ctx.db, clerkOf(ctx), req.key),
  'drafts.set': (ctx, req) => {
    setDraft(ctx.db, clerkOf(ctx), req.key, req.value, ctx.clock.now());
    return { saved: true as const };
  },
  'drafts.clear': (ctx, req) => {
    clearDraft(ctx.db, clerkOf(ctx), req.key);
    return { cleared: true as const };
  },
};
