/**
 * setInvoice, getInvoice and getInvoices over HTTP in JSON and XML: hand-computed totals and
 * rounding, and every header, line and custom-field rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomFieldDef } from '@server/repos/customFields';
import { startTestServer, type TestServer } from '../../helpers/server';
import { ACME, contact, eurInvoice, EUR_ACCOUNT, hufInvoice, issue, item, KOVACS, MULLER, NAGY, SZABO, TODAY } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await addCustomFieldDef(s.app.store, s.account.accountId, 'finance_item', { name: 'Sorozatszam', type: 'text', options: [] });
  await addCustomFieldDef(s.app.store, s.account.accountId, 'finance_item', { name: 'Szin', type: 'radio', options: ['piros', 'kék'] });
});
afterAll(() => s.close());

const FORMATS = ['json', 'xml'] as const;

/*
 * HUF, hand-computed (whole forints, half away from zero, per line):
 *   1: 12 × 4500            = 54000, VAT 27% 14580,            gross 68580
 *   2: 10 × 1290 − 10%      = 11610, VAT 27% 3134.7  → 3135,   gross 14745
 *   3: 3 × 2890             =  8670, VAT 18% 1560.6  → 1561,   gross 10231
 *   4: 2 × 6900             = 13800, VAT  5%  690,             gross 14490
 *   5: 1 × 1500             =  1500, VAT  0%    0,             gross  1500
 *   6: 2.5 × 333 = 832.5 → 833,      VAT 27% 224.91 → 225,     gross  1058
 *   27%: 66443 / 17940 / 84383; totals 90413 / 20191 / 110604
 */
const HUF_ITEMS = [
  item({ name: 'Szűrőbetét, ősszel gyűjtött', quantity: 12, unit_price: 4500 }),
  item({ name: 'Védőkesztyű', unit: 'csomag', quantity: 10, unit_price: 1290, discount: 10 }),
  item({ name: 'Trappista sajt', unit: 'kg', quantity: 3, unit_price: 2890, vat: 18 }),
  item({ name: 'Szakkönyv', quantity: 2, unit_price: 6900, vat: 5 }),
  item({ name: 'Postázás', unit: 'alkalom', quantity: 1, unit_price: 1500, vat: 0 }),
  item({ name: 'Kábel', unit: 'm', quantity: 2.5, unit_price: 333 }),
];

/*
 * EUR at 395.5 HUF/EUR (cents, then each line's HUF rounded to whole forints):
 *   1: 3 × 19.99            = 59.97, VAT 27% 16.1919 → 16.19;  HUF 23718.135 → 23718 / 6403.145 → 6403
 *   2: 7 × 4.35 − 15%       = 25.8825 → 25.88, VAT 18% 4.6584 → 4.66; HUF 10235.54 → 10236 / 1843.03 → 1843
 *   3: 1 × 0.125            = 0.13, VAT 5% 0.0065 → 0.01;      HUF 51.415 → 51 / 3.955 → 4
 *   4: 2 × 12.5             = 25.00, VAT 0%;                    HUF 9887.5 → 9888 / 0
 *   totals 110.98 / 20.86 / 131.84; HUF 43893 / 8250 / 52143
 */
const EUR_ITEMS = [
  item({ name: 'Widget', quantity: 3, unit_price: 19.99, vat: 27 }),
  item({ name: 'Gadget', quantity: 7, unit_price: 4.35, discount: 15, vat: 18 }),
  item({ name: 'Washer', quantity: 1, unit_price: 0.125, vat: 5 }),
  item({ name: 'Pallet deposit', quantity: 2, unit_price: 12.5, vat: 0, deposit: 1 }),
];

