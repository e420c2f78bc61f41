/**
 * A CPU profile of a source tree's SQLite bench server (its bench/cases/server-product.child.ts, bundled
 * there by bench/tools/abSqlite.ts first) under the one-body getQuantity or setQuantity load;
 * prints the hottest functions by self time, and by total time those of the server's own code.
 * `npx tsx bench/tools/profileTree.ts /path/to/tree getQuantity|setQuantity [seconds]`
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { autocannon } from '../lib/http';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] }

async function main(): Promise<void> {
  const [tree, kind = 'setQuantity', secs = '15'] = process.argv.slice(2);
  const script = join(resolve(tree!), 'bench', 'results', '.build', 'ab-child.mjs');
  const profDir = mkdtempSync(join(tmpdir(), 'sd-cpuprof-'));
  const child = fork(script, ['api', '2000'], { execArgv: ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${profDir}`], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const info = await new Promise<Record<string, unknown>>((res) => child.once('message', (m) => res(m as Record<string, unknown>)));
  const keys = info.keys as object;
  const supplier = (info.account as { supplierContactId: number }).supplierContactId;
  const body = kind === 'getQuantity'
    ? JSON.stringify({ getQuantity: { ...keys, product_id: 1, warehouse: '*' } })
    : JSON.stringify({ setQuantity: { ...keys, product_id: 1, quantity: 1, contact_id: supplier, warehouse: 'Default', stock_label: 'A-01' } });
  const r = await autocannon({ url: `${info.url as string}/api/product`, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections: 8, duration: Number(secs) });
  console.log(`${tree} ${kind}: ${r.requests.average} req/s, ${r.requests.total} requests`);
  await new Promise<void>((res) => { child.once('exit', () => res()); child.disconnect(); });
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
  const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as { nodes: Node[]; samples: number[] };
  const busy = prof.nodes.filter((n) => n.callFrame.functionName !== '(idle)').reduce((s, n) => s + n.hitCount, 0);
  const self = new Map<string, number>();
  for (const n of prof.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`;
    if (f.functionName !== '(idle)') self.set(key, (self.get(key) ?? 0) + n.hitCount);
  }
  // Inclusive time of the server's own functions (the bundle's), per request: where a request's CPU goes.
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const total = (n: Node): number => n.hitCount + (n.children ?? []).reduce((sum, c) => sum + total(byId.get(c)!), 0);
  const incl = new Map<string, number>();
  const seen = new Set<string>();
  const walk = (n: Node, stack: Set<string>): void => {
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'}:${f.lineNumber}`;
    if (f.url.endsWith('ab-child.mjs') && !stack.has(key)) incl.set(key, (incl.get(key) ?? 0) + n.hitCount);
    const next = f.url.endsWith('ab-child.mjs') ? new Set(stack).add(key) : stack;
    for (const c of n.children ?? []) walk(byId.get(c)!, next);
    void seen;
  };
  // Inclusive = every sample with the function on its stack, counted once per sample.
  const incl2 = new Map<string, number>();
  const walk2 = (n: Node, stack: string[]): void => {
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'}:${f.lineNumber}`;
    const here = f.url.endsWith('ab-child.mjs') && !stack.includes(key) ? [...stack, key] : stack;
    for (const k of here) incl2.set(k, (incl2.get(k) ?? 0) + n.hitCount);
    for (const c of n.children ?? []) walk2(byId.get(c)!, here);
  };
  walk2(prof.nodes[0]!, []);
  void walk; void total;
  console.log('inclusive µs per request (100 µs samples):');
  for (const [k, v] of [...incl2].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${((v * 100) / r.requests.total).toFixed(1).padStart(7)}  ${k}`);
  console.log(`busy samples ${busy} (${(busy / r.requests.total).toFixed(3)} per request)`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`${((100 * v) / busy).toFixed(1).padStart(5)}% ${((v * 100) / r.requests.total).toFixed(1).padStart(6)} µs/req  ${k}`);
}

void main();
