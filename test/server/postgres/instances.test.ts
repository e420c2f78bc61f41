/**
 * Two server instances on one PostgreSQL database, called over real HTTP at the same moment
 * (issue 16, "correct across instances"): invoice numbers stay gap-free and unique, a request_id
 * applies once even when its twin reaches the other instance, and concurrent wastings never take
 * stock below zero. Each instance has its own connection pool, as separate processes would.
 * Invoice mail held while no instance had SMTP is sent once when two instances with SMTP start together.
 * PostgreSQL by nature: it starts the test cluster whatever STOCKDESK_TEST_ENGINE says.
 */
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { runAdmin } from '@server/admin/commands';
import { DEMO_KEYS, TestClock, testClient, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { hufInvoice, item } from '../finance/fixtures';

let url: string;
const stores: PgStore[] = [];
const apps: App[] = [];
let account: DemoAccount;
let a: Pick<TestServer, 'call' | 'ok'>;
let b: Pick<TestServer, 'call' | 'ok'>;
/** The store tests read the database through: a third pool, as a checking tool would be. */
let check: PgStore;

beforeAll(async () => {
  url = await createTestDatabase();
  const clock = new TestClock();
  for (let i = 0; i < 3; i++) stores.push(await openPostgres({ url, poolSize: 6, applicationName: `stockdesk-test-${i}` }));
  check = stores[2]!;
  account = (await seedDemo(stores[0]!, clock, DEMO_KEYS)).account;
  for (const store of stores.slice(0, 2)) apps.push(await startServer({ store, clock, log: pino({ level: 'silent' }), config: { port: 0 } }));
  a = testClient(apps[0]!.url);
  b = testClient(apps[1]!.url);
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const store of stores) await store.close();
  if (url) await dropTestDatabase(url);
});

const both = (i: number) => (i % 2 ? b : a);
const invoice = (over: Record<string, unknown> = {}) => hufInvoice({ account } as TestServer, over);

