/** A second account can neither read nor change the first one's invoices, and numbers its own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import { lastSequence } from '@server/repos/invoiceNumbers';
import type { Credentials, MethodName } from '@shared/protocol';
import { storeChecksum } from '../../helpers/dbChecksum';
import { startTestServer, type TestServer } from '../../helpers/server';
import { contact, hufInvoice, issue, item, KOVACS } from './fixtures';

let s: TestServer;
let other: Credentials;
let otherContact: number;
const OTHER_BANK = '10400000-00000000-00000001';
const mine = { invoice: 0, proforma: 0, attachment: 0, product: 0 };

beforeAll(async () => {
  s = await startTestServer();
  const now = s.clock.now();
  const acct = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Másik Bt.', '--tax-number', '11223344-2-41'], now) as { account_id: number }).account_id;
  const key = await runAdmin(s.app.store, ['key', 'issue', '--account', String(acct)], now) as { api_key: string };
  const session = await runAdmin(s.app.store, ['session', 'open', '--account', String(acct)], now) as { session_key: string };
  other = { api_key: key.api_key, session_key: session.session_key };
  await runAdmin(s.app.store, ['bank', 'add', '--account', String(acct), '--number', OTHER_BANK], now);
  otherContact = (await runAdmin(s.app.store, ['contact', 'add', '--account', String(acct), '--name', 'Saját vevő'], now) as { contact_id: number }).contact_id;

  mine.product = (await s.ok('setProduct', { product_name: 'Titkos', currency: 'HUF', vat: 27, unit: 'db' })).id;
  const inv = await issue(s, hufInvoice(s, { items: [item({ product_id: mine.product })] }));
  mine.invoice = inv.invoice_id;
  mine.proforma = (await issue(s, hufInvoice(s, { proforma: 1 }))).invoice_id;
  mine.attachment = (await s.ok('generateInvoicePDF', { invoice_id: mine.invoice })).attachment_id;
});
afterAll(() => s.close());

const otherInvoice = (over: Record<string, unknown> = {}) =>
  hufInvoice(s, { selected_account: OTHER_BANK, contact_id: otherContact, customer_vat_type: 'PRIVATE_PERSON', ...over });

describe('finance tenancy', () => {
  it("cannot read, pay, render, report or cancel another account's invoices", async () => {
    const before = await storeChecksum(s.app.store);
    const attempts: Array<[MethodName, Record<string, unknown>]> = [
      ['getInvoice', { invoice_id: mine.invoice }],
      ['setBalance', { invoice_id: mine.invoice, amount: 1 }],
      ['setBalance', { invoice_id: mine.invoice, amount: 1, request_id: 'steal-1' }],
      ['generateInvoicePDF', { invoice_id: mine.invoice }],
      ['generateInvoice', { invoice_id: mine.invoice }],
      ['getAttachment', { attachment_id: mine.attachment }],
      ['getDueNotification', { contact_id: contact(s, KOVACS) }],
      ['setInvoice', otherInvoice({ storno_id: mine.invoice, items: undefined })],
      ['setInvoice', otherInvoice({ from_proforma_id: mine.proforma, items: undefined })],
      ['setInvoice', otherInvoice({ contact_id: contact(s, KOVACS) })],
      ['setInvoice', otherInvoice({ items: [item({ product_id: mine.product })] })],
    ];
    for (const [method, params] of attempts) {
      for (const format of ['json', 'xml'] as const) {
        const r = await s.call(method, params, { keys: other, format });
        expect(r.status, `${method} ${JSON.stringify(params).slice(0, 80)}`).toBe(404);
        if (!r.ok) expect(r.error.message).not.toContain(KOVACS);
      }
    }
    const bank = await s.call('setInvoice', otherInvoice({ selected_account: '11773016-11111018-00000000' }), { keys: other });
    expect(bank.ok || bank.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'selected_account' }] });
    // It names the caller's own accounts only, never the first account's.
    if (!bank.ok) expect(bank.error.details[0]!.message).not.toContain('HU42117730161111101800000000');
    expect(await storeChecksum(s.app.store)).toBe(before);
  });

  it('lists nothing of the other account', async () => {
    expect((await s.ok('getInvoices', { date_from: '2000-01-01', date_to: '2999-12-31' }, { keys: other })).invoices).toEqual([]);
    expect((await s.ok('getDueCustomers', {}, { keys: other })).customers).toEqual([]);
    expect((await s.ok('getInvoices', { date_from: '2000-01-01', date_to: '2999-12-31' })).invoices.length).toBeGreaterThan(0);
  });

  it('numbers its own invoices from 1 and keeps its own dues', async () => {
    const first = await s.ok('setInvoice', otherInvoice({ payment_date: '2026-11-22' }), { keys: other });
    expect(first.invoice_number).toBe('SD-2026-000001');
    const before = await lastSequence(s.app.store, s.account.accountId, 'SD', 2026);
    const mineNext = await issue(s, hufInvoice(s));
    expect(mineNext.invoice_number).toBe(`SD-2026-${String(before + 1).padStart(6, '0')}`);
    s.clock.advance(2 * 86_400_000);
    try {
      const dues = await s.ok('getDueCustomers', {}, { keys: other });
      expect(dues.customers.map((c) => [c.contact_id, c.name])).toEqual([[otherContact, 'Saját vevő']]);
      const letter = await s.ok('getDueNotification', { contact_id: otherContact }, { keys: other });
      expect(letter.seller.name).toBe('Másik Bt.');
    } finally {
      s.clock.set('2026-11-22T09:00:00.000Z');
    }
    const pay = await s.call('setBalance', { invoice_id: first.invoice_id, amount: 1 });
    expect(pay.status).toBe(404);
  });
});
