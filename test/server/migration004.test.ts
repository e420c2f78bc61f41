/** Migration 004: the index a storno uses to find the delivery receipts of the invoice it cancels. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@server/db/migrations';
import { migrate, userVersion } from '@sqlite/migrate';
import { invoiceDeliveryMoves } from '@server/repos/stock';
import { sqliteStore } from '@server/db/sqlite/store';

describe('migration 004 (stock_receipts_invoice)', () => {
  it('upgrades a version-3 database in place and serves the lookup by invoice id from the index', async () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 3));
    expect(userVersion(db)).toBe(3);
    expect(migrate(db, MIGRATIONS.slice(0, 4))).toEqual({ from: 3, to: 4 });
    const index = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'stock_receipts_invoice'").get() as { sql: string } | undefined;
    expect(index?.sql).toMatch(/ON stock_receipts \(invoice_id\) WHERE invoice_id IS NOT NULL/);
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT r.id FROM stock_receipts r JOIN stock_moves m ON m.receipt_id = r.id
      WHERE r.account_id = 1 AND r.invoice_id = 7 AND r.kind = 'delivery'`).all() as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/stock_receipts_invoice/);
    // Today's repository code reads today's schema.
    migrate(db, MIGRATIONS);
    expect(await invoiceDeliveryMoves(sqliteStore(db), 1, 7)).toEqual([]);
    db.close();
  });
});
