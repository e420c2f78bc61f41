/**
 * Keys checked in the same round trip as a request's first statement (services/keysAhead.ts): an
 * instance that served a pair of keys before runs the next request as the principal it remembers
 * while the database checks the keys again. Two instances on one database, over real HTTP: what
 * the other instance changed (a disabled user, a changed role) applies on the very next request,
 * a refused request answers AUTH_FAILED whatever it asked, and the database holds nothing of it.
 * PostgreSQL by nature: it starts the test cluster whatever STOCKDESK_TEST_ENGINE says.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { DEMO_KEYS, TestClock, testClient, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { addClerk, admin } from '../roles/users';

let url: string;
const stores: PgStore[] = [];
const apps: App[] = [];
const clock = new TestClock();
let account: DemoAccount;
let a: Pick<TestServer, 'call' | 'ok'>;
/** Instance B, as the roles helpers want it: its admin commands run on B's pool. */
let onB: TestServer;
let check: PgStore;
let productId: number;

beforeAll(async () => {
  url = await createTestDatabase();
  for (let i = 0; i < 3; i++) stores.push(await openPostgres({ url, poolSize: 4, applicationName: `stockdesk-keys-${i}` }));
  check = stores[2]!;
  account = (await seedDemo(stores[0]!, clock, DEMO_KEYS)).account;
  for (const store of stores.slice(0, 2)) apps.push(await startServer({ store, clock, log: pino({ level: 'silent' }), config: { port: 0 } }));
  a = testClient(apps[0]!.url);
  onB = { app: apps[1]!, clock, account, keys: DEMO_KEYS, ...testClient(apps[1]!.url) } as unknown as TestServer;
  productId = (await a.ok('setProduct', { product_name: 'Kulcsos csavar', currency: 'HUF', vat: 27, unit: 'db', list_price: 100 })).id;
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const store of stores) await store.close();
  if (url) await dropTestDatabase(url);
});

const take = (quantity: number, extra: Record<string, unknown> = {}) => ({ product_id: productId, quantity, contact_id: account.supplierContactId, warehouse: 'Default', ...extra });

/** What the database holds of the demo account's writes: stock of the product, receipts, audit lines, stored answers. */
const held = async () => ({
  stock: (await check.get<{ q: number }>('SELECT COALESCE(SUM(qty_milli), 0)::bigint AS q FROM stock_levels WHERE account_id = ? AND product_id = ?', [account.accountId, productId]))!.q,
  receipts: (await check.get<{ n: number }>('SELECT count(*)::int AS n FROM stock_receipts WHERE account_id = ?', [account.accountId]))!.n,
  audit: (await check.get<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE account_id = ?', [account.accountId]))!.n,
  answers: (await check.get<{ n: number }>('SELECT count(*)::int AS n FROM idempotency WHERE account_id = ?', [account.accountId]))!.n,
});

describe('keys checked with the first statement, two instances', () => {
  it('a user disabled through the other instance is refused on the next read and write, which leave nothing behind', async () => {
    // One clerk per kind of request: each is the first request after the clerk was disabled, while
    // instance A still remembers the keys (a refusal makes it forget them).
    const kinds: Array<[string, Record<string, unknown>]> = [
      ['getQuantity', { product_id: productId, warehouse: 'Default' }],
      // The refusal wins over what the request would have been told: nothing about the account leaks.
      ['getQuantity', { product_id: 999_999, warehouse: 'Default' }],
      ['setQuantity', take(5)],
      ['setQuantity', take(7, { request_id: 'keys-ahead-1' })],
    ];
    for (const [i, [method, params]] of kinds.entries()) {
      const vera = await addClerk(onB, 'warehouse', `Raktáros Vera ${i}`);
      // Instance A has served Vera's keys: it remembers whose they are.
      await a.ok('setQuantity', take(1), { keys: vera.keys });
      expect(await admin(onB, ['user', 'disable', '--id', String(vera.userId)])).toEqual({ disabled: true, sessions_revoked: 1 });
      const before = await held();
      const r = await a.call(method as 'getQuantity', params as never, { keys: vera.keys });
      expect(r.ok ? 'accepted' : [r.status, r.error.code], `${method} ${JSON.stringify(params)}`).toEqual([401, 'AUTH_FAILED']);
      expect(await held()).toEqual(before);
    }
    expect((await held()).stock).toBe(4000);
  });

  it('a role changed through the other instance applies on the next request, both ways, and the audit trail names the clerk', async () => {
    const bela = await addClerk(onB, 'billing', 'Számlázó Béla');
    const first = await a.call('setQuantity', take(1), { keys: bela.keys });
    expect(first.ok || [first.status, first.error.code]).toEqual([403, 'FORBIDDEN']);
    // Made a warehouse clerk on B: A, which remembers him as billing, lets him take in at once.
    expect(await admin(onB, ['user', 'role', '--id', String(bela.userId), '--role', 'warehouse'])).toEqual({ changed: true });
    const before = await held();
    const taken = await a.ok('setQuantity', take(2), { keys: bela.keys });
    expect(await held()).toEqual({ ...before, stock: before.stock + 2000, receipts: before.receipts + 1, audit: before.audit + 1 });
    const line = await check.get<{ user_id: number; summary: string }>('SELECT user_id, summary FROM audit_log WHERE account_id = ? ORDER BY id DESC LIMIT 1', [account.accountId]);
    expect(line).toEqual({ user_id: bela.userId, summary: expect.stringContaining(`(takein receipt ${taken.receipt_id})`) });
    // Back to billing on B: A, which now remembers him as a warehouse clerk, refuses him at once.
    expect(await admin(onB, ['user', 'role', '--id', String(bela.userId), '--role', 'billing'])).toEqual({ changed: true });
    const again = await a.call('setQuantity', take(4, { request_id: 'keys-ahead-2' }), { keys: bela.keys });
    expect(again.ok || [again.status, again.error.code, again.error.message]).toEqual([403, 'FORBIDDEN', expect.stringContaining("Számlázó Béla's role (billing)")]);
    expect(await held()).toEqual({ ...before, stock: before.stock + 2000, receipts: before.receipts + 1, audit: before.audit + 1 });
  });

  it('keys an instance remembers still answer what the database holds, on both instances', async () => {
    await a.ok('getQuantity', { product_id: productId, warehouse: '*' });
    const viaB = testClient(apps[1]!.url);
    await viaB.ok('setQuantity', take(6));
    const expected = (await held()).stock / 1000;
    for (const client of [a, viaB]) {
      const q = await client.ok('getQuantity', { product_id: productId, warehouse: 'Default' });
      expect(q.quantities[0]).toMatchObject({ product_id: productId, warehouse: 'Default', deliverable: expected });
    }
  });
});
