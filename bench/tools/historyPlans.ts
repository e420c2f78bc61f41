/**
 * Prints SQLite's query plan and time of each getStockHistory page statement (product, warehouse, bin;
 * first and deep pages) on a file seeded as the history bench seeds it: `npx tsx bench/tools/historyPlans.ts [moves]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openServerDb, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { sqliteStore } from '@server/db/sqlite/store';
import { insertProduct } from '@server/repos/products';
import { insertWarehouse } from '@server/repos/warehouses';
import { historyPage } from '@server/repos/stockHistory';
import { seedHistory } from '../lib/historySeed';

const dir = mkdtempSync(join(tmpdir(), 'stockdesk-plans-'));
const db = openServerDb(join(dir, 'server.db'));
const store = sqliteStore(db);
const { account } = await seedDemo(store, systemClock);
const made = await store.transaction(async (tx) => {
  const now = new Date();
  const warehouses = [];
  for (let w = 1; w <= 6; w++) warehouses.push({ id: await insertWarehouse(tx, account.accountId, { name: `Raktár ${w}` }, now), name: `Raktár ${w}` });
  const ids: number[] = [];
  for (let i = 0; i < 1000; i++) {
    ids.push(await insertProduct(tx, account.accountId, { name: `P ${i}`, action: 0, listPrice: '1', currency: 'HUF', vat: '27', unit: 'db', manufacturer: 'M', itemNumber: `SD-${i}`, eanNumber: '', productGroup: '', tags: [], service: 0, components: [] }, now));
  }
  return { ids, warehouses };
});
const seed = await seedHistory(store, account.accountId, { productId: made.ids[17]!, others: made.ids.filter((_, i) => i !== 17), warehouses: made.warehouses, moves: Number(process.argv[2] ?? 100_000), otherShare: 0.33 });
const whId = (name: string) => (db.prepare('SELECT id FROM warehouses WHERE name = ?').get(name) as { id: number }).id;
const origPrepare = db.prepare.bind(db);
let shown = new Set<string>();
db.prepare = ((sql: string) => {
  if (sql.includes('top_milli') && !shown.has(sql)) {
    shown.add(sql);
    console.log((origPrepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array(sql.split('?').length - 1).fill(1)) as Array<{ detail: string }>).map((r) => `   ${r.detail}`).join('\n'));
  }
  return origPrepare(sql);
}) as typeof db.prepare;
for (const c of [{ depth: 0, receiptId: undefined, line: undefined, warehouse: seed.warehouses[0]!, bin: 'A-01' }, ...seed.cursors]) {
  for (const scope of ['product', 'warehouse', 'bin'] as const) {
    const q = { productId: seed.productId, limit: 100, ...(scope !== 'product' ? { warehouseId: whId(c.warehouse) } : {}), ...(scope === 'bin' ? { label: c.bin } : {}), ...(c.receiptId ? { before: { receiptId: c.receiptId, line: c.line! } } : {}) };
    await historyPage(store, account.accountId, q);
    const t = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    for (let i = 0; i < 20; i++) await historyPage(store, account.accountId, q);
    const used = process.cpuUsage(cpu);
    console.log(`${scope} depth ${c.depth}: ${(Number(process.hrtime.bigint() - t) / 20e6).toFixed(2)} ms wall, ${((used.user + used.system) / 20e3).toFixed(2)} ms CPU`);
  }
}
shown = new Set();
db.close();
rmSync(dir, { recursive: true, force: true });
