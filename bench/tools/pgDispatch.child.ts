/**
 * In-process CPU per request of the dispatch path on PostgreSQL (no HTTP): one database (argv URL),
 * the demo account and a stocked catalog, 8 concurrent callers of varied bodies (another product and
 * warehouse each time) for `seconds`; node's CPU (process.cpuUsage) and the pool's backends' CPU
 * (/proc/<pid>/stat) per request. Bundled and run by pgDispatch.ts; prints one JSON line.
 * X_PG_SET='name=value,…': session settings on every pooled connection (options=-c …), to price one.
 * X_CALLERS=n: n concurrent callers instead of 8 (1: each request's latency alone, round trips and all).
 */
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { defaultConfig } from '@server/config';
import { dispatch, type DispatchDeps } from '@server/http/dispatch';
import { openPostgres } from '@server/db/postgres';
import { seedStockedCatalog } from '../lib/postgres';

function backendTicks(pids: number[]): number {
  let t = 0;
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      t += Number(f[11]) + Number(f[12]);
    } catch {
      // ended
    }
  }
  return t;
}

async function main(): Promise<void> {
  const [url, kind = 'getQuantity', seconds = '4', seed = 'seed'] = process.argv.slice(2);
  const u = new URL(url!);
  const settings = (process.env.X_PG_SET ?? '').split(',').filter(Boolean);
  if (settings.length) u.searchParams.set('options', settings.map((s) => `-c ${s}`).join(' '));
  const store = await openPostgres({ url: u.toString(), poolSize: 10, applicationName: 'sd-pgdispatch', ...(process.env.X_PG_LANES === '0' ? { lanes: false } : {}) });
  const seeded = seed === 'seed';
  const { account, keys } = seeded ? await seedDemo(store, systemClock) : JSON.parse(process.env.X_SEEDED!) as Awaited<ReturnType<typeof seedDemo>>;
  const catalog = seeded ? await seedStockedCatalog(store, account.accountId, 2000, 6, (i) => (i % 3 ? '' : 'A-01')) : JSON.parse(process.env.X_CATALOG!) as { firstId: number; names: string[] };
  if (seeded) {
    console.log(JSON.stringify({ seeded: { account, keys }, catalog }));
    await store.close();
    return;
  }
  const deps = { db: store, clock: systemClock, config: defaultConfig({ dbPath: '' }), log: pino({ level: 'silent' }), services: { kickMail: () => {} } } as unknown as DispatchDeps;
  let i = 0;
  const body = () => {
    const k = i++;
    const product = catalog.firstId + ((k * 7919) % 2000);
    const warehouse = catalog.names[k % catalog.names.length]!;
    return Buffer.from(kind === 'getQuantity'
      ? JSON.stringify({ getQuantity: { ...keys, product_id: product, warehouse: k % 3 ? warehouse : '*' } })
      : JSON.stringify({ setQuantity: { ...keys, product_id: product, quantity: 1, contact_id: account.supplierContactId, warehouse, stock_label: k % 4 ? 'A-01' : '' } }));
  };
  const burst = async (ms: number) => {
    let n = 0;
    const end = Date.now() + ms;
    await Promise.all(Array.from({ length: Number(process.env.X_CALLERS ?? 8) }, async () => {
      while (Date.now() < end) {
        const out = await dispatch(deps, 'product', body(), 'application/json');
        if ((out as { status: number }).status !== 200) throw new Error(`HTTP ${(out as { status: number }).status}: ${String((out as { body?: unknown }).body)}`);
        n++;
      }
    }));
    return n;
  };
  await burst(1000);
  const pids = (await store.all<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'sd-pgdispatch' AND datname = current_database()")).map((r) => r.pid);
  const b0 = backendTicks(pids);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const n = await burst(Number(seconds) * 1000);
  const c = process.cpuUsage(c0);
  const secs = (performance.now() - t0) / 1000;
  const db = ((backendTicks(pids) - b0) * 10_000) / n;
  console.log(JSON.stringify({ n, rps: n / secs, latencyUs: (secs * 1e6 * Number(process.env.X_CALLERS ?? 8)) / n, nodeUs: (c.user + c.system) / n, dbUs: db }));
  await store.close();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
