/**
 * Issue 18: the stock history of a product with 100,000 movements. The bundled server in a child
 * process (history.child.ts) on SQLite, and on PostgreSQL (a private cluster or STOCKDESK_TEST_PG_URL's),
 * seeded alike (lib/historySeed.ts). Over HTTP, one request at a time, each timed by the runner:
 * - the first page (target p99 ≤ 50 ms), over every warehouse, one warehouse, one bin;
 * - later pages at depths from 100 to 99,000 movements, in every scope;
 * every series ≥ 200 requests of varied scope and page size, with a take-in of the product between every
 * ten (untimed), so each first page is a new one, as on a working day. The baseline is getQuantity of
 * the same product in the same loop: the cheapest read of that server. Then the desk's side: the mirror
 * keeps each scope's newest page (mirror/stockHistory.ts); its reader over 300 varied scopes, among
 * 3,000 kept ones, target p99 ≤ 20 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Movement } from '@shared/protocol';
import { openMirror } from '@main/core/mirror/db';
import { keepHistory, keptHistory } from '@main/core/mirror/stockHistory';
import type { HistorySeed } from '../lib/historySeed';
import { percentile } from '../lib/measure';
import { childCpuMs, loadAverageNote, startChild, stopChildren } from '../lib/http';
import { benchDatabase } from '../lib/postgres';
import { atMost, makeResult, type BenchCase, type BenchContext, type BenchResult } from '../lib/types';

const CHILD = fileURLToPath(new URL('./history.child.ts', import.meta.url));
const REQUESTS = Number(process.env.BENCH_HISTORY_REQUESTS ?? 240);
const SERVER_TARGET_MS = 50;
const MIRROR_TARGET_MS = 20;

interface Served { child: ChildProcess; url: string; keys: { api_key: string; session_key: string }; supplier: number; seed: HistorySeed; seedMs: number }

async function call(s: Served, method: string, params: Record<string, unknown>): Promise<{ ms: number; result: Record<string, unknown> }> {
  const start = process.hrtime.bigint();
  const res = await fetch(`${s.url}/api/product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [method]: { ...s.keys, ...params } }) });
  const body = (await res.json()) as Record<string, unknown>;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!res.ok || body.status !== 'success') throw new Error(`${method} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, result: body.result as Record<string, unknown> };
}

type Series = 'first' | 'first.warehouse' | 'first.bin' | 'later';

/** The i-th request of a series: scope, page size and (later pages) cursor, varied. */
function request(s: Served, series: Series, i: number): Record<string, unknown> {
  const { seed } = s;
  const w = seed.warehouses[(i * 5) % seed.warehouses.length]!;
  const bin = seed.bins[(i * 3) % seed.bins.length]!;
  const limit = [undefined, 50, 100, 25, 200][i % 5];
  const base = { product_id: seed.productId, ...(limit ? { limit } : {}) };
  if (series === 'first') return base;
  if (series === 'first.warehouse') return { ...base, warehouse: w };
  if (series === 'first.bin') return { ...base, warehouse: w, stock_label: bin };
  const c = seed.cursors[i % seed.cursors.length]!;
  const scope = i % 3 === 0 ? {} : i % 3 === 1 ? { warehouse: c.warehouse } : { warehouse: c.warehouse, stock_label: c.bin };
  return { ...base, ...scope, before_receipt_id: c.receiptId, before_line: c.line };
}

async function series(s: Served, name: Series, counter: { n: number }): Promise<{ history: number[]; quantity: number[]; rows: number }> {
  const history: number[] = [];
  const quantity: number[] = [];
  let rows = 0;
  for (let i = 0; i < REQUESTS; i++) {
    if (i % 10 === 0) {
      const k = counter.n++;
      await call(s, 'setQuantity', { product_id: s.seed.productId, quantity: 1 + (k % 7), contact_id: s.supplier, warehouse: s.seed.warehouses[k % s.seed.warehouses.length], stock_label: s.seed.bins[k % s.seed.bins.length] });
    }
    const h = await call(s, 'getStockHistory', request(s, name, i));
    const movements = (h.result.movements ?? []) as unknown[];
    if (!Array.isArray(movements) || movements.length === 0) throw new Error(`getStockHistory ${name} #${i} gave no movements: ${JSON.stringify(h.result).slice(0, 200)}`);
    rows += movements.length;
    history.push(h.ms);
    quantity.push((await call(s, 'getQuantity', { product_id: s.seed.productId, warehouse: '*' })).ms);
  }
  return { history, quantity, rows };
}

const TARGETS: Record<Series, number> = { first: SERVER_TARGET_MS, 'first.warehouse': SERVER_TARGET_MS, 'first.bin': SERVER_TARGET_MS, later: SERVER_TARGET_MS };

