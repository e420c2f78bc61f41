/**
 * The change feed (issue 17) over real HTTP, on the engine STOCKDESK_TEST_ENGINE names: what each
 * write announces, resuming without a gap or a repeat, keys checked as for commands, one account
 * never hearing another's, the per-account cap, the stream closed on shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import { feedOf } from '@server/http/server';
import { DEFAULT_FEED } from '@server/config';
import { startTestServer, type TestServer } from '../helpers/server';
import { openFeedReader } from '../helpers/feed';
import { orderParams, product, stock } from './product/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { feed: { ...DEFAULT_FEED, maxPerAccount: 3, pollMs: 200 } } });
});
afterAll(() => s.close());

const ready = (events: { event: string }[]) => events.some((e) => e.event === 'ready');
const invoiceParams = (orderId: number) => ({
  crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
  selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF', customer_vat_type: 'DOMESTIC', order_id: orderId,
});

describe('GET /api/feed', () => {
  it('is announced in /api/health', async () => {
    const h = JSON.parse((await s.raw('/api/health', '', undefined, 'GET')).body) as { capabilities: string[] };
    expect(h.capabilities).toContain('feed');
  });

  it('refuses missing and wrong keys with 401, and a malformed Last-Event-ID with 400 saying what to send', async () => {
    const none = await openFeedReader(s.url, null);
    expect(none.status).toBe(401);
    expect(none.body).toContain('x-stockdesk-api-key');
    const wrong = await openFeedReader(s.url, { api_key: s.keys.api_key, session_key: 'sds_wrong' });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body).error.code).toBe('AUTH_FAILED');
    const bad = await openFeedReader(s.url, s.keys, 'yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Last-Event-ID');
    const post = await s.raw('/api/feed', '{}', 'application/json');
    expect(post.status).toBe(405);
  });

  it('announces a take-in, a wasting, an order, an invoice and a payment, each naming what changed', async () => {
    const feed = await openFeedReader(s.url, s.keys);
    expect(feed.status).toBe(200);
    await feed.until(ready);
    const p = await product(s);
    await stock(s, p, 10, { stock_label: 'A-01' });
    await stock(s, p, -2, { stock_label: 'A-01' });
    const order = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 3 }], { finalize_order: 1 }));
    const invoice = await s.ok('setInvoice', invoiceParams(order.order_id));
    const pay = await s.ok('setBalance', { invoice_id: invoice.invoice_id, amount: 100 });
    expect(pay).toBeTruthy();
    await feed.until(() => feed.changes().some((c) => c.kind === 'payment'));
    const changes = feed.changes();
    const wh = (await s.ok('getWarehouses', {})).warehouses.find((w) => w.name === 'Default')!.id;
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'product', product_id: p }));
    expect(changes.filter((c) => c.kind === 'stock' && c.product_id === p && 'stock_label' in c && c.stock_label === 'A-01')).toHaveLength(2 + 1);
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'stock', product_id: p, warehouse_id: wh }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'order', order_id: order.order_id }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'invoice', invoice_id: invoice.invoice_id }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'payment', invoice_id: invoice.invoice_id }));
    // Every id once, in increasing commit order.
    const ids = changes.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The server's own record: the table holds exactly what was announced for this account since the stream opened.
    const rows = await s.app.store.all<{ n: number }>('SELECT count(*) AS n FROM feed_changes WHERE account_id = ? AND (tx > ? OR (tx = ? AND id >= ?))', [
      s.account.accountId, Number(ids[0]!.split('.')[0]), Number(ids[0]!.split('.')[0]), Number(ids[0]!.split('.')[1]),
    ]);
    expect(rows[0]!.n).toBe(ids.length);
    feed.close();
  });

  it('resumes after a disconnect from Last-Event-ID without missing or repeating anything', async () => {
    const feed = await openFeedReader(s.url, s.keys);
    await feed.until(ready);
    const p = await product(s);
    await stock(s, p, 5);
    await feed.until(() => feed.changes().some((c) => c.kind === 'stock' && c.product_id === p));
    const seen = feed.changes();
    const last = seen.at(-1)!.id;
    feed.close();
    // Changes while away.
    await stock(s, p, 1);
    await stock(s, p, 2);
    const q = await product(s);
    const back = await openFeedReader(s.url, s.keys, last);
    await back.until(() => back.changes().some((c) => c.kind === 'product' && c.product_id === q));
    await back.until(ready);
    const missed = back.changes();
    expect(missed.filter((c) => seen.some((x) => x.id === c.id))).toEqual([]);
    expect(missed.filter((c) => c.kind === 'stock' && c.product_id === p)).toHaveLength(2);
    expect(missed.at(-1)).toMatchObject({ kind: 'product', product_id: q });
    back.close();
  });

  it('tells a desk whose position this database never handed out to start over (reset)', async () => {
    const feed = await openFeedReader(s.url, s.keys, '99999.99999');
    await feed.until((e) => e.some((x) => x.event === 'reset'));
    expect(feed.events[0]!.event).toBe('reset');
    feed.close();
  });

  it('never tells one account of another account’s changes', async () => {
    const now = s.clock.now();
    const acct = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Másik Kft.'], now) as { account_id: number }).account_id;
    const api = (await runAdmin(s.app.store, ['key', 'issue', '--account', String(acct)], now) as { api_key: string }).api_key;
    const sess = (await runAdmin(s.app.store, ['session', 'open', '--account', String(acct)], now) as { session_key: string }).session_key;
    const other = { api_key: api, session_key: sess };
    const theirs = await openFeedReader(s.url, other);
    const ours = await openFeedReader(s.url, s.keys);
    await theirs.until(ready);
    await ours.until(ready);
    const p = await product(s);
    await stock(s, p, 3);
    const theirProduct = await s.ok('setProduct', { product_name: 'Idegen termék', currency: 'HUF', vat: 27, unit: 'db', list_price: 1 }, { keys: other });
    await ours.until(() => ours.changes().some((c) => c.kind === 'stock' && c.product_id === p));
    await theirs.until(() => theirs.changes().some((c) => c.kind === 'product' && c.product_id === theirProduct.id));
    expect(theirs.changes().map((c) => c.kind === 'product' ? c.product_id : -1)).toEqual([theirProduct.id]);
    expect(ours.changes().some((c) => c.kind === 'product' && c.product_id === theirProduct.id)).toBe(false);
    theirs.close();
    ours.close();
  });

  it('caps the streams of one account, saying why', async () => {
    const hub = feedOf(s.app.server)!;
    for (let i = 0; i < 50 && hub.count(s.account.accountId) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    const open = await Promise.all([1, 2, 3].map(() => openFeedReader(s.url, s.keys)));
    for (const f of open) await f.until(ready);
    const fourth = await openFeedReader(s.url, s.keys);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toContain('feed streams open');
    for (const f of open) f.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(hub.count(s.account.accountId)).toBe(0);
  });
});

describe('retention', () => {
  it('prunes entries older than the retention on its own, and a desk whose position was pruned is told to start over', async () => {
    const t = await startTestServer({ config: { feed: { ...DEFAULT_FEED, retentionDays: 7, pruneEveryMs: 100 } } });
    try {
      const p = await product(t);
      await stock(t, p, 4);
      const rows = () => t.app.store.all<{ id: number; tx: number }>('SELECT id, tx FROM feed_changes WHERE account_id = ? ORDER BY tx, id', [t.account.accountId]);
      const written = await rows();
      expect(written.length).toBeGreaterThanOrEqual(2);
      const oldest = written[0]!;
      // Make the first entries eight days old, as if written then; the newest stays.
      const aged = written.slice(0, -1).map((r) => r.id);
      for (const id of aged) await t.app.store.run('UPDATE feed_changes SET at_s = at_s - 8 * 86400 WHERE id = ?', [id]);
      await expect.poll(async () => (await rows()).map((r) => r.id), { timeout: 5_000 }).toEqual([written.at(-1)!.id]);
      // A desk that last heard of the pruned entry starts over; one that heard of the kept entry resumes.
      const back = await openFeedReader(t.url, t.keys, `${oldest.tx}.${oldest.id}`);
      await back.until((e) => e.some((x) => x.event === 'reset'));
      expect(back.events[0]!.event).toBe('reset');
      back.close();
      const kept = written.at(-1)!;
      const current = await openFeedReader(t.url, t.keys, `${kept.tx}.${kept.id}`);
      await current.until(ready);
      expect(current.events.some((x) => x.event === 'reset')).toBe(false);
      current.close();
    } finally {
      await t.close();
    }
  });
});

describe('shutdown', () => {
  it('closes open streams so that the server stops promptly', async () => {
    const t = await startTestServer();
    const feed = await openFeedReader(t.url, t.keys);
    await feed.until(ready);
    const started = Date.now();
    await t.close();
    await feed.ended;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
