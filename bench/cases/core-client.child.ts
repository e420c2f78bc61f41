/**
 * The desktop core under measurement, in its own process (so its resident memory is its own):
 * full pull of the server's catalog, an incremental pull after 100 changes made by another client,
 * EAN and free-text lookups on that mirror, and the replay of 10,000 queued setQuantity against
 * the same client's own sequential setQuantity rate. Reports the figures over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '@main/core/api/client';
import { createCore } from '@main/core/core';
import { memoryCredentialStore } from '@main/core/credentials';
import { seededRandom } from '@main/core/random';
import { percentile } from '../lib/measure';

interface Start { url: string; keys: { api_key: string; session_key: string }; supplier: number; ids: [number, number]; products: number }

const WORDS = ['szűrő', 'szuro', 'csavar', 'kalapács', 'fogó', 'kés', 'bosch', 'makita', 'győri'];

async function run(s: Start): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-mirror-'));
  let offline = false;
  const core = createCore({
    dataDir: dir, random: seededRandom(1), credentialStore: memoryCredentialStore(),
    fetch: (u, i) => (offline ? Promise.reject(new TypeError('fetch failed')) : fetch(u, i)),
    engine: { pullIntervalMs: 3_600_000, healthIntervalMs: 50, backoff: { baseMs: 1, capMs: 10 } },
  });
  await core.start();
  const ok = async (channel: string, request: unknown) => {
    const r = await core.invoke(channel, request);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.result;
  };
  const out: Record<string, number> = {};
  const idle = async () => {
    do await core.engine.idle();
    while ((await core.invoke('sync.status', {})).ok === false);
  };

  let t = performance.now();
  await ok('settings.update', { serverUrl: s.url, format: 'json' });
  await ok('settings.setCredentials', { apiKey: s.keys.api_key, sessionKey: s.keys.session_key });
  await idle();
  out.fullPullMs = performance.now() - t;
  out.mirrored = (core.db.prepare('SELECT count(*) AS n FROM products').get() as { n: number }).n;
  out.stockRows = (core.db.prepare('SELECT count(*) AS n FROM stock').get() as { n: number }).n;

  // 100 changes by another client: 50 renamed products and 50 stock changes.
  const other = new ApiClient({ baseUrl: s.url, format: 'json', apiKey: s.keys.api_key, sessionKey: s.keys.session_key, fetch: (u, i) => fetch(u, i) });
  for (let i = 0; i < 50; i++) {
    const id = s.ids[0] + i * 997;
    await other.call('setProduct', { id, product_name: `Átnevezett szűrő ${i}`, currency: 'HUF', vat: 27, unit: 'db' });
    await other.call('setQuantity', { product_id: id + 1, quantity: 3, contact_id: s.supplier, warehouse: 'Szeged' });
  }
  t = performance.now();
  await ok('sync.now', {});
  out.incrementalMs = performance.now() - t;
  out.incrementalSeen = (await ok('products.search', { query: 'atnevezett', limit: 100 }) as { total: number }).total;

  const r = seededRandom(3);
  const ean: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const code = String(5_990_000_000_000 + Math.floor(r.next() * s.products));
    const t0 = performance.now();
    await ok('products.lookup', { code });
    ean.push(performance.now() - t0);
  }
  out.eanP99 = percentile(ean, 99);
  const text: number[] = [];
  for (let i = 0; i < 600; i++) {
    const w = WORDS[i % WORDS.length]!;
    const query = i % 3 === 0 ? w : i % 3 === 1 ? `${w} ${String(Math.floor(r.next() * 1000)).padStart(3, '0')}` : `${w.slice(0, 3)} ${WORDS[(i + 4) % WORDS.length]!.slice(0, 4)}`;
    const t0 = performance.now();
    await ok('products.search', { query, limit: 100 });
    text.push(performance.now() - t0);
  }
  out.textP99 = percentile(text, 99);
  out.textP50 = percentile(text, 50);
  out.load = loadavg()[0]!;
  out.rssMb = process.memoryUsage().rss / 1048576;

  // The same client, sequentially, without the outbox: the server's own setQuantity rate.
  const N = 10_000;
  const BASE = 2_000;
  t = performance.now();
  for (let i = 0; i < BASE; i++) await other.call('setQuantity', { product_id: s.ids[0] + (i % 5000), quantity: 1, contact_id: s.supplier, warehouse: 'Default', request_id: `bench-base-${i}` });
  out.serverRate = BASE / ((performance.now() - t) / 1000);

  offline = true;
  core.engine.reset();
  await core.engine.idle();
  for (let i = 0; i < N; i++) await ok('stock.adjust', { productId: s.ids[0] + (i % 5000), warehouse: 'Default', quantity: 1, contactId: s.supplier });
  offline = false;
  t = performance.now();
  core.engine.reset();
  for (;;) {
    await core.engine.idle();
    const st = (await ok('sync.status', {})) as { outbox: { queued: number; inFlight: number; needsAttention: number } };
    if (st.outbox.queued + st.outbox.inFlight === 0) break;
    core.engine.kick();
    await new Promise((res) => setTimeout(res, 5));
  }
  out.replayRate = N / ((performance.now() - t) / 1000);
  out.rssAfterMb = process.memoryUsage().rss / 1048576;
  await core.stop();
  rmSync(dir, { recursive: true, force: true });
  return out;
}

process.once('message', (m: Start) => {
  run(m).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (e: unknown) => process.send!({ error: (e as Error).stack ?? String(e) }, () => process.exit(1)),
  );
});
