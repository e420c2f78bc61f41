import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

describe('outbox: rejections, dependants, local ids and credentials', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  beforeAll(async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 5, s.clock.now(), { stockEvery: 1 });
    c = await startTestCore(s);
  });
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });
  const supplier = () => s.account.supplierContactId;
  const serverDefault = async (id: number) => (await s.ok('getQuantity', { product_id: id, warehouse: 'Default' })).quantities[0]!.deliverable;
  const mirrorDefault = async (id: number) => (await c.ok('products.get', { id }))!.quantities.find((q) => q.warehouse === 'Default')!.deliverable;

  it('parks a refused command and what depends on it; an edit with a new request_id goes through', async () => {
    const { entryId } = await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', quantity: -50, contactId: supplier() });
    const later = (await c.ok('stock.takeIn', { warehouse: 'Default', contactId: supplier(), lines: [{ productId: ids[0]!, quantity: 1 }] })).entryIds[0]!;
    const other = (await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Default', quantity: 2, contactId: supplier() })).entryId;
    await c.sync();
    const list = await c.ok('outbox.list', {});
    const parked = list.find((e) => e.id === entryId)!;
    expect(parked).toMatchObject({ state: 'needs_attention', errorCode: 'CONFLICT', blockedBy: null });
    expect(parked.lastError).toContain('only 10 is deliverable');
    expect(list.find((e) => e.id === later)).toMatchObject({ state: 'needs_attention', blockedBy: entryId });
    // An independent entry behind it was not held up.
    expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(other);
    expect(await serverDefault(ids[1]!)).toBe(12);
    // The refused wasting and the take-in held behind it wait for a person: neither counts in the
    // stock a clerk reads (the screens mark the refused change beside the figure instead).
    expect(await mirrorDefault(ids[0]!)).toBe(10);

    const before = parked.params.request_id;
    const edited = await c.ok('outbox.edit', { id: entryId, params: { ...parked.params, quantity: -4 } });
    expect(edited.state).toBe('queued');
    expect(before).toBeUndefined();
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    expect(await serverDefault(ids[0]!)).toBe(7);
    expect(await mirrorDefault(ids[0]!)).toBe(7);
  });

  // Issue 14.4: a take-in at the same place only waits behind the refused wasting (order); it does
  // not need it, so discarding the wasting undoes exactly the wasting and the take-in goes on.
  it('discarding a refused command rolls back exactly its effect; what was only ordered behind it goes on', async () => {
    const { entryId } = await c.ok('stock.adjust', { productId: ids[2]!, warehouse: 'Default', quantity: -99, contactId: supplier() });
    const dep = (await c.ok('stock.adjust', { productId: ids[2]!, warehouse: 'Default', quantity: 3, contactId: supplier() })).entryId;
    await c.sync();
    // Both wait for a person (the refused wasting, the adjustment held behind it): the stock a clerk reads is the server's.
    expect(await mirrorDefault(ids[2]!)).toBe(10);
    expect((await c.ok('outbox.list', {})).find((e) => e.id === dep)).toMatchObject({ state: 'needs_attention', blockedBy: entryId });
    const plan = await c.ok('outbox.discardPlan', { id: entryId });
    expect({ discard: plan.discard.map((e) => e.id), goesOn: plan.goesOn.map((e) => e.id) }).toEqual({ discard: [], goesOn: [dep] });
    const r = await c.ok('outbox.discard', { id: entryId });
    expect(r).toEqual({ discarded: [entryId], goesOn: [dep] });
    expect(await mirrorDefault(ids[2]!)).toBe(10 + 3);
    await c.sync();
    expect(await serverDefault(ids[2]!)).toBe(13);
    expect(await mirrorDefault(ids[2]!)).toBe(13);
    expect((await c.ok('outbox.list', { states: ['discarded'] })).map((e) => e.id)).toEqual([entryId]);
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
  });

  it('an order made offline and its item change reach the server in order, with the server id', async () => {
    c.net.offline = true;
    const order = {
      warehouse: 'Default', shipping_aim: 'Sale' as const, method: 'transfer' as const, issued_date: '2026-11-22', selected_account: s.account.bankAccount,
      contact_id: s.account.customerContactId, currency: 'HUF', items: [{ product_id: ids[3]!, quantity: 2 }, { product_id: ids[4]!, quantity: 1, custom_price: 999 }],
    };
    const { id } = await c.ok('orders.save', { order });
    expect(id).toBeLessThan(0);
    await c.ok('orders.setItems', { id, products: [{ productId: ids[3]!, newQuantity: 5 }] });
    const view = await c.ok('orders.get', { id });
    expect(view).toMatchObject({ local: true, serverId: null, outboxState: 'queued' });
    expect(view!.lines.map((l) => [l.productId, l.quantity])).toEqual([[ids[3], 5], [ids[4], 1]]);
    // list price 103 × 5 + 999, 27 % VAT per line, rounded to whole forints
    expect(view!.totals).toEqual({ net: 1514, vat: 409, gross: 1923 });
    await c.sync();
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    const synced = await c.ok('orders.get', { id });
    expect(synced).toMatchObject({ local: false, outboxState: null });
    const status = await c.ok('orders.status', { id });
    expect(status!.order_id).toBe(synced!.serverId);
    expect(status!.shipment.items.map((i) => [i.product_id, i.quantity])).toEqual([[ids[3], 5], [ids[4], 1]]);
  });

  it('refused credentials pause the whole queue until new ones are saved', async () => {
    await c.ok('settings.setCredentials', { apiKey: s.keys.api_key, sessionKey: 'sds_wrong' });
    const { entryId } = await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Default', quantity: 1, contactId: supplier() });
    await c.sync();
    const st = await c.ok('sync.status', {});
    expect(st.paused).toBe('auth');
    expect(st.outbox.queued).toBe(1);
    expect((await c.ok('outbox.list', {})).find((e) => e.id === entryId)).toMatchObject({ state: 'queued', attempts: 0 });
    await c.sync();
    expect((await c.ok('sync.status', {})).paused).toBe('auth');
    await c.ok('settings.setCredentials', { apiKey: s.keys.api_key, sessionKey: s.keys.session_key });
    await c.sync();
    const after = await c.ok('sync.status', {});
    expect(after.paused).toBeNull();
    expect(after.outbox.queued).toBe(0);
    expect(await serverDefault(ids[1]!)).toBe(13);
  });
});

