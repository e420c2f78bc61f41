import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, WAREHOUSES, type TestCore } from '../helpers/core';

describe('offline capture and replay against the real server', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  beforeAll(async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 30, s.clock.now(), { stockEvery: 1 });
    c = await startTestCore(s);
  });
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('mirrors the catalog, warehouses, contacts and stock on first sign-in', async () => {
    const status = await c.ok('sync.status', {});
    expect(status.online).toBe(true);
    expect(status.mirrored).toBe(true);
    const all = await c.ok('products.search', { query: '' });
    const onServer = (await s.app.store.get<{ n: number }>('SELECT count(*) AS n FROM products WHERE account_id = ?', [s.account.accountId]))!;
    expect(all.total).toBe(onServer.n);
    expect((await c.ok('warehouses.list', {})).map((w) => w.name)).toEqual(expect.arrayContaining(WAREHOUSES));
    expect((await c.ok('contacts.search', { query: 'győr' })).map((x) => x.name)).toEqual(['Kovács és Fiú Kft.']);
    const p = await c.ok('products.get', { id: ids[0]! });
    expect(p?.quantities.filter((q) => q.deliverable !== 0).map((q) => [q.warehouse, q.deliverable])).toEqual([['Default', 10], ['Győr', 11], ['Szeged', 12]]);
    expect(p?.deliverable).toBe(33);
  });

  it('finds products by EAN, item number and accent-free free text', async () => {
    expect((await c.ok('products.lookup', { code: '5990000000003' }))?.id).toBe(ids[3]);
    expect((await c.ok('products.lookup', { code: 'it-000004' }))?.id).toBe(ids[4]);
    const accented = await c.ok('products.search', { query: 'szűrő' });
    const plain = await c.ok('products.search', { query: 'SZURO' });
    expect(accented.total).toBe(6);
    expect(plain.rows.map((r) => r.id)).toEqual(accented.rows.map((r) => r.id));
    expect((await c.ok('products.search', { query: 'bosch szur 00000' })).rows.map((r) => r.name)).toEqual(['Termék szűrő 000000']);
  });

  it('keeps everything made offline and brings the server to exactly that state', async () => {
    c.net.offline = true;
    const supplier = s.account.supplierContactId;
    await c.ok('stock.takeIn', { warehouse: 'győr', contactId: supplier, lines: [{ productId: ids[1]!, quantity: 5 }, { productId: ids[2]!, quantity: 2.5 }] });
    await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Default', quantity: -3, contactId: supplier });
    const created = await c.ok('products.save', { product: { product_name: 'Offline szűrőbetét', currency: 'HUF', vat: 27, unit: 'db', ean_number: '5990000099997' } });
    expect(created.local).toBe(true);
    await c.ok('stock.adjust', { productId: created.id, warehouse: 'Default', quantity: 7, contactId: supplier });
    await c.sync();
    const status = await c.ok('sync.status', {});
    expect(status.online).toBe(false);
    expect(status.outbox.queued).toBe(5);
    // The clerk sees the pending stock at once.
    const p1 = await c.ok('products.get', { id: ids[1]! });
    expect(p1?.quantities.find((q) => q.warehouse === 'Győr')).toMatchObject({ deliverable: 16, pendingLocal: 5 });
    expect(p1?.quantities.find((q) => q.warehouse === 'Default')).toMatchObject({ deliverable: 7, pendingLocal: -3 });
    expect((await c.ok('products.lookup', { code: '5990000099997' }))).toMatchObject({ local: true, deliverable: 7 });

    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    const after = await c.ok('sync.status', {});
    expect(after.online).toBe(true);
    expect(after.outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });

    const q = async (id: number) => (await s.ok('getQuantity', { product_id: id, warehouse: '*' })).quantities.filter((r) => WAREHOUSES.includes(r.warehouse)).map((r) => [r.warehouse, r.deliverable]);
    expect(await q(ids[1]!)).toEqual([['Default', 7], ['Győr', 16], ['Szeged', 12]]);
    expect(await q(ids[2]!)).toEqual([['Default', 10], ['Győr', 13.5], ['Szeged', 12]]);
    const made = (await s.ok('getProduct', { filter: '5990000099997' })).products;
    expect(made).toHaveLength(1);
    expect(await q(made[0]!.id)).toEqual([['Default', 7], ['Győr', 0], ['Szeged', 0]]);
    // The local id now resolves to the server's, and the mirror agrees with the server.
    const mirrored = await c.ok('products.get', { id: created.id });
    expect(mirrored).toMatchObject({ id: made[0]!.id, local: false, deliverable: 7 });
    expect((await c.ok('products.get', { id: ids[1]! }))?.quantities.every((x) => x.pendingLocal === 0)).toBe(true);
    // Sent once each: replaying the same entries is not possible, and nothing is left.
    expect((await c.ok('outbox.list', { states: ['done'] })).length).toBe(5);
  });
});
