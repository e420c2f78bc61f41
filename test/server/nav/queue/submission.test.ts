/**
 * The NAV submission queue through the real HTTP API, against an in-memory NAV behind NavClientApi
 * (fakeNav.ts): generateInvoice answers at once and the worker takes it to DONE; invoices issued
 * together go in one request; a lost answer is resolved at NAV without a resend; refused credentials
 * stop the account's queue until `admin nav set` changes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNavAdmin } from '@server/admin/nav';
import { navSoftware } from '@server/services/finance/navServices';
import type { NavSecretSource } from '@server/services/finance/navSecret';
import { startTestServer, type TestServer } from '../../../helpers/server';
import { hufInvoice, issue } from '../../finance/fixtures';
import { FakeNav } from './fakeNav';

const KEY = Buffer.alloc(32, 7);
const secret: NavSecretSource = () => KEY;
let s: TestServer;
let nav: FakeNav;

async function admin(...args: string[]) {
  return runNavAdmin(s.app.store, args, { now: s.clock.now(), secret, factory: nav.factory, software: navSoftware(s.app.config), env: {} });
}

async function setConnection(signingKey: string) {
  return admin('set', '--account', String(s.account.accountId), '--url', 'https://nav.invalid/invoiceService/v3', '--login', 'techuser01',
    '--password', 'pw-secret', '--signing-key', signingKey, '--exchange-key', '0123456789ABCDEF', '--tax-number', '12345676-2-41');
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const navOf = async (id: number) => (await s.ok('getInvoice', { invoice_id: id })).nav;
const reaches = (id: number, status: string) => until(() => navOf(id), (n) => n?.status === status, `invoice ${id} to ${status}`);

beforeAll(async () => {
  const clock = new (await import('../../../helpers/server')).TestClock();
  nav = new FakeNav(() => clock.now());
  s = await startTestServer({
    clock,
    config: { navWorker: { minIntervalMs: 0, gatherMs: 30, pollMs: 40, statusBaseMs: 0, retryBaseMs: 0, lostWaitMs: 5 * 60_000 } },
    start: { navClientFactory: nav.factory, navSecret: secret },
  });
});
afterAll(() => s.close());

describe('NAV submission', () => {
  it('without a connection says so; once set, the invoice reaches DONE with NAV\'s warnings, once', async () => {
    const inv = await issue(s, hufInvoice(s));
    const first = await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    expect(first).toMatchObject({ status: 'not_configured', operation: 'CREATE', messages: [] });
    expect(first.message).toMatch(/admin nav set/);
    expect(await setConnection('good-signing-key')).toMatchObject({ set: true, revision: 1, resumed: 1 });
    const done = await reaches(inv.invoice_id, 'done');
    expect(done!.transaction_id).toMatch(/^TX/);
    expect(done!.messages).toEqual([{ result: 'WARN', code: 'INCORRECT_LINE_DATA', message: 'line warning', line: 1 }]);
    const again = await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    expect(again).toMatchObject({ submission_id: first.submission_id, status: 'done', transaction_id: done!.transaction_id });
    expect(nav.ledger.get(inv.invoice_number)).toBe(1);
    const list = await s.ok('getInvoices', { date_from: '2026-11-22', date_to: '2026-11-22' });
    expect(list.invoices.find((i) => i.id === inv.invoice_id)!.nav_status).toBe('done');
  });

  it('the show command masks the secrets; the password is kept only as its hash', async () => {
    const shown = JSON.stringify(await admin('show', '--account', String(s.account.accountId)));
    expect(shown).not.toContain('good-signing-key');
    expect(shown).not.toContain('0123456789ABCDEF');
    expect(shown).not.toContain('pw-secret');
    expect(shown).toContain('*-key');
    const row = await s.app.store.get<Record<string, string>>('SELECT * FROM nav_connections WHERE account_id = ?', [s.account.accountId]);
    expect(JSON.stringify(row)).not.toMatch(/good-signing-key|0123456789ABCDEF|pw-secret/);
    expect(row!.password_hash).toMatch(/^[0-9A-F]{128}$/);
    expect(await admin('test', '--account', String(s.account.accountId))).toBe('OK');
  });

  it('invoices issued together go to NAV in one manageInvoice', async () => {
    const before = nav.calls.filter((c) => c === 'manageInvoice').length;
    const invs = await Promise.all(Array.from({ length: 12 }, () => issue(s, hufInvoice(s))));
    await Promise.all(invs.map((i) => s.ok('generateInvoice', { invoice_id: i.invoice_id })));
    for (const i of invs) await reaches(i.invoice_id, 'done');
    expect(nav.calls.filter((c) => c === 'manageInvoice').length - before).toBeLessThanOrEqual(2);
    for (const i of invs) expect(nav.ledger.get(i.invoice_number)).toBe(1);
  });

  it('NAV\'s refusal is kept: ABORTED with the code and the line', async () => {
    const inv = await issue(s, hufInvoice(s));
    nav.refuse.add(inv.invoice_number);
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    const n = await reaches(inv.invoice_id, 'aborted');
    expect(n!.messages).toEqual([{ result: 'ERROR', code: 'INVALID_CUSTOMER_TAX_NUMBER', message: 'The buyer tax number is invalid', tag: 'customerTaxNumber', line: 1 }]);
    expect(n!.message).toMatch(/storno/);
  });

  it('a storno goes as STORNO', async () => {
    const inv = await issue(s, hufInvoice(s));
    const st = await issue(s, hufInvoice(s, { storno_id: inv.invoice_id, items: undefined }));
    expect((await s.ok('generateInvoice', { invoice_id: st.invoice_id })).operation).toBe('STORNO');
    await reaches(st.invoice_id, 'done');
  });

  it('an answer lost after NAV accepted it: after the wait the transaction is found and adopted, nothing is sent twice', async () => {
    const inv = await issue(s, hufInvoice(s));
    nav.cutAfterAccept = 1;
    const sentBefore = nav.transactions.length;
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    await until(() => s.app.store.get<{ in_doubt: number }>('SELECT in_doubt, status, last_error, next_attempt_ms, transaction_id, messages FROM nav_submissions WHERE invoice_id = ?', [inv.invoice_id]), (r) => r?.in_doubt === 1, 'in doubt');
    expect((await navOf(inv.invoice_id))!.status).toBe('sent');
    await new Promise((r) => setTimeout(r, 200));
    expect(nav.transactions.length).toBe(sentBefore + 1); // waiting: nothing more before the 5 minutes
    s.clock.advance(5 * 60_000 + 1000);
    const done = await reaches(inv.invoice_id, 'done');
    expect(done!.transaction_id).toBe(nav.transactions[sentBefore]!.id);
    expect(nav.transactions.length).toBe(sentBefore + 1);
    expect(nav.ledger.get(inv.invoice_number)).toBe(1);
    expect(nav.duplicates).toBe(0);
    expect(nav.calls).toContain('queryTransactionList');
  });

  it('a wrong signing key stops the account\'s queue with a clear state; fixing the key sends it once', async () => {
    await setConnection('wrong-signing-key');
    const inv = await issue(s, hufInvoice(s));
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    const stopped = await reaches(inv.invoice_id, 'credentials_refused');
    expect(stopped!.message).toMatch(/INVALID_REQUEST_SIGNATURE/);
    const inv2 = await issue(s, hufInvoice(s));
    await s.ok('generateInvoice', { invoice_id: inv2.invoice_id });
    await reaches(inv2.invoice_id, 'credentials_refused');
    const tries = nav.calls.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(nav.calls.length - tries).toBeLessThanOrEqual(1); // no loop hammering NAV
    await expect(admin('test', '--account', String(s.account.accountId))).rejects.toThrow(/INVALID_REQUEST_SIGNATURE/);
    await setConnection('good-signing-key');
    await reaches(inv.invoice_id, 'done');
    await reaches(inv2.invoice_id, 'done');
    expect(nav.ledger.get(inv.invoice_number)).toBe(1);
    expect(nav.ledger.get(inv2.invoice_number)).toBe(1);
  });

  it('maintenance is retried without a person', async () => {
    nav.maintenance = 1;
    const inv = await issue(s, hufInvoice(s));
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    await reaches(inv.invoice_id, 'done');
    expect(nav.ledger.get(inv.invoice_number)).toBe(1);
  });

  it('a technical annulment is queued by a manager and shows its own state', async () => {
    const inv = await issue(s, hufInvoice(s));
    await s.ok('generateInvoice', { invoice_id: inv.invoice_id });
    await reaches(inv.invoice_id, 'done');
    const a = await s.ok('annulInvoice', { invoice_id: inv.invoice_id, code: 'ERRATIC_DATA', reason: 'Reported by mistake' });
    expect(a).toMatchObject({ invoice_id: inv.invoice_id, status: 'waiting', code: 'ERRATIC_DATA' });
    await until(() => navOf(inv.invoice_id), (n) => n?.annulment?.status === 'done', 'annulment done');
    expect(nav.calls).toContain('manageAnnulment');
  });

  it('queryTaxpayer answers the name and address NAV holds', async () => {
    expect(await s.ok('queryTaxpayer', { tax_number: '12345678-2-41' })).toMatchObject({ valid: 1, name: 'Példa Kereskedelmi Kft.', city: 'Budapest', postal_code: '1011' });
    expect((await s.ok('queryTaxpayer', { tax_number: '99999999' })).valid).toBe(0);
  });
});
