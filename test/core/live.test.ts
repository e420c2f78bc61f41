/**
 * Live desks (issue 17): two desks' cores on one real server. What desk A does reaches desk B's
 * mirror through B's change feed and the scoped pull it triggers (B's timed pull is an hour away);
 * a desk cut off from the feed catches up once, each change once; the feed survives a server
 * restart; without the capability the desk polls.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type App } from '@server/app';
import { startTestServer, type TestServer } from '../helpers/server';
import { cutFeeds, seedCatalog, startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/wait';

let s: TestServer;
let a: TestCore;
let b: TestCore;
let ids: number[];
/** The server after the restart test: later tests run on it. */
let restarted: App | null = null;

const live = { liveFeed: true };
beforeAll(async () => {
  s = await startTestServer();
  ids = await seedCatalog(s.app.store, s.account.accountId, 6, s.clock.now(), { stockEvery: 1, qty: 20 });
  a = await startTestCore(s);
  b = await startTestCore(s, { engine: live });
  await until('desk B live', () => b.core.engine.liveState() === 'live', 5_000);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await restarted?.close();
  await s?.close();
});

const onB = async (id: number) => (await b.ok('products.get', { id }))!;
const serverStock = async (id: number) => (await s.ok('getQuantity', { product_id: id, warehouse: 'Default' })).quantities[0]!;
const invoice = (productId: number) => ({
  crdr: 'outgoing' as const, method: 'transfer' as const, issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
  selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF' as const, customer_vat_type: 'DOMESTIC' as const,
  items: [{ name: 'Csavar', unit_price: 1000, unit: 'db', quantity: 1, vat: 27, discount: 0, product_id: productId }],
});

describe('two desks on one server', () => {
  it('a take-in, a wasting, an order, an invoice and a payment at desk A appear in desk B’s mirror within a second', async () => {
    const p = ids[0]!;
    const before = (await onB(p)).deliverable;
    const onServer = await serverStock(p);
    const timings: number[] = [];

    await a.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.supplierContactId, lines: [{ productId: p, quantity: 5 }] });
    await a.sync();
    timings.push(await until('take-in on B', async () => (await onB(p)).deliverable === before + 5, 1_000));
    expect((await serverStock(p)).deliverable).toBe(onServer.deliverable + 5);

    await a.ok('stock.adjust', { productId: p, warehouse: 'Default', quantity: -2, contactId: s.account.supplierContactId });
    await a.sync();
    timings.push(await until('wasting on B', async () => (await onB(p)).deliverable === before + 3, 1_000));

    const order = {
      warehouse: 'Default', shipping_aim: 'Sale' as const, method: 'transfer' as const, issued_date: '2026-11-22', selected_account: s.account.bankAccount,
      contact_id: s.account.customerContactId, currency: 'HUF', finalize_order: 1 as const, items: [{ product_id: p, quantity: 4 }],
    };
    await a.ok('orders.save', { order });
    await a.sync();
    // Another desk's reservation: B's available drops though nothing left the shelf.
    timings.push(await until('order on B', async () => (await onB(p)).available === before + 3 - 4, 1_000));
    expect((await serverStock(p)).available).toBe(onServer.available + 3 - 4);

    const { id: localInvoice } = await a.ok('invoices.issue', { invoice: invoice(ids[1]!) });
    await a.sync();
    const serverInvoice = (await a.ok('invoices.get', { id: localInvoice }))!.row.serverId!;
    expect(serverInvoice).toBeGreaterThan(0);
    const bInvoice = async () => (await b.ok('invoices.list', { dateFrom: '2026-11-01', dateTo: '2026-11-30' })).find((r) => r.serverId === serverInvoice);
    timings.push(await until('invoice on B', async () => (await bInvoice()) !== undefined, 1_000));
    const gross = (await bInvoice())!.balance;

    await a.ok('invoices.pay', { id: serverInvoice, amount: 500 });
    await a.sync();
    timings.push(await until('payment on B', async () => (await bInvoice())?.balance === gross - 500, 1_000));
    expect((await s.ok('getInvoice', { invoice_id: serverInvoice })).balance).toBe(gross - 500);
    // B never ran its timed pull: only the feed brought these.
    expect(b.net.calls.filter((c) => c.method === 'getWarehouses')).toHaveLength(1);
    console.log(`live propagation A→B (ms): ${timings.join(', ')}`);
  });

  it('a desk cut off from the feed catches up when it reconnects: every change once, in one pull', async () => {
    const [p, q] = [ids[2]!, ids[3]!];
    const base = { p: (await onB(p)).deliverable, q: (await onB(q)).deliverable };
    const events = b.core.engine.live.stats.events;
    cutFeeds(b.net);
    await until('desk B polling', () => b.core.engine.liveState() === 'polling', 2_000);
    const mark = (await s.app.store.get<{ id: number }>('SELECT max(id) AS id FROM feed_changes'))!.id;
    for (const [id, n] of [[p, 1], [q, 2], [p, 3]] as const) {
      await a.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.supplierContactId, lines: [{ productId: id, quantity: n }] });
      await a.sync();
    }
    // Nothing arrives while cut off (the reconnect waits for its backoff on B's clock).
    await new Promise((r) => setTimeout(r, 300));
    expect((await onB(p)).deliverable).toBe(base.p);
    const pullsBefore = b.net.calls.filter((c) => c.method === 'getQuantities').length;
    b.clock.advance(60_000);
    await until('desk B live again', () => b.core.engine.liveState() === 'live', 3_000);
    await until('B caught up', async () => (await onB(p)).deliverable === base.p + 4 && (await onB(q)).deliverable === base.q + 2, 2_000);
    await b.core.engine.idle();
    const missed = (await s.app.store.get<{ n: number }>('SELECT count(*) AS n FROM feed_changes WHERE id > ? AND account_id = ?', [mark, s.account.accountId]))!.n;
    expect(missed).toBe(3);
    expect(b.core.engine.live.stats.events - events).toBe(missed);
    expect(b.net.calls.filter((c) => c.method === 'getQuantities').length - pullsBefore).toBe(1);
  });

  it('survives a server restart: the desk reconnects and gets what changed meanwhile', async () => {
    const p = ids[4]!;
    const base = (await onB(p)).deliverable;
    const port = s.app.port;
    await s.app.close();
    await until('desk B off the feed', () => b.core.engine.liveState() !== 'live', 2_000);
    {
      // The same database on either engine (the test helper keeps the PostgreSQL pool open across the restart).
      const storage = s.app.store.engine === 'postgres' ? { store: s.app.store } : { db: s.app.db };
      restarted = await startServer({ ...storage, clock: s.clock, log: pino({ level: 'silent' }), config: { port, dbPath: s.dbPath } });
      // A change on the restarted server, then B reconnects (its backoff on its clock).
      // (The test client's kept-alive connection went with the old server: a fresh one is opened on failure.)
      const takeIn = () => s.ok('setQuantity', { product_id: p, quantity: 6, contact_id: s.account.supplierContactId, warehouse: 'Default', request_id: 'restart-take-in' });
      await takeIn().catch(takeIn);
      b.clock.advance(60_000);
      await until('desk B live after restart', () => b.core.engine.liveState() === 'live', 5_000);
      await until('change made during the restart on B', async () => (await onB(p)).deliverable === base + 6, 2_000);
    }
  });
});

