/** Unposted screen input. */
import { clearDraft, getDraft, setDraft } from '../mirror/drafts';
import type { Handlers } from './context';

export const draftHandlers: Handlers<'drafts.get' | 'drafts.set' | 'drafts.clear'> = {
  'drafts.get': (ctx, req) => getDraft(ctx.db, req.key),
  'drafts.set': (ctx, req) => {
    setDraft(ctx.db, req.key, req.value, ctx.clock.now());
    return { saved: true as const };
  },
  'drafts.clear': (ctx, req) => {
    clearDraft(ctx.db, req.key);
    return { cleared: true as const };
  },
};
