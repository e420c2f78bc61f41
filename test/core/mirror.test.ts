import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FutureDatabaseError, migrate, userVersion } from '@sqlite/migrate';
import { MIRROR_MIGRATIONS } from '@main/core/mirror/migrations';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

describe('mirror migrations', () => {
  it('each applies on top of the ones before it, in one transaction', () => {
    for (let n = 1; n <= MIRROR_MIGRATIONS.length; n++) {
      const db = new Database(':memory:');
      expect(migrate(db, MIRROR_MIGRATIONS.slice(0, n))).toEqual({ from: 0, to: n });
      expect(userVersion(db)).toBe(n);
      expect(migrate(db, MIRROR_MIGRATIONS.slice(0, n))).toEqual({ from: n, to: n });
    }
  });

  it('001 catalog: the FTS index follows inserts, renumbering and deletes', () => {
    const db = new Database(':memory:');
    migrate(db, MIRROR_MIGRATIONS.slice(0, 1));
    db.prepare("INSERT INTO products (id, name, unit, vat, currency, record, search) VALUES (-1, 'Szűrő', 'db', 27, 'HUF', '{}', 'szuro')").run();
    db.prepare('UPDATE products SET id = 42 WHERE id = -1').run();
    expect(db.prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'szur*'").all()).toEqual([{ rowid: 42 }]);
    db.prepare('DELETE FROM products WHERE id = 42').run();
    expect(db.prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'szur*'").all()).toEqual([]);
  });

  it('002 outbox: request ids are unique and states are checked', () => {
    const db = new Database(':memory:');
    migrate(db, MIRROR_MIGRATIONS.slice(0, 2));
    const ins = db.prepare("INSERT INTO outbox (method, params, request_id, state, created_at, updated_at, summary, queue_key) VALUES ('setQuantity', '{}', ?, ?, '', '', '', 'q')");
    ins.run('a', 'queued');
    expect(() => ins.run('a', 'queued')).toThrow(/UNIQUE/);
    expect(() => ins.run('b', 'lost')).toThrow(/CHECK/);
  });

  it('003 documents and 004 local: one account row, count lines go with their sheet', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIRROR_MIGRATIONS);
    expect(() => db.prepare("INSERT INTO account (id, seller, source, updated_at) VALUES (2, '{}', '', '')").run()).toThrow(/CHECK/);
    db.prepare("INSERT INTO count_sheets (id, warehouse, created_at) VALUES (1, 'Default', '')").run();
    db.prepare('INSERT INTO count_lines (sheet_id, product_id, expected_milli, position) VALUES (1, 5, 1000, 0)').run();
    db.prepare('DELETE FROM count_sheets WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM count_lines').get()).toEqual({ n: 0 });
  });

  it('005 search prefixes: a mirror of 004 keeps its products searchable, now with 2–6 character prefix indexes', () => {
    const db = new Database(':memory:');
    migrate(db, MIRROR_MIGRATIONS.slice(0, 4));
    const ins = db.prepare("INSERT INTO products (id, name, unit, vat, currency, record, search) VALUES (?, ?, 'db', 27, 'HUF', '{}', ?)");
    ins.run(1, 'Szűrő', 'bosch szuro');
    ins.run(2, 'Szűrőbetét', 'makita szurobetet');
    migrate(db, MIRROR_MIGRATIONS.slice(0, 5));
    const match = (q: string) => db.prepare('SELECT rowid FROM products_fts WHERE products_fts MATCH ? ORDER BY rowid').pluck().all(q);
    expect(match('"szuro"*')).toEqual([1, 2]);
    expect(match('"szurobetet"*')).toEqual([2]);
    expect(match('"bosch"* AND "szu"*')).toEqual([1]);
    expect(String(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'products_fts'").pluck().get())).toContain("prefix = '2 3 4 5 6'");
    // The triggers of 001 follow the new index.
    ins.run(3, 'Fogó', 'fogo');
    db.prepare("UPDATE products SET search = 'kombinalt fogo' WHERE id = 3").run();
    db.prepare('DELETE FROM products WHERE id = 1').run();
    expect(match('"fog"*')).toEqual([3]);
    expect(match('"kombi"*')).toEqual([3]);
    expect(match('"bosch"*')).toEqual([]);
    db.exec("INSERT INTO products_fts (products_fts) VALUES ('integrity-check')");
  });

  it('006 stale invoices: one row per invoice waiting to be read again', () => {
    const db = new Database(':memory:');
    migrate(db, MIRROR_MIGRATIONS.slice(0, 6));
    const ins = db.prepare('INSERT OR IGNORE INTO stale_invoices (invoice_id) VALUES (?)');
    ins.run(7);
    ins.run(7);
    ins.run(3);
    expect(db.prepare('SELECT invoice_id FROM stale_invoices ORDER BY invoice_id').pluck().all()).toEqual([3, 7]);
  });

  it('008 count line bins: lines of existing sheets keep their sheet\'s bin, and a product can have a line per bin', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIRROR_MIGRATIONS.slice(0, 7));
    db.prepare("INSERT INTO count_sheets (id, warehouse, stock_label, created_at) VALUES (1, 'Default', 'A-01', ''), (2, 'Default', '', '')").run();
    db.prepare('INSERT INTO count_lines (sheet_id, product_id, expected_milli, counted_milli, position) VALUES (1, 5, 1000, 2000, 0), (2, 5, 3000, NULL, 0)').run();
    migrate(db, MIRROR_MIGRATIONS.slice(0, 8));
    expect(db.prepare('SELECT sheet_id, product_id, stock_label, expected_milli, counted_milli FROM count_lines ORDER BY sheet_id').all()).toEqual([
      { sheet_id: 1, product_id: 5, stock_label: 'A-01', expected_milli: 1000, counted_milli: 2000 },
      { sheet_id: 2, product_id: 5, stock_label: '', expected_milli: 3000, counted_milli: null },
    ]);
    db.prepare("INSERT INTO count_lines (sheet_id, product_id, stock_label, expected_milli, position) VALUES (2, 5, 'A-02', 12000, 1)").run();
    expect(() => db.prepare("INSERT INTO count_lines (sheet_id, product_id, stock_label, expected_milli, position) VALUES (2, 5, 'A-02', 1, 2)").run()).toThrow(/UNIQUE|PRIMARY/);
    db.prepare('DELETE FROM count_sheets WHERE id = 2').run();
    expect(db.prepare('SELECT count(*) AS n FROM count_lines').get()).toEqual({ n: 1 });
  });

  it('007 outbox summary data: older entries keep NULL and their English line', () => {
    const db = new Database(':memory:');
    migrate(db, MIRROR_MIGRATIONS.slice(0, 6));
    db.prepare("INSERT INTO outbox (method, params, request_id, state, created_at, updated_at, summary, queue_key) VALUES ('setQuantity', '{}', 'old', 'queued', '', '', 'Take-in 1 × A into Default', 'q')").run();
    migrate(db, MIRROR_MIGRATIONS.slice(0, 7));
    expect(db.prepare('SELECT summary, summary_data FROM outbox').get()).toEqual({ summary: 'Take-in 1 × A into Default', summary_data: null });
  });

  it('refuses a mirror written by a newer version', () => {
    const db = new Database(':memory:');
    db.pragma(`user_version = ${MIRROR_MIGRATIONS.length + 1}`);
    expect(() => migrate(db, MIRROR_MIGRATIONS)).toThrow(FutureDatabaseError);
  });
});

