/**
 * Every fix the sync centre offers works, per method × refusal reason, through the real core and a
 * real server: each refusal is made for real, the offers are the core's (`entry.fixes`, what the
 * screen shows and nothing else), each offered fix is pressed on a fresh refusal of its own, and the
 * server's own state says it was applied. Reasons and methods without fixes offer none, and a fix
 * pressed anyway is refused with what to do instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixOffer, OutboxEntryView } from '@shared/ipc';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

let s: TestServer;
let c: TestCore;
let ids: number[] = [];
let next = 0;

/** A product of its own for each refusal: 10 in Default, Győr and Szeged (no bin); Szeged then 20. */
async function freshProduct(): Promise<number> {
  const id = ids[next++]!;
  await c.ok('stock.adjust', { productId: id, warehouse: 'Szeged', quantity: 10, contactId: s.account.supplierContactId });
  await c.sync();
  return id;
}

const serverAt = async (id: number, warehouse: string, label = '') =>
  (await s.ok('getQuantities', { product_ids: [id] })).stock.find((q) => q.warehouse === warehouse && q.stock_label === label)?.deliverable ?? 0;

async function refused(entryId: number): Promise<OutboxEntryView> {
  await c.sync();
  const e = (await c.ok('outbox.list', {})).find((x) => x.id === entryId)!;
  expect(e).toMatchObject({ state: 'needs_attention', blockedBy: null });
  return e;
}

async function done(entryId: number) {
  await c.sync();
  expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(entryId);
}

const kinds = (offers: FixOffer[]) => offers.map((o) => o.kind);

/** The place a clerk would pick for "another place": the fullest the mirror knows that the offer does not leave out. */
async function otherPlaceFor(e: OutboxEntryView, productId: number) {
  const offer = e.fixes.find((o): o is Extract<FixOffer, { kind: 'other_place' }> => o.kind === 'other_place')!;
  const q = (await c.ok('products.get', { id: productId }))!.quantities;
  const places = q.filter((p) => !offer.not.some((n) => n.warehouse.toLowerCase() === p.warehouse.toLowerCase() && (offer.by === 'warehouse' || n.stockLabel === p.stockLabel)));
  const best = places.sort((a, b) => b.deliverable - a.deliverable)[0]!;
  return { warehouse: best.warehouse, stockLabel: offer.by === 'warehouse' ? '' : best.stockLabel };
}

const order = (productId: number, quantity: number) => ({
  warehouse: 'Default', shipping_aim: 'Sale' as const, method: 'transfer' as const, issued_date: '2026-11-22', selected_account: s.account.bankAccount,
  contact_id: s.account.customerContactId, currency: 'HUF', finalize_order: 1, items: [{ product_id: productId, quantity }],
});

beforeAll(async () => {
  s = await startTestServer();
  ids = await seedCatalog(s.app.store, s.account.accountId, 20, s.clock.now(), { prefix: 'Fix', stockEvery: 1, qty: 10 });
  c = await startTestCore(s);
});
afterAll(async () => {
  await c?.close();
  await s?.close();
});

describe('setQuantity (a wasting) × insufficient_stock', () => {
  const waste = async (id: number, quantity: number, warehouse = 'Default', stockLabel?: string) =>
    (await c.ok('stock.adjust', { productId: id, warehouse, stockLabel, quantity: -quantity, contactId: s.account.supplierContactId })).entryId;

  it('offers “waste what is there” and “another place”; the first wastes the 10 there', async () => {
    const id = await freshProduct();
    const e = await refused(await waste(id, 15));
    expect(e.fixes).toEqual([{ kind: 'take_available', quantity: 10 }, { kind: 'other_place', by: 'bin', not: [{ warehouse: 'Default', stockLabel: '' }] }]);
    await c.ok('outbox.fix', { id: e.id, fix: { kind: 'take_available' } });
    await done(e.id);
    expect(await serverAt(id, 'Default')).toBe(0);
  });

  it('“another place” wastes it there', async () => {
    const id = await freshProduct();
    const e = await refused(await waste(id, 15));
    const place = await otherPlaceFor(e, id);
    expect(place).toEqual({ warehouse: 'Szeged', stockLabel: '' });
    await c.ok('outbox.fix', { id: e.id, fix: { kind: 'other_place', ...place } });
    await done(e.id);
    expect([await serverAt(id, 'Default'), await serverAt(id, 'Szeged')]).toEqual([10, 5]);
  });

  it('from a bin that holds nothing: only “another place” is offered, and it works', async () => {
    const id = await freshProduct();
    const e = await refused(await waste(id, 4, 'Default', 'X-9'));
    expect(kinds(e.fixes)).toEqual(['other_place']);
    const r = await c.core.invoke('outbox.fix', { id: e.id, fix: { kind: 'take_available' } });
    expect(r.ok ? 'applied' : r.error.code).toBe('CONFLICT');
    await c.ok('outbox.fix', { id: e.id, fix: { kind: 'other_place', ...(await otherPlaceFor(e, id)) } });
    await done(e.id);
    expect(await serverAt(id, 'Szeged')).toBe(16);
  });
});

