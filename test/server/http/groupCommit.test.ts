/**
 * Group commit over real HTTP: concurrent writes share transactions, yet each is exactly its own
 * request — replays stay replays, a refusal changes nothing, and the ledger adds up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitOf } from '@server/repos/groupCommit';
import { levelMismatches } from '@server/repos/stock';
import { startTestServer, type TestServer } from '../../helpers/server';
import { product } from '../product/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('concurrent writes under group commit', () => {
  it('take in 40 receipts at once, replay repeated request_ids once, and refuse an over-waste alone', async () => {
    const id = await product(s);
    // Open the keep-alive connections first, so the writes below leave the client in one turn.
    await Promise.all(Array.from({ length: 52 }, () => s.call('getQuantity', { product_id: id, warehouse: 'Default' })));
    const gc = groupCommitOf(s.app.db);
    const before = { ...gc.stats };
    const takeIn = (n: number) => s.call('setQuantity', { product_id: id, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default', request_id: `gc-${n}` });
    const writes = [
      ...Array.from({ length: 40 }, (_, n) => takeIn(n)),
      // The same ten commands sent again while the first ones are in flight.
      ...Array.from({ length: 10 }, (_, n) => takeIn(n)),
    ];
    const overWaste = s.call('setQuantity', { product_id: id, quantity: -1000, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    const read = s.call('getQuantity', { product_id: id, warehouse: 'Default' });
    const [takeIns, waste, reading] = await Promise.all([Promise.all(writes), overWaste, read]);
    const receipts = takeIns.map((r) => (r.ok ? r.result.receipt_id : 0));
    expect(receipts.every((r) => r > 0)).toBe(true);
    expect(new Set(receipts.slice(0, 40)).size).toBe(40);
    // A repeat answers with its original's receipt.
    expect(receipts.slice(40)).toEqual(receipts.slice(0, 10));
    expect(waste.ok).toBe(false);
    expect(waste.status).toBe(409);
    expect(reading.ok).toBe(true);

    const after = await s.ok('getQuantity', { product_id: id, warehouse: 'Default' });
    expect(after.quantities[0]!.deliverable).toBe(40);
    expect(s.app.db.prepare("SELECT count(*) FROM stock_receipts WHERE kind = 'takein' AND id IN (SELECT receipt_id FROM stock_moves WHERE product_id = ?)").pluck().get(id)).toBe(40);
    expect(s.app.db.prepare('SELECT SUM(qty_milli) FROM stock_moves WHERE product_id = ?').pluck().get(id)).toBe(40_000);
    expect(levelMismatches(s.app.db)).toEqual([]);
    // The point of it: the writes took fewer transactions than there were writes.
    const ran = gc.stats.writes - before.writes;
    const batches = gc.stats.batches - before.batches;
    expect(ran).toBeGreaterThanOrEqual(40);
    expect(batches).toBeLessThan(ran);
  });
});