describe('stale figures', () => {
  it('a count sheet on desk B says when the shelf moved on the server after a line was counted, before posting', async () => {
    const p = ids[5]!;
    const sheet = await b.ok('count.open', { warehouse: 'Default', stockLabel: '' });
    const line = () => sheet.lines.find((l) => l.productId === p);
    expect(line()).toBeDefined();
    const bin = line()!.stockLabel;
    const counted = await b.ok('count.setCounted', { sheetId: sheet.id, productId: p, counted: line()!.expected, stockLabel: bin });
    expect(counted.lines.find((l) => l.productId === p)!.movedTo).toBeUndefined();
    const basis = line()!.expected;
    // Desk A takes 2 in on the same shelf; desk B's feed brings it into the mirror.
    await a.ok('stock.takeIn', { warehouse: 'Default', stockLabel: bin, contactId: s.account.supplierContactId, lines: [{ productId: p, quantity: 2 }] });
    await a.sync();
    await until('the move on B’s sheet', async () => (await b.ok('count.get', { sheetId: sheet.id }))!.lines.find((l) => l.productId === p)!.movedTo === basis + 2, 2_000);
    const now = (await b.ok('count.get', { sheetId: sheet.id }))!.lines.find((l) => l.productId === p)!;
    expect(now).toMatchObject({ expected: basis, counted: basis, movedTo: basis + 2 });
    expect((await s.ok('getQuantity', { product_id: p, warehouse: 'Default', ...(bin ? { stock_label: bin } : {}) })).quantities[0]!.deliverable).toBe(basis + 2);
    await b.ok('count.discard', { sheetId: sheet.id });
  });
});

describe('without the feed', () => {
  it('polls, and says so', async () => {
    const t = await startTestServer();
    const c = await startTestCore(t, { stripExtensions: true, engine: live });
    try {
      await c.sync();
      expect(c.core.engine.status().live).toBe('polling');
      expect(c.net.calls.some((x) => x.url.endsWith('/api/feed'))).toBe(false);
    } finally {
      await c.close();
      await t.close();
    }
  });
});