describe('setOrder × insufficient_stock', () => {
  const refusedOrder = async (id: number) => {
    const { id: local } = await c.ok('orders.save', { order: order(id, 15) });
    const e = (await c.ok('outbox.list', {})).find((x) => x.method === 'setOrder' && x.state !== 'done' && (x.params.items as Array<{ product_id: number }>)[0]!.product_id === id)!;
    return { local, e: await refused(e.id) };
  };
  const serverOrder = async (local: number) => {
    const serverId = (await c.ok('orders.get', { id: local }))!.serverId!;
    return s.ok('getOrderStatus', { order_id: serverId });
  };

  it('offers “order what is there”, “another warehouse” and “back-order the rest”; each is accepted by the server', async () => {
    const first = await refusedOrder(await freshProduct());
    expect(first.e.fixes).toEqual([{ kind: 'take_available', quantity: 10 }, { kind: 'other_place', by: 'warehouse', not: [{ warehouse: 'Default', stockLabel: '' }] }, { kind: 'back_order' }]);
    await c.ok('outbox.fix', { id: first.e.id, fix: { kind: 'take_available' } });
    await done(first.e.id);
    expect((await serverOrder(first.local)).shipment.items.map((i) => i.quantity)).toEqual([10]);

    const id = await freshProduct();
    const second = await refusedOrder(id);
    const place = await otherPlaceFor(second.e, id);
    expect(place).toEqual({ warehouse: 'Szeged', stockLabel: '' });
    await c.ok('outbox.fix', { id: second.e.id, fix: { kind: 'other_place', ...place } });
    await done(second.e.id);
    expect((await serverOrder(second.local)).status).toBe('finalized');
    expect((await c.ok('outbox.list', { states: ['done'] })).find((x) => x.id === second.e.id)!.params).toMatchObject({ warehouse: 'Szeged' });

    const third = await refusedOrder(await freshProduct());
    await c.ok('outbox.fix', { id: third.e.id, fix: { kind: 'back_order' } });
    await done(third.e.id);
    expect((await serverOrder(third.local)).shipment.items.map((i) => i.quantity)).toEqual([15]);
  });
});

describe('setTransfer × insufficient_stock', () => {
  const transfer = async (lines: Array<{ productId: number; quantity: number; toWarehouse: string; toStockLabel: string }>) =>
    (await c.ok('stock.transfer', { lines: lines.map((l) => ({ ...l, fromWarehouse: 'Default', fromStockLabel: '' })) })).entryId;

  it('offers “transfer what is there” and “another bin” (never the source or the destination), no wasting’s or order’s fix; the first moves the 10 there', async () => {
    const id = await freshProduct();
    const e = await refused(await transfer([{ productId: id, quantity: 15, toWarehouse: 'Győr', toStockLabel: 'G-1' }]));
    expect(e.fixes).toEqual([
      { kind: 'take_available', quantity: 10 },
      { kind: 'other_place', by: 'bin', not: [{ warehouse: 'Default', stockLabel: '' }, { warehouse: 'Győr', stockLabel: 'G-1' }] },
    ]);
    const r = await c.core.invoke('outbox.fix', { id: e.id, fix: { kind: 'back_order' } });
    expect(r.ok ? 'applied' : r.error.code).toBe('CONFLICT');
    await c.ok('outbox.fix', { id: e.id, fix: { kind: 'take_available' } });
    await done(e.id);
    expect([await serverAt(id, 'Default'), await serverAt(id, 'Győr', 'G-1')]).toEqual([0, 10]);
  });

  it('“another bin” moves it out of the place picked', async () => {
    const id = await freshProduct();
    const e = await refused(await transfer([{ productId: id, quantity: 15, toWarehouse: 'Győr', toStockLabel: 'G-1' }]));
    const place = await otherPlaceFor(e, id);
    expect(place).toEqual({ warehouse: 'Szeged', stockLabel: '' });
    await c.ok('outbox.fix', { id: e.id, fix: { kind: 'other_place', ...place } });
    await done(e.id);
    expect([await serverAt(id, 'Default'), await serverAt(id, 'Szeged'), await serverAt(id, 'Győr', 'G-1')]).toEqual([10, 5, 15]);
  });

  it('two lines out of one source: “transfer what is there” takes the shortfall off the short line', async () => {
    const id = await freshProduct();
    const e = await refused(await transfer([{ productId: id, quantity: 6, toWarehouse: 'Győr', toStockLabel: 'G-2' }, { productId: id, quantity: 8, toWarehouse: 'Szeged', toStockLabel: 'S-1' }]));
    expect(e.fixes[0]).toEqual({ kind: 'take_available', quantity: 2 });
    await c.ok('outbox.fix', { id: e.id, fix: { kind: 'take_available' } });
    await done(e.id);
    expect([await serverAt(id, 'Default'), await serverAt(id, 'Győr', 'G-2'), await serverAt(id, 'Szeged', 'S-1')]).toEqual([0, 2, 8]);
  });
});

describe('refusals without a fix', () => {
  it('unknown_record (a warehouse the server does not have) on a wasting and on a transfer: nothing offered, a fix pressed anyway is refused', async () => {
    const id = await freshProduct();
    const wasting = await refused((await c.ok('stock.adjust', { productId: id, warehouse: 'Pince', quantity: -1, contactId: s.account.supplierContactId })).entryId);
    const moved = await refused((await c.ok('stock.transfer', { lines: [{ productId: id, quantity: 1, fromWarehouse: 'Default', fromStockLabel: '', toWarehouse: 'Pince', toStockLabel: '' }] })).entryId);
    for (const e of [wasting, moved]) {
      expect(e.reason?.reason).toBe('unknown_record');
      expect(e.fixes).toEqual([]);
      const r = await c.core.invoke('outbox.fix', { id: e.id, fix: { kind: 'take_available' } });
      expect(r.ok ? 'applied' : r.error.code).toBe('CONFLICT');
    }
  });
});
