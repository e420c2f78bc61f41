/**
 * live.pg2.propagation (issue 17): the same measure as live.propagation, with the server scaled out —
 * two instances on one PostgreSQL database. Desk A (a plain API client) writes to instance 1; desk B
 * (the real desktop core, change feed open) is connected to instance 2, so every change crosses
 * instances: A's commit → PostgreSQL NOTIFY → instance 2's feed → B's scoped pull from instance 2.
 * 200 varied changes (take-ins and wastings of 1–3 over 40 products and their two warehouses).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore } from '@main/core/core';
import { memoryCredentialStore } from '@main/core/credentials';
import { ApiClient } from '@main/core/api/client';
import { percentile } from '../lib/measure';
import { loadAverageNote, startChild, stopChildren } from '../lib/http';
import { benchDatabase } from '../lib/postgres';
import { atMost, makeResult, type BenchCase, type BenchResult } from '../lib/types';

const CHILD = fileURLToPath(new URL('./server-pg-haproxy.child.ts', import.meta.url));
const CHANGES = 200;
const PRODUCTS = 40;

interface Seeded { url: string; keys: { api_key: string; session_key: string }; supplier: number; firstId: number; warehouses: string[] }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(fn: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await sleep(1);
  }
}

export const livePgCase: BenchCase = {
  name: 'live.pg2.propagation',
  description: `live desks across two PostgreSQL instances: desk A's write at instance 1 to desk B's mirror at instance 2, ${CHANGES} changes`,
  async run(ctx) {
    const db = await benchDatabase(ctx, 'live.pg2.propagation', 'stockdesk_bench_live');
    const children: ChildProcess[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-live-pg-desk-'));
    const products = process.env.BENCH_HAPROXY_PRODUCTS;
    try {
      // The child seeds BENCH_HAPROXY_PRODUCTS products, each stocked in two of six warehouses.
      process.env.BENCH_HAPROXY_PRODUCTS = String(PRODUCTS);
      const first = await startChild(CHILD, ['seed', db.url]);
      children.push(first.child);
      const second = await startChild(CHILD, ['serve', db.url]);
      children.push(second.child);
      const s = first.info as unknown as Seeded;
      const a = new ApiClient({ baseUrl: s.url, format: 'json', apiKey: s.keys.api_key, sessionKey: s.keys.session_key, fetch: (u, i) => fetch(u, i), timeoutMs: 10_000 });
      const b = createCore({ dataDir: dir, credentialStore: memoryCredentialStore(), engine: { pullIntervalMs: 3_600_000 } });
      await b.start();
      try {
        await b.invoke('settings.update', { serverUrl: String(second.info.url), format: 'json' });
        await b.invoke('settings.setCredentials', { apiKey: s.keys.api_key, sessionKey: s.keys.session_key });
        await until(() => b.engine.liveState() === 'live' && b.engine.status().mirrored, 60_000);
        ctx.log(`live.pg2.propagation: desk B live on instance 2; ${CHANGES} changes from desk A on instance 1`);
        const detail = async (id: number) => ((await b.invoke('products.get', { id })) as { ok: true; result: { deliverable: number } }).result;
        const times: number[] = [];
        for (let i = 0; i < CHANGES; i++) {
          const k = (i * 7) % PRODUCTS;
          const id = s.firstId + k;
          // Product k is stocked in warehouses k and k+1 (seedStockedCatalog): a wasting never runs short.
          const warehouse = s.warehouses[(k + (i % 2)) % s.warehouses.length]!;
          const delta = [2, -1, 3][i % 3]!;
          const before = (await detail(id)).deliverable;
          const o = await a.call('setQuantity', { product_id: id, quantity: delta, contact_id: s.supplier, warehouse, request_id: `live-pg2-${Date.now().toString(36)}-${i}` });
          if (o.kind !== 'ok') throw new Error(`desk A's write failed: ${o.message}`);
          const confirmed = performance.now();
          await until(async () => (await detail(id)).deliverable === before + delta, 5_000);
          times.push(performance.now() - confirmed);
        }
        const results: BenchResult[] = [
          makeResult({ name: 'live.pg2.propagation.p50', value: percentile(times, 50), unit: 'ms', notes: `two instances on one PostgreSQL database; ${CHANGES} changes (take-ins and wastings over ${PRODUCTS} products), confirmed write at A (instance 1) → B's mirror (instance 2); ${loadAverageNote()}` }, atMost(1000, 'ms')),
          makeResult({ name: 'live.pg2.propagation.p95', value: percentile(times, 95), unit: 'ms', notes: `max ${Math.max(...times).toFixed(1)} ms` }, atMost(1000, 'ms')),
        ];
        return results;
      } finally {
        await b.stop();
      }
    } finally {
      if (products === undefined) delete process.env.BENCH_HAPROXY_PRODUCTS;
      else process.env.BENCH_HAPROXY_PRODUCTS = products;
      stopChildren(...children);
      await sleep(500);
      await db.done();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
