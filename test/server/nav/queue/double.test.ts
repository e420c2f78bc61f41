/**
 * The submission queue on the real protocol: the server's NavClient over HTTP to the NAV double
 * (test/helpers/navDouble: XSD-validated requests, signatures, single-use tokens, asynchronous
 * processing, a ledger). Both engines. The double and the server share the test's clock, which the
 * waits move on: NAV's processing steps and the 5 minutes of spec 1.9.2 take no real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNavAdmin } from '@server/admin/nav';
import { defaultNavClientFactory } from '@server/services/finance/navDefaultClient';
import { navSoftware } from '@server/services/finance/navServices';
import type { NavSecretSource } from '@server/services/finance/navSecret';
import { startNavDouble, NAV_DOUBLE_USER, passwordHashOf, type NavDouble } from '../../../helpers/navDouble';
import { startTestServer, TestClock, type TestServer } from '../../../helpers/server';
import { contact, hufInvoice, issue, NAGY } from '../../finance/fixtures';

const KEY = Buffer.alloc(32, 9);
const secret: NavSecretSource = () => KEY;
const SELLER = '12345676';
let s: TestServer;
let nav: NavDouble;
let clock: TestClock;

const admin = (...args: string[]) =>
  runNavAdmin(s.app.store, args, { now: s.clock.now(), secret, factory: defaultNavClientFactory(s.clock), software: navSoftware(s.app.config), env: {} });

const setConnection = (signingKey: string) =>
  admin('set', '--account', String(s.account.accountId), '--url', nav.url, '--login', NAV_DOUBLE_USER.login, '--password', NAV_DOUBLE_USER.password,
    '--signing-key', signingKey, '--exchange-key', NAV_DOUBLE_USER.exchangeKey, '--tax-number', SELLER);

/** Waits for the invoice's NAV state, moving the shared clock on a little each turn. */
async function reaches(id: number, status: string, ms = 15_000, stepMs = 250) {
  const end = Date.now() + ms;
  for (;;) {
    const n = (await s.ok('getInvoice', { invoice_id: id })).nav;
    if (n?.status === status) return n;
    if (Date.now() > end) throw new Error(`invoice ${id}: ${JSON.stringify(n)}, not ${status}`);
    clock.advance(stepMs);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  clock = new TestClock(new Date());
  nav = await startNavDouble({
    clock: () => clock.now(), stepMs: 200, refusedBuyers: ['13579135'],
    users: [{ login: NAV_DOUBLE_USER.login, passwordHash: passwordHashOf(NAV_DOUBLE_USER.password), signingKey: NAV_DOUBLE_USER.signingKey, exchangeKey: NAV_DOUBLE_USER.exchangeKey, taxNumber: SELLER }],
  });
  s = await startTestServer({
    clock,
    config: { navWorker: { minIntervalMs: 0, gatherMs: 30, pollMs: 40, statusBaseMs: 0, retryBaseMs: 0 } },
    start: { navSecret: secret },
  });
  await setConnection(NAV_DOUBLE_USER.signingKey);
});
afterAll(async () => {
  await s?.close();
  await nav?.stop();
});

const day = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const issuedToday = (over: Record<string, unknown> = {}) => hufInvoice(s, { issued_date: day(0), fulfillment_date: day(0), payment_date: day(14), ...over });

describe('submitting to the NAV double', () => {
  it('admin nav test answers OK; one invoice reaches DONE and NAV holds it once', async () => {
    expect(await admin('test', '--account', String(s.account.accountId))).toBe('OK');
    const inv = await issue(s, issuedToday());
    expect((await s.ok('generateInvoice', { invoice_id: inv.invoice_id })).status).toBe('waiting');
    const done = await reaches(inv.invoice_id, 'done');
    expect(nav.received(inv.invoice_number)).toEqual([expect.objectContaining({ transactionId: done.transaction_id, status: 'DONE', operation: 'CREATE' })]);
    expect(nav.ledger(SELLER).get(inv.invoice_number)).toBeDefined();
  });

  it('a buyer NAV refuses: ABORTED with NAV\'s code', async () => {
    const inv = await issue(s, issuedToday({ contact_id: contact(s, NAGY) }));
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    const n = await reaches(inv.invoice_id, 'aborted');
    expect(n.messages.some((m) => m.result === 'ERROR' && m.code.length > 0)).toBe(true);
  });

  it('a connection cut after NAV recorded the request: resolved without a duplicate and without INVOICE_NUMBER_NOT_UNIQUE', async () => {
    const inv = await issue(s, issuedToday());
    nav.inject('manageInvoice', { kind: 'cut', afterRecord: true });
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    const done = await reaches(inv.invoice_id, 'done', 20_000, 5_000);
    expect(nav.received(inv.invoice_number)).toEqual([expect.objectContaining({ transactionId: done.transaction_id, status: 'DONE' })]);
    expect(nav.log.some((l) => l.code === 'INVOICE_NUMBER_NOT_UNIQUE')).toBe(false);
    expect(nav.requestCount('queryTransactionList')).toBeGreaterThan(0);
  });

  it('a wrong signing key stops the queue with a clear state; fixed, the invoice goes through once', async () => {
    await setConnection('wrong-signing-key-0000000000000');
    const inv = await issue(s, issuedToday());
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    const stopped = await reaches(inv.invoice_id, 'credentials_refused');
    expect(stopped.message).toMatch(/INVALID_REQUEST_SIGNATURE/);
    await expect(admin('test', '--account', String(s.account.accountId))).rejects.toThrow(/INVALID_REQUEST_SIGNATURE/);
    await setConnection(NAV_DOUBLE_USER.signingKey);
    await reaches(inv.invoice_id, 'done');
    expect(nav.received(inv.invoice_number)).toHaveLength(1);
  });

  it('queryTaxpayer answers what NAV holds', async () => {
    const t = await s.ok('queryTaxpayer', { tax_number: '87654321' });
    expect(t).toMatchObject({ valid: 1, name: 'Beszerző Betéti Társaság', city: 'Pécs', postal_code: '7621' });
  });
});
