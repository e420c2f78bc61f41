/**
 * The server for the core bench: the real Command API on a temp SQLite file with the demo account
 * and 100,000 products, each with stock in three warehouses, written through the server's
 * repositories. Reports its URL over IPC; `{change: n}` messages make n changes (for the
 * incremental pull) and answer `{changed: n}`. Runs until the parent disconnects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openServerDb, startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { sqliteStore } from '@server/db/sqlite/store';
import { seedCatalog } from '../../test/helpers/core';

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-core-'));
  const dbPath = join(dir, 'server.db');
  const db = openServerDb(dbPath);
  const { account, keys } = await seedDemo(db, systemClock);
  const started = Date.now();
  const ids: number[] = [];
  // In slices, so one transaction never holds the whole catalog in the WAL.
  for (let i = 0; i < count; i += 10_000) ids.push(...(await seedCatalog(sqliteStore(db), account.accountId, Math.min(10_000, count - i), new Date(Date.now() - 60_000), { stockEvery: 1, qty: 1000 })));
  const app = await startServer({ db, config: { port: 0, dbPath }, log: pino({ level: 'silent' }) });
  process.send!({ url: app.url, keys, supplier: account.supplierContactId, ids: [ids[0], ids.at(-1)], products: count, seedMs: Date.now() - started });
  process.on('disconnect', () => {
    void app.close().then(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

void main();
