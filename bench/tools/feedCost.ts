/**
 * What idle subscribed desks cost a write, tree against tree: each tree's live bench server
 * (bench/cases/live-server.child.ts, run in that tree) takes setQuantity over HTTP (autocannon, 8
 * connections) in rotating rounds without and with N idle streams (opened by live-idle.child.ts in a
 * process of its own); printed: the server's CPU per request (all threads) and req/s, medians, and
 * with/without ratios per tree.
 * `npx tsx bench/tools/feedCost.ts rounds seconds streams /path/to/treeA /path/to/treeB …`
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/measure';
import { autocannon } from '../lib/http';

const IDLE = fileURLToPath(new URL('../cases/live-idle.child.ts', import.meta.url));
const next = <T>(c: ChildProcess) => new Promise<T>((r) => c.once('message', (m) => r(m as T)));
interface Started { url: string; keys: { api_key: string; session_key: string }; supplier: number; ids: number[] }

const [rounds = '4', seconds = '3', streams = '200', ...trees] = process.argv.slice(2);
const sides = await Promise.all(trees.map(async (t) => {
  const tree = resolve(t);
  const server = fork(join(tree, 'bench', 'cases', 'live-server.child.ts'), [], { cwd: tree, execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const idle = fork(IDLE, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const s = await next<Started>(server);
  const body = JSON.stringify({ setQuantity: { ...s.keys, product_id: s.ids[0], quantity: 1, contact_id: s.supplier, warehouse: 'Default' } });
  return { tree, server, idle, s, body, us: { 0: [] as number[], 1: [] as number[] }, rps: { 0: [] as number[], 1: [] as number[] } };
}));
type Side = (typeof sides)[number];

async function round(side: Side, withStreams: 0 | 1): Promise<void> {
  if (withStreams) {
    side.idle.send({ open: { url: side.s.url, apiKey: side.s.keys.api_key, sessionKey: side.s.keys.session_key, count: Number(streams) } });
    await next(side.idle);
    await new Promise((r) => setTimeout(r, 500));
  }
  side.server.send({ usage: true });
  const u0 = await next<{ cpuMs: number }>(side.server);
  const r = await autocannon({ url: `${side.s.url}/api/product`, method: 'POST', body: side.body, headers: { 'content-type': 'application/json' }, connections: 8, duration: Number(seconds) });
  side.server.send({ usage: true });
  const u1 = await next<{ cpuMs: number }>(side.server);
  if (r.non2xx || r.errors) throw new Error(`${side.tree}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  side.us[withStreams].push(((u1.cpuMs - u0.cpuMs) * 1000) / r.requests.total);
  side.rps[withStreams].push(r.requests.average);
  if (withStreams) {
    side.idle.send({ close: true });
    await next(side.idle);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const runs = sides.flatMap((side) => [0, 1].map((w) => ({ side, w: w as 0 | 1 })));
for (let r = 0; r < Number(rounds); r++) for (const x of [...runs.slice(r % runs.length), ...runs.slice(0, r % runs.length)]) await round(x.side, x.w);
const m = (v: number[]) => percentile(v, 50);
console.log(`setQuantity, ${streams} idle streams, medians of ${rounds} rotating rounds of ${seconds} s (load ${loadavg()[0]!.toFixed(1)})`);
for (const x of sides) {
  console.log(`  ${x.tree}: CPU ${m(x.us[0]).toFixed(0)} → ${m(x.us[1]).toFixed(0)} µs/req (×${(m(x.us[1]) / m(x.us[0])).toFixed(3)}), ${m(x.rps[0]).toFixed(0)} → ${m(x.rps[1]).toFixed(0)} req/s (×${(m(x.rps[1]) / m(x.rps[0])).toFixed(3)}); per round CPU ×${x.us[1].map((v, i) => (v / x.us[0][i]!).toFixed(2)).join(' ')}`);
  x.idle.disconnect();
  x.server.disconnect();
}
