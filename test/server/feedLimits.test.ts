/**
 * The change feed keeps its limits and its secrets, over real HTTP on the engine
 * STOCKDESK_TEST_ENGINE names: the per-account cap holds under a burst of simultaneous streams, and a
 * cap per client address holds across accounts; a disabled user's, a revoked key's and an expired
 * session's open stream is cut within a second, with nothing delivered after the revocation
 * committed; a warehouse clerk's stream carries no invoice or payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import { feedOf } from '@server/http/server';
import { DEFAULT_FEED } from '@server/config';
import type { Credentials } from '@shared/protocol';
import { startTestServer, TEST_ENGINE, type TestServer } from '../helpers/server';
import { openFeedReader, type FeedReader } from '../helpers/feed';
import { orderParams, product, stock } from './product/fixtures';
import { addClerk, admin } from './roles/users';

const ready = (events: { event: string }[]) => events.some((e) => e.event === 'ready');

describe(`feed limits on ${TEST_ENGINE}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { feed: { ...DEFAULT_FEED, pollMs: 200 } } });
  });
  afterAll(() => s.close());

  it('a burst of 600 simultaneous streams with one account\'s keys leaves exactly 256 open', async () => {
    const readers = await Promise.all(Array.from({ length: 600 }, () => openFeedReader(s.url, s.keys)));
    try {
      const statuses = readers.map((r) => r.status);
      expect(statuses.filter((x) => x === 200)).toHaveLength(DEFAULT_FEED.maxPerAccount);
      expect(statuses.filter((x) => x === 409)).toHaveLength(600 - DEFAULT_FEED.maxPerAccount);
      // The server's own count, once every accepted stream is live.
      await Promise.all(readers.filter((r) => r.status === 200).map((r) => r.until(ready)));
      expect(feedOf(s.app.server)!.count(s.account.accountId)).toBe(DEFAULT_FEED.maxPerAccount);
    } finally {
      for (const r of readers) r.close();
    }
    await waitFor(() => feedOf(s.app.server)!.count() === 0);
  });
});

describe(`feed streams per client address on ${TEST_ENGINE}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { feed: { ...DEFAULT_FEED, maxPerAccount: 3, maxPerAddress: 5, pollMs: 200 } } });
  });
  afterAll(() => s.close());

  it('one client address holds at most maxPerAddress streams, whatever accounts\' keys it brings', async () => {
    const keys: Credentials[] = [s.keys];
    for (let i = 0; i < 2; i++) keys.push(await otherAccount(s, `Cím ${i} Kft.`));
    // Three accounts × their cap of 3 = 9 wanted; the address may hold 5.
    const readers = await Promise.all(keys.flatMap((k) => Array.from({ length: 3 }, () => openFeedReader(s.url, k))));
    try {
      const statuses = readers.map((r) => r.status);
      expect(statuses.filter((x) => x === 200)).toHaveLength(5);
      const refused = readers.find((r) => r.status !== 200)!;
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.body).error.message).toMatch(/^This address already has 5 feed streams open/);
      expect(feedOf(s.app.server)!.count()).toBe(5);
    } finally {
      for (const r of readers) r.close();
    }
  });
});

describe(`a stream whose keys stop being valid is cut on ${TEST_ENGINE}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { feed: { ...DEFAULT_FEED, pollMs: 200 } } });
  });
  afterAll(() => s.close());

  /** Opens a stream, runs `revoke`, then writes at once: the stream must end within 1 s with no change after the revocation. */
  async function cutAfter(keys: Credentials, revoke: () => Promise<unknown>): Promise<void> {
    const feed = await openFeedReader(s.url, keys);
    expect(feed.status).toBe(200);
    await feed.until(ready);
    const p = await product(s);
    await feed.until(() => feed.changes().some((c) => c.kind === 'product' && c.product_id === p));
    await revoke();
    const committed = performance.now();
    const seen = feed.changes().length;
    // Writes right after the revocation: none of their changes may reach the stream.
    await stock(s, p, 5);
    await stock(s, p, -1);
    await Promise.race([feed.ended, sleep(3_000)]);
    const tookMs = performance.now() - committed;
    expect(tookMs, 'the stream was not cut within a second').toBeLessThan(1_000);
    expect(feed.changes().slice(seen)).toEqual([]);
    feed.close();
  }

  it('a disabled user\'s stream', async () => {
    const vera = await addClerk(s, 'warehouse', 'Kiss Vera');
    await cutAfter(vera.keys, () => admin(s, ['user', 'disable', '--id', String(vera.userId)]));
  });

  it('a revoked api key\'s stream', async () => {
    const key = await admin(s, ['key', 'issue', '--account', String(s.account.accountId)]);
    await cutAfter({ api_key: key.api_key as string, session_key: s.keys.session_key }, () => admin(s, ['key', 'revoke', '--id', String(key.key_id)]));
  });

  it('an expired session\'s stream, by the session\'s own expires_at', async () => {
    const session = await admin(s, ['session', 'open', '--account', String(s.account.accountId), '--ttl', '2h']);
    const keys = { api_key: s.keys.api_key, session_key: session.session_key as string };
    await cutAfter(keys, async () => s.clock.set(new Date(Date.parse(session.expires_at as string) + 1).toISOString()));
  });
});

describe(`a stream carries only what its clerk's role may read on ${TEST_ENGINE}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { feed: { ...DEFAULT_FEED, pollMs: 200 } } });
  });
  afterAll(() => s.close());

  it('a warehouse clerk hears stock, products and orders, never an invoice or a payment', async () => {
    const vera = await addClerk(s, 'warehouse', 'Raktáros Vera');
    const clerk = await openFeedReader(s.url, vera.keys);
    const owner = await openFeedReader(s.url, s.keys);
    await clerk.until(ready);
    await owner.until(ready);
    const p = await product(s);
    await stock(s, p, 10);
    const order = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 1 }], { finalize_order: 1 }));
    const invoice = await s.ok('setInvoice', {
      crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
      selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF', customer_vat_type: 'DOMESTIC', order_id: order.order_id,
    });
    await s.ok('setBalance', { invoice_id: invoice.invoice_id, amount: 100 });
    const last = await product(s);
    await owner.until(() => owner.changes().some((c) => c.kind === 'product' && c.product_id === last));
    await clerk.until(() => clerk.changes().some((c) => c.kind === 'product' && c.product_id === last));
    const kinds = (r: FeedReader) => [...new Set(r.changes().map((c) => c.kind))].sort();
    expect(kinds(owner)).toEqual(['invoice', 'order', 'payment', 'product', 'stock']);
    expect(kinds(clerk)).toEqual(['order', 'product', 'stock']);
    clerk.close();
    owner.close();
  });
});

async function otherAccount(s: TestServer, name: string): Promise<Credentials> {
  const now = s.clock.now();
  const acct = (await runAdmin(s.app.store, ['account', 'create', '--name', name], now) as { account_id: number }).account_id;
  const key = (await runAdmin(s.app.store, ['key', 'issue', '--account', String(acct)], now)) as { api_key: string };
  const sess = (await runAdmin(s.app.store, ['session', 'open', '--account', String(acct)], now)) as { session_key: string };
  return { api_key: key.api_key, session_key: sess.session_key };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(pred: () => boolean, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !pred(); await sleep(20)) if (Date.now() > end) throw new Error('condition not met in time');
}
