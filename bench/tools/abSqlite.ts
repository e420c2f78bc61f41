/**
 * A/B of the SQLite server between two source trees (e.g. a worktree of 8c5219e, before the async
 * repositories, and this one): each tree's bench/cases/server-product.child.ts is bundled in that
 * tree, both servers run at once, and getQuantity / setQuantity rounds alternate A, B, A, B … on the
 * same load; medians of req/s and the server's CPU µs per request are printed.
 * `npx tsx bench/tools/abSqlite.ts /path/to/A /path/to/B [rounds] [seconds] [products]`
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { percentile } from '../lib/measure';
import { autocannon } from '../lib/http';

interface Side { name: string; child: ChildProcess; url: string; body: Record<string, string>; rps: Record<string, number[]>; us: Record<string, number[]> }

function bundleIn(tree: string): string {
  const out = join(tree, 'bench', 'results', '.build', 'ab-child.mjs');
  // The tree's own bundler and tsconfig (path aliases resolve inside that tree).
  execFileSync(process.execPath, ['--input-type=module', '-e',
    `const m = await import(${JSON.stringify(join(tree, 'scripts', 'server-bundle.mjs'))}); await m.bundleServer('bench/cases/server-product.child.ts', ${JSON.stringify(out)}, { sourcemap: false, logLevel: 'warning' });`], { cwd: tree, stdio: 'inherit' });
  return out;
}

const ask = <T>(c: ChildProcess, m: object) => new Promise<T>((res) => { c.once('message', (x) => res(x as T)); c.send(m); });
const cpuMs = async (c: ChildProcess) => { const { cpu } = await ask<{ cpu: NodeJS.CpuUsage }>(c, { cpu: true }); return (cpu.user + cpu.system) / 1000; };

async function start(tree: string, products: string): Promise<Side> {
  const script = bundleIn(tree);
  // AB_NODE_ARGS: node flags for both servers (e.g. --single-threaded-gc, to see GC helper threads' share).
  const child = fork(script, ['api', products], { execArgv: (process.env.AB_NODE_ARGS ?? '').split(' ').filter(Boolean), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const info = await new Promise<Record<string, unknown>>((res) => child.once('message', (m) => res(m as Record<string, unknown>)));
  const keys = info.keys as object;
  const supplier = (info.account as { supplierContactId: number }).supplierContactId;
  return {
    name: tree, child, url: info.url as string, rps: {}, us: {},
    body: {
      getQuantity: JSON.stringify({ getQuantity: { ...keys, product_id: 1, warehouse: '*' } }),
      setQuantity: JSON.stringify({ setQuantity: { ...keys, product_id: 1, quantity: 1, contact_id: supplier, warehouse: 'Default', stock_label: 'A-01' } }),
    },
  };
}

async function main(): Promise<void> {
  const [a, b, rounds = '5', seconds = '3', products = '20000'] = process.argv.slice(2);
  const sides = [await start(resolve(a!), products), await start(resolve(b!), products)];
  for (const kind of ['getQuantity', 'setQuantity']) {
    for (const s of sides) await autocannon({ url: `${s.url}/api/product`, method: 'POST', body: s.body[kind]!, headers: { 'content-type': 'application/json' }, connections: 8, duration: 1 });
    for (let r = 0; r < Number(rounds); r++) {
      for (const s of r % 2 ? [...sides].reverse() : sides) {
        const before = await cpuMs(s.child);
        const res = await autocannon({ url: `${s.url}/api/product`, method: 'POST', body: s.body[kind]!, headers: { 'content-type': 'application/json' }, connections: 8, duration: Number(seconds) });
        if (res.non2xx || res.errors) throw new Error(`${s.name} ${kind}: ${res.non2xx} non-2xx, ${res.errors} errors`);
        const us = ((await cpuMs(s.child)) - before) * 1000 / res.requests.total;
        (s.rps[kind] ??= []).push(res.requests.average);
        (s.us[kind] ??= []).push(us);
      }
    }
    const [x, y] = sides as [Side, Side];
    const m = (v: number[]) => percentile(v, 50);
    console.log(`${kind}: A ${m(x.rps[kind]!).toFixed(0)} req/s ${m(x.us[kind]!).toFixed(0)} µs/req | B ${m(y.rps[kind]!).toFixed(0)} req/s ${m(y.us[kind]!).toFixed(0)} µs/req | B/A ${(m(y.rps[kind]!) / m(x.rps[kind]!)).toFixed(3)} (per round ${y.rps[kind]!.map((v, i) => (v / x.rps[kind]![i]!).toFixed(2)).join(' ')}) | load ${loadavg()[0]!.toFixed(1)}`);
  }
  for (const s of sides) s.child.disconnect();
}

void main();
