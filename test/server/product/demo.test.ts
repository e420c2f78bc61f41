import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '@server/db/migrations';
import { migrate } from '@sqlite/migrate';
import { seedDemo } from '@server/demo/seed';
import { ean13 } from '@server/demo/products';
import { levelMismatches } from '@server/repos/stock';
import { listWarehouses } from '@server/repos/warehouses';
import { searchProducts } from '@server/repos/products';
import { TestClock } from '../../helpers/server';
import { dbChecksum } from '../../helpers/dbChecksum';
import { sqliteStore } from '@server/db/sqlite/store';

describe('product demo data', () => {
  it('seeds warehouses, a catalog with stock on shelf labels, and is idempotent', async () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS);
    const clock = new TestClock();
    const { account } = await seedDemo(db, clock, { api_key: 'sdk_a', session_key: 'sds_a' });
    expect((await listWarehouses(sqliteStore(db), account.accountId)).map((w) => w.name)).toEqual(['Default', 'Budapest Raktár', 'Győr Raktár']);
    const products = await searchProducts(sqliteStore(db), account.accountId, { filter: '%', limit: 1000 });
    expect(products.length).toBeGreaterThanOrEqual(50);
    expect(new Set(products.map((p) => p.vat))).toEqual(new Set(['27', '18', '5']));
    expect(products.filter((p) => p.service === 1)).toHaveLength(1);
    expect(products.filter((p) => p.components.length > 0)).toHaveLength(1);
    for (const p of products.filter((x) => x.eanNumber)) expect(ean13(p.eanNumber!.slice(0, 12))).toBe(p.eanNumber);
    const labels = db.prepare("SELECT DISTINCT stock_label FROM stock_levels WHERE stock_label <> ''").all();
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(await levelMismatches(sqliteStore(db))).toEqual([]);
    const before = dbChecksum(db);
    await seedDemo(db, clock, { api_key: 'sdk_a', session_key: 'sds_a' });
    expect(dbChecksum(db)).toBe(before);
  });
});

describe('migration 002', () => {
  it('gives every existing account a Default warehouse', async () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 1));
    db.prepare("INSERT INTO accounts (name, created_at) VALUES ('Régi Kft.', '2025-01-01T00:00:00.000Z')").run();
    migrate(db, MIGRATIONS);
    expect((await listWarehouses(sqliteStore(db), 1)).map((w) => w.name)).toEqual(['Default']);
  });
});
