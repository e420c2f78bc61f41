/**
 * 200 invoices issued at once on three server instances on one PostgreSQL database reach the NAV
 * double exactly once each: every instance runs a submission worker, and each submission is claimed
 * by one of them (repos/navSubmissions.ts, claimDue). PostgreSQL only (several instances).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNavAdmin } from '@server/admin/nav';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { defaultNavClientFactory } from '@server/services/finance/navDefaultClient';
import { navSoftware } from '@server/services/finance/navServices';
import { startNavDouble, NAV_DOUBLE_USER, passwordHashOf, type NavDouble } from '../../../helpers/navDouble';
import { createTestDatabase, dropTestDatabase } from '../../../helpers/postgres';
import { DEMO_KEYS, onPostgres, RealTimeClock, testClient, type TestServer } from '../../../helpers/server';
import { until } from '../../../helpers/wait';
import { hufInvoice, item } from '../../finance/fixtures';

const SELLER = '12345676';
const KEY = Buffer.alloc(32, 3);
let url: string;
const stores: PgStore[] = [];
const apps: App[] = [];
let account: DemoAccount;
let nav: NavDouble;
const clock = new RealTimeClock();

describe.skipIf(!onPostgres)('three instances submitting to NAV', () => {
  beforeAll(async () => {
    url = await createTestDatabase();
    nav = await startNavDouble({
      stepMs: 100,
      users: [{ login: NAV_DOUBLE_USER.login, passwordHash: passwordHashOf(NAV_DOUBLE_USER.password), signingKey: NAV_DOUBLE_USER.signingKey, exchangeKey: NAV_DOUBLE_USER.exchangeKey, taxNumber: SELLER }],
    });
    for (let i = 0; i < 3; i++) stores.push(await openPostgres({ url, poolSize: 6, applicationName: `stockdesk-navtest-${i}` }));
    account = (await seedDemo(stores[0]!, clock, DEMO_KEYS)).account;
    await runNavAdmin(stores[0]!, ['set', '--account', String(account.accountId), '--url', nav.url, '--login', NAV_DOUBLE_USER.login, '--password', NAV_DOUBLE_USER.password,
      '--signing-key', NAV_DOUBLE_USER.signingKey, '--exchange-key', NAV_DOUBLE_USER.exchangeKey, '--tax-number', SELLER], {
      now: clock.now(), secret: () => KEY, factory: defaultNavClientFactory(clock), software: navSoftware({ version: '0.1.0' } as never), env: {},
    });
    for (const store of stores) {
      apps.push(await startServer({
        store, clock, log: pino({ level: process.env.STOCKDESK_TEST_LOG ?? 'silent' }), navSecret: () => KEY,
        config: { port: 0, navWorker: { minIntervalMs: 20, pollMs: 200, statusBaseMs: 200, gatherMs: 200 } },
      }));
    }
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await nav?.stop();
    if (url) await dropTestDatabase(url);
  });

  it('200 invoices submitted at once on three instances reach NAV exactly once each, in a few batches', async () => {
    const clients = apps.map((a) => testClient(a.url));
    const today = clock.now().toISOString().slice(0, 10);
    const params = (i: number) => hufInvoice({ account } as TestServer, {
      issued_date: today, fulfillment_date: today, payment_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10), items: [item({ quantity: i + 1 })],
    });
    // Issued 20 at a time (200 setInvoice at once queue past the pools' connect timeout on a loaded 2-core
    // machine: the invoice counter serialises them), then all 200 submitted at once, spread over the
    // instances, the first 50 also to a second instance at the same moment.
    const issued: Array<{ invoice_id: number; invoice_number: string }> = [];
    for (let w = 0; w < 200; w += 20) {
      issued.push(...await Promise.all(Array.from({ length: 20 }, (_, k) => clients[(w + k) % 3]!.ok('setInvoice', params(w + k)))));
    }
    const started = Date.now();
    await Promise.all(issued.flatMap((inv, i) => [
      clients[i % 3]!.ok('generateInvoice', { invoice_id: inv.invoice_id }),
      ...(i < 50 ? [clients[(i + 1) % 3]!.ok('generateInvoice', { invoice_id: inv.invoice_id })] : []),
    ]));
    const count = async () => (await stores[0]!.get<{ n: number }>("SELECT count(*) AS n FROM nav_submissions WHERE account_id = ? AND status = 'done'", [account.accountId]))!.n;
    await until('every invoice done', async () => (await count()) >= 200, 90_000, 250);
    console.log(`200 invoices to DONE at the double on three instances: ${Date.now() - started} ms, ${nav.requestCount('manageInvoice')} manageInvoice, ${nav.requestCount()} NAV requests`);
    const rows = await stores[0]!.all<{ n: number }>("SELECT count(*) AS n FROM nav_submissions WHERE account_id = ? AND operation <> 'ANNUL' GROUP BY invoice_id HAVING count(*) > 1", [account.accountId]);
    expect(rows).toEqual([]);
    for (const inv of issued) expect(nav.received(inv.invoice_number), inv.invoice_number).toHaveLength(1);
    expect(nav.log.some((l) => l.code === 'INVOICE_NUMBER_NOT_UNIQUE')).toBe(false);
    // Batching: far fewer submissions than invoices.
    expect(nav.requestCount('manageInvoice')).toBeLessThan(60);
  }, 120_000);
});