describe('totals and rounding', () => {
  it.each(FORMATS)('HUF, mixed rates and discounts, whole forints (%s)', async (format) => {
    const r = await issue(s, hufInvoice(s, { items: HUF_ITEMS }), format);
    expect(r.totals).toEqual({ net: 90413, vat: 20191, gross: 110604 });
    const inv = await s.ok('getInvoice', { invoice_id: r.invoice_id }, { format });
    expect(inv.items.map((l) => [l.net, l.vat_amount, l.gross])).toEqual([
      [54000, 14580, 68580], [11610, 3135, 14745], [8670, 1561, 10231], [13800, 690, 14490], [1500, 0, 1500], [833, 225, 1058],
    ]);
    expect(inv.vat_summary).toEqual([
      { vat_rate: 27, net: 66443, vat: 17940, gross: 84383 },
      { vat_rate: 18, net: 8670, vat: 1561, gross: 10231 },
      { vat_rate: 5, net: 13800, vat: 690, gross: 14490 },
      { vat_rate: 0, net: 1500, vat: 0, gross: 1500 },
    ]);
    expect(inv.totals).toEqual({ net: 90413, vat: 20191, gross: 110604 });
    expect(inv).toMatchObject({ net: 90413, vat: 20191, total: 110604, balance: 110604, status: 'unpaid', type: 'invoice', currency: 'HUF' });
    expect(inv.items[1]).toMatchObject({ quantity: 10, unit_price: 1290, discount: 10, vat: 27, unit: 'csomag' });
    expect(inv.fx_rate).toBeUndefined();
  });

  it.each(FORMATS)('EUR with fx: cents per line, HUF per line, sums never re-rounded (%s)', async (format) => {
    const r = await issue(s, eurInvoice(s, { items: EUR_ITEMS }), format);
    expect(r.totals).toEqual({ net: 110.98, vat: 20.86, gross: 131.84, net_huf: 43893, vat_huf: 8250, gross_huf: 52143 });
    const inv = await s.ok('getInvoice', { invoice_id: r.invoice_id }, { format });
    expect(inv.items.map((l) => [l.net, l.vat_amount, l.gross, l.net_huf, l.vat_huf])).toEqual([
      [59.97, 16.19, 76.16, 23718, 6403], [25.88, 4.66, 30.54, 10236, 1843], [0.13, 0.01, 0.14, 51, 4], [25, 0, 25, 9888, 0],
    ]);
    expect(inv.vat_summary).toEqual([
      { vat_rate: 27, net: 59.97, vat: 16.19, gross: 76.16, net_huf: 23718, vat_huf: 6403 },
      { vat_rate: 18, net: 25.88, vat: 4.66, gross: 30.54, net_huf: 10236, vat_huf: 1843 },
      { vat_rate: 5, net: 0.13, vat: 0.01, gross: 0.14, net_huf: 51, vat_huf: 4 },
      { vat_rate: 0, net: 25, vat: 0, gross: 25, net_huf: 9888, vat_huf: 0 },
    ]);
    expect(inv).toMatchObject({ fx_rate: 395.5, currency: 'EUR', selected_account: EUR_ACCOUNT, language: 'en_US' });
    expect(inv.items[3]!.deposit).toBe(1);
  });

  it('stores every header field and returns it', async () => {
    const r = await issue(s, hufInvoice(s, {
      crdr: 'advance out', method: 'direct debit', language: 'de_DE', invoice_description: 'Rahmenvertrag 2026/11', central_description: 'Zweite Zeile',
      issuer_swift: 'OTPVHUHB', issuer_email: 'billing@stockdesk-demo.example', issuer_phone: '+36 1 555 0199',
      custom_fields: { Projekt: 'Raktár-2026', Surgos: ['igen'] },
      items: [item({ description: 'Lieferung KW 47', custom_fields: { Sorozatszam: 'SN-1', Szin: ['kék'] } })],
      retentions: [{ name: 'Garancia', amount: 50, due_date: '2027-11-22', note: 'egy év', type: 1, vat: 27 }],
    }));
    const inv = await s.ok('getInvoice', { invoice_id: r.invoice_id }, { format: 'xml' });
    expect(inv).toMatchObject({
      crdr: 'advance out', method: 'direct debit', language: 'de_DE', invoice_description: 'Rahmenvertrag 2026/11', central_description: 'Zweite Zeile',
      issuer_swift: 'OTPVHUHB', issuer_email: 'billing@stockdesk-demo.example', issuer_phone: '+36 1 555 0199',
      custom_fields: { Projekt: 'Raktár-2026', Surgos: ['igen'] }, customer_vat_type: 'DOMESTIC',
      retentions: [{ name: 'Garancia', amount: 50, due_date: '2027-11-22', note: 'egy év', type: 1, vat: 27 }],
      seller: { name: 'Stockdesk Demo Kft.', tax_number: '12345676-2-41', bank_account: '11773016-11111018-00000000', email: 'billing@stockdesk-demo.example' },
      buyer: { name: KOVACS, tax_number: '24681353-2-08', city: 'Győr' },
    });
    expect(inv.items[0]).toMatchObject({ description: 'Lieferung KW 47', custom_fields: { Sorozatszam: 'SN-1', Szin: ['kék'] } });
  });

  it('rejects a negative invoice total and retentions above the total', async () => {
    const neg = await s.call('setInvoice', hufInvoice(s, { items: [item({ quantity: -2 })] }));
    expect(neg.ok || neg.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/storno_id/) });
    const ret = await s.call('setInvoice', hufInvoice(s, { retentions: [{ name: 'R', amount: 5000, due_date: '2027-01-01', type: 0 }] }));
    expect(ret.ok || ret.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'retentions' }] });
  });

  it('accepts a returned line inside a positive invoice', async () => {
    const r = await issue(s, hufInvoice(s, { items: [item({ quantity: 3 }), item({ name: 'Visszáru', quantity: -1 })] }));
    expect(r.totals).toEqual({ net: 2000, vat: 540, gross: 2540 });
  });
});

