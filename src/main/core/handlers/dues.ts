/** Due customers from the mirror; the reminder letter only from the server. */
import { saveSeller, listDues } from '../mirror/dues';
import { fromFailure, requireOnline, type Handlers } from './context';

export const dueHandlers: Handlers<'dues.list' | 'dues.letter'> = {
  'dues.list': (ctx) => listDues(ctx.db),
  'dues.letter': async (ctx, req) => {
    const api = requireOnline(ctx);
    const o = await api.call('getDueNotification', { contact_id: req.contactId, language: req.language, ...(ctx.engine.capabilities().has('getDueNotification.pdf') ? { pdf: 1 } : {}) });
    if (o.kind !== 'ok') throw fromFailure(o);
    saveSeller(ctx.db, o.result.seller, `letter ${o.result.date}`, ctx.clock.now());
    return o.result;
  },
};
