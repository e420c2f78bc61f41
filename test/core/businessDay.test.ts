/**
 * The desk's "today" is the account's calendar day (Europe/Budapest here), not UTC's, and every dated
 * entry carries the day it was made on: made offline at 23:59 on the 28th and sent the next morning,
 * it keeps the 28th at the server. The core and the server share one fake clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClock, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

let s: TestServer;
let c: TestCore;
let ids: number[];
const clock = new TestClock(new Date('2026-11-28T12:00:00.000Z'));
beforeAll(async () => {
  s = await startTestServer({ clock });
  ids = await seedCatalog(s.app.store, s.account.accountId, 4, clock.now(), { stockEvery: 1 });
  c = await startTestCore(s);
});
afterAll(async () => {
  await c?.close();
  await s?.close();
});

const history = async (productId: number) => (await s.ok('getStockHistory', { product_id: productId })).movements;

describe("the desk's business day", () => {
  it("learns the account's time zone from the server", async () => {
    expect((await c.ok('sync.status', {})).timeZone).toBe('Europe/Budapest');
  });

  it('an entry made offline at 23:59 on the 28th keeps the 28th when it is sent the next morning', async () => {
    const supplier = s.account.supplierContactId;
    c.net.offline = true;
    // 23:59 in Budapest on 28 November.
    clock.set('2026-11-28T22:59:00.000Z');
    await c.ok('stock.takeIn', { warehouse: 'Default', contactId: supplier, lines: [{ productId: ids[0]!, quantity: 5 }] });
    await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Default', quantity: -1, contactId: supplier });
    await c.ok('stock.transfer', { lines: [{ productId: ids[2]!, quantity: 1, fromWarehouse: 'Default', fromStockLabel: '', toWarehouse: 'Győr', toStockLabel: 'G-01' }] });
    const waiting = await c.ok('outbox.list', {});
    expect(waiting.map((e) => (e.params as { date?: string }).date)).toEqual(['2026-11-28', '2026-11-28', '2026-11-28']);
    // 09:00 in Budapest the next morning: the server's own day is the 29th.
    clock.set('2026-11-29T07:59:50.000Z');
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox).toMatchObject({ queued: 0, needsAttention: 0 });
    expect((await history(ids[0]!))[0]).toMatchObject({ kind: 'takein', quantity: 5, date: '2026-11-28' });
    expect((await history(ids[1]!))[0]).toMatchObject({ kind: 'wasting', quantity: -1, date: '2026-11-28' });
    expect((await history(ids[2]!))[0]).toMatchObject({ kind: 'transfer', date: '2026-11-28' });
  });

  it('at 00:00:14 on the 30th (23:00:14 UTC on the 29th) a take-in is dated the 30th and an export is named after it', async () => {
    clock.set('2026-11-29T23:00:14.000Z');
    await c.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.supplierContactId, lines: [{ productId: ids[3]!, quantity: 2 }] });
    await c.sync();
    expect((await history(ids[3]!))[0]).toMatchObject({ kind: 'takein', quantity: 2, date: '2026-11-30' });
    const titles = { id: 'Azonosító', item_number: 'Cikkszám', ean: 'Vonalkód', name: 'Név', group: 'Csoport', unit: 'Egység', vat: 'ÁFA', list_price: 'Ár', currency: 'Pénznem', total: 'Összesen' };
    expect((await c.ok('export.catalogue', { format: 'csv', titles, fileName: 'készlet' })).filename).toBe('készlet-2026-11-30.csv');
  });
});