describe('two instances on one PostgreSQL database', () => {
  it('issue 40 invoices at once with consecutive numbers: no gap, no duplicate', async () => {
    const before = (await check.get<{ n: number }>("SELECT COALESCE(MAX(seq), 0) AS n FROM invoices WHERE account_id = ? AND series = 'SD' AND year = 2026", [account.accountId]))!.n;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => both(i).call('setInvoice', invoice({ items: [item({ quantity: i + 1 })] }))));
    const failures = results.filter((r) => !r.ok);
    expect(failures).toEqual([]);
    const seqs = results.map((r) => (r.ok ? Number(r.result.invoice_number.slice(-6)) : 0)).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => before + 1 + i));
    const stored = await check.all<{ seq: number }>("SELECT seq FROM invoices WHERE account_id = ? AND series = 'SD' AND year = 2026 ORDER BY seq", [account.accountId]);
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
    const counter = await check.get<{ last_seq: number }>("SELECT last_seq FROM invoice_counters WHERE account_id = ? AND series = 'SD' AND year = 2026", [account.accountId]);
    expect(counter!.last_seq).toBe(before + 40);
  }, 60_000);

  it('a request_id sent to both instances at once applies once; both answer the same invoice', async () => {
    const count = async () => (await check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [account.accountId]))!.n;
    const before = await count();
    const ids = Array.from({ length: 12 }, (_, i) => `twin-${i}-${Date.now()}`);
    const pairs = await Promise.all(ids.map((request_id, i) => {
      const params = invoice({ request_id, items: [item({ quantity: i + 1 })] });
      return Promise.all([a.call('setInvoice', params), b.call('setInvoice', params)]);
    }));
    for (const [x, y] of pairs) {
      expect(x.ok && y.ok).toBe(true);
      if (x.ok && y.ok) expect(y.result).toEqual(x.result);
    }
    expect(await count()).toBe(before + ids.length);
    const stored = await check.get<{ n: number }>(`SELECT count(*) AS n FROM idempotency WHERE account_id = ? AND request_id LIKE 'twin-%'`, [account.accountId]);
    expect(stored!.n).toBe(ids.length);
  }, 60_000);

  it('a request_id reused with other parameters on the other instance is refused with CONFLICT, changing nothing', async () => {
    const request_id = `reuse-${Date.now()}`;
    const first = await a.ok('setInvoice', invoice({ request_id }));
    const count = (await check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [account.accountId]))!.n;
    const other = await b.call('setInvoice', invoice({ request_id, items: [item({ quantity: 7 })] }));
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.code).toBe('CONFLICT');
    const again = await b.ok('setInvoice', invoice({ request_id }));
    expect(again).toEqual(first);
    expect((await check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [account.accountId]))!.n).toBe(count);
  }, 30_000);

  it('an API key revoked through one instance\'s database is refused by the other on its next request', async () => {
    const now = new Date('2026-11-22T09:00:00.000Z');
    const key = (await runAdmin(stores[0]!, ['key', 'issue', '--account', String(account.accountId)], now)) as { api_key: string };
    const keys = { api_key: key.api_key, session_key: DEMO_KEYS.session_key };
    // Both instances have served the key (an instance that kept verified keys would answer from memory).
    expect((await a.call('getContacts', {}, { keys })).ok).toBe(true);
    expect((await b.call('getContacts', {}, { keys })).ok).toBe(true);
    const id = (await check.get<{ id: number }>('SELECT id FROM api_keys WHERE account_id = ? ORDER BY id DESC LIMIT 1', [account.accountId]))!.id;
    await runAdmin(stores[0]!, ['key', 'revoke', '--id', String(id)], now);
    for (const instance of [a, b]) {
      const r = await instance.call('getContacts', {}, { keys });
      expect(r.ok ? 'accepted' : r.error.code).toBe('AUTH_FAILED');
    }
  }, 30_000);

  it('30 wastings of 1 at once against 10 on hand: exactly 10 pass, the rest are refused, stock ends at 0', async () => {
    const productId = (await a.ok('setProduct', { product_name: 'Versenyző termék', currency: 'HUF', vat: 27, unit: 'db', list_price: 1000 })).id;
    await a.ok('setQuantity', { product_id: productId, quantity: 10, contact_id: account.supplierContactId, warehouse: 'Default' });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => both(i).call('setQuantity', { product_id: productId, quantity: -1, contact_id: account.supplierContactId, warehouse: 'Default' })));
    const passed = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok);
    expect(passed).toBe(10);
    expect(refused.length).toBe(20);
    for (const r of refused) if (!r.ok) expect([r.error.code, r.error.message]).toEqual(['CONFLICT', expect.stringMatching(/only 0 is deliverable/)]);
    const level = await check.get<{ q: number }>('SELECT COALESCE(SUM(qty_milli), 0)::bigint AS q FROM stock_levels WHERE account_id = ? AND product_id = ?', [account.accountId, productId]);
    expect(level!.q).toBe(0);
    const ledger = await check.get<{ q: number }>('SELECT COALESCE(SUM(qty_milli), 0)::bigint AS q FROM stock_moves WHERE account_id = ? AND product_id = ?', [account.accountId, productId]);
    expect(ledger!.q).toBe(0);
    // Both instances read the same, at once.
    const [qa, qb] = await Promise.all([a.ok('getQuantity', { product_id: productId, warehouse: 'Default' }), b.ok('getQuantity', { product_id: productId, warehouse: 'Default' })]);
    expect(qb).toEqual(qa);
  }, 60_000);
});

describe('two instances with SMTP starting together', () => {
  it('send each held invoice mail exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await both(i).ok('setInvoice', invoice({ email: `penzugy${i}@kovacsesfiu.example` }))).invoice_id);
    const held = await check.all<{ n: number }>("SELECT count(*) AS n FROM mail_queue WHERE status = 'pending' AND next_attempt_ms IS NULL");
    expect(held[0]!.n).toBe(ids.length);

    const received: string[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    const config = { port: 0, smtp: { host: '127.0.0.1', port, secure: false, from: 'szamla@stockdesk-demo.example' } };
    const senders: App[] = [];
    const pools = [await openPostgres({ url, poolSize: 4 }), await openPostgres({ url, poolSize: 4 })];
    try {
      senders.push(...(await Promise.all(pools.map((store) => startServer({ store, log: pino({ level: 'silent' }), config })))));
      const deadline = Date.now() + 20_000;
      for (;;) {
        const left = (await check.get<{ n: number }>("SELECT count(*) AS n FROM mail_queue WHERE status <> 'sent'"))!.n;
        if (left === 0) break;
        if (Date.now() > deadline) throw new Error(`${left} mail(s) still unsent after 20 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Give a duplicate time to arrive, then count.
      await new Promise((r) => setTimeout(r, 500));
      expect(received.sort()).toEqual(ids.map((_, i) => `penzugy${i}@kovacsesfiu.example`).sort());
    } finally {
      for (const app of senders) await app.close();
      for (const store of pools) await store.close();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  }, 60_000);
});
