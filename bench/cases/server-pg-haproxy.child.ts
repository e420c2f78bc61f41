/**
 * A server instance for the HAProxy bench (server-pg-haproxy.ts) on a shared PostgreSQL database:
 * `seed URL` seeds the demo account and a catalog with stock (one instance does, before the others
 * start) and reports the keys and ids; `serve URL` only serves. Reports its URL over IPC, answers
 * `{ cpu: true }` with its CPU time, and runs until the parent disconnects.
 */
import pino from 'pino';
import { startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { openPostgres } from '@server/db/postgres';
import { seedStockedCatalog } from '../lib/postgres';

const POOL_SIZE = Number(process.env.BENCH_PG_POOL ?? 8);


async function main(): Promise<void> {
  const [mode, url] = process.argv.slice(2);
  const store = await openPostgres({ url: url!, poolSize: POOL_SIZE, applicationName: `stockdesk-bench-${process.pid}` });
  let info: Record<string, unknown> = {};
  if (mode === 'seed') {
    const products = Number(process.env.BENCH_HAPROXY_PRODUCTS ?? 5000);
    const { account, keys } = await seedDemo(store, systemClock);
    const { firstId, names } = await seedStockedCatalog(store, account.accountId, products, 6);
    info = { keys, supplier: account.supplierContactId, firstId, products, warehouses: names };
  }
  const app = await startServer({ store, config: { port: 0 }, log: pino({ level: 'silent' }) });
  process.send!({ url: app.url, poolSize: POOL_SIZE, ...info });
  process.on('message', (m: { cpu?: boolean }) => {
    if (m.cpu) process.send!({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => {
    void app.close().then(async () => {
      await store.close();
      process.exit(0);
    });
  });
}

void main();
