/**
 * A server instance for the HAProxy bench (server-pg-haproxy.ts) on a shared PostgreSQL database:
 * `seed URL` seeds the demo account and a catalog with stock (one instance does, before the others
 * start) and reports the keys and ids; `serve URL` only serves. Reports its URL over IPC, answers
 * `{ cpu: true }` with its CPU time, and runs until the parent disconnects.
 */
import pino from 'pino';
import { startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import type { Store } from '@server/db/sql';
import { openPostgres } from '@server/db/postgres';
import { insertProduct } from '@server/repos/products';
import { addMove, insertReceipt } from '@server/repos/stock';
import { insertWarehouse } from '@server/repos/warehouses';
import { syntheticProduct } from '../lib/catalog';

const POOL_SIZE = Number(process.env.BENCH_PG_POOL ?? 8);

async function seed(store: Store, accountId: number, products: number, warehouses: number): Promise<{ firstId: number; names: string[] }> {
  const now = new Date();
  return store.transaction(async (db) => {
    const whs: Array<{ id: number; name: string }> = [];
    for (let w = 1; w <= warehouses; w++) whs.push({ id: await insertWarehouse(db, accountId, { name: `Raktár ${w}` }, now), name: `Raktár ${w}` });
    let firstId = 0;
    for (let i = 0; i < products; i++) {
      const { maker, kind, name } = syntheticProduct(i);
      const id = await insertProduct(db, accountId, {
        name, action: 0, listPrice: String(1000 + i), currency: 'HUF', vat: '27', unit: 'db', manufacturer: maker,
        itemNumber: `SD-${String(i).padStart(6, '0')}`, eanNumber: String(5_990_000_000_000 + i), productGroup: kind, tags: [], service: 0, components: [],
      }, now);
      firstId ||= id;
      // Stock in two warehouses: "*" reads several rows, take-ins and wastings meet existing levels.
      for (const w of [whs[i % warehouses]!, whs[(i + 1) % warehouses]!]) {
        const receiptId = await insertReceipt(db, accountId, { kind: 'takein', warehouseId: w.id, date: now.toISOString().slice(0, 10) }, now);
        await addMove(db, accountId, receiptId, { productId: id, warehouseId: w.id, label: '', qtyMilli: 10_000_000 });
      }
    }
    return { firstId, names: whs.map((w) => w.name) };
  });
}

async function main(): Promise<void> {
  const [mode, url] = process.argv.slice(2);
  const store = await openPostgres({ url: url!, poolSize: POOL_SIZE, applicationName: `stockdesk-bench-${process.pid}` });
  let info: Record<string, unknown> = {};
  if (mode === 'seed') {
    const products = Number(process.env.BENCH_HAPROXY_PRODUCTS ?? 5000);
    const { account, keys } = await seedDemo(store, systemClock);
    const { firstId, names } = await seed(store, account.accountId, products, 6);
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
