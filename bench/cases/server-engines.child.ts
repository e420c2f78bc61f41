/**
 * A server process for the engine bench (server-engines.ts): `sqlite` serves a temp SQLite file,
 * `postgres URL` a PostgreSQL database, both seeded alike (the demo account, PRODUCTS products, WAREHOUSES
 * warehouses, every product with stock in two of them). It reports its URL, keys and ids to the
 * parent over IPC, answers `{ cpu: true }` with its own CPU time (and, on PostgreSQL, its pool's
 * backends' CPU time, read from /proc), and runs until the parent disconnects.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openServerDb, startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import type { Store } from '@server/db/sql';
import { sqliteStore } from '@server/db/sqlite/store';
import { openPostgres } from '@server/db/postgres';
import { seedStockedCatalog } from '../lib/postgres';

const POOL_SIZE = Number(process.env.BENCH_PG_POOL ?? 10);
/** BENCH_PG_LANES=0: statements outside transactions take pool connections (db/postgres/lanes.ts off). */
const LANES = process.env.BENCH_PG_LANES === '0' ? { lanes: false as const } : {};


/** CPU ticks (utime + stime) of the PostgreSQL backends serving this database, by pid. */
async function backendTicks(store: Store): Promise<Record<number, number>> {
  const rows = await store.all<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'");
  const out: Record<number, number> = {};
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 after the parenthesised command name.
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      out[pid] = Number(f[11]) + Number(f[12]);
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

async function main(): Promise<void> {
  const [engine, url] = process.argv.slice(2);
  const products = Number(process.env.BENCH_ENGINE_PRODUCTS ?? 5000);
  const warehouses = Number(process.env.BENCH_ENGINE_WAREHOUSES ?? 6);
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-'));
  const dbPath = join(dir, 'server.db');
  const store: Store = engine === 'postgres' ? await openPostgres({ url: url!, poolSize: POOL_SIZE, applicationName: 'stockdesk-bench', ...LANES }) : sqliteStore(openServerDb(dbPath));
  const { account, keys } = await seedDemo(store, systemClock);
  const { firstId, names } = await seedStockedCatalog(store, account.accountId, products, warehouses, (i) => (i % 3 ? '' : 'A-01'));
  const app = await startServer({ store, config: { port: 0, dbPath }, log: pino({ level: 'silent' }) });
  process.send!({ url: app.url, keys, supplier: account.supplierContactId, firstId, products, warehouses: names, poolSize: engine === 'postgres' ? POOL_SIZE : 1 });
  process.on('message', (m: { cpu?: boolean }) => {
    if (!m.cpu) return;
    void (engine === 'postgres' ? backendTicks(store) : Promise.resolve({})).then((backends) => process.send!({ cpu: process.cpuUsage(), backends }));
  });
  process.on('disconnect', () => {
    void app.close().then(async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

void main();
