/** Migration 006: moves stored by receipt, their levels and change stamps kept by a trigger, stamps keyed by account and product. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@server/db/migrations';
import { migrate, userVersion } from '@sqlite/migrate';
import { createAccount } from '@server/repos/accounts';
import { addMove, insertReceipt, invoiceDeliveryMoves, levelMismatches, stockPage } from '@server/repos/stock';
import { ensureDefaultWarehouse } from '@server/repos/warehouses';
import { sqliteStore } from '@server/db/sqlite/store';

describe('migration 006 (ledger_by_receipt)', () => {
  it('upgrades a version-5 ledger in place, numbering each receipt’s moves in their old order, and keeps levels by trigger from then on', async () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, 5));
    const then = new Date('2026-11-20T08:00:00.000Z');
    const acc = await createAccount(sqliteStore(db), { name: 'Régi Kft', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '1011', city: 'Budapest', street: 'Fő utca 1.' }, then);
    const wh = await ensureDefaultWarehouse(sqliteStore(db), acc, then);
    const product = db.prepare(`INSERT INTO products (account_id, product_name, currency, vat, unit, search, created_at, updated_at) VALUES (?, ?, 'HUF', '27', 'db', '', ?, ?)`);
    const [a, b] = ['Csavar', 'Anya'].map((name) => Number(product.run(acc, name, then.toISOString(), then.toISOString()).lastInsertRowid)) as [number, number];
    // The version-5 writer: a receipt, its moves by rowid, the levels and stamps written beside them.
    const receipt = db.prepare(`INSERT INTO stock_receipts (account_id, kind, warehouse_id, invoice_id, date, created_at) VALUES (?, ?, ?, ?, '2026-11-20', ?)`);
    const move = db.prepare('INSERT INTO stock_moves (receipt_id, account_id, product_id, warehouse_id, stock_label, qty_milli) VALUES (?, ?, ?, ?, ?, ?)');
    const level = db.prepare(`INSERT INTO stock_levels (account_id, product_id, warehouse_id, stock_label, qty_milli) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT DO UPDATE SET qty_milli = qty_milli + excluded.qty_milli`);
    const old = (kind: string, invoiceId: number | null, moves: Array<[number, string, number]>) => {
      const r = Number(receipt.run(acc, kind, wh, invoiceId, then.toISOString()).lastInsertRowid);
      for (const [p, label, q] of moves) {
        move.run(r, acc, p, wh, label, q);
        level.run(acc, p, wh, label, q);
      }
      return r;
    };
    const takein = old('takein', null, [[a, 'P-1', 5000], [b, '', 3000], [a, '', 2000]]);
    const delivery = old('delivery', 9, [[a, 'P-1', -1000], [b, '', -500]]);
    const stamp = db.prepare('INSERT INTO stock_changes (product_id, account_id, changed_at) VALUES (?, ?, ?)');
    const stamps = [[acc, a, then.toISOString()], [acc, b, then.toISOString()]];
    for (const [account, p, at] of stamps) stamp.run(p, account, at);

    expect(migrate(db, MIGRATIONS.slice(0, 6))).toEqual({ from: 5, to: 6 });
    expect(userVersion(db)).toBe(6);
    expect(db.prepare('SELECT receipt_id, line, product_id, stock_label, qty_milli FROM stock_moves ORDER BY receipt_id, line').raw().all()).toEqual([
      [takein, 1, a, 'P-1', 5000], [takein, 2, b, '', 3000], [takein, 3, a, '', 2000],
      [delivery, 1, a, 'P-1', -1000], [delivery, 2, b, '', -500],
    ]);
    expect(await levelMismatches(sqliteStore(db))).toEqual([]);
    expect((await invoiceDeliveryMoves(sqliteStore(db), acc, 9)).map((m) => [m.productId, m.qtyMilli])).toEqual([[a, -1000], [b, -500]]);
    const indexes = db.prepare("SELECT tbl_name || '.' || name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('stock_moves', 'stock_changes') AND sql IS NOT NULL").pluck().all();
    expect(indexes).toEqual(['stock_moves.stock_moves_level']);
    // The stamps came along, and a page of changed products is read in key order, not gathered and sorted.
    expect(db.prepare('SELECT account_id, product_id, changed_at FROM stock_changes ORDER BY product_id').raw().all()).toEqual(stamps);
    const page = await stockPage(sqliteStore(db), acc, { afterId: 0, since: then.toISOString(), limit: 1000 });
    expect(page.productIds).toEqual([a, b]);
    const pagePlan = db.prepare(`EXPLAIN QUERY PLAN SELECT product_id FROM stock_changes WHERE account_id = ? AND product_id > ? AND changed_at >= ? ORDER BY product_id LIMIT 10`)
      .all(acc, 0, then.toISOString()) as Array<{ detail: string }>;
    expect(pagePlan.map((p) => p.detail).join('\n')).toMatch(/USING PRIMARY KEY \(account_id=\? AND product_id>\?\)/);
    expect(pagePlan.map((p) => p.detail).join('\n')).not.toMatch(/TEMP B-TREE/);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT qty_milli FROM stock_moves WHERE receipt_id = ?').all(takein) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING PRIMARY KEY \(receipt_id=\?\)/);

    // From now on a move alone keeps its level and stamps its product with the receipt's time. Today's
    // writers are used for that, so the file first takes the later migrations too (created_by is 9's).
    migrate(db, MIGRATIONS);
    const now = new Date('2026-11-25T09:30:00.000Z');
    const fresh = await insertReceipt(sqliteStore(db), acc, { kind: 'takein', warehouseId: wh, date: '2026-11-25' }, now);
    await addMove(sqliteStore(db), acc, fresh, { productId: a, warehouseId: wh, label: 'P-1', qtyMilli: 1500 });
    await addMove(sqliteStore(db), acc, fresh, { productId: a, warehouseId: wh, label: 'P-2', qtyMilli: 250 });
    expect(db.prepare('SELECT line FROM stock_moves WHERE receipt_id = ? ORDER BY line').pluck().all(fresh)).toEqual([1, 2]);
    expect(db.prepare('SELECT stock_label, qty_milli FROM stock_levels WHERE product_id = ? ORDER BY stock_label').raw().all(a)).toEqual([['', 2000], ['P-1', 5500], ['P-2', 250]]);
    expect(db.prepare('SELECT changed_at FROM stock_changes WHERE product_id = ?').pluck().get(a)).toBe(now.toISOString());
    expect((await stockPage(sqliteStore(db), acc, { afterId: 0, since: now.toISOString(), limit: 1000 })).productIds).toEqual([a]);
    expect(await levelMismatches(sqliteStore(db))).toEqual([]);
    db.close();
  });
});
