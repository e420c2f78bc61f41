/**
 * A server SIGKILLed while NAV holds its manageInvoice unanswered finishes the submission after a
 * restart, exactly once: the server as operators run it (`npm run server`'s command), configured
 * with `admin nav set`, sending over HTTP to the NAV double. On SQLite, or PostgreSQL with
 * STOCKDESK_TEST_ENGINE=postgres. The waits of spec 1.9.2 are shortened with the test variables.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNavDouble, NAV_DOUBLE_USER, passwordHashOf, type NavDouble } from '../../../helpers/navDouble';
import { createTestDatabase, dropTestDatabase } from '../../../helpers/postgres';
import { DEMO_KEYS, TEST_ENGINE, testClient } from '../../../helpers/server';
import { runCli, startServerProcess, type ServerProcess } from '../../../helpers/serverProcess';
import { until } from '../../../helpers/wait';

const SELLER = '12345676';
const ENV = {
  STOCKDESK_SECRET_KEY: 'ab'.repeat(32),
  STOCKDESK_DEMO_API_KEY: DEMO_KEYS.api_key,
  STOCKDESK_DEMO_SESSION_KEY: DEMO_KEYS.session_key,
  STOCKDESK_NAV_MIN_INTERVAL_MS: '0', STOCKDESK_NAV_POLL_MS: '100', STOCKDESK_NAV_STATUS_BASE_MS: '100',
  STOCKDESK_NAV_LOST_WAIT_MS: '1500', STOCKDESK_NAV_LEASE_MS: '2000', STOCKDESK_NAV_RETRY_BASE_MS: '200',
};
let dir: string;
let database: string;
let nav: NavDouble;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-navkill-'));
  database = TEST_ENGINE === 'postgres' ? await createTestDatabase() : join(dir, 'server.db');
  nav = await startNavDouble({
    stepMs: 100,
    users: [{ login: NAV_DOUBLE_USER.login, passwordHash: passwordHashOf(NAV_DOUBLE_USER.password), signingKey: NAV_DOUBLE_USER.signingKey, exchangeKey: NAV_DOUBLE_USER.exchangeKey, taxNumber: SELLER }],
  });
});
afterAll(async () => {
  for (const p of servers) await p.kill();
  await nav?.stop();
  if (TEST_ENGINE === 'postgres' && database) await dropTestDatabase(database);
  rmSync(dir, { recursive: true, force: true });
});

const start = async () => {
  const p = await startServerProcess(['--database', database, '--port', '0', '--demo'], ENV);
  servers.push(p);
  return p;
};

it('SIGKILLed while NAV holds its request, the restarted server finishes it exactly once', async () => {
  const t0 = Date.now();
  const first = await start();
  const mark = (what: string) => console.log(`${what}: ${Date.now() - t0} ms`);
  mark('first server up');
  const demo = await first.line('demo');
  // The demo account is the fresh database's first (ids start at 1 on both engines).
  const accountId = '1';
  const set = runCli(['--database', database, 'admin', 'nav', 'set', '--account', accountId, '--url', nav.url, '--login', NAV_DOUBLE_USER.login, '--tax-number', SELLER], {
    ...ENV, STOCKDESK_NAV_PASSWORD: NAV_DOUBLE_USER.password, STOCKDESK_NAV_SIGNING_KEY: NAV_DOUBLE_USER.signingKey, STOCKDESK_NAV_EXCHANGE_KEY: NAV_DOUBLE_USER.exchangeKey,
  });
  expect(set.stderr).toBe('');
  expect(JSON.parse(set.stdout)).toMatchObject({ set: true });
  expect(set.stdout + set.stderr).not.toContain(NAV_DOUBLE_USER.signingKey);
  mark('admin nav set');
  const api = testClient(first.url);
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const inv = await api.ok('setInvoice', {
    crdr: 'outgoing', method: 'transfer', issued_date: today, payment_date: due, fulfillment_date: today, selected_account: String(demo.bank_account),
    contact_id: Number(demo.contact_id), currency: 'HUF', customer_vat_type: 'DOMESTIC', items: [{ name: 'Csavar', unit_price: 1000, unit: 'db', quantity: 2, vat: 27, discount: 0 }],
  });
  nav.inject('manageInvoice', { kind: 'hold', afterRecord: true });
  await api.ok('generateInvoice', { invoice_id: inv.invoice_id });
  await until('NAV recorded the request', () => nav.received(inv.invoice_number).length === 1, 15_000, 20);
  await first.kill();
  nav.clearFaults();
  mark('killed');
  const second = await start();
  mark('second server up');
  const api2 = testClient(second.url);
  await until('the invoice reaches done', async () => (await api2.ok('getInvoice', { invoice_id: inv.invoice_id })).nav?.status === 'done', 30_000, 100);
  mark('done');
  expect(nav.received(inv.invoice_number)).toHaveLength(1);
  expect(nav.log.some((l) => l.code === 'INVOICE_NUMBER_NOT_UNIQUE')).toBe(false);
  const n = (await api2.ok('getInvoice', { invoice_id: inv.invoice_id })).nav!;
  expect(n.transaction_id).toBe(nav.received(inv.invoice_number)[0]!.transactionId);
}, 150_000);
