/**
 * Issue 16: setQuantity and getQuantity over HTTP on PostgreSQL (one instance) against the same on
 * SQLite, in the same run, on the same seeded data. Every request is another product and warehouse
 * (getQuantity: every warehouse or one by name; setQuantity: a take-in into one of them), so no kept
 * answer or kept body serves it: getQuantity visits every (product, warehouse) pair once before any
 * repeats, more pairs than SQLite keeps answers for (see getQuantityBodies). `getQuantity.repeated`
 * is the same read over fewer pairs, all of which SQLite keeps after the warm-up: what SQLite answers
 * from memory, reported without a target. SQLite and PostgreSQL runs alternate in rounds and each side
 * reports its median. The PostgreSQL server is STOCKDESK_TEST_PG_URL's, or a private cluster started
 * here (scripts/pg-cluster.mjs) and removed after; the bench database is told synchronous_commit = on
 * (the test cluster's default is off): a commit waits for its WAL to be written, as in production.
 */
import { fileURLToPath } from 'node:url';
import { MAX_KEPT_WEIGHT } from '@server/db/sqlite/unchangedCache';
import { percentile } from '../lib/measure';
import { makeResult, noTarget, ratioAtLeast, type BenchCase, type BenchContext, type BenchResult } from '../lib/types';
import { askChild, autocannon, loadAverageNote, startChild, stopChildren, type CannonResult } from '../lib/http';
import { benchDatabase } from '../lib/postgres';
import type { ChildProcess } from 'node:child_process';

const CHILD = fileURLToPath(new URL('./server-engines.child.ts', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 8;
/**
 * Not counted: the JIT, the caches (SQLite keeps product heads per connection: 1 s of requests did not
 * visit all 5,000 products), the pool's connections and their prepared statements. With 1 s, SQLite's
 * first round of getQuantity took 250–310 µs of CPU a request and its third 140, so the per-round
 * ratios fell from round to round. (Most of that fall was SQLite's kept answers filling up: the
 * sequence then repeated within what SQLite keeps. getQuantity no longer does; getQuantity.repeated
 * does, on purpose.) The figures are of the steady state.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 4);
const JSON_TYPE = { 'content-type': 'application/json' };
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s. */
const TICK_MS = 10;

interface Served {
  child: ChildProcess;
  url: string;
  keys: { api_key: string; session_key: string };
  supplier: number;
  firstId: number;
  products: number;
  warehouses: string[];
  poolSize: number;
}

async function serve(args: string[]): Promise<Served> {
  const { child, info } = await startChild(CHILD, args);
  return { child, ...(info as Omit<Served, 'child'>) };
}

/** The server's CPU ms so far: its process and (PostgreSQL) its pool's backends, by pid. */
async function cpuOf(s: Served): Promise<{ node: number; backends: Record<number, number> }> {
  const { cpu, backends } = await askChild<{ cpu: NodeJS.CpuUsage; backends: Record<number, number> }>(s.child, { cpu: true });
  return { node: (cpu.user + cpu.system) / 1000, backends };
}

interface Round {
  r: CannonResult;
  /** Server CPU µs per request: node, and the database's backends (0 on SQLite, in process). */
  nodeUs: number;
  dbUs: number;
}

async function measure(s: Served, body: (i: number) => string, counter: { n: number }, seconds = SECONDS): Promise<Round> {
  const before = await cpuOf(s);
  const r = await autocannon({
    url: `${s.url}/api/product`, method: 'POST', body: body(counter.n), headers: JSON_TYPE, connections: CONNECTIONS, duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, body: body(counter.n++) }) }],
  });
  if (r.errors || r.non2xx) throw new Error(`${r.errors} errors and ${r.non2xx} non-2xx answers under load`);
  const after = await cpuOf(s);
  const n = Math.max(1, r.requests.total);
  let dbTicks = 0;
  for (const [pid, t] of Object.entries(after.backends)) dbTicks += t - (before.backends[Number(pid)] ?? 0);
  return { r, nodeUs: ((after.node - before.node) * 1000) / n, dbUs: (dbTicks * TICK_MS * 1000) / n };
}

/**
 * getQuantity's warehouse for request i: one of the names or '*' (every warehouse), chosen so that
 * every (product, warehouse) pair comes once before any repeats. SQLite keeps the answers of the last
 * MAX_KEPT_WEIGHT reads (oldest dropped first); a sequence of more pairs than that never finds its
 * answer kept, so both engines read. Checked here rather than assumed: should the cache grow past the
 * sequence, the bench stops instead of measuring SQLite's memory.
 */
function getQuantityWarehouses(s: Served): (i: number) => string {
  const choices = [...s.warehouses, '*'];
  const at = (i: number) => choices[(i + Math.floor(i / s.products)) % choices.length]!;
  const period = s.products * choices.length;
  const pairs = new Set<string>();
  for (let i = 0; i < period; i++) pairs.add(`${(i * 7919) % s.products}|${at(i)}`);
  if (pairs.size !== period || period <= MAX_KEPT_WEIGHT) {
    throw new Error(`getQuantity's sequence has ${pairs.size} distinct pairs in ${period} requests; it needs every one distinct and more than SQLite's ${MAX_KEPT_WEIGHT} kept answers`);
  }
  return at;
}

