/**
 * The clerks of this desk (issue 19): add (after the server said whose keys they are), remove,
 * switch. The screens see names and roles only; the keys stay in the core.
 */
import type { Clerk } from '@shared/ipc/types';
import type { StoredCredentials } from '../types';
import { clearClerkDrafts } from '../mirror/drafts';
import { ipcError, type CoreContext, type Handlers } from './context';

/** Whose keys these are, asked with exactly these keys; a clear sentence when the server will not say. */
async function whoseKeys(ctx: CoreContext, keys: StoredCredentials): Promise<Clerk & { userId: number | null }> {
  const api = ctx.clerks.clientWith(keys);
  if (!api) throw ipcError('VALIDATION_ERROR', 'Enter the server address in Settings first: the desk asks the server whose keys these are before keeping them.');
  const o = await api.call('getSession', {});
  switch (o.kind) {
    case 'ok':
      return { name: o.result.user?.name ?? null, role: o.result.role, userId: o.result.user?.id ?? null };
    case 'auth':
      // The server's English stays in the log; the screen words the sentence in the clerk's language.
      ctx.log.info('keys of a clerk to add were refused', { message: o.message });
      throw ipcError('AUTH_FAILED', 'The server does not accept these keys: check that the API key and the session key are the ones issued to this clerk, and type them again.');
    case 'network':
      // The network's own words stay in the log: the screen says what to do.
      throw ipcError('OFFLINE', 'A clerk is added only once the server has said whose keys these are, and the server cannot be reached: try again when Stockdesk is online.');
    case 'rejected':
      throw ipcError('VALIDATION_ERROR', `This server cannot say whose keys these are (${o.message}); enter the keys in the form above instead.`);
    case 'server':
      throw ipcError('INTERNAL_ERROR', o.message);
  }
}

const known = (ctx: CoreContext, id: string) => {
  if (!ctx.clerks.has(id)) throw ipcError('NOT_FOUND', 'That clerk is not on this desk any more: pick a name from the list.');
};

export const clerkHandlers: Handlers<'clerks.list' | 'clerks.check' | 'clerks.add' | 'clerks.remove' | 'clerks.switch'> = {
  'clerks.list': (ctx) => ctx.clerks.views(),
  'clerks.check': async (ctx, req) => {
    const c = await whoseKeys(ctx, req);
    return { name: c.name, role: c.role };
  },
  'clerks.add': async (ctx, req) => {
    const c = await whoseKeys(ctx, req);
    await ctx.clerks.add({ apiKey: req.apiKey, sessionKey: req.sessionKey, name: c.name, role: c.role, userId: c.userId });
    ctx.clerkChanged();
    // Entries of this clerk parked while their keys were missing can now go: the clerk retries them in the sync centre.
    ctx.changed(['outbox']);
    return ctx.clerks.views();
  },
  'clerks.remove': async (ctx, req) => {
    known(ctx, req.id);
    const wasCurrent = ctx.clerks.current()?.id === req.id;
    await ctx.clerks.remove(req.id);
    clearClerkDrafts(ctx.db, req.id);
    if (wasCurrent) ctx.clerkChanged();
    ctx.changed(['outbox']);
    return ctx.clerks.views();
  },
  'clerks.switch': async (ctx, req) => {
    known(ctx, req.id);
    await ctx.clerks.switchTo(req.id);
    ctx.clerkChanged();
    return ctx.clerks.views();
  },
};
