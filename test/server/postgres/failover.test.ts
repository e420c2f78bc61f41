/**
 * PostgreSQL restarted during a desk's replay (issue 16, "a failover test"). A desk (the real core,
 * as in test/core) fills its outbox offline with stock moves and invoices, then replays them against
 * a server on PostgreSQL; a quarter of the way in, the test cluster is restarted (pg_ctl restart -m
 * fast: every open connection is cut, and for a moment nothing can connect). Afterwards the outbox
 * drains, nothing waits for a person because of the outage, and the server's own state holds every
 * command exactly once. A private cluster: restarting the shared one would break other test files.
 */
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { seededRandom } from '@main/core/random';
import { startCluster, stopCluster } from '../../../scripts/pg-cluster.mjs';
import { DEMO_KEYS, TestClock, testClient, type TestServer } from '../../helpers/server';
import { startTestCore, type TestCore } from '../../helpers/core';
import { restartCluster, startAgain, stopForNow } from '../../helpers/pgRestart';
import { until } from '../../helpers/wait';

const COMMANDS = 400;
const PRODUCTS = 8;

let cluster: { dir: string; url: string } | undefined;
let store: PgStore;
let app: App;
let core: TestCore;
let account: DemoAccount;
const clock = new TestClock();
/** What the server logged as failed requests (pino's JSON lines at level error). */
const failures: Array<{ msg: string; err?: { message?: string } }> = [];

beforeAll(async () => {
  cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("CREATE DATABASE stockdesk_failover TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'");
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/stockdesk_failover';
  // A short connect timeout: while PostgreSQL is down a request fails in a second, not ten.
  store = await openPostgres({ url: url.toString(), poolSize: 6, connectTimeoutMs: 1_000 });
  account = (await seedDemo(store, clock, DEMO_KEYS)).account;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) failures.push(JSON.parse(line) as (typeof failures)[number]);
      done();
    },
  });
  app = await startServer({ store, clock, log: pino({ level: 'error' }, sink), config: { port: 0 } });
}, 120_000);

afterAll(async () => {
  await core?.close();
  await app?.close();
  await store?.close();
  if (cluster) stopCluster(cluster.dir);
}, 60_000);

const count = async (sql: string, params: unknown[] = []) => (await store.get<{ n: number }>(sql, params as never))!.n;