async function refused(params: Record<string, unknown>, format: 'json' | 'xml' = 'json') {
  const r = await s.call('setInvoice', params, { format });
  if (r.ok) throw new Error(`expected a refusal, got invoice ${r.result.invoice_number}`);
  return { ...r.error, status: r.status, fields: r.error.details.map((d) => d.field) };
}

describe('header rules', () => {
  it('selected_account must be one of the bank accounts, exactly', async () => {
    const e = await refused(hufInvoice(s, { selected_account: '11773016-11111018' }));
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['selected_account'] });
    expect(e.details[0]!.message).toContain('11773016-11111018-00000000');
  });

  it('the contact must exist in the account', async () => {
    expect(await refused(hufInvoice(s, { contact_id: 999_999 }))).toMatchObject({ code: 'NOT_FOUND', status: 404, fields: ['contact_id'] });
  });

  it.each([
    ['issued in the future', { issued_date: '2026-11-23', payment_date: '2026-12-01', fulfillment_date: '2026-11-23' }, 'issued_date'],
    ['payment before issue', { payment_date: '2026-11-21' }, 'payment_date'],
    ['payment more than a year later', { payment_date: '2027-11-24' }, 'payment_date'],
    ['fulfilment far from issue', { fulfillment_date: '2025-10-01' }, 'fulfillment_date'],
    ['not a calendar date', { payment_date: '2026-02-30' }, 'payment_date'],
  ])('dates: %s', async (_what, over, field) => {
    expect(await refused(hufInvoice(s, over))).toMatchObject({ code: 'VALIDATION_ERROR', fields: [field] });
  });

  it('accepts a backdated invoice with fulfilment before issue and payment on the issue date', async () => {
    const r = await issue(s, hufInvoice(s, { issued_date: '2026-11-02', fulfillment_date: '2026-10-30', payment_date: '2026-11-02' }));
    expect(r.status).toBe('overdue');
  });

  it('currency only USD, GBP, EUR, HUF; fx_rate required off HUF and refused on HUF', async () => {
    expect(await refused(eurInvoice(s, { currency: 'CHF' }))).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['currency'] });
    const noFx = await refused(eurInvoice(s, { fx_rate: undefined }));
    expect(noFx).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['fx_rate'] });
    expect(noFx.message).toMatch(/HUF per 1 EUR/);
    expect(await refused(hufInvoice(s, { fx_rate: 395 }))).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['fx_rate'] });
    expect((await issue(s, hufInvoice(s, { fx_rate: 1 }))).totals.gross).toBe(1270);
    for (const currency of ['USD', 'GBP']) expect((await issue(s, eurInvoice(s, { currency, fx_rate: 360.25 }))).totals.gross_huf).toBe(3603);
    expect(await refused(eurInvoice(s, { fx_rate: 395.1234567 }))).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['fx_rate'] });
  });

  it('DOMESTIC needs the contact to have a Hungarian tax number', async () => {
    const e = await refused(hufInvoice(s, { contact_id: contact(s, SZABO) }));
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['customer_vat_type'] });
    expect(e.message).toMatch(/PRIVATE_PERSON/);
    expect(await refused(hufInvoice(s, { contact_id: contact(s, MULLER) }))).toMatchObject({ fields: ['customer_vat_type'] });
    expect((await issue(s, hufInvoice(s, { contact_id: contact(s, SZABO), customer_vat_type: 'PRIVATE_PERSON' }))).type).toBe('invoice');
    expect((await issue(s, hufInvoice(s, { contact_id: contact(s, NAGY) }))).type).toBe('invoice');
  });

  it('locales: the five, the default from the contact country', async () => {
    expect(await refused(hufInvoice(s, { language: 'fr_FR' }))).toMatchObject({ fields: ['language'] });
    for (const language of ['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES']) {
      const r = await issue(s, hufInvoice(s, { language }));
      expect((await s.ok('getInvoice', { invoice_id: r.invoice_id })).language).toBe(language);
    }
    const hu = await issue(s, hufInvoice(s));
    expect((await s.ok('getInvoice', { invoice_id: hu.invoice_id })).language).toBe('hu_HU');
    const us = await issue(s, eurInvoice(s, { contact_id: contact(s, ACME) }));
    expect((await s.ok('getInvoice', { invoice_id: us.invoice_id })).language).toBe('en_US');
  });

  it('crdr, method and customer_vat_type vocabularies', async () => {
    expect(await refused(hufInvoice(s, { crdr: 'incoming' }))).toMatchObject({ fields: ['crdr'] });
    expect(await refused(hufInvoice(s, { method: 'paypal' }))).toMatchObject({ fields: ['method'] });
    expect(await refused(hufInvoice(s, { customer_vat_type: 'EU' }))).toMatchObject({ fields: ['customer_vat_type'] });
    for (const method of ['transfer', 'cash', 'bankcard', 'cheque', 'other', 'c.o.d.', 'direct debit']) {
      expect((await issue(s, hufInvoice(s, { method }))).type).toBe('invoice');
    }
  });
});