describe('outbox figures told to the screens', () => {
  it('are told at once, then at most every 200 ms of the core’s clock, with the latest figures', async () => {
    const s = await startTestServer();
    const ids = await seedCatalog(s.app.store, s.account.accountId, 3, s.clock.now(), { stockEvery: 1 });
    // Offline after two failures and no probe for a minute: the replay stays still and tells nothing itself.
    const c = await startTestCore(s, { engine: { offlineAfterFailures: 2, probeBaseMs: 60_000, healthIntervalMs: 60_000 } });
    const adjust = (id: number) => c.ok('stock.adjust', { productId: id, warehouse: 'Default', quantity: 1, contactId: s.account.supplierContactId });
    try {
      c.net.offline = true;
      await adjust(ids[0]!);
      for (let i = 0; i < 5 && (await c.ok('sync.status', {})).online; i++) await c.sync();
      expect((await c.ok('sync.status', {})).online).toBe(false);
      const seen: unknown[] = [];
      c.core.on('outbox.changed', (x) => seen.push(x));
      // Told a moment ago (the first change): the next two wait for the throttle, on the core's clock.
      await adjust(ids[1]!);
      await adjust(ids[2]!);
      expect(seen).toEqual([]);
      c.clock.advance(199);
      expect(seen).toEqual([]);
      c.clock.advance(1);
      expect(seen).toEqual([{ queued: 3, inFlight: 0, needsAttention: 0 }]);
    } finally {
      await c.close();
      await s.close();
    }
  });
});
