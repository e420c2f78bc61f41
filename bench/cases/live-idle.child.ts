/**
 * The live bench's idle desks, in a process of their own (as desks are on machines of their own):
 * reading 200 streams in the writers' process would charge the writers with the readers' work.
 * `{open: {url, apiKey, sessionKey, count}}` opens the streams and answers `{opened}`; `{close: true}`
 * ends them and answers `{closed}`. Each stream's data is read and dropped, as an idle desk does.
 */
import { request, type ClientRequest } from 'node:http';
import { FEED_API_KEY_HEADER, FEED_SESSION_KEY_HEADER } from '@shared/protocol';

interface Open { url: string; apiKey: string; sessionKey: string; count: number }

const open: ClientRequest[] = [];

function subscribe(o: Open): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${o.url}/api/feed`, { headers: { [FEED_API_KEY_HEADER]: o.apiKey, [FEED_SESSION_KEY_HEADER]: o.sessionKey } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`subscriber refused: HTTP ${res.statusCode}`));
      res.on('data', () => {});
      res.on('error', () => {});
      resolve();
    });
    req.on('error', (e) => (open.includes(req) ? undefined : reject(e)));
    open.push(req);
    req.end();
  });
}

process.on('message', (m: { open?: Open; close?: boolean }) => {
  if (m.open) {
    const o = m.open;
    void (async () => {
      for (let i = 0; i < o.count; i++) await subscribe(o);
      process.send!({ opened: o.count });
    })().catch((e: unknown) => process.send!({ error: String(e) }));
  }
  if (m.close) {
    for (const r of open.splice(0)) r.destroy();
    process.send!({ closed: true });
  }
});
process.on('disconnect', () => process.exit(0));
