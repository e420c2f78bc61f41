/**
 * Issue 14.4 in the core: an entry waits for another only when it needs it (its server id, its
 * stock, the same order) or comes after it at the same stock place; a discard takes exactly what
 * needs the discarded entry and lets the rest go on; a refusal's reason is kept and its fixes apply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

describe('outbox dependencies and fixes', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  beforeAll(async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 6, s.clock.now(), { stockEvery: 1 });
    c = await startTestCore(s);
  });
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });
  const supplier = () => s.account.supplierContactId;
  const serverAt = async (id: number, label = '') =>
    (await s.ok('getQuantities', { product_ids: [id] })).stock.find((q) => q.warehouse === 'Default' && q.stock_label === label)?.deliverable ?? 0;
  const order = (productId: number, quantity: number) => ({
    warehouse: 'Default', shipping_aim: 'Sale' as const, method: 'transfer' as const, issued_date: '2026-11-22', selected_account: s.account.bankAccount,
    contact_id: s.account.customerContactId, currency: 'HUF', finalize_order: 1, items: [{ product_id: productId, quantity }],
  });

  it('a wasting from another bin of the same product does not wait for a refused one', async () => {
    const refused = (await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', quantity: -99, contactId: supplier() })).entryId;
    const binIn = (await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', stockLabel: 'B-03', quantity: 4, contactId: supplier() })).entryId;
    await c.sync();
    const list = await c.ok('outbox.list', { states: ['needs_attention', 'done'] });
    expect(list.find((e) => e.id === refused)).toMatchObject({ state: 'needs_attention', blockedBy: null });
    expect(list.find((e) => e.id === binIn)).toMatchObject({ state: 'done' });
    expect(await serverAt(ids[0]!, 'B-03')).toBe(4);
  });

  it('keeps the server’s reason with the refused entry, and “take what is available” sends that much', async () => {
    const refused = (await c.ok('outbox.list', { states: ['needs_attention'] }))[0]!;
    expect(refused.reason).toEqual({ reason: 'insufficient_stock', figures: expect.objectContaining({ product_id: ids[0], warehouse: 'Default', requested: 99, available: 10 }) });
    const v = await c.ok('outbox.fix', { id: refused.id, fix: { kind: 'take_available' } });
    expect(v).toMatchObject({ state: 'queued', reason: null, params: expect.objectContaining({ quantity: -10 }), summaryData: { kind: 'wasting', args: expect.objectContaining({ quantity: 10 }) } });
    await c.sync();
    expect(await serverAt(ids[0]!)).toBe(0);
  });

  it('a wasting from a place that a refused take-in was to fill goes with the take-in when it is discarded', async () => {
    // The server has no warehouse "Pince": the take-in is refused; the wasting from there needs its stock.
    const takeIn = (await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Pince', quantity: 5, contactId: supplier() })).entryId;
    const wasting = (await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Pince', quantity: -2, contactId: supplier() })).entryId;
    const other = (await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Default', quantity: -1, contactId: supplier() })).entryId;
    await c.sync();
    const list = await c.ok('outbox.list', {});
    expect(list.find((e) => e.id === takeIn)).toMatchObject({ state: 'needs_attention', reason: { reason: 'unknown_record', figures: { kind: 'warehouse', id: 'Pince', field: 'warehouse' } } });
    expect(list.find((e) => e.id === wasting)).toMatchObject({ state: 'needs_attention', blockedBy: takeIn });
    expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(other);
    const plan = await c.ok('outbox.discardPlan', { id: takeIn });
    expect({ discard: plan.discard.map((e) => e.id), goesOn: plan.goesOn.map((e) => e.id) }).toEqual({ discard: [wasting], goesOn: [] });
    expect(await c.ok('outbox.discard', { id: takeIn })).toEqual({ discarded: [takeIn, wasting], goesOn: [] });
    const mirror = (await c.ok('products.get', { id: ids[1]! }))!.quantities;
    expect(mirror.find((q) => q.warehouse === 'Pince')?.deliverable ?? 0).toBe(0);
    expect(await serverAt(ids[1]!)).toBe(9);
  });

  it('an order line change needs its refused order: the dialog’s plan names it, and discarding takes it along', async () => {
    c.net.offline = true;
    const { id } = await c.ok('orders.save', { order: order(ids[3]!, 500) });
    await c.ok('orders.setItems', { id, products: [{ productId: ids[3]!, newQuantity: 400 }] });
    const unrelated = (await c.ok('stock.adjust', { productId: ids[4]!, warehouse: 'Default', quantity: 2, contactId: supplier() })).entryId;
    await c.sync();
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    const list = await c.ok('outbox.list', {});
    const refused = list.find((e) => e.method === 'setOrder')!;
    const items = list.find((e) => e.method === 'setOrderItem')!;
    expect(refused).toMatchObject({ state: 'needs_attention', reason: { reason: 'insufficient_stock', figures: expect.objectContaining({ requested: 500, available: 10, line: 0 }) } });
    expect(items).toMatchObject({ state: 'needs_attention', blockedBy: refused.id });
    expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(unrelated);
    const plan = await c.ok('outbox.discardPlan', { id: refused.id });
    expect({ discard: plan.discard.map((e) => e.id), goesOn: plan.goesOn.map((e) => e.id) }).toEqual({ discard: [items.id], goesOn: [] });
    expect(await c.ok('outbox.discard', { id: refused.id })).toEqual({ discarded: [refused.id, items.id], goesOn: [] });
    expect(await c.ok('orders.get', { id })).toBeNull();
  });

  it('“back-order the rest” sends the refused order with order_all, and the server raises a purchase order', async () => {
    const { id } = await c.ok('orders.save', { order: order(ids[5]!, 25) });
    await c.sync();
    const refused = (await c.ok('outbox.list', { states: ['needs_attention'] })).find((e) => e.method === 'setOrder')!;
    expect(refused.reason?.reason).toBe('insufficient_stock');
    await c.ok('outbox.fix', { id: refused.id, fix: { kind: 'back_order' } });
    await c.sync();
    const view = await c.ok('orders.get', { id });
    const status = await s.ok('getOrderStatus', { order_id: view!.serverId! });
    expect(status.shipment.items.map((i) => [i.product_id, i.quantity])).toEqual([[ids[5], 25]]);
    expect((await c.ok('outbox.list', { states: ['done'] })).find((e) => e.id === refused.id)?.params).toMatchObject({ order_all: 1 });
  });

  it('a fix that does not fit the reason is refused with what to do instead', async () => {
    const { entryId } = await c.ok('stock.adjust', { productId: ids[2]!, warehouse: 'Default', quantity: -500, contactId: supplier() });
    await c.sync();
    const r = await c.core.invoke('outbox.fix', { id: entryId, fix: { kind: 'back_order' } });
    expect(r).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringMatching(/does not apply.*edit or discard/) } });
  });
});
