/**
 * A server process for the history bench (history.ts): `sqlite` serves a temp SQLite file, `postgres URL`
 * a PostgreSQL database, both seeded alike: the demo account, OTHERS products, six warehouses, and one product with BENCH_HISTORY_MOVES (default 100,000) movements among theirs
 * (lib/historySeed.ts). It reports its URL, keys and the seed's ids to the parent over IPC, answers
 * `{ cpu: true }` with its CPU time, and runs until the parent disconnects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openServerDb, startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import type { Store } from '@server/db/sql';
import { sqliteStore } from '@server/db/sqlite/store';
import { openPostgres } from '@server/db/postgres';
import { insertProduct } from '@server/repos/products';
import { insertWarehouse } from '@server/repos/warehouses';
import { syntheticProduct } from '../lib/catalog';
import { seedHistory } from '../lib/historySeed';

const OTHERS = 1000;

async function main(): Promise<void> {
  const [engine, url] = process.argv.slice(2);
  const moves = Number(process.env.BENCH_HISTORY_MOVES ?? 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-history-'));
  const dbPath = join(dir, 'server.db');
  const store: Store = engine === 'postgres' ? await openPostgres({ url: url!, poolSize: 4, applicationName: 'stockdesk-bench' }) : sqliteStore(openServerDb(dbPath));
  const started = Date.now();
  const { account, keys } = await seedDemo(store, systemClock);
  const catalog = await store.transaction(async (db) => {
    const now = new Date();
    const warehouses: Array<{ id: number; name: string }> = [];
    for (let w = 1; w <= 6; w++) warehouses.push({ id: await insertWarehouse(db, account.accountId, { name: `Raktár ${w}` }, now), name: `Raktár ${w}` });
    const ids: number[] = [];
    for (let i = 0; i < OTHERS; i++) {
      const { maker, kind, name } = syntheticProduct(i);
      ids.push(await insertProduct(db, account.accountId, {
        name, action: 0, listPrice: String(1000 + i), currency: 'HUF', vat: '27', unit: 'db', manufacturer: maker,
        itemNumber: `SD-${String(i).padStart(6, '0')}`, eanNumber: String(5_990_000_000_000 + i), productGroup: kind, tags: [], service: 0, components: [],
      }, now));
    }
    return { warehouses, ids, productId: ids[17]! };
  });
  const { warehouses, ids, productId } = catalog;
  const seed = await seedHistory(store, account.accountId, { productId, others: ids.filter((id) => id !== productId), warehouses, moves, otherShare: 0.33 });
  // PostgreSQL's autovacuum would have analysed tables this size long before anyone pages them; SQLite is never analysed (the server does not).
  if (engine === 'postgres') await store.run('ANALYZE');
  const app = await startServer({ store, config: { port: 0, dbPath }, log: pino({ level: 'silent' }) });
  process.send!({ url: app.url, keys, supplier: account.supplierContactId, seed, seedMs: Date.now() - started });
  process.on('message', (m: { cpu?: boolean }) => {
    if (m.cpu) process.send!({ cpu: process.cpuUsage() });
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
