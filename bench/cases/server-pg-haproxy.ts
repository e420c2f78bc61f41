/**
 * Issue 16: three server instances on one PostgreSQL database behind HAProxy in round-robin, against
 * one instance of the same build on the same database reached directly: throughput and p99 of
 * getQuantity and setQuantity, every request another product and warehouse (setQuantity: take-ins and
 * wastings of 1, each with its own request_id, as desks send them). Direct and HAProxy runs alternate
 * in rounds, each side reports its median. No target: on a 2-core machine three instances, HAProxy,
 * PostgreSQL and the load generator share two cores, so scaling cannot show (docs/scaling.md).
 * The database: STOCKDESK_TEST_PG_URL's server, or a private cluster started here and removed after;
 * synchronous_commit = on for the bench database, as in production.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/measure';
import { makeResult, type BenchCase, type BenchContext, type BenchResult } from '../lib/types';
import { askChild, autocannon, loadAverageNote, startChild, stopChildren, type CannonResult } from '../lib/http';
import { benchDatabase } from '../lib/postgres';
import { startHaproxy } from '../../test/helpers/haproxy';

const CHILD = fileURLToPath(new URL('./server-pg-haproxy.child.ts', import.meta.url));
const INSTANCES = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_HAPROXY_CONNECTIONS ?? 16);
const JSON_TYPE = { 'content-type': 'application/json' };

interface Seeded {
  keys: { api_key: string; session_key: string };
  supplier: number;
  firstId: number;
  products: number;
  warehouses: string[];
}


function bodies(s: Seeded, runId: string) {
  const product = (i: number) => s.firstId + ((i * 7919) % s.products);
  // The two warehouses product(i) has stock in (see the child's seed), so a wasting of 1 never runs short.
  const warehouse = (i: number) => s.warehouses[((product(i) - s.firstId) + (i % 2)) % s.warehouses.length]!;
  return {
    getQuantity: (i: number) => JSON.stringify({ getQuantity: { ...s.keys, product_id: product(i), warehouse: i % 3 ? warehouse(i) : '*' } }),
    setQuantity: (i: number) => JSON.stringify({
      setQuantity: { ...s.keys, product_id: product(i), quantity: i % 2 ? -1 : 1, contact_id: s.supplier, warehouse: warehouse(i), request_id: `bench-ha-${runId}-${i}` },
    }),
  };
}

async function measure(url: string, body: (i: number) => string, counter: { n: number }, seconds = SECONDS): Promise<CannonResult> {
  const r = await autocannon({
    url: `${url}/api/product`, method: 'POST', body: body(counter.n), headers: JSON_TYPE, connections: CONNECTIONS, duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, body: body(counter.n++) }) }],
  });
  if (r.errors || r.non2xx) throw new Error(`${r.errors} errors and ${r.non2xx} non-2xx answers under load at ${url}`);
  return r;
}

const cpuMs = async (c: ChildProcess) => {
  const { cpu } = await askChild<{ cpu: NodeJS.CpuUsage }>(c, { cpu: true });
  return (cpu.user + cpu.system) / 1000;
};

export const serverPgHaproxy: BenchCase = {
  name: 'server.pg.haproxy',
  description: 'getQuantity and setQuantity through HAProxy over three instances on one PostgreSQL database vs one instance directly',
  async run(ctx: BenchContext) {
    const db = await benchDatabase(ctx, 'server.pg.haproxy', 'stockdesk_bench_ha');
    const children: ChildProcess[] = [];
    let stopProxy = async () => {};
    const results: BenchResult[] = [];
    try {
      ctx.log('server.pg.haproxy: seeding through the first instance, then starting the other two');
      const first = await startChild(CHILD, ['seed', db.url]);
      children.push(first.child);
      const others = await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startChild(CHILD, ['serve', db.url])));
      children.push(...others.map((o) => o.child));
      const urls = [first.info.url as string, ...others.map((o) => o.info.url as string)];
      const proxy = await startHaproxy(urls);
      stopProxy = proxy.stop;
      const seeded = first.info as unknown as Seeded;
      const b = bodies(seeded, Date.now().toString(36));
      for (const name of ['getQuantity', 'setQuantity'] as const) {
        // One numbering for both sides: every request_id is new.
        const counter = { n: 0 };
        await measure(urls[0]!, b[name], counter, 1);
        await measure(proxy.url, b[name], counter, 1);
        const direct: Array<{ r: CannonResult; us: number }> = [];
        const spread: typeof direct = [];
        for (let round = 0; round < ROUNDS; round++) {
          ctx.log(`server.pg.haproxy: ${name} round ${round + 1}/${ROUNDS}, one instance then three behind HAProxy`);
          let before = await cpuMs(children[0]!);
          let r = await measure(urls[0]!, b[name], counter);
          direct.push({ r, us: ((await cpuMs(children[0]!)) - before) * 1000 / Math.max(1, r.requests.total) });
          const befores = await Promise.all(children.map(cpuMs));
          before = befores.reduce((s, x) => s + x, 0);
          r = await measure(proxy.url, b[name], counter);
          const after = (await Promise.all(children.map(cpuMs))).reduce((s, x) => s + x, 0);
          spread.push({ r, us: (after - before) * 1000 / Math.max(1, r.requests.total) });
        }
        const med = (xs: number[]) => percentile(xs, 50);
        const rps = (xs: typeof direct) => med(xs.map((x) => x.r.requests.average));
        const p99 = (xs: typeof direct) => med(xs.map((x) => x.r.latency.p99));
        const common = `${CONNECTIONS} connections, pool ${String(first.info.poolSize)} per instance, ${ROUNDS} alternating rounds of ${SECONDS} s, medians; ${loadAverageNote()}`;
        results.push(makeResult({
          name: `server.pg.haproxy.${name}`, value: rps(spread), unit: 'req/s', baseline: rps(direct), baselineLabel: 'one instance, direct',
          notes: `every request another product (${seeded.products}) and warehouse${name === 'setQuantity' ? ', take-ins and wastings of 1, each its own request_id' : ''}; per-round ratios ${spread.map((x, i) => (x.r.requests.average / direct[i]!.r.requests.average).toFixed(2)).join(', ')}; p50 ${med(spread.map((x) => x.r.latency.p50))} ms (direct ${med(direct.map((x) => x.r.latency.p50))}); node CPU µs/request over all instances ${med(spread.map((x) => x.us)).toFixed(0)} (direct ${med(direct.map((x) => x.us)).toFixed(0)}); ${common}`,
        }));
        results.push(makeResult({
          name: `server.pg.haproxy.${name}.p99`, value: p99(spread), unit: 'ms', baseline: p99(direct), baselineLabel: 'one instance, direct',
          notes: `p99 latency under the load above; ${common}`,
        }));
      }
    } finally {
      await stopProxy();
      stopChildren(...children);
      // The children close their pools as they exit; give them a moment before the database goes.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await db.done();
    }
    return results;
  },
};
