/**
 * Where a SQLite server's CPU per request goes, thread by thread, A against B (two source trees, as
 * abSqlite.ts): each round reads every thread's user+system time from /proc/<pid>/task/* before and
 * after the load, so the main thread, the libuv pool, V8's GC helpers and the rest are told apart
 * (process.cpuUsage() sums them); it also prints the group commit's writes per COMMIT, as a batch
 * shared by fewer writes costs more per write. Linux only.
 * `npx tsx bench/tools/abThreads.ts /path/to/A /path/to/B [setQuantity|getQuantity] [rounds] [seconds]`
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { percentile } from '../lib/measure';
import { autocannon } from '../lib/http';

const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/**
 * Microseconds of CPU of the main thread and of all the others, user and system apart (node names none of its threads, so
 * the libuv pool and V8's helpers are told apart from the main thread only).
 */
function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const name = Number(t) === pid ? 'main' : 'others';
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime); f starts at field 3.
      const add = (k: string, ticks: string | undefined) => out.set(k, (out.get(k) ?? 0) + Number(ticks) * TICK_US);
      add(`${name} user`, f[11]);
      add(`${name} system`, f[12]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

interface Side { tree: string; child: ChildProcess; url: string; body: string; us: Map<string, number[]>; rps: number[]; perCommit: number[] }

function bundleIn(tree: string): string {
  const out = join(tree, 'bench', 'results', '.build', 'ab-child.mjs');
  execFileSync(process.execPath, ['--input-type=module', '-e',
    `const m = await import(${JSON.stringify(join(tree, 'scripts', 'server-bundle.mjs'))}); await m.bundleServer('bench/cases/server-product.child.ts', ${JSON.stringify(out)}, { sourcemap: false, logLevel: 'warning' });`], { cwd: tree, stdio: 'inherit' });
  return out;
}

const ask = <T>(c: ChildProcess, m: object) => new Promise<T>((res) => { c.once('message', (x) => res(x as T)); c.send(m); });
type Commits = { batches: number; writes: number };
const commits = async (c: ChildProcess) => (await ask<{ commits: Commits }>(c, { cpu: true })).commits;

async function start(tree: string, kind: string): Promise<Side> {
  const child = fork(bundleIn(tree), ['api', '2000'], { execArgv: (process.env.AB_NODE_ARGS ?? '').split(' ').filter(Boolean), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const info = await new Promise<Record<string, unknown>>((res) => child.once('message', (m) => res(m as Record<string, unknown>)));
  const keys = info.keys as object;
  const supplier = (info.account as { supplierContactId: number }).supplierContactId;
  const body = kind === 'getQuantity'
    ? JSON.stringify({ getQuantity: { ...keys, product_id: 1, warehouse: '*' } })
    : JSON.stringify({ setQuantity: { ...keys, product_id: 1, quantity: 1, contact_id: supplier, warehouse: 'Default', stock_label: 'A-01' } });
  return { tree, child, url: info.url as string, body, us: new Map(), rps: [], perCommit: [] };
}

async function round(s: Side, seconds: number): Promise<void> {
  const t0 = threads(s.child.pid!);
  const c0 = await commits(s.child);
  const r = await autocannon({ url: `${s.url}/api/product`, method: 'POST', body: s.body, headers: { 'content-type': 'application/json' }, connections: 8, duration: seconds });
  if (r.non2xx || r.errors) throw new Error(`${s.tree}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const c1 = await commits(s.child);
  const t1 = threads(s.child.pid!);
  let all = 0;
  for (const [name, v] of t1) {
    const d = (v - (t0.get(name) ?? 0)) / r.requests.total;
    all += d;
    if (!s.us.has(name)) s.us.set(name, []);
    s.us.get(name)!.push(d);
  }
  if (!s.us.has('(all)')) s.us.set('(all)', []);
  s.us.get('(all)')!.push(all);
  s.rps.push(r.requests.average);
  s.perCommit.push((c1.writes - c0.writes) / Math.max(1, c1.batches - c0.batches));
}

async function main(): Promise<void> {
  const [a, b, kind = 'setQuantity', rounds = '6', seconds = '3'] = process.argv.slice(2);
  const sides = [await start(resolve(a!), kind), await start(resolve(b!), kind)] as [Side, Side];
  for (const s of sides) await autocannon({ url: `${s.url}/api/product`, method: 'POST', body: s.body, headers: { 'content-type': 'application/json' }, connections: 8, duration: 1 });
  for (let r = 0; r < Number(rounds); r++) for (const s of r % 2 ? [...sides].reverse() : sides) await round(s, Number(seconds));
  const m = (v: number[] | undefined) => (v ? percentile(v, 50) : 0);
  const names = [...new Set([...sides[0].us.keys(), ...sides[1].us.keys()])].sort((x, y) => m(sides[1].us.get(y)) - m(sides[1].us.get(x)));
  console.log(`${kind}, median of ${rounds} alternating rounds, CPU µs per request by thread (load ${loadavg()[0]!.toFixed(1)})`);
  console.log(`  ${'thread'.padEnd(18)} ${'A'.padStart(7)} ${'B'.padStart(7)}`);
  for (const n of names) console.log(`  ${n.padEnd(18)} ${m(sides[0].us.get(n)).toFixed(1).padStart(7)} ${m(sides[1].us.get(n)).toFixed(1).padStart(7)}`);
  console.log(`  req/s              ${m(sides[0].rps).toFixed(0).padStart(7)} ${m(sides[1].rps).toFixed(0).padStart(7)}`);
  console.log(`  writes per COMMIT  ${m(sides[0].perCommit).toFixed(2).padStart(7)} ${m(sides[1].perCommit).toFixed(2).padStart(7)}`);
  for (const s of sides) s.child.disconnect();
}

void main();
