/**
 * The server for the live bench: the real Command API on a temp SQLite file with the demo account
 * and 40 stocked products. Reports its URL over IPC; answers `{usage: true}` with its resident memory
 * and CPU time so far. Runs until the parent disconnects.
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
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-live-'));
  const dbPath = join(dir, 'server.db');
  const db = openServerDb(dbPath);
  const { account, keys } = await seedDemo(db, systemClock);
  const ids = await seedCatalog(sqliteStore(db), account.accountId, 40, new Date(Date.now() - 60_000), { stockEvery: 1, qty: 1000 });
  const app = await startServer({ db, config: { port: 0, dbPath }, log: pino({ level: 'silent' }) });
  process.send!({ url: app.url, keys, supplier: account.supplierContactId, ids });
  process.on('message', (m: { usage?: boolean }) => {
    if (m.usage) {
      global.gc?.();
      const cpu = process.cpuUsage();
      process.send!({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  });
  process.on('disconnect', () => {
    void app.close().then(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

void main();
