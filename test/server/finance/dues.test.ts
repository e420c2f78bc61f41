/** getDueCustomers and getDueNotification (reminder letters in two languages, with the PDF). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../../helpers/pdfText';
import { startTestServer, type TestServer } from '../../helpers/server';
import { cleanAccount, contact, eurInvoice, hufInvoice, issue, item, KOVACS, MULLER, SZABO } from './fixtures';

// A clean account: the demo data would otherwise be part of every figure.
const SELLER = 'Tiszta Számla Kft.';
let base: TestServer;
let s: TestServer;
const ids: Record<string, number> = {};
const numbers: Record<string, string> = {};

const dated = (issued: string, due: string) => ({ issued_date: issued, fulfillment_date: issued, payment_date: due });

beforeAll(async () => {
  base = await startTestServer();
  s = await cleanAccount(base, SELLER);
  const kovacs = contact(s, KOVACS);
  const add = async (key: string, params: Record<string, unknown>) => {
    const r = await issue(s, params);
    ids[key] = r.invoice_id;
    numbers[key] = r.invoice_number;
  };
  await add('A', hufInvoice(s, { ...dated('2026-10-01', '2026-10-16'), items: [item({ quantity: 10 })] })); // 12700, 37 days over
  await add('B', hufInvoice(s, { ...dated('2026-11-01', '2026-11-15'), items: [item({ quantity: 2 })] })); // 2540, 7 days over
  await s.ok('setBalance', { invoice_id: ids.B!, amount: 540 });
  await add('C', hufInvoice(s, dated('2026-11-20', '2026-12-05'))); // 1270, not yet due
  await add('D', hufInvoice(s, dated('2026-10-01', '2026-10-10'))); // paid in full
  await s.ok('setBalance', { invoice_id: ids.D!, amount: 1270 });
  await add('E', hufInvoice(s, dated('2026-10-01', '2026-10-10'))); // cancelled
  await issue(s, hufInvoice(s, { ...dated('2026-11-22', '2026-11-22'), fulfillment_date: '2026-10-01', storno_id: ids.E, items: undefined }));
  await add('F', eurInvoice(s, { ...dated('2026-11-02', '2026-11-10'), contact_id: kovacs, customer_vat_type: 'DOMESTIC', items: [item({ unit_price: 100, vat: 27 })] })); // 127 EUR, 12 days
  await add('P', hufInvoice(s, { ...dated('2026-10-01', '2026-10-02'), proforma: 1 })); // proformas are not debts
  await add('M', eurInvoice(s, dated('2026-11-15', '2026-12-15'))); // Müller, 10 EUR, not yet due
  await add('R', eurInvoice(s, { ...dated('2026-10-01', '2026-10-05'), crdr: 'received' })); // we owe this one: not a receivable
});
afterAll(() => base.close());

describe('getDueCustomers', () => {
  it.each(['json', 'xml'] as const)('per contact and currency: outstanding, overdue, oldest due date and the invoices (%s)', async (format) => {
    const r = await s.ok('getDueCustomers', {}, { format });
    expect(r.as_of).toBe('2026-11-22');
    expect(r.customers.map((c) => c.name)).toEqual([KOVACS, MULLER]);
    const k = r.customers[0]!;
    expect(k.contact_id).toBe(contact(s, KOVACS));
    expect(k.currencies).toEqual([
      { currency: 'EUR', outstanding: 127, overdue: 127, oldest_due_date: '2026-11-10' },
      { currency: 'HUF', outstanding: 15970, overdue: 14700, oldest_due_date: '2026-10-16' },
    ]);
    expect(k.invoices).toEqual([
      { invoice_id: ids.A, invoice_number: numbers.A, currency: 'HUF', issued_date: '2026-10-01', payment_date: '2026-10-16', total: 12700, balance: 12700, days_overdue: 37 },
      { invoice_id: ids.F, invoice_number: numbers.F, currency: 'EUR', issued_date: '2026-11-02', payment_date: '2026-11-10', total: 127, balance: 127, days_overdue: 12 },
      { invoice_id: ids.B, invoice_number: numbers.B, currency: 'HUF', issued_date: '2026-11-01', payment_date: '2026-11-15', total: 2540, balance: 2000, days_overdue: 7 },
      { invoice_id: ids.C, invoice_number: numbers.C, currency: 'HUF', issued_date: '2026-11-20', payment_date: '2026-12-05', total: 1270, balance: 1270, days_overdue: 0 },
    ]);
    expect(r.customers[1]!.currencies).toEqual([{ currency: 'EUR', outstanding: 10, overdue: 0, oldest_due_date: '2026-12-15' }]);
  });

  it('moves with the clock and with payments', async () => {
    s.clock.set('2026-12-16T09:00:00.000Z');
    try {
      const m = (await s.ok('getDueCustomers', {})).customers.find((c) => c.name === MULLER)!;
      expect(m.currencies[0]).toMatchObject({ outstanding: 10, overdue: 10 });
      expect(m.invoices[0]!.days_overdue).toBe(1);
    } finally {
      s.clock.set('2026-11-22T09:00:00.000Z');
    }
  });
});

describe('getDueNotification', () => {
  it('writes the reminder in the contact country language by default (Hungarian), with the PDF', async () => {
    const r = await s.ok('getDueNotification', { contact_id: contact(s, KOVACS), pdf: 1 });
    expect(r).toMatchObject({ contact_id: contact(s, KOVACS), language: 'hu_HU', date: '2026-11-22', subject: 'Fizetési emlékeztető – 3 lejárt határidejű számla' });
    expect(r.seller).toMatchObject({ name: SELLER, tax_number: '12345676-2-41' });
    expect(r.buyer).toMatchObject({ name: KOVACS, city: 'Győr' });
    expect(r.invoices.map((i) => [i.invoice_number, i.days_overdue, i.balance])).toEqual([[numbers.A, 37, 12700], [numbers.F, 12, 127], [numbers.B, 7, 2000]]);
    expect(r.totals).toEqual([{ currency: 'EUR', outstanding: 127, overdue: 127 }, { currency: 'HUF', outstanding: 15970, overdue: 14700 }]);
    expect(r.opening[0]).toBe('Tisztelt Partnerünk!');
    expect(r.opening.join(' ')).toContain('3 számlánk');
    expect(r.closing.join(' ')).toMatch(/Tisztelettel/);
    expect(r.filename).toBe(`payment-reminder-${contact(s, KOVACS)}-2026-11-22.pdf`);
    const pdf = Buffer.from(r.pdf!, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await extractPdfText(pdf)).text.replace(/\s+/g, ' ');
    for (const want of [KOVACS, 'Petőfi Sándor utca 12.', SELLER, 'Fizetési emlékeztető', numbers.A!, numbers.B!, numbers.F!, 'Tisztelt Partnerünk!']) {
      expect(text).toContain(want);
    }
  });

  it.each(['json', 'xml'] as const)('writes it in English on request (%s)', async (format) => {
    const r = await s.ok('getDueNotification', { contact_id: contact(s, KOVACS), language: 'en_US' }, { format });
    expect(r.language).toBe('en_US');
    expect(r.subject).toBe('Payment reminder – 3 overdue invoices');
    expect(r.opening[0]).toBe('Dear Sir or Madam,');
    expect(r.pdf).toBeUndefined();
    expect(r.invoices).toHaveLength(3);
  });

  it('defaults to English outside Hungary; PDF in German on request', async () => {
    s.clock.set('2026-12-20T09:00:00.000Z');
    try {
      const en = await s.ok('getDueNotification', { contact_id: contact(s, MULLER) });
      expect(en.language).toBe('en_US');
      expect(en.subject).toBe('Payment reminder – overdue invoice');
      const de = await s.ok('getDueNotification', { contact_id: contact(s, MULLER), language: 'de_DE', pdf: 1 });
      expect(de.subject).toBe('Zahlungserinnerung – überfällige Rechnung');
      const text = (await extractPdfText(Buffer.from(de.pdf!, 'base64'))).text.replace(/\s+/g, ' ');
      expect(text).toContain('Müller Handels GmbH');
      expect(text).toContain('Sehr geehrte Damen und Herren');
    } finally {
      s.clock.set('2026-11-22T09:00:00.000Z');
    }
  });

  it('NOT_FOUND with a clear message when nothing is overdue, or the contact is unknown', async () => {
    const none = await s.call('getDueNotification', { contact_id: contact(s, MULLER) });
    expect(none.ok || none.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/no overdue invoices.*1 open invoice/) });
    const nobody = await s.call('getDueNotification', { contact_id: contact(s, SZABO) });
    expect(nobody.ok || nobody.error.code).toBe('NOT_FOUND');
    const unknown = await s.call('getDueNotification', { contact_id: 999_999 });
    expect(unknown.ok || unknown.error).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'contact_id' }] });
  });

  it('a paid-up contact drops out of the dues', async () => {
    const before = (await s.ok('getDueCustomers', {})).customers.length;
    const k = contact(s, KOVACS);
    for (const key of ['A', 'B', 'C']) {
      const inv = await s.ok('getInvoice', { invoice_id: ids[key]! });
      await s.ok('setBalance', { invoice_id: inv.id, amount: inv.balance });
    }
    await s.ok('setBalance', { invoice_id: ids.F!, amount: 127 });
    const after = await s.ok('getDueCustomers', {});
    expect(after.customers.map((c) => c.contact_id)).not.toContain(k);
    expect(after.customers.length).toBe(before - 1);
    expect((await s.call('getDueNotification', { contact_id: k })).status).toBe(404);
  });
});
