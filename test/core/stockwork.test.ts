/**
 * Transfers and stock history through the real desk core and a real server: a transfer made
 * offline waits in the outbox, shows pending on both sides, is applied once when sent, and a
 * refusal parks it with the server's reason; history is kept for offline reading, and a server
 * without the extensions is said to lack them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

let s: TestServer;
let c: TestCore;
let ids: number[] = [];

const serverBins = async (productId: number) =>
  (await s.ok('getQuantities', { product_ids: [productId] })).stock.filter((r) => r.deliverable !== 0).map((r) => [r.warehouse, r.stock_label, r.deliverable]);
const deskBins = async (productId: number) =>
  (await c.ok('products.get', { id: productId }))!.quantities.filter((q) => q.deliverable !== 0 || q.pendingLocal !== 0).map((q) => [q.warehouse, q.stockLabel, q.deliverable, q.pendingLocal]);

beforeAll(async () => {
  s = await startTestServer();
  ids = await seedCatalog(s.app.store, s.account.accountId, 4, s.clock.now(), { prefix: 'Polc', stockEvery: 1, qty: 10 });
  c = await startTestCore(s);
});
afterAll(async () => {
  await c?.close();
  await s?.close();
});

describe('transfers through the outbox', () => {
  it('a transfer made offline shows pending on both sides, then is applied once and the bins follow the server', async () => {
    const id = ids[0]!;
    expect(await serverBins(id)).toEqual([['Default', '', 10], ['Győr', '', 10], ['Szeged', '', 10]]);
    c.net.offline = true;
    const { entryId } = await c.ok('stock.transfer', { lines: [{ productId: id, quantity: 4, fromWarehouse: 'default', fromStockLabel: '', toWarehouse: 'Győr', toStockLabel: 'G-01' }] });
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox.queued).toBe(1);
    expect(await deskBins(id)).toEqual([['Default', '', 6, -4], ['Győr', '', 10, 0], ['Győr', 'G-01', 4, 4], ['Szeged', '', 10, 0]]);
    expect(await serverBins(id)).toEqual([['Default', '', 10], ['Győr', '', 10], ['Szeged', '', 10]]);

    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    expect(await serverBins(id)).toEqual([['Default', '', 6], ['Győr', '', 10], ['Győr', 'G-01', 4], ['Szeged', '', 10]]);
    expect(await deskBins(id)).toEqual([['Default', '', 6, 0], ['Győr', '', 10, 0], ['Győr', 'G-01', 4, 0], ['Szeged', '', 10, 0]]);
    const done = (await c.ok('outbox.list', { states: ['done'] })).find((e) => e.id === entryId)!;
    expect(done.summaryData).toMatchObject({ kind: 'transfer', args: { lines: 1, fromWarehouse: 'Default', toWarehouse: 'Győr', toStockLabel: 'G-01' } });
    // Exactly once: one transfer in the server's ledger.
    const h = await s.ok('getStockHistory', { product_id: id });
    expect(h.movements.filter((m) => m.kind === 'transfer').map((m) => m.quantity)).toEqual([4, -4]);
  });

  it('a transfer the server refuses is parked with its reason, and discarding it gives the stock back', async () => {
    const id = ids[1]!;
    // Another desk took the stock meanwhile: this desk still believes 10 are there.
    await s.ok('setQuantity', { product_id: id, quantity: -8, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    const { entryId } = await c.ok('stock.transfer', { lines: [{ productId: id, quantity: 5, fromWarehouse: 'Default', fromStockLabel: '', toWarehouse: 'Szeged', toStockLabel: '' }] });
    await c.sync();
    const parked = (await c.ok('outbox.list', { states: ['needs_attention'] })).find((e) => e.id === entryId)!;
    expect(parked.errorCode).toBe('CONFLICT');
    expect(parked.reason).toMatchObject({ reason: 'insufficient_stock', figures: { product_id: id, warehouse: 'Default', requested: 5, available: 2, line: 1 } });
    expect(await serverBins(id)).toEqual([['Default', '', 2], ['Győr', '', 10], ['Szeged', '', 10]]);
    await c.ok('outbox.discard', { id: entryId });
    expect((await deskBins(id)).filter((b) => b[3] !== 0)).toEqual([]);
    expect((await deskBins(id)).find((b) => b[0] === 'Szeged')).toEqual(['Szeged', '', 10, 0]);
  });
});

describe('stock history on the desk', () => {
  it('reads the server online and keeps the newest page for offline reading, marked not fresh', async () => {
    const id = ids[0]!;
    const online = await c.ok('stock.history', { productId: id });
    expect(online).toMatchObject({ supported: true, fresh: true, more: false });
    expect(online.movements.slice(0, 2).map((m) => [m.kind, m.warehouse, m.quantity, m.balance])).toEqual([['transfer', 'Győr', 4, 30], ['transfer', 'Default', -4, 26]]);
    expect(online.movements).toHaveLength(5);
    const wh = await c.ok('stock.history', { productId: id, warehouse: 'Default' });
    expect(wh.movements.map((m) => [m.kind, m.quantity, m.balance])).toEqual([['transfer', -4, 6], ['takein', 10, 10]]);
    const bin = await c.ok('stock.history', { productId: id, warehouse: 'győr', stockLabel: 'G-01' });
    expect(bin.movements.map((m) => [m.warehouse, m.stock_label, m.balance])).toEqual([['Győr', 'G-01', 4]]);
    c.net.offline = true;
    await c.sync();
    const offline = await c.ok('stock.history', { productId: id });
    expect(offline).toMatchObject({ supported: true, fresh: false, fetchedAt: online.fetchedAt, movements: online.movements });
    expect((await c.ok('stock.history', { productId: ids[2]! })).movements).toEqual([]);
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
  });

  it('says the server lacks the extensions when it does not announce them', async () => {
    const old = await startTestCore(s, { stripExtensions: true, seed: 9 });
    try {
      expect(await old.ok('stock.features', {})).toEqual({ history: false, transfer: false });
      expect(await old.ok('stock.history', { productId: ids[0]! })).toMatchObject({ supported: false, movements: [] });
      const r = await old.call('stock.transfer', { lines: [{ productId: ids[3]!, quantity: 1, fromWarehouse: 'Default', fromStockLabel: '', toWarehouse: 'Győr', toStockLabel: '' }] });
      expect(r.ok).toBe(false);
      expect((await old.ok('outbox.list', {})).length).toBe(0);
    } finally {
      await old.close();
    }
    expect(await c.ok('stock.features', {})).toEqual({ history: true, transfer: true });
  });
});
