/**
 * generateInvoicePDF (text read back with pdfjs), getAttachment and generateInvoice (the NAV
 * invoice data validated against invoiceData.xsd with xmllint; a missing xmllint fails, never skips).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { addBankAccount } from '@server/repos/bankAccounts';
import { createAccount } from '@server/repos/accounts';
import { insertContact } from '@server/repos/contacts';
import { insertApiKey, insertSession } from '@server/repos/credentials';
import { extractPdfText } from '../../helpers/pdfText';
import { startTestServer, type TestServer } from '../../helpers/server';
import { xmllintErrors } from '../nav/xmllint';
import { ACME, contact, eurInvoice, hufInvoice, issue, item, SZABO } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const flat = (t: string) => t.replace(/\s+/g, ' ');

async function pdfOf(invoiceId: number, extra: Record<string, unknown> = {}) {
  const r = await s.ok('generateInvoicePDF', { invoice_id: invoiceId, ...extra });
  const buf = Buffer.from(r.pdf, 'base64');
  return { r, buf, text: flat((await extractPdfText(buf)).text) };
}

describe('generateInvoicePDF', () => {
  it('prints the mandatory content of a Hungarian invoice, with ő and ű intact', async () => {
    const product = await s.ok('setProduct', { product_name: 'Tűzőgép', currency: 'HUF', vat: 27, unit: 'db', vtsz_number: '8472 90 80' });
    const inv = await issue(s, hufInvoice(s, {
      fulfillment_date: '2026-11-20',
      items: [
        item({ name: 'Tűzőgép, ősszel gyűjtött', description: 'Hűtött raktárból', product_id: product.id, quantity: 12, unit_price: 4500 }),
        item({ name: 'Védőkesztyű', unit: 'csomag', quantity: 10, unit_price: 1290, discount: 10 }),
        item({ name: 'Szakkönyv', quantity: 2, unit_price: 6900, vat: 5 }),
      ],
      retentions: [{ name: 'Jólteljesítési garancia', amount: 5000, due_date: '2027-11-22', note: 'egy év', type: 1, vat: 27 }],
    }));
    const { r, buf, text } = await pdfOf(inv.invoice_id);
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.filename).toBe(`${inv.invoice_number}_hu_HU.pdf`);
    for (const want of [
      'Számla', inv.invoice_number,
      'Stockdesk Demo Kft.', 'Széchenyi István tér 7–8.', '1051 Budapest', 'Adószám: 12345676-2-41', 'Közösségi adószám: HU12345676',
      'Bankszámlaszám: 11773016-11111018-00000000',
      'Kovács és Fiú Kft.', 'Petőfi Sándor utca 12.', '9021 Győr', 'Adószám: 24681353-2-08',
      'Számla kelte 2026. 11. 22.', 'Teljesítés dátuma 2026. 11. 20.', 'Fizetési határidő 2026. 12. 07.', 'Fizetési mód Átutalás',
      'Tűzőgép, ősszel gyűjtött', 'Hűtött raktárból', '8472 90 80',
      '12 db 4 500 0% 54 000 27% 14 580 68 580', '10 csomag 1 290 10% 11 610 27% 3 135 14 745', '2 db 6 900 0% 13 800 5% 690 14 490',
      'Áfa-összesítő', '27% 65 610 17 715 83 325', '5% 13 800 690 14 490', 'Összesen 79 410 18 405 97 815',
      'Bruttó végösszeg 97 815 HUF', 'Jólteljesítési garancia',
    ]) {
      expect(text).toContain(want);
    }
    expect(inv.totals).toEqual({ net: 79410, vat: 18405, gross: 97815 });
  });

  it('prints a EUR invoice in English with the exchange rate and the VAT in HUF', async () => {
    const inv = await issue(s, eurInvoice(s, { items: [item({ name: 'Widget', quantity: 3, unit_price: 19.99, vat: 27 })] }));
    const { text, r } = await pdfOf(inv.invoice_id);
    expect(r.filename).toMatch(/_en_US\.pdf$/);
    for (const want of ['Invoice', 'Müller Handels GmbH', 'München', 'EU VAT number: DE129273398', '1 EUR = 395.50 HUF', 'Widget', 'VAT in HUF HUF 6,403', 'Net in HUF HUF 23,718']) {
      expect(text).toContain(want);
    }
  });

  it('renders in a requested language, storing one attachment per distinct PDF', async () => {
    const inv = await issue(s, hufInvoice(s));
    const de = await pdfOf(inv.invoice_id, { language: 'de_DE' });
    expect(de.text).toContain('Rechnung');
    expect(de.r.filename).toBe(`${inv.invoice_number}_de_DE.pdf`);
    const again = await pdfOf(inv.invoice_id, { language: 'de_DE' });
    expect(again.r.attachment_id).toBe(de.r.attachment_id);
    const hu = await pdfOf(inv.invoice_id);
    expect(hu.r.attachment_id).not.toBe(de.r.attachment_id);
    const record = await s.ok('getInvoice', { invoice_id: inv.invoice_id });
    expect(record.attachments.map((a) => [a.attachment_id, a.filename, a.mime_type])).toEqual([
      [de.r.attachment_id, `${inv.invoice_number}_de_DE.pdf`, 'application/pdf'],
      [hu.r.attachment_id, `${inv.invoice_number}_hu_HU.pdf`, 'application/pdf'],
    ]);
    for (const format of ['json', 'xml'] as const) {
      const a = await s.ok('getAttachment', { attachment_id: de.r.attachment_id }, { format });
      expect(a).toMatchObject({ attachment_id: de.r.attachment_id, filename: `${inv.invoice_number}_de_DE.pdf`, mime_type: 'application/pdf', size: de.buf.length });
      expect(Buffer.from(a.content, 'base64').equals(de.buf)).toBe(true);
    }
    expect((await s.call('getAttachment', { attachment_id: 999_999 })).status).toBe(404);
  });

  it('proforma and storno documents say what they are; proforma 1 on a tax invoice is refused', async () => {
    const p = await issue(s, hufInvoice(s, { proforma: 1 }));
    const pp = await pdfOf(p.invoice_id, { proforma: 1 });
    expect(pp.text).toContain('Díjbekérő (proforma)');
    expect(pp.text).toContain('nem minősül számlának');
    const inv = await issue(s, hufInvoice(s));
    const st = await issue(s, hufInvoice(s, { storno_id: inv.invoice_id, items: undefined }));
    const sp = await pdfOf(st.invoice_id);
    expect(sp.text).toContain('Sztornó számla');
    expect(sp.text).toContain(inv.invoice_number);
    expect(sp.text).toContain('-1 000');
    const wrong = await s.call('generateInvoicePDF', { invoice_id: inv.invoice_id, proforma: 1 });
    expect(wrong.ok || wrong.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'proforma' }] });
    expect((await s.call('generateInvoicePDF', { invoice_id: 999_999 })).status).toBe(404);
  });

  it('a received invoice prints the supplier as seller with a register-copy note', async () => {
    const inv = await issue(s, eurInvoice(s, { crdr: 'received', items: [item({ unit_price: 100, vat: 19 })] }));
    const { text } = await pdfOf(inv.invoice_id);
    expect(text.indexOf('Müller Handels GmbH')).toBeLessThan(text.indexOf('Stockdesk Demo Kft.'));
    expect(text).toContain("the legal invoice is the supplier's original");
  });
});

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true });
type Xml = Record<string, unknown>;
const at = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (v as Xml | undefined)?.[k], o);

async function navData(invoiceId: number, format: 'json' | 'xml' = 'json') {
  const r = await s.ok('generateInvoice', { invoice_id: invoiceId }, { format });
  const xml = Buffer.from(r.invoice_data, 'base64').toString('utf8');
  expect(xmllintErrors(xml)).toEqual([]);
  return { r, xml, doc: parser.parse(xml) as Xml };
}

describe('generateInvoice (NAV Online Számla 3.0 invoice data)', () => {
  it.each(['json', 'xml'] as const)('domestic HUF invoice validates against invoiceData.xsd and is queued, waiting for a NAV connection (%s)', async (format) => {
    const inv = await issue(s, hufInvoice(s, { items: [item({ quantity: 12, unit_price: 4500 }), item({ name: 'Sajt', unit: 'kg', quantity: 3, unit_price: 2890, vat: 18 })] }));
    const { r, doc } = await navData(inv.invoice_id, format);
    expect(r).toMatchObject({ invoice_id: inv.invoice_id, status: 'not_configured', operation: 'CREATE', messages: [] });
    expect(r.nav_request_id).toMatch(/^[+a-zA-Z0-9_]{1,30}$/);
    expect(r.message).toMatch(/no NAV connection/);
    expect(r.message).toMatch(/admin nav set/);
    expect(at(doc, 'InvoiceData', 'invoiceNumber')).toBe(inv.invoice_number);
    expect(at(doc, 'InvoiceData', 'invoiceMain', 'invoice', 'invoiceHead', 'customerInfo', 'customerVatStatus')).toBe('DOMESTIC');
    expect(at(doc, 'InvoiceData', 'invoiceMain', 'invoice', 'invoiceSummary', 'summaryGrossData', 'invoiceGrossAmount')).toBe(inv.totals.gross);
    const record = await s.ok('getInvoice', { invoice_id: inv.invoice_id });
    expect(record.nav_submissions).toEqual([{ submission_id: r.submission_id, request_id: r.nav_request_id, status: 'not_configured', message: r.message, created_at: '2026-11-22T09:00:00.000Z', operation: 'CREATE' }]);
    expect(record.nav).toMatchObject({ submission_id: r.submission_id, status: 'not_configured', operation: 'CREATE' });
  });

  it('EUR to an EU business, a private person and a third-country buyer all validate', async () => {
    const eu = await issue(s, eurInvoice(s, { items: [item({ quantity: 3, unit_price: 19.99, vat: 0 })] }));
    expect(at((await navData(eu.invoice_id)).doc, 'InvoiceData', 'invoiceMain', 'invoice', 'invoiceHead', 'invoiceDetail', 'exchangeRate')).toBe(395.5);
    const pp = await issue(s, hufInvoice(s, { contact_id: contact(s, SZABO), customer_vat_type: 'PRIVATE_PERSON' }));
    expect(at((await navData(pp.invoice_id)).doc, 'InvoiceData', 'invoiceMain', 'invoice', 'invoiceHead', 'customerInfo', 'customerVatStatus')).toBe('PRIVATE_PERSON');
    const us = await issue(s, eurInvoice(s, { currency: 'USD', fx_rate: 360.25, contact_id: contact(s, ACME) }));
    await navData(us.invoice_id);
  });

  it('a storno references the original with modification index 1', async () => {
    const inv = await issue(s, hufInvoice(s, { items: [item(), item({ name: 'Kábel', quantity: 2.5, unit_price: 333 })] }));
    const st = await issue(s, hufInvoice(s, { storno_id: inv.invoice_id, items: undefined }));
    const { doc } = await navData(st.invoice_id);
    expect(at(doc, 'InvoiceData', 'invoiceMain', 'invoice', 'invoiceReference')).toMatchObject({ originalInvoiceNumber: inv.invoice_number, modificationIndex: 1 });
  });

  it('proformas, received invoices and unknown ids are refused; generateInvoicePDF reports nothing', async () => {
    const p = await issue(s, hufInvoice(s, { proforma: 1 }));
    const rp = await s.call('generateInvoice', { invoice_id: p.invoice_id });
    expect(rp.ok || rp.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/not a tax invoice/) });
    const rec = await issue(s, hufInvoice(s, { crdr: 'received' }));
    expect((await s.call('generateInvoice', { invoice_id: rec.invoice_id })).status).toBe(409);
    expect((await s.call('generateInvoice', { invoice_id: 999_999 })).status).toBe(404);
    const inv = await issue(s, hufInvoice(s));
    await s.ok('generateInvoicePDF', { invoice_id: inv.invoice_id });
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id })).nav_submissions).toEqual([]);
  });

  it('an invoice whose seller has no tax number cannot be reported: CONFLICT naming the field', async () => {
    const db = s.app.store;
    const now = s.clock.now();
    const accountId = await createAccount(db, { name: 'Adószám Nélküli Bt.', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '1011', city: 'Budapest', street: 'Fő utca 1.' }, now);
    await addBankAccount(db, accountId, { number: '11111111-22222222-33333333', bankName: 'Bank', currency: 'HUF' });
    const c = await insertContact(db, accountId, { name: 'Vevő Kft.', kind: 'customer', countryCode: 'HU', taxNumber: '11223344-2-41' }, now);
    const keys = { api_key: 'sdk_notax_api_key_0001', session_key: 'sds_notax_session_key_0001' };
    await insertApiKey(db, accountId, keys.api_key, 'test', now);
    await insertSession(db, accountId, keys.session_key, 'test', now, new Date(now.getTime() + 86_400_000));
    const inv = await s.ok('setInvoice', hufInvoice(s, { selected_account: '11111111-22222222-33333333', contact_id: c }), { keys });
    const r = await s.call('generateInvoice', { invoice_id: inv.invoice_id }, { keys });
    expect(r.ok || r.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/seller\.taxNumber/) });
  });
});
