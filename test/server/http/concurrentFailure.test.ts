/**
 * Concurrent writes over real HTTP on one SQLite connection, where one request fails half-way:
 * it has already written a receipt and a ledger line when its voucher serials clash. Its savepoint
 * must take back exactly its own rows — never another request's, never half of its own — while
 * the others, which share its group commit, answer success and stay. Afterwards the answers, the
 * ledger, the levels and a fresh read over HTTP must all agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelMismatches } from '@server/repos/stock';
import type { SqlValue } from '@server/db/sql';
import { onPostgres, startTestServer, type TestServer } from '../../helpers/server';
import { product } from '../product/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The first column of the first row, as a number (PostgreSQL sums bigint as numeric, which arrives as text). */
const count = async (sql: string, ...args: SqlValue[]) => Number(Object.values((await s.app.store.get<Record<string, unknown>>(sql, args))!)[0]);

describe('concurrent writes with a failure in the middle of one of them', () => {
  it('undoes only the failed request; every other answer and the database agree', async () => {
    const goods = await product(s);
    const vouchers = await product(s);
    const takeIn = { contact_id: s.account.supplierContactId, warehouse: 'Default' };
    await s.ok('setQuantity', { ...takeIn, product_id: vouchers, quantity: 5, product_type: 3, start_serial_number: 1 });
    const receiptsBefore = await count('SELECT count(*) FROM stock_receipts');

    // All in flight at once: twelve take-ins of one product (each with its own request_id), reads
    // in between, and a voucher take-in that writes its receipt and ledger line before its serials
    // (3–4) are found to be taken already.
    const writes = Array.from({ length: 12 }, (_, i) => s.call('setQuantity', { ...takeIn, product_id: goods, quantity: i + 1, request_id: `cc-${i}` }));
    const reads = Array.from({ length: 4 }, () => s.call('getQuantity', { product_id: goods, warehouse: 'Default' }));
    const failing = s.call('setQuantity', { ...takeIn, product_id: vouchers, quantity: 2, product_type: 3, start_serial_number: 3 });
    const [done, seen, failed] = await Promise.all([Promise.all(writes), Promise.all(reads), failing]);

    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error.code).toBe('CONFLICT');
    for (const w of done) expect(w.ok).toBe(true);
    // Each read saw a whole number of take-ins, never a half-written one. On SQLite's one connection
    // they commit in the order sent, so a read sees the first n of them; on PostgreSQL (onPostgres)
    // they commit concurrently in any order, so a read sees any whole ones: a sum of distinct 1..12.
    const sums = onPostgres
      ? new Set(Array.from({ length: 79 }, (_, n) => n))
      : new Set(Array.from({ length: 13 }, (_, n) => (n * (n + 1)) / 2));
    for (const r of seen) {
      expect(r.ok).toBe(true);
      if (r.ok) expect(sums.has(r.result.quantities[0]!.deliverable)).toBe(true);
    }

    // The database: every successful take-in once, nothing of the failed one.
    expect(await count('SELECT COALESCE(SUM(qty_milli), 0) FROM stock_moves WHERE product_id = ?', goods)).toBe(78_000);
    expect(await count('SELECT COALESCE(SUM(qty_milli), 0) FROM stock_moves WHERE product_id = ?', vouchers)).toBe(5_000);
    expect(await count('SELECT count(*) FROM stock_receipts')).toBe(receiptsBefore + 12);
    expect(await count('SELECT count(*) FROM voucher_serials WHERE product_id = ?', vouchers)).toBe(5);
    expect(await count('SELECT count(*) FROM idempotency WHERE request_id LIKE ?', 'cc-%')).toBe(12);
    expect(await levelMismatches(s.app.store)).toEqual([]);
    // SQLite's one connection is left outside any transaction (PostgreSQL's pooled ones are not visible here).
    if (!onPostgres) expect(s.app.db.inTransaction).toBe(false);

    // The receipt ids answered are the ones stored, and a replay answers the same again.
    const ids = done.map((w) => (w.ok ? w.result.receipt_id : 0));
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) expect(await count('SELECT count(*) FROM stock_moves WHERE receipt_id = ? AND product_id = ?', id, goods)).toBe(1);
    const replay = await s.ok('setQuantity', { ...takeIn, product_id: goods, quantity: 5, request_id: 'cc-4' });
    expect(replay.receipt_id).toBe(ids[4]);

    // And a read over HTTP now says what the ledger says.
    const now = await s.ok('getQuantity', { product_id: goods, warehouse: 'Default' });
    expect(now.quantities[0]!.deliverable).toBe(78);
    const v = await s.ok('getQuantity', { product_id: vouchers, warehouse: 'Default' });
    expect(v.quantities[0]!.deliverable).toBe(5);
  });
});
