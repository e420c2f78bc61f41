/** Migration 005: the catalog revision that keeps the in-memory filter index exact. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@server/db/migrations';
import { migrate, userVersion } from '@sqlite/migrate';
import { createAccount } from '@server/repos/accounts';
import { searchProducts } from '@server/repos/products';
import { sqliteStore } from '@server/db/sqlite/store';

describe('migration 005 (catalog_revision)', () => {
  it('upgrades a version-4 database in place; old products stay findable and every write moves the revision', async () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 4));
    const now = new Date('2026-11-23T10:00:00.000Z');
    const acc = await createAccount(sqliteStore(db), { name: 'Régi Kft', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '1011', city: 'Budapest', street: 'Fő utca 1.' }, now);
    const insert = db.prepare(`INSERT INTO products (account_id, product_name, currency, vat, unit, search, created_at, updated_at) VALUES (?, ?, 'HUF', '27', 'db', ?, ?, ?)`);
    const old = Number(insert.run(acc, 'Régi ütvefúró', '\u001frégi ütvefúró\u001f', now.toISOString(), now.toISOString()).lastInsertRowid);

    expect(migrate(db, MIGRATIONS.slice(0, 5))).toEqual({ from: 4, to: 5 });
    expect(userVersion(db)).toBe(5);
    const rev = () => (db.prepare('SELECT rev FROM catalog_revisions WHERE account_id = ?').pluck().get(acc) as number | undefined) ?? 0;
    const stamp = (id: number) => db.prepare('SELECT search_rev FROM products WHERE id = ?').pluck().get(id);
    expect(rev()).toBe(0);
    expect(stamp(old)).toBe(0);
    expect((await searchProducts(sqliteStore(db), acc, { filter: 'ütvefúró', limit: 10 })).map((p) => p.id)).toEqual([old]);

    const added = Number(insert.run(acc, 'Új ütvefúró', '\u001fúj ütvefúró\u001f', now.toISOString(), now.toISOString()).lastInsertRowid);
    expect(rev()).toBe(1);
    expect(stamp(added)).toBe(1);
    db.prepare('UPDATE products SET notes = ? WHERE id = ?').run('nem keresett mező', old);
    expect(rev()).toBe(1);
    db.prepare('UPDATE products SET search = ? WHERE id = ?').run('\u001frégi fúró\u001f', old);
    expect(rev()).toBe(2);
    expect(stamp(old)).toBe(2);
    expect((await searchProducts(sqliteStore(db), acc, { filter: 'ütvefúró', limit: 10 })).map((p) => p.id)).toEqual([added]);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT id, search FROM products WHERE account_id = ? AND search_rev > ?').all(acc, 0) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/products_search_rev/);
    db.close();
  });
});