async function serverRows(ctx: BenchContext, engine: 'sqlite' | 'postgres', s: Served): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const counter = { n: 0 };
  // Warm-up, not counted: the JIT, the statements, the page cache.
  for (const name of Object.keys(TARGETS) as Series[]) for (let i = 0; i < 20; i++) await call(s, 'getStockHistory', request(s, name, i + 1000));
  for (const name of Object.keys(TARGETS) as Series[]) {
    ctx.log(`history.100k: ${engine} ${name}, ${REQUESTS} requests`);
    const r = await series(s, name, counter);
    // The server's own CPU per page, from a pass of the same requests alone: on a loaded machine the
    // latency also counts waiting for a core, the CPU time does not.
    const before = await childCpuMs(s.child);
    for (let i = 0; i < 100; i++) await call(s, 'getStockHistory', request(s, name, i));
    const cpuMs = ((await childCpuMs(s.child)) - before) / 100;
    const p99 = percentile(r.history, 99);
    out.push(makeResult({
      name: `history.100k.${engine}.${name}`, value: p99, unit: 'ms p99', baseline: percentile(r.quantity, 99), baselineLabel: 'getQuantity p99',
      notes: `${REQUESTS} requests, ${(r.rows / REQUESTS).toFixed(0)} movements per page on average, p50 ${percentile(r.history, 50).toFixed(1)} ms, server CPU ${cpuMs.toFixed(2)} ms per page, max ${Math.max(...r.history).toFixed(1)} ms; ${s.seed.moves} movements of the product among ${s.seed.otherMoves} of others${name === 'later' ? `; cursors at depths ${s.seed.cursors.map((c) => c.depth).join(', ')}` : ''}; ${loadAverageNote()}`,
    }, atMost(TARGETS[name], 'ms')));
  }
  return out;
}

/** The desk's reader of kept pages: real pages of the product in every scope, and other products' beside them. */
async function mirrorRow(ctx: BenchContext, s: Served): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-mirror-'));
  try {
    const db = openMirror(join(dir, 'mirror.db'));
    const scopes: Array<[string, string]> = [['', '']];
    for (const w of s.seed.warehouses) {
      scopes.push([w, '']);
      for (const b of s.seed.bins) if (b) scopes.push([w, b]);
    }
    const now = new Date();
    const pages: Movement[][] = [];
    for (const [w, b] of scopes) {
      const { result } = await call(s, 'getStockHistory', { product_id: s.seed.productId, ...(w ? { warehouse: w } : {}), ...(b ? { stock_label: b } : {}) });
      const movements = result.movements as Movement[];
      pages.push(movements);
      keepHistory(db, s.seed.productId, w, b, movements, result.more === 1, now);
    }
    // Other products' kept pages (copies of these), so the reader works in a mirror of many.
    let kept = scopes.length;
    for (let p = 1; kept < 3000; p++) {
      for (const [k, [w, b]] of scopes.entries()) keepHistory(db, s.seed.productId + p * 100_000, w, b, pages[k]!, true, now);
      kept += scopes.length;
    }
    ctx.log(`history.100k: mirror with ${kept} kept pages; reading 300`);
    const times: number[] = [];
    // The process's CPU time per read beside the wall time: on a loaded machine the wall time also counts waiting for a core.
    const cpuTimes: number[] = [];
    let rows = 0;
    for (let i = 0; i < 320; i++) {
      const [w, b] = scopes[(i * 7) % scopes.length]!;
      const product = i % 4 === 0 ? s.seed.productId + (1 + (i % 29)) * 100_000 : s.seed.productId;
      const cpu = process.cpuUsage();
      const start = process.hrtime.bigint();
      const page = keptHistory(db, product, w, b);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const used = process.cpuUsage(cpu);
      if (!page) throw new Error(`the mirror kept no page for ${product} ${w}/${b}`);
      if (i >= 20) {
        times.push(ms);
        cpuTimes.push((used.user + used.system) / 1000);
        rows += page.movements.length;
      }
    }
    db.close();
    return makeResult({
      name: 'history.100k.mirror.first', value: percentile(times, 99), unit: 'ms p99',
      notes: `${times.length} reads of kept newest pages (${(rows / times.length).toFixed(0)} movements each on average) among ${kept}, p50 ${percentile(times, 50).toFixed(2)} ms, CPU p50/p99 ${percentile(cpuTimes, 50).toFixed(2)}/${percentile(cpuTimes, 99).toFixed(2)} ms; the mirror keeps each scope's newest page only, older pages are read online; ${loadAverageNote()}`,
    }, atMost(MIRROR_TARGET_MS, 'ms'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function serve(ctx: BenchContext, args: string[]): Promise<Served> {
  const { child, info } = await startChild(CHILD, args);
  const s = { child, ...(info as Omit<Served, 'child'>) };
  ctx.log(`history.100k: ${args[0]} seeded in ${(s.seedMs / 1000).toFixed(1)} s (${s.seed.moves} + ${s.seed.otherMoves} movements)`);
  return s;
}

export const historyCase: BenchCase = {
  name: 'history.100k',
  description: 'getStockHistory of a product with 100,000 movements over HTTP (SQLite, PostgreSQL), and the desk mirror’s kept page',
  async run(ctx) {
    const results: BenchResult[] = [];
    const lite = await serve(ctx, ['sqlite']);
    try {
      results.push(...(await serverRows(ctx, 'sqlite', lite)));
      results.push(await mirrorRow(ctx, lite));
    } finally {
      stopChildren(lite.child);
    }
    if (process.env.BENCH_HISTORY_PG === '0') return results;
    const db = await benchDatabase(ctx, 'history.100k', 'stockdesk_history');
    let post: Served | undefined;
    try {
      post = await serve(ctx, ['postgres', db.url]);
      results.push(...(await serverRows(ctx, 'postgres', post)));
    } finally {
      if (post) stopChildren(post.child);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await db.done();
    }
    return results;
  },
};