describe('PostgreSQL restarted during a desk\'s replay', () => {
  it(`the outbox of ${COMMANDS} commands drains afterwards, each applied exactly once, none left for a person`, async () => {
    const server = testClient(app.url);
    const ids: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const id = (await server.ok('setProduct', { product_name: `Átállás termék ${i}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 500 })).id;
      await server.ok('setQuantity', { product_id: id, quantity: 1000, contact_id: account.supplierContactId, warehouse: 'Default' });
      ids.push(id);
    }
    core = await startTestCore({ clock, url: app.url } as TestServer, {
      realTime: true, engine: { healthIntervalMs: 20, backoff: { baseMs: 5, capMs: 200 }, callTimeoutMs: 10_000 },
    });
    const invoicesBefore = await count('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [account.accountId]);
    const receiptsBefore = await count('SELECT count(*) AS n FROM stock_receipts WHERE account_id = ?', [account.accountId]);

    // The outbox, filled offline: stock moves (the stock is ample: none can be refused) and invoices.
    core.net.offline = true;
    const rnd = seededRandom(57);
    const stock = new Map<number, number>(ids.map((id) => [id, 1_000_000]));
    let invoices = 0;
    let grossMinor = 0;
    for (let i = 0; i < COMMANDS; i++) {
      if (rnd.next() < 0.75) {
        const productId = ids[Math.floor(rnd.next() * ids.length)]!;
        const quantity = [-3, -1, 2, 5][Math.floor(rnd.next() * 4)]!;
        await core.ok('stock.adjust', { productId, warehouse: 'Default', quantity, contactId: account.supplierContactId });
        stock.set(productId, stock.get(productId)! + quantity * 1000);
      } else {
        const price = 100 + i;
        await core.ok('invoices.issue', {
          invoice: {
            crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
            selected_account: account.bankAccount, contact_id: account.customerContactId, currency: 'HUF', customer_vat_type: 'DOMESTIC',
            items: [{ name: `Tétel ${i}`, unit_price: price, unit: 'db', quantity: 1, vat: 27, discount: 0 }],
          },
        });
        invoices++;
        grossMinor += (price + Math.round(price * 0.27)) * 100;
      }
    }
    expect((await core.ok('sync.status', {})).outbox.queued).toBe(COMMANDS);

    // Replay; a quarter of the way in, restart PostgreSQL under it.
    core.net.offline = false;
    core.core.engine.kick();
    const left = async () => {
      const s = (await core.ok('sync.status', {})).outbox;
      return s.queued + s.inFlight;
    };
    await until('a quarter of the outbox sent', async () => (await left()) <= COMMANDS * 0.75, 60_000, 10);
    const leftAtRestart = await left();
    const restartMs = await restartCluster(cluster!.dir, { downMs: 1_000 });
    const leftAfterRestart = await left();
    const drainMs = await until('the outbox drained', async () => {
      core.core.engine.kick();
      const s = (await core.ok('sync.status', {})).outbox;
      return s.queued + s.inFlight === 0;
    }, 90_000, 50);
    await core.core.engine.idle();
    console.log(`restart took ${restartMs} ms with ${leftAtRestart} left (${leftAfterRestart} after); drained ${drainMs} ms later; ${failures.length} request(s) failed on the server meanwhile`);

    // The outage was real: requests failed while PostgreSQL was away, and the replay was not done yet.
    expect(failures.filter((f) => f.msg === 'request failed').length).toBeGreaterThan(0);
    expect(leftAfterRestart).toBeGreaterThan(0);
    const status = (await core.ok('sync.status', {})).outbox;
    expect(status).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    const attention = await core.ok('outbox.list', { states: ['needs_attention'] });
    expect(attention.map((e) => `${e.summary}: ${e.errorCode} ${e.lastError}`)).toEqual([]);
    expect((await core.ok('outbox.list', { states: ['done'] })).length).toBe(COMMANDS);

    // The server's own state: every command once.
    for (const id of ids) {
      const q = await store.get<{ q: number }>('SELECT COALESCE(SUM(qty_milli), 0)::bigint AS q FROM stock_moves WHERE account_id = ? AND product_id = ?', [account.accountId, id]);
      expect([id, q!.q]).toEqual([id, stock.get(id)]);
    }
    expect(await count('SELECT count(*) AS n FROM stock_receipts WHERE account_id = ?', [account.accountId])).toBe(receiptsBefore + COMMANDS - invoices);
    expect(await count('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [account.accountId])).toBe(invoicesBefore + invoices);
    const gross = await store.get<{ g: number }>('SELECT COALESCE(SUM(gross_minor), 0)::bigint AS g FROM (SELECT gross_minor FROM invoices WHERE account_id = ? ORDER BY id DESC LIMIT ?) x', [account.accountId, invoices]);
    expect(gross!.g).toBe(grossMinor);
    const series = await store.all<{ n: number; m: number; d: number }>('SELECT count(*) AS n, max(seq) AS m, count(DISTINCT seq) AS d FROM invoices WHERE account_id = ? GROUP BY series, year', [account.accountId]);
    for (const s of series) expect([s.m, s.d]).toEqual([s.n, s.n]);
    expect(await count('SELECT count(*) AS n FROM idempotency WHERE account_id = ?', [account.accountId])).toBe(COMMANDS);
  }, 180_000);

  it('while PostgreSQL is down a write is answered 503 "try again" with Retry-After, changing nothing; once it is back the same request applies once', async () => {
    const server = testClient(app.url);
    const productId = (await server.ok('setProduct', { product_name: 'Leállás alatt', currency: 'HUF', vat: 27, unit: 'db', list_price: 500 })).id;
    const params = { product_id: productId, quantity: 4, contact_id: account.supplierContactId, warehouse: 'Default', request_id: 'while-down-1' };
    await stopForNow(cluster!.dir);
    try {
      const res = await fetch(`${app.url}/api/product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ setQuantity: { ...DEMO_KEYS, ...params } }) });
      const body = (await res.json()) as { status: string; error: { code: string; message: string } };
      expect([res.status, res.headers.get('retry-after'), body.error.code]).toEqual([503, '2', 'INTERNAL_ERROR']);
      expect(body.error.message).toMatch(/database.*(unavailable|not reachable).*same request_id/i);
      // A read too: the same answer, not a refusal the desk would show a clerk.
      const read = await server.call('getQuantity', { product_id: productId, warehouse: 'Default' });
      expect([read.status, read.ok ? 'answered' : read.error.code]).toEqual([503, 'INTERNAL_ERROR']);
    } finally {
      await startAgain(cluster!.dir);
    }
    // The pool recovers by itself: the very next request is served.
    const done = await server.ok('setQuantity', params);
    expect(done.quantities[0]!.deliverable).toBe(4);
    expect(await server.ok('setQuantity', params)).toEqual(done);
    expect(await count("SELECT count(*) AS n FROM idempotency WHERE account_id = ? AND request_id = 'while-down-1'", [account.accountId])).toBe(1);
    expect(await count('SELECT COALESCE(SUM(qty_milli), 0)::bigint AS n FROM stock_moves WHERE account_id = ? AND product_id = ?', [account.accountId, productId])).toBe(4000);
  }, 60_000);
});
