/**
 * A CPU profile of the engine bench's server (server-engines.child.ts) under load: the bundled child
 * runs with `node --cpu-prof` on one engine, autocannon sends one kind of varied request for a few
 * seconds, and the profile's hottest functions (self time) are printed.
 * `npx tsx bench/tools/profileChild.ts sqlite|postgres getQuantity|setQuantity [seconds]`
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bundleServer } from '../../scripts/server-bundle.mjs';
import { startCluster, stopCluster } from '../../scripts/pg-cluster.mjs';
import { engineLoad } from '../lib/engineLoad';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] }

async function main(): Promise<void> {
  const [engine = 'postgres', kind = 'getQuantity', secs = '5'] = process.argv.slice(2);
  // Inside the repository, so the bundle's external packages resolve from node_modules.
  const script = fileURLToPath(new URL('../results/.build/profile-child.mjs', import.meta.url));
  await bundleServer(fileURLToPath(new URL('../cases/server-engines.child.ts', import.meta.url)), script, { sourcemap: false, logLevel: 'warning' });
  let cluster: { url: string; dir: string } | undefined;
  process.once('exit', () => {
    if (cluster) stopCluster(cluster.dir);
    cluster = undefined;
  });
  let dbUrl = '';
  if (engine === 'postgres') {
    const server = process.env.STOCKDESK_TEST_PG_URL ?? (cluster = await startCluster()).url;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    const name = `stockdesk_prof_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = on`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  }
  const profDir = mkdtempSync(join(tmpdir(), 'sd-cpuprof-'));
  const child = fork(script, [engine, dbUrl], { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profDir}`], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const info = await new Promise<Record<string, unknown>>((resolve) => child.once('message', (m) => resolve(m as Record<string, unknown>)));
  const r = await engineLoad(info, kind)(Number(secs));
  console.log(`${engine} ${kind}: ${r.requests.average} req/s, ${r.requests.total} requests, ${r.non2xx} non-2xx`);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.disconnect();
  });
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
  const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as { nodes: Node[]; samples: number[] };
  const total = prof.samples.length;
  const self = new Map<string, number>();
  for (const node of prof.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + node.hitCount);
  }
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  // By where the code lives: a package of node_modules, node's own (node:…), the bundle, or native.
  const byPlace = new Map<string, number>();
  for (const node of prof.nodes) {
    const url = node.callFrame.url;
    const place = url.includes('node_modules/') ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : url.startsWith('node:') ? url.replace(/^node:(internal\/)?([^/]+).*$/, 'node:$2') : url ? 'the bundle' : node.callFrame.functionName;
    byPlace.set(place, (byPlace.get(place) ?? 0) + node.hitCount);
  }
  console.log('by place:');
  for (const [k, v] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
}

// A cluster this tool started is stopped whatever happened (main stops it on success).
void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
