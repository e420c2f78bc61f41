/**
 * Bins (stock labels) in the desk's stock model, through the real core and a real server: each bin
 * is set from the server's own per-bin rows (never derived from a warehouse total), a whole-
 * warehouse count lists product × bin lines and posts each difference to its bin.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@sqlite/migrate';
import { MIRROR_MIGRATIONS } from '@main/core/mirror/migrations';
import { addPending, applySetQuantityAnswer, visibleMilli } from '@main/core/mirror/stock';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

let s: TestServer;
let deskA: TestCore;
let deskB: TestCore;
let id = 0;

const serverBin = async (productId: number, bin: string) =>
  (await s.ok('getQuantities', { product_ids: [productId] })).stock.find((r) => r.warehouse === 'Default' && r.stock_label === bin)?.deliverable ?? 0;
const deskBins = async (desk: TestCore, productId: number) =>
  (await desk.ok('products.get', { id: productId }))!.quantities.filter((q) => q.warehouse === 'Default').map((q) => [q.stockLabel, q.deliverable, q.pendingLocal]);

beforeAll(async () => {
  s = await startTestServer();
  id = (await seedCatalog(s.app.store, s.account.accountId, 1, s.clock.now(), { prefix: 'Létra' }))[0]!;
  deskA = await startTestCore(s);
  // Its own seed: two desks drawing the same request_ids would refuse each other's commands.
  deskB = await startTestCore(s, { format: 'xml', seed: 7 });
});
afterAll(async () => {
  await deskA?.close();
  await deskB?.close();
  await s?.close();
});

describe('two desks, one server', () => {
  it('desk A, who never heard of bin X, keeps its unbinned take-in apart from X (JSON and XML answers)', async () => {
    await deskB.ok('stock.takeIn', { warehouse: 'Default', stockLabel: 'X', contactId: s.account.supplierContactId, lines: [{ productId: id, quantity: 31 }] });
    await deskB.sync();
    await deskA.ok('stock.takeIn', { warehouse: 'Default', stockLabel: '', contactId: s.account.supplierContactId, lines: [{ productId: id, quantity: 5 }] });
    expect(await deskBins(deskA, id)).toEqual([['', 5, 5]]);
    await deskA.sync();
    expect([await serverBin(id, ''), await serverBin(id, 'X')]).toEqual([5, 31]);
    expect(await deskBins(deskA, id)).toEqual([['', 5, 0], ['X', 31, 0]]);
    // B's answer came as XML: its bins are right too, and B now learns of A's 5 with its next take-in.
    await deskB.ok('stock.takeIn', { warehouse: 'Default', stockLabel: 'X', contactId: s.account.supplierContactId, lines: [{ productId: id, quantity: 1 }] });
    await deskB.sync();
    expect(await deskBins(deskB, id)).toEqual([['', 5, 0], ['X', 32, 0]]);
  });

  it('a whole-warehouse count lists the product once per bin and posts each difference to its bin', async () => {
    const sheet = await deskA.ok('count.open', { warehouse: 'Default' });
    // Desk A learnt of B's +1 only through the server; pull it first as the clerk's sync would.
    await deskA.ok('sync.now', {});
    const fresh = (await deskA.ok('count.get', { sheetId: sheet.id }))!;
    expect(fresh.lines.filter((l) => l.productId === id).map((l) => [l.stockLabel, l.expected])).toEqual([['', 5], ['X', 32]]);
    await deskA.ok('count.setCounted', { sheetId: sheet.id, productId: id, stockLabel: 'X', counted: 30 });
    // A scan counts on in the bin counted last.
    const product = (await deskA.ok('products.get', { id }))!;
    const scanned = await deskA.ok('count.scan', { sheetId: sheet.id, code: product.itemNumber! });
    expect(scanned.stockLabel).toBe('X');
    expect(scanned.sheet.lines.find((l) => l.productId === id && l.stockLabel === 'X')!.counted).toBe(31);
    await deskA.ok('count.setCounted', { sheetId: sheet.id, productId: id, stockLabel: '', counted: 6 });
    const { entryIds } = await deskA.ok('count.post', { sheetId: sheet.id, contactId: s.account.supplierContactId });
    expect(entryIds).toHaveLength(2);
    await deskA.sync();
    expect([await serverBin(id, ''), await serverBin(id, 'X')]).toEqual([6, 31]);
    expect(await deskBins(deskA, id)).toEqual([['', 6, 0], ['X', 31, 0]]);
  });

  it('a bin sheet refuses a count for another bin with a message saying what to do', async () => {
    const sheet = await deskA.ok('count.open', { warehouse: 'Default', stockLabel: 'X' });
    const r = await deskA.call('count.setCounted', { sheetId: sheet.id, productId: id, stockLabel: 'Y', counted: 1 });
    expect(r.ok ? '' : r.error.message).toMatch(/counts bin X only; start a count of the whole warehouse/);
    await deskA.ok('count.discard', { sheetId: sheet.id });
  });
});

describe('an answer without per-bin rows (a server before setQuantity.stock)', () => {
  it('keeps the change pending and marks the product for a per-bin read, never deriving the unbinned part from the total', () => {
    const db = new Database(':memory:');
    migrate(db, MIRROR_MIGRATIONS);
    db.prepare("INSERT INTO outbox (id, method, params, request_id, state, created_at, updated_at, summary, queue_key) VALUES (1, 'setQuantity', '{}', 'r', 'in_flight', '', '', '', 'q')").run();
    addPending(db, 1, 7, 'Default', '', 5000);
    // The server holds 31 in X that this desk never heard of; its answer is the total, 36.
    applySetQuantityAnswer(db, 1, { quantities: [{ product_id: 7, warehouse: 'Default', deliverable: 36, pending: 0, available: 36 }] });
    expect(visibleMilli(db, 7, 'Default', '')).toBe(5000);
    expect(db.prepare('SELECT product_id FROM stale_quantities').pluck().all()).toEqual([7]);
    // With the rows, every bin is set from its own figure.
    db.prepare("UPDATE stock_pending SET acked = 0").run();
    applySetQuantityAnswer(db, 1, {
      quantities: [{ product_id: 7, warehouse: 'Default', deliverable: 36, pending: 0, available: 36 }],
      stock: [{ product_id: 7, warehouse: 'Default', stock_label: '', deliverable: 5 }, { product_id: 7, warehouse: 'Default', stock_label: 'X', deliverable: 31 }],
    });
    expect([visibleMilli(db, 7, 'Default', ''), visibleMilli(db, 7, 'Default', 'X')]).toEqual([5000, 31000]);
  });
});