/** Every product id and name, and the per-warehouse stock, on the server and in the mirror. */
async function serverState(s: TestServer) {
  const products = await s.app.store.all('SELECT id, product_name AS name FROM products WHERE account_id = ? ORDER BY id', [s.account.accountId]);
  const stock = await s.app.store.all(`SELECT l.product_id, w.name AS warehouse, CAST(sum(l.qty_milli) AS BIGINT) AS q FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id
      WHERE l.account_id = ? GROUP BY l.product_id, w.name HAVING sum(l.qty_milli) <> 0 ORDER BY 1, 2`, [s.account.accountId]);
  return { products, stock };
}
function mirrorState(c: TestCore) {
  const products = c.core.db.prepare('SELECT id, name FROM products WHERE local = 0 ORDER BY id').all();
  const stock = c.core.db.prepare('SELECT product_id, warehouse, sum(qty_milli) AS q FROM stock GROUP BY 1, 2 HAVING q <> 0 ORDER BY 1, 2').all();
  return { products, stock };
}

for (const withExtensions of [true, false]) {
  describe(`a catalog over the 1000-product cap, ${withExtensions ? 'with' : 'without'} the mirroring extensions`, () => {
    let s: TestServer;
    let c: TestCore;
    beforeAll(async () => {
      s = await startTestServer();
      await seedCatalog(s.app.store, s.account.accountId, withExtensions ? 2600 : 1500, s.clock.now(), { stockEvery: 7 });
      // The server reads updated_since inclusively: the first pull happens a moment after the seeding.
      s.clock.advance(1_000);
      c = await startTestCore(s, { stripExtensions: !withExtensions });
    }, 120_000);
    afterAll(async () => {
      await c?.close();
      await s?.close();
    });

    it('mirrors every product and every quantity', async () => {
      const status = await c.ok('sync.status', {});
      expect(status).toMatchObject({ mirrored: true, online: true, lastError: null });
      const server = await serverState(s);
      expect(server.products.length).toBeGreaterThan(1000);
      expect(mirrorState(c)).toEqual(server);
      const used = new Set(c.net.calls.map((x) => x.method));
      expect(used.has('getQuantities')).toBe(withExtensions);
    });

    it('an incremental pull brings changes made elsewhere', async () => {
      const [a, b] = ((await serverState(s)).products as Array<{ id: number }>).slice(-2);
      s.clock.advance(60_000);
      await s.ok('setProduct', { id: a!.id, product_name: 'Átnevezett szűrő', currency: 'HUF', vat: 27, unit: 'db' });
      await s.ok('setQuantity', { product_id: b!.id, quantity: 4, contact_id: s.account.supplierContactId, warehouse: 'Szeged' });
      c.net.calls.length = 0;
      await c.ok('sync.now', {});
      expect(mirrorState(c)).toEqual(await serverState(s));
      expect((await c.ok('products.search', { query: 'atnevezett' })).rows.map((r) => r.id)).toEqual([a!.id]);
      if (withExtensions) {
        // Only what changed travelled.
        expect(c.net.calls.filter((x) => x.method === 'getProduct')).toHaveLength(1);
      }
    }, 120_000);
  });
}
