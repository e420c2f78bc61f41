/**
 * A server process for the server-product bench: `api` starts the real Command API on a temp SQLite
 * file with the demo account and a synthetic catalog; `bare` answers every POST with a fixed body.
 * It reports its URL to the parent over IPC and runs until the parent disconnects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openServerDb, startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { groupCommitOf } from '@server/db/sqlite/groupCommit';
import { sqliteStore } from '@server/db/sqlite/store';
import { insertProduct } from '@server/repos/products';
import { serveBare } from '../lib/bare';
import { syntheticProduct } from '../lib/catalog';

async function catalog(raw: ReturnType<typeof openServerDb>, accountId: number, n: number): Promise<void> {
  const now = new Date();
  await sqliteStore(raw).transaction(async (db) => {
    for (let i = 0; i < n; i++) {
      const { maker, kind, name } = syntheticProduct(i);
      await insertProduct(db, accountId, {
        name, action: 0, listPrice: String(1000 + (i % 50_000)), currency: 'HUF', vat: '27', unit: 'db',
        manufacturer: maker, itemNumber: `SD-${String(i).padStart(6, '0')}`, eanNumber: String(5_990_000_000_000 + i), productGroup: kind,
        tags: [kind.split(' ')[0]!, i % 2 ? 'akció' : 'raktári'], service: 0, components: [],
      }, now);
    }
  });
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode === 'bare') {
    serveBare();
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-'));
    const dbPath = join(dir, 'server.db');
    const db = openServerDb(dbPath);
    const { account, keys } = await seedDemo(db, systemClock);
    const count = Number(process.argv[3] ?? 100_000);
    const started = Date.now();
    await catalog(db, account.accountId, count);
    const app = await startServer({ db, config: { port: 0, dbPath }, log: pino({ level: 'silent' }) });
    process.send!({ url: app.url, keys, account, products: count, seedMs: Date.now() - started });
    process.on('message', (m: { cpu?: boolean }) => {
      if (m.cpu) process.send!({ cpu: process.cpuUsage(), commits: { ...groupCommitOf(db).stats } });
    });
    process.on('disconnect', () => {
      void app.close().then(() => {
        db.close();
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
    });
  }
  process.on('disconnect', () => process.exit(0));
}

void main();
