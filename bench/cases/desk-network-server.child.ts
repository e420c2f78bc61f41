/**
 * The server side of the desk.network bench, in its own process so that the server and the
 * fault proxy do not share the desk core's thread (on a desk they are other machines): the real
 * Command API on a temp SQLite file with the test account and 40 stocked products, and a
 * fault-injecting proxy in front of it (20 % of requests and 20 % of answers lost when `lossy`).
 * Reports `{url, proxyUrl, dbPath, account, ids}` over IPC; `{stats: true}` answers the proxy's
 * request log; runs until the parent disconnects.
 */
import { startFaultProxy } from '../../test/helpers/faultProxy';
import { startTestServer } from '../../test/helpers/server';
import { seedCatalog } from '../../test/helpers/core';

async function main(): Promise<void> {
  const lossy = process.argv[2] === 'lossy';
  const seed = Number(process.argv[3] ?? 1);
  const s = await startTestServer();
  const ids = await seedCatalog(s.app.store, s.account.accountId, 40, s.clock.now(), { stockEvery: 1, qty: 1_000_000 });
  const proxy = await startFaultProxy(s.url, { dropRequest: lossy ? 0.2 : 0, dropResponse: lossy ? 0.2 : 0, reset: 0, maxLatencyMs: lossy ? 0 : 40 }, seed);
  proxy.enabled = false;
  process.on('message', (m: { enable?: boolean; down?: boolean; posts?: number }) => {
    if (m.enable !== undefined) proxy.enabled = m.enable;
    if (m.down !== undefined) proxy.down = m.down;
    // The first POST the proxy saw after a time (ms since the epoch), for restart timing.
    if (m.posts !== undefined) process.send!({ post: proxy.log.find((r) => r.method === 'POST' && r.at > m.posts!)?.at ?? null });
    else process.send!({ ok: true });
  });
  process.send!({ url: s.url, proxyUrl: proxy.url, dbPath: s.dbPath, account: s.account, ids });
  process.on('disconnect', () => {
    void proxy.close().then(() => s.close()).then(() => process.exit(0));
  });
}

void main();
