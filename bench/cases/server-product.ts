/**
 * The product area over real HTTP: requests per second of getQuantity, getProduct (a filter over
 * 100,000 products) and setQuantity with autocannon on loopback, each against a bare node:http
 * server answering the same response body, so the ratio is what the Command API costs on top of
 * HTTP itself. Both servers run in child processes; the load generator runs here. Bare and API runs
 * alternate in rounds, and each side reports its median (the baseline alone swings 2–3× here).
 */
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/measure';
import { atMost, makeResult, ratioAtLeast, type BenchCase, type BenchContext, type BenchResult } from '../lib/types';
import { askChild, autocannon, cpuPerRequest, loadAverageNote, startChild, stopChildren, type CannonResult } from '../lib/http';


const CHILD = fileURLToPath(new URL('./server-product.child.ts', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// The bare baseline swings 2–3× with whatever else the machine runs: bare and API runs alternate,
// and each side reports its median, so a burst of outside load hits both sides alike.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 8;
const JSON_TYPE = { 'content-type': 'application/json' };

async function post(url: string, body: string): Promise<string> {
  const res = await fetch(`${url}/api/product`, { method: 'POST', body, headers: JSON_TYPE });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`warm-up request failed: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

async function load(url: string, body: string, connections: number): Promise<CannonResult> {
  const r = await autocannon({ url: `${url}/api/product`, method: 'POST', body, headers: JSON_TYPE, connections, duration: SECONDS });
  if (r.errors || r.non2xx) throw new Error(`${r.errors} errors and ${r.non2xx} non-2xx answers under load`);
  return r;
}

export const serverProduct: BenchCase = {
  name: 'server.product',
  description: `getQuantity, getProduct filter over ${PRODUCTS.toLocaleString('en-US')} products and setQuantity over HTTP vs a bare node:http server`,
  async run(ctx: BenchContext) {
    ctx.log(`server.product: seeding ${PRODUCTS} products in a child process`);
    const api = await startChild(CHILD, ['api', String(PRODUCTS)]);
    const bare = await startChild(CHILD, ['bare']);
    const apiUrl = api.info.url as string;
    const bareUrl = bare.info.url as string;
    const keys = api.info.keys as { api_key: string; session_key: string };
    const supplier = (api.info.account as { supplierContactId: number }).supplierContactId;
    const setQ = JSON.stringify({ setQuantity: { ...keys, product_id: 1, quantity: 1, contact_id: supplier, warehouse: 'Default', stock_label: 'A-01' } });
    const cases = [
      { name: 'getQuantity', body: JSON.stringify({ getQuantity: { ...keys, product_id: 1, warehouse: '*' } }), target: 0.5 },
      { name: 'getProduct.filter', body: JSON.stringify({ getProduct: { ...keys, filter: 'makita ütvefúró 12' } }), target: 0.5 },
      { name: 'setQuantity', body: setQ, target: 0.3 },
    ];
    const results: BenchResult[] = [];
    try {
      await post(apiUrl, setQ);
      for (const c of cases) {
        const response = await post(apiUrl, c.body);
        await askChild(bare.child, { body: response });
        ctx.log(`server.product: ${c.name} bare baseline (${response.length} bytes)`);
        const bases: Array<Awaited<ReturnType<typeof cpuPerRequest>>> = [];
        const reals: typeof bases = [];
        for (let round = 0; round < ROUNDS; round++) {
          ctx.log(`server.product: ${c.name} round ${round + 1}/${ROUNDS}, bare then Command API`);
          bases.push(await cpuPerRequest(bare.child, () => load(bareUrl, c.body, CONNECTIONS)));
          reals.push(await cpuPerRequest(api.child, () => load(apiUrl, c.body, CONNECTIONS)));
        }
        const med = (xs: number[]) => percentile(xs, 50);
        const real = reals.map((x) => x.r);
        results.push(makeResult({
          name: `server.product.${c.name}`, value: med(real.map((r) => r.requests.average)), unit: 'req/s',
          baseline: med(bases.map((b) => b.r.requests.average)), baselineLabel: 'bare node:http',
          notes: `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, medians; per-round ratios ${reals.map((x, i) => (x.r.requests.average / bases[i]!.r.requests.average).toFixed(2)).join(', ')}; p50 ${med(real.map((r) => r.latency.p50))} ms, p99 ${med(real.map((r) => r.latency.p99))} ms; ${response.length}-byte answer; server CPU ${med(reals.map((x) => x.us)).toFixed(0)} µs/request (bare ${med(bases.map((b) => b.us)).toFixed(0)}); ${loadAverageNote()}`,
        }, ratioAtLeast(c.target)));
      }
      ctx.log('server.product: getProduct filter latency, one connection');
      const one = await load(apiUrl, cases[1]!.body, 1);
      const broad = await load(apiUrl, JSON.stringify({ getProduct: { ...keys, filter: 'ütvefúró' } }), 1);
      results.push(makeResult({
        name: 'server.product.getProduct.filter.p99', value: one.latency.p99, unit: 'ms', baseline: null,
        notes: `filter "makita ütvefúró 12" over ${PRODUCTS} products, sequential: p50 ${one.latency.p50} ms; a broad filter returning 1000 records ("ütvefúró"): p50 ${broad.latency.p50} ms, p99 ${broad.latency.p99} ms`,
      }, atMost(20, 'ms')));
    } finally {
      stopChildren(api.child, bare.child);
    }
    return results;
  },
};
