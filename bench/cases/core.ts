/**
 * The desktop core against a local server with 100,000 products stocked in three warehouses:
 * full mirror pull (≤ 60 s), incremental pull after 100 changes (≤ 1 s), replay of 10,000 queued
 * setQuantity against the same client's sequential setQuantity rate (ratio ≥ 0.5), EAN lookup
 * p99 (≤ 2 ms), free-text search p99 (≤ 20 ms) and the core process's resident memory (≤ 300 MB).
 * Server and core run as separate processes, so the memory figure is the core's alone.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { atMost, makeResult, ratioAtLeast, type BenchCase, type BenchResult } from '../lib/types';

const SERVER = fileURLToPath(new URL('./core-server.child.ts', import.meta.url));
const CLIENT = fileURLToPath(new URL('./core-client.child.ts', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_CORE_PRODUCTS ?? 100_000);

function once<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

export const coreMirror: BenchCase = {
  name: 'core.mirror',
  description: `desktop core: pull, search and replay against a local server with ${PRODUCTS.toLocaleString('en-US')} products`,
  async run(ctx) {
    const server = fork(SERVER, [String(PRODUCTS)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    try {
      ctx.log(`core.mirror: seeding ${PRODUCTS} products with stock in 3 warehouses`);
      const start = await once<{ url: string; seedMs: number }>(server);
      ctx.log(`core.mirror: seeded in ${(start.seedMs / 1000).toFixed(1)} s; starting the core`);
      const client = fork(CLIENT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      const answer = once<{ result?: Record<string, number>; error?: string }>(client);
      client.send(start);
      const m = await answer;
      if (!m.result) throw new Error(m.error ?? 'the core bench failed');
      const r = m.result;
      if (r.mirrored! < PRODUCTS) throw new Error(`only ${r.mirrored} of ${PRODUCTS} products were mirrored`);
      const rows: BenchResult[] = [
        makeResult({ name: 'core.pull.full', value: r.fullPullMs!, unit: 'ms', notes: `${r.mirrored} products, ${r.stockRows} stock rows` }, atMost(60_000, 'ms')),
        makeResult({ name: 'core.pull.incremental', value: r.incrementalMs!, unit: 'ms', notes: `after 50 renames and 50 stock changes; ${r.incrementalSeen} renamed found` }, atMost(1000, 'ms')),
        makeResult({ name: 'core.replay.setQuantity', value: r.replayRate!, unit: 'ops/s', baseline: r.serverRate!, baselineLabel: 'same client, sequential', notes: '10,000 queued setQuantity through the outbox' }, ratioAtLeast(0.5)),
        makeResult({ name: 'core.lookup.ean.p99', value: r.eanP99!, unit: 'ms', notes: '3,000 products.lookup calls' }, atMost(2, 'ms')),
        makeResult({ name: 'core.search.text.p99', value: r.textP99!, unit: 'ms', notes: `600 products.search calls, limit 100, with total; p50 ${r.textP50!.toFixed(1)} ms; load average ${r.load!.toFixed(1)} on this machine during the run` }, atMost(20, 'ms')),
        makeResult({ name: 'core.rss', value: r.rssMb!, unit: 'MB', notes: `core process after pull and lookups; ${r.rssAfterMb!.toFixed(0)} MB after the replay` }, atMost(300, 'MB')),
      ];
      return rows;
    } finally {
      server.disconnect();
    }
  },
};
