/** Settings, credentials, the demo server, and the sync status. */
import type { Handlers } from './context';

export const settingsHandlers: Handlers<'settings.get' | 'settings.update' | 'settings.setCredentials' | 'demo.start' | 'sync.status' | 'sync.now'> = {
  'settings.get': (ctx) => ctx.settings(),
  'settings.update': (ctx, req) =>
    ctx.updateSettings({
      ...(req.serverUrl !== undefined ? { serverUrl: req.serverUrl, demo: false } : {}),
      ...(req.format ? { format: req.format } : {}),
      ...(req.language ? { language: req.language } : {}),
    }),
  'settings.setCredentials': (ctx, req) => ctx.setCredentials({ apiKey: req.apiKey, sessionKey: req.sessionKey }),
  'demo.start': (ctx) => ctx.startDemo(),
  'sync.status': (ctx) => ctx.engine.status(),
  'sync.now': async (ctx) => {
    ctx.engine.reset();
    ctx.engine.requestPull('incremental');
    await ctx.engine.idle();
    return ctx.engine.status();
  },
};
