/**
 * Where the engine bench server's CPU goes, by thread: the server child (server-engines.child.ts) on
 * one engine under one kind of varied load, /proc/<pid>/task/<tid>/stat read before and after.
 * `npx tsx bench/tools/threadCpu.ts sqlite|postgres getQuantity|setQuantity [seconds]`
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCluster, stopCluster } from '../../scripts/pg-cluster.mjs';
import { autocannon, startChild, stopChildren } from '../lib/http';

function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const raw = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
      const f = raw.replace(/^.*\) /, '').split(' ');
      out.set(`${tid} ${name} user`, Number(f[11]));
      out.set(`${tid} ${name} sys`, Number(f[12]));
    } catch {
      // gone
    }
  }
  return out;
}

async function main(): Promise<void> {
  const [engine = 'postgres', kind = 'getQuantity', secs = '5'] = process.argv.slice(2);
  let cluster: { url: string; dir: string } | undefined;
  let dbUrl = '';
  if (engine === 'postgres') {
    cluster = await startCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE sd_threads TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
    await admin.query('ALTER DATABASE sd_threads SET synchronous_commit = on');
    await admin.end();
    const u = new URL(cluster.url);
    u.pathname = '/sd_threads';
    dbUrl = u.toString();
  }
  try {
    const { child, info } = await startChild(fileURLToPath(new URL('../cases/server-engines.child.ts', import.meta.url)), [engine, dbUrl]);
    const keys = info.keys as object;
    const firstId = info.firstId as number;
    const products = info.products as number;
    const warehouses = info.warehouses as string[];
    const body = (i: number) => JSON.stringify(kind === 'getQuantity'
      ? { getQuantity: { ...keys, product_id: firstId + ((i * 7919) % products), warehouse: i % 3 ? warehouses[i % warehouses.length] : '*' } }
      : { setQuantity: { ...keys, product_id: firstId + ((i * 7919) % products), quantity: 1, contact_id: info.supplier, warehouse: warehouses[i % warehouses.length] } });
    let n = 0;
    const load = (d: number) => autocannon({ url: `${info.url as string}/api/product`, method: 'POST', body: body(0), headers: { 'content-type': 'application/json' }, connections: 8, duration: d, requests: [{ setupRequest: (req) => ({ ...req, body: body(n++) }) }] });
    await load(1);
    const before = threads(child.pid!);
    const r = await load(Number(secs));
    const after = threads(child.pid!);
    console.log(`${engine} ${kind}: ${r.requests.average} req/s, ${r.requests.total} requests`);
    for (const [k, t] of after) {
      const d = t - (before.get(k) ?? 0);
      if (d > 0) console.log(`  ${k}: ${((d * 10_000) / r.requests.total).toFixed(0)} µs/request`);
    }
    stopChildren(child);
  } finally {
    if (cluster) stopCluster(cluster.dir);
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