describe('custom fields', () => {
  it.each(FORMATS)('accepts defined fields, checkbox values as node children (%s)', async (format) => {
    const r = await issue(s, hufInvoice(s, { custom_fields: { Projekt: 'P-1', Surgos: ['igen'] } }), format);
    expect((await s.ok('getInvoice', { invoice_id: r.invoice_id }, { format })).custom_fields).toEqual({ Projekt: 'P-1', Surgos: ['igen'] });
  });

  it('reads a raw XML <node> checkbox', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?><command><setInvoice><api_key>${s.keys.api_key}</api_key><session_key>${s.keys.session_key}</session_key>
      <crdr>outgoing</crdr><method>cash</method><issued_date>${TODAY}</issued_date><payment_date>${TODAY}</payment_date><fulfillment_date>${TODAY}</fulfillment_date>
      <selected_account>11773016-11111018-00000000</selected_account><contact_id>${contact(s, KOVACS)}</contact_id><currency>HUF</currency>
      <customer_vat_type>DOMESTIC</customer_vat_type><custom_fields><Surgos><node>nem</node></Surgos></custom_fields>
      <items><item><name>Csavar</name><unit_price>100</unit_price><unit>db</unit><quantity>3</quantity><vat>27</vat><discount>0</discount></item></items>
    </setInvoice></command>`;
    const r = await s.raw('/api/finance', body, 'text/xml; charset=utf-8');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<gross>381</gross>');
  });

  it('refuses unknown fields by name, and values outside the options', async () => {
    const e = await refused(hufInvoice(s, { custom_fields: { Projekt: 'x', Color: 'red' } }));
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['custom_fields.Color'] });
    expect(e.message).toContain('custom_fields.Color');
    expect(e.details[0]!.message).toMatch(/Projekt, Surgos/);
    expect(await refused(hufInvoice(s, { custom_fields: { Surgos: ['talán'] } }))).toMatchObject({ fields: ['custom_fields.Surgos'] });
    expect(await refused(hufInvoice(s, { custom_fields: { Projekt: ['a', 'b'] } }))).toMatchObject({ fields: ['custom_fields.Projekt'] });
    expect(await refused(hufInvoice(s, { items: [item({ custom_fields: { Szin: ['piros', 'kék'] } })] }))).toMatchObject({ fields: ['items[0].custom_fields.Szin'] });
    expect(await refused(hufInvoice(s, { items: [item({ custom_fields: { Projekt: 'x' } })] }))).toMatchObject({ fields: ['items[0].custom_fields.Projekt'] });
  });
});

describe('item rules', () => {
  it('items must be a non-empty list', async () => {
    expect(await refused(hufInvoice(s, { items: [] }))).toMatchObject({ fields: ['items'] });
    expect(await refused(hufInvoice(s, { items: undefined }))).toMatchObject({ fields: ['items'] });
  });

  it('outgoing invoices use Hungarian VAT rates; received ones may carry any', async () => {
    expect(await refused(hufInvoice(s, { items: [item({ vat: 25 })] }))).toMatchObject({ fields: ['items[0].vat'] });
    const r = await issue(s, eurInvoice(s, { crdr: 'received', items: [item({ unit_price: 100, vat: 19 })] }));
    expect(r.totals).toMatchObject({ net: 100, vat: 19, gross: 119 });
    expect(r.invoice_number).toMatch(/^SD-R-2026-\d{6}$/);
    const inv = await s.ok('getInvoice', { invoice_id: r.invoice_id });
    expect(inv.seller.name).toBe(MULLER);
    expect(inv.buyer.name).toBe('Stockdesk Demo Kft.');
  });

  it('a deposit line carries no VAT', async () => {
    expect(await refused(hufInvoice(s, { items: [item({ deposit: 1, vat: 27 })] }))).toMatchObject({ fields: ['items[0].vat'] });
  });

  it('more than six decimals, or amounts beyond 1e12, are refused on the field', async () => {
    expect(await refused(hufInvoice(s, { items: [item({ quantity: 1.1234567 })] }))).toMatchObject({ fields: ['items[0].quantity'] });
    expect(await refused(hufInvoice(s, { items: [item(), item({ unit_price: 0.0000001 })] }))).toMatchObject({ fields: ['items[1].unit_price'] });
    expect(await refused(hufInvoice(s, { items: [item({ quantity: 1e9, unit_price: 1e6 })] }))).toMatchObject({ fields: ['items[0]'] });
  });

  it('product_id must be a product of the account; its VTSZ number is carried onto the line', async () => {
    const p = await s.ok('setProduct', { product_name: 'Szűrőbetét', currency: 'HUF', vat: 27, unit: 'db', vtsz_number: '8421 21 00' });
    const r = await issue(s, hufInvoice(s, { items: [item({ product_id: p.id })] }));
    expect((await s.ok('getInvoice', { invoice_id: r.invoice_id })).items[0]).toMatchObject({ product_id: p.id, vtsz_number: '8421 21 00' });
    expect(await refused(hufInvoice(s, { items: [item({ product_id: 987_654 })] }))).toMatchObject({ code: 'NOT_FOUND', fields: ['items[0].product_id'] });
  });
});

describe('getInvoices', () => {
  it('lists by issue date with contact and status filters', async () => {
    const a = await issue(s, hufInvoice(s, { issued_date: '2026-06-05', fulfillment_date: '2026-06-05', payment_date: '2026-06-20', contact_id: contact(s, NAGY) }));
    const b = await issue(s, hufInvoice(s, { issued_date: '2026-06-06', fulfillment_date: '2026-06-06', payment_date: '2026-12-20', contact_id: contact(s, NAGY) }));
    for (const format of FORMATS) {
      const r = await s.ok('getInvoices', { date_from: '2026-06-05', date_to: '2026-06-06' }, { format });
      expect(r.invoices.map((h) => h.id)).toEqual([a.invoice_id, b.invoice_id]);
      expect(r.invoices[0]).toEqual({
        id: a.invoice_id, invoice_number: a.invoice_number, type: 'invoice', crdr: 'outgoing', status: 'overdue', contact_id: contact(s, NAGY), contact_name: NAGY,
        currency: 'HUF', issued_date: '2026-06-05', fulfillment_date: '2026-06-05', payment_date: '2026-06-20', net: 1000, vat: 270, total: 1270, balance: 1270,
      });
    }
    const overdue = await s.ok('getInvoices', { date_from: '2026-06-01', date_to: '2026-06-30', contact_id: contact(s, NAGY), status: 'overdue' });
    expect(overdue.invoices.map((h) => h.id)).toEqual([a.invoice_id]);
    expect((await s.ok('getInvoices', { date_from: '2026-06-07', date_to: '2026-06-30' })).invoices).toEqual([]);
    const bad = await s.call('getInvoices', { date_from: '2026-06-07', date_to: '2026-06-01' });
    expect(bad.ok || bad.error.details).toEqual([{ field: 'date_to', message: expect.stringContaining('date_from') }]);
  });

  it('getInvoice of an unknown id is NOT_FOUND', async () => {
    const r = await s.call('getInvoice', { invoice_id: 424242 });
    expect(r.status).toBe(404);
  });
});
