/**
 * Group commit over real HTTP: concurrent writes share transactions, yet each is exactly its own
 * request — replays stay replays, a refusal changes nothing, and the ledger adds up.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@server/http/dispatch';
import { groupCommitOf } from '@server/db/sqlite/groupCommit';
import { levelMismatches } from '@server/repos/stock';
import { onPostgres, startTestServer, type TestServer } from '../../helpers/server';
import { product } from '../product/fixtures';
import { sqliteStore } from '@server/db/sqlite/store';

// SQLite only (onPostgres): group commit is the SQLite engine's; on PostgreSQL each write is a
// transaction of its own, and concurrent writes across instances are tested in test/server/postgres/instances.test.ts.
let s: TestServer;
beforeAll(async () => {
  if (!onPostgres) s = await startTestServer();
});
afterAll(() => s?.close());

describe.skipIf(onPostgres)('concurrent writes under group commit', () => {
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
    expect(await levelMismatches(s.app.store)).toEqual([]);
    // The point of it: the writes took fewer transactions than there were writes.
    const ran = gc.stats.writes - before.writes;
    const batches = gc.stats.batches - before.batches;
    expect(ran).toBeGreaterThanOrEqual(40);
    expect(batches).toBeLessThan(ran);
  });
});

describe.skipIf(onPostgres)('a batch whose COMMIT fails', () => {
  it('answers every request in it "send it again", refusals that rested on its rows included; a resend gets the true answer', async () => {
    const id = await product(s);
    const { db } = s.app;
    db.exec(`CREATE TABLE IF NOT EXISTS gc_parent (id INTEGER PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS gc_child (parent_id INTEGER REFERENCES gc_parent(id) DEFERRABLE INITIALLY DEFERRED)`);
    const deps = { db: s.app.store, clock: s.clock, config: s.app.config, log: pino({ level: 'silent' }), services: { kickMail() {} } };
    const body = (params: Record<string, unknown>) => Buffer.from(JSON.stringify({ setQuantity: { ...s.keys, product_id: id, contact_id: s.account.supplierContactId, warehouse: 'Default', ...params } }));
    const send = (b: Buffer) => dispatch(deps, 'product', b, 'application/json').then((r) => JSON.parse((r as { body: string }).body) as { status: string; error?: { code: string; message: string } });

    // One turn of the event loop: a take-in opens the batch, something poisons it (a deferred
    // foreign key fails only at COMMIT), a reuse of its request_id is refused on the strength of
    // the batch's uncommitted stored answer, a wasting spends the batch's uncommitted stock, and a
    // malformed body arrives.
    const takeIn = send(body({ quantity: 1, request_id: 'gc-fail-1' }));
    await groupCommitOf(db).run((tx) => tx.run('INSERT INTO gc_child (parent_id) VALUES (404)'));
    const reused = send(body({ quantity: 2, request_id: 'gc-fail-1' }));
    const overWaste = send(body({ quantity: -1 }));
    const malformed = dispatch(deps, 'product', Buffer.from('{"setQuantity": '), 'application/json').then((r) => JSON.parse((r as { body: string }).body) as { error: { code: string } });

    const [a, b, c, d] = await Promise.all([takeIn, reused, overWaste, malformed]);
    for (const r of [a, b, c]) {
      expect(r.status).toBe('error');
      expect(r.error!.code).toBe('INTERNAL_ERROR');
      expect(r.error!.message).toMatch(/nothing of it was changed; send it again/);
    }
    // A body that never became a command ran no statement: its own error, at once.
    expect(d.error.code).toBe('MALFORMED_REQUEST');
    expect(db.prepare('SELECT count(*) FROM stock_moves WHERE product_id = ?').pluck().get(id)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM gc_child').pluck().get()).toBe(0);

    // Sent again, each gets the answer it would have had: the take-in applies once, the reuse of
    // its request_id is a conflict, and wasting 1 of the 1 now there is allowed.
    expect((await send(body({ quantity: 1, request_id: 'gc-fail-1' }))).status).toBe('success');
    expect((await send(body({ quantity: 2, request_id: 'gc-fail-1' }))).error?.code).toBe('CONFLICT');
    expect((await send(body({ quantity: -1 }))).status).toBe('success');
    expect(db.prepare('SELECT SUM(qty_milli) FROM stock_moves WHERE product_id = ?').pluck().get(id)).toBe(0);
    expect(await levelMismatches(sqliteStore(db))).toEqual([]);
  });
});

describe.skipIf(onPostgres)('the filter index after a rolled-back batch', () => {
  it('forgets a product it read from the batch, though a later product takes over its revision number', async () => {
    const { db } = s.app;
    const deps = { db: s.app.store, clock: s.clock, config: s.app.config, log: pino({ level: 'silent' }), services: { kickMail() {} } };
    const call = (method: string, params: Record<string, unknown>) =>
      dispatch(deps, 'product', Buffer.from(JSON.stringify({ [method]: { ...s.keys, ...params } })), 'application/json')
        .then((r) => JSON.parse((r as { body: string }).body) as { status: string; result?: { products: Array<{ product_name: string }> } });
    const names = (r: { result?: { products: Array<{ product_name: string }> } }) => r.result!.products.map((p) => p.product_name);
    db.exec(`CREATE TABLE IF NOT EXISTS gc_parent (id INTEGER PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS gc_child (parent_id INTEGER REFERENCES gc_parent(id) DEFERRABLE INITIALLY DEFERRED)`);
    await call('getProduct', { filter: 'Kísértet' }); // the index exists before the batch
    const product = { currency: 'HUF', vat: 27, unit: 'db', list_price: 100 };

    // One turn: a product is written, the index reads it, and the batch is poisoned.
    const written = call('setProduct', { ...product, product_name: 'Kísértet fúrógép' });
    const seenInside = call('getProduct', { filter: 'Kísértet' });
    await groupCommitOf(db).run((tx) => tx.run('INSERT INTO gc_child (parent_id) VALUES (404)'));
    expect((await written).status).toBe('error');
    expect((await seenInside).status).toBe('error');

    // The next product gets the rolled-back one's revision number; the index must not skip it or keep the ghost.
    expect((await call('setProduct', { ...product, product_name: 'Valódi fúrógép' })).status).toBe('success');
    expect(names(await call('getProduct', { filter: 'Kísértet' }))).toEqual([]);
    expect(names(await call('getProduct', { filter: 'Valódi fúrógép' }))).toEqual(['Valódi fúrógép']);
  });
});