/** The request bodies of one engine's server: the same sequence on both, over its own ids and keys. */
function bodies(s: Served, runId: string) {
  const product = (i: number) => s.firstId + ((i * 7919) % s.products);
  const warehouse = (i: number) => s.warehouses[i % s.warehouses.length]!;
  const wanted = getQuantityWarehouses(s);
  return {
    getQuantity: (i: number) => JSON.stringify({ getQuantity: { ...s.keys, product_id: product(i), warehouse: wanted(i) } }),
    // Repeats every lcm(products, warehouses) requests (15,000 here), fewer than SQLite keeps: after the
    // warm-up it answers every one from memory.
    'getQuantity.repeated': (i: number) => JSON.stringify({ getQuantity: { ...s.keys, product_id: product(i), warehouse: i % 3 ? warehouse(i) : '*' } }),
    setQuantity: (i: number) => JSON.stringify({
      setQuantity: { ...s.keys, product_id: product(i), quantity: 1, contact_id: s.supplier, warehouse: warehouse(i), stock_label: i % 4 ? 'A-01' : '' },
    }),
    'setQuantity.request_id': (i: number) => JSON.stringify({
      setQuantity: { ...s.keys, product_id: product(i), quantity: 1, contact_id: s.supplier, warehouse: warehouse(i), request_id: `bench-${runId}-${i}` },
    }),
  };
}

const SEQUENCE: Record<string, string> = {
  getQuantity: 'no answer kept (every product and warehouse pair once before any repeats); ',
  'getQuantity.repeated': 'answers kept (the pairs repeat within what SQLite keeps: it answers from memory); ',
};
const TARGETS: Record<string, number | null> = { getQuantity: 0.5, 'getQuantity.repeated': null, setQuantity: 0.3, 'setQuantity.request_id': null };


export const serverPgProduct: BenchCase = {
  name: 'server.pg.product',
  description: 'getQuantity and setQuantity over HTTP on PostgreSQL (one instance) vs the same on SQLite, varied products and warehouses',
  async run(ctx: BenchContext) {
    const db = await benchDatabase(ctx, 'server.pg.product', 'stockdesk_bench');
    const servers: Served[] = [];
    const results: BenchResult[] = [];
    try {
      ctx.log('server.pg.product: seeding both engines in child processes');
      const [lite, post] = await Promise.all([serve(['sqlite']), serve(['postgres', db.url])]);
      servers.push(lite!, post!);
      const runId = Date.now().toString(36);
      const liteBodies = bodies(lite!, runId);
      const postBodies = bodies(post!, runId);
      for (const name of Object.keys(TARGETS) as Array<keyof typeof liteBodies>) {
        const counters = [{ n: 0 }, { n: 0 }];
        const liteRounds: Round[] = [];
        const postRounds: Round[] = [];
        await measure(lite!, liteBodies[name], counters[0]!, WARMUP_SECONDS);
        await measure(post!, postBodies[name], counters[1]!, WARMUP_SECONDS);
        for (let round = 0; round < ROUNDS; round++) {
          ctx.log(`server.pg.product: ${name} round ${round + 1}/${ROUNDS}, SQLite then PostgreSQL`);
          liteRounds.push(await measure(lite!, liteBodies[name], counters[0]!));
          postRounds.push(await measure(post!, postBodies[name], counters[1]!));
          ctx.log(`server.pg.product: ${name} round ${round + 1}: SQLite ${liteRounds.at(-1)!.r.requests.average} req/s, node ${liteRounds.at(-1)!.nodeUs.toFixed(0)} µs; PostgreSQL ${postRounds.at(-1)!.r.requests.average} req/s, node ${postRounds.at(-1)!.nodeUs.toFixed(0)} + backends ${postRounds.at(-1)!.dbUs.toFixed(0)} µs`);
        }
        const med = (xs: number[]) => percentile(xs, 50);
        const rps = (rs: Round[]) => med(rs.map((x) => x.r.requests.average));
        const target = TARGETS[name] ?? null;
        results.push(makeResult({
          name: `server.pg.product.${name}`, value: rps(postRounds), unit: 'req/s', baseline: rps(liteRounds), baselineLabel: 'SQLite',
          notes: `${SEQUENCE[name] ?? ''}every request another product (${lite!.products}) and warehouse (${lite!.warehouses.length}); ${CONNECTIONS} connections, pool ${post!.poolSize}, ${WARMUP_SECONDS} s warm-up each, ${ROUNDS} alternating rounds of ${SECONDS} s, medians; per-round ratios ${postRounds.map((x, i) => (x.r.requests.average / liteRounds[i]!.r.requests.average).toFixed(2)).join(', ')}; p50/p99 PostgreSQL ${med(postRounds.map((x) => x.r.latency.p50))}/${med(postRounds.map((x) => x.r.latency.p99))} ms, SQLite ${med(liteRounds.map((x) => x.r.latency.p50))}/${med(liteRounds.map((x) => x.r.latency.p99))} ms; server CPU µs/request: PostgreSQL node ${med(postRounds.map((x) => x.nodeUs)).toFixed(0)} + backends ${med(postRounds.map((x) => x.dbUs)).toFixed(0)}, SQLite ${med(liteRounds.map((x) => x.nodeUs)).toFixed(0)}; ${loadAverageNote()}`,
        }, target === null ? noTarget : ratioAtLeast(target)));
      }
    } finally {
      stopChildren(...servers.map((s) => s.child));
      // The PostgreSQL child closes its pool as it exits; give it a moment before the database goes.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await db.done();
    }
    return results;
  },
};
