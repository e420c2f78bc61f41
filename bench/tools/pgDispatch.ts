/**
 * CPU per request of the dispatch path on PostgreSQL, in process (no HTTP), side against side in
 * rotating rounds on one seeded database of a private cluster: node's and the backends' µs per request,
 * and requests per second; ratios to the first side. A side is a source tree, optionally with
 * environment variables for its child (`/path/to/tree+X_PG_SET=plan_cache_mode=force_generic_plan`).
 * `npx tsx bench/tools/pgDispatch.ts getQuantity|setQuantity rounds seconds SIDE SIDE…` (a side may set X_CALLERS=1, or X_PG_LANES=0: no lanes)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCluster, stopCluster } from '../../scripts/pg-cluster.mjs';
import { percentile } from '../lib/measure';

const CHILD = fileURLToPath(new URL('./pgDispatch.child.ts', import.meta.url));

function bundleIn(tree: string): string {
  const dir = join(tree, 'bench', 'tools');
  const out = join(tree, 'bench', 'results', '.build', 'pg-dispatch-child.mjs');
  execFileSync('mkdir', ['-p', join(tree, 'bench', 'results', '.build')]);
  if (resolve(CHILD) !== join(dir, 'pgDispatch.child.ts')) copyFileSync(CHILD, join(dir, 'pgDispatch.child.ts'));
  execFileSync(process.execPath, ['--input-type=module', '-e',
    `const m = await import(${JSON.stringify(join(tree, 'scripts', 'server-bundle.mjs'))}); await m.bundleServer(${JSON.stringify(join(dir, 'pgDispatch.child.ts'))}, ${JSON.stringify(out)}, { sourcemap: false, logLevel: 'warning' });`], { cwd: tree, stdio: 'inherit' });
  return out;
}

async function main(): Promise<void> {
  const [kind = 'getQuantity', rounds = '4', seconds = '4', ...specs] = process.argv.slice(2);
  const scripts = new Map<string, string>();
  const sides = specs.map((spec) => {
    const [path, ...vars] = spec.split('+');
    const tree = resolve(path!);
    if (!scripts.has(tree)) scripts.set(tree, bundleIn(tree));
    return { spec, script: scripts.get(tree)!, env: Object.fromEntries(vars.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)])), node: [] as number[], db: [] as number[], rps: [] as number[], latency: [] as number[] };
  });
  const cluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("CREATE DATABASE sd_dispatch TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'");
    await admin.query('ALTER DATABASE sd_dispatch SET synchronous_commit = on');
    await admin.end();
    const u = new URL(cluster.url);
    u.pathname = '/sd_dispatch';
    const seeded = JSON.parse(execFileSync(process.execPath, [sides[0]!.script, u.toString(), kind, '0', 'seed'], { encoding: 'utf8' }).trim().split('\n').at(-1)!) as { seeded: unknown; catalog: unknown };
    const env = { X_SEEDED: JSON.stringify(seeded.seeded), X_CATALOG: JSON.stringify(seeded.catalog) };
    for (let r = 0; r < Number(rounds); r++) {
      for (const s of [...sides.slice(r % sides.length), ...sides.slice(0, r % sides.length)]) {
        const out = JSON.parse(execFileSync(process.execPath, [s.script, u.toString(), kind, seconds, 'run'], { encoding: 'utf8', env: { ...process.env, ...env, ...s.env } }).trim().split('\n').at(-1)!) as { nodeUs: number; dbUs: number; rps: number; latencyUs: number };
        s.node.push(out.nodeUs);
        s.db.push(out.dbUs);
        s.rps.push(out.rps);
        s.latency.push(out.latencyUs);
      }
    }
  } finally {
    stopCluster(cluster.dir);
  }
  const m = (v: number[]) => percentile(v, 50);
  const total = (s: (typeof sides)[number]) => m(s.node.map((n, i) => n + s.db[i]!));
  console.log(`${kind} on PostgreSQL in process, median of ${rounds} rounds of ${seconds} s (load ${loadavg()[0]!.toFixed(1)}):`);
  for (const s of sides) {
    console.log(`  node ${m(s.node).toFixed(0).padStart(5)} + backends ${m(s.db).toFixed(0).padStart(5)} = ${total(s).toFixed(0).padStart(5)} µs ×${(total(s) / total(sides[0]!)).toFixed(3)}, ${m(s.rps).toFixed(0)} req/s ×${(m(s.rps) / m(sides[0]!.rps)).toFixed(3)}, ${m(s.latency).toFixed(0)} µs a request  ${s.spec}`);
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
