/**
 * Hostile input against the finance methods: missing and mistyped fields, impossible values,
 * header injection, SQL-looking ids, unknown fields, forbidden keys, XML attacks, other accounts'
 * records and state conflicts. Each request must be refused with the right status, code and field,
 * with a message a clerk can act on, and leave the database byte-for-byte unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import type { Credentials, Format, MethodName } from '@shared/protocol';
import { storeChecksum } from '../../helpers/dbChecksum';
import { startTestServer, type TestServer } from '../../helpers/server';
import { ACME, contact, eurInvoice, hufInvoice, issue, item, SZABO } from './fixtures';

let s: TestServer;
let other: Credentials;
const ids = { invoice: 0, paid: 0, proforma: 0, cancelled: 0, storno: 0, otherInvoice: 0, otherAttachment: 0, replayed: 0 };

beforeAll(async () => {
  s = await startTestServer();
  const now = s.clock.now();
  const acct = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Idegen Kft.'], now) as { account_id: number }).account_id;
  other = {
    api_key: (await runAdmin(s.app.store, ['key', 'issue', '--account', String(acct)], now) as { api_key: string }).api_key,
    session_key: (await runAdmin(s.app.store, ['session', 'open', '--account', String(acct)], now) as { session_key: string }).session_key,
  };
  await runAdmin(s.app.store, ['bank', 'add', '--account', String(acct), '--number', '10400000-00000000-00000009'], now);
  const c = (await runAdmin(s.app.store, ['contact', 'add', '--account', String(acct), '--name', 'Idegen vevő'], now) as { contact_id: number }).contact_id;
  const theirs = await s.ok('setInvoice', hufInvoice(s, { selected_account: '10400000-00000000-00000009', contact_id: c, customer_vat_type: 'OTHER' }), { keys: other });
  ids.otherInvoice = theirs.invoice_id;
  ids.otherAttachment = (await s.ok('generateInvoicePDF', { invoice_id: theirs.invoice_id }, { keys: other })).attachment_id;

  ids.invoice = (await issue(s, hufInvoice(s, { request_id: 'hostile-original' }))).invoice_id;
  ids.paid = (await issue(s, hufInvoice(s))).invoice_id;
  await s.ok('setBalance', { invoice_id: ids.paid, amount: 1270 });
  ids.proforma = (await issue(s, hufInvoice(s, { proforma: 1 }))).invoice_id;
  ids.cancelled = (await issue(s, hufInvoice(s))).invoice_id;
  ids.storno = (await issue(s, hufInvoice(s, { storno_id: ids.cancelled, items: undefined }))).invoice_id;
  const conv = await issue(s, hufInvoice(s, { proforma: 1 }));
  await issue(s, hufInvoice(s, { from_proforma_id: conv.invoice_id, items: undefined }));
  ids.replayed = conv.invoice_id;
});
afterAll(() => s.close());

interface Case {
  name: string;
  method: MethodName;
  params: Record<string, unknown>;
  status: number;
  code: string;
  field?: string;
  keys?: 'other';
  /** Only where XML cannot say the same thing (types, null). */
  json?: true;
}

const inv = () => hufInvoice(s);
const with_ = (over: Record<string, unknown>) => hufInvoice(s, over);
const withItem = (over: Record<string, unknown>) => hufInvoice(s, { items: [item(over)] });
const without = (key: string) => {
  const p = hufInvoice(s);
  delete p[key];
  return p;
};
const V = 'VALIDATION_ERROR';

function cases(): Case[] {
  const REQUIRED = ['crdr', 'method', 'issued_date', 'payment_date', 'fulfillment_date', 'selected_account', 'contact_id', 'currency', 'customer_vat_type', 'items'];
  const list: Case[] = REQUIRED.map((f) => ({ name: `setInvoice without ${f}`, method: 'setInvoice', params: without(f), status: 400, code: V, field: f }));
  const bad = (name: string, params: Record<string, unknown>, field: string, extra: Partial<Case> = {}): Case => ({ name, method: 'setInvoice', params, status: 400, code: V, field, ...extra });
  list.push(
    bad('crdr unknown', with_({ crdr: 'incoming' }), 'crdr'),
    bad('crdr a number', with_({ crdr: 7 }), 'crdr'),
    bad('method unknown', with_({ method: 'bitcoin' }), 'method'),
    bad('issued_date month 13', with_({ issued_date: '2026-13-01' }), 'issued_date'),
    bad('issued_date day-first', with_({ issued_date: '22/11/2026' }), 'issued_date'),
    bad('payment_date Feb 30', with_({ payment_date: '2026-02-30' }), 'payment_date'),
    bad('payment_date words', with_({ payment_date: 'tomorrow' }), 'payment_date'),
    bad('fulfillment_date with time', with_({ fulfillment_date: '2026-11-22T10:00:00Z' }), 'fulfillment_date'),
    bad('issued in the future', with_({ issued_date: '2026-12-01', payment_date: '2026-12-10', fulfillment_date: '2026-12-01' }), 'issued_date'),
    bad('due before issue', with_({ payment_date: '2026-11-01' }), 'payment_date'),
    bad('contact_id negative', with_({ contact_id: -1 }), 'contact_id'),
    bad('contact_id zero', with_({ contact_id: 0 }), 'contact_id'),
    bad('contact_id fractional', with_({ contact_id: 1.5 }), 'contact_id'),
    bad('contact_id SQL', with_({ contact_id: '1 OR 1=1' }), 'contact_id'),
    bad('contact_id beyond 2^53', with_({ contact_id: '9007199254740993' }), 'contact_id'),
    bad('currency CHF', with_({ currency: 'CHF' }), 'currency'),
    bad('currency injection', with_({ currency: "HUF'; DROP TABLE invoices; --" }), 'currency'),
    bad('selected_account unknown', with_({ selected_account: '00000000-00000000-00000000' }), 'selected_account'),
    bad('selected_account empty', with_({ selected_account: '' }), 'selected_account'),
    bad('customer_vat_type unknown', with_({ customer_vat_type: 'EU_COMPANY' }), 'customer_vat_type'),
    bad('DOMESTIC private person', with_({ contact_id: contact(s, SZABO) }), 'customer_vat_type'),
    bad('fx_rate negative', eurInvoice(s, { fx_rate: -395 }), 'fx_rate'),
    bad('fx_rate zero', eurInvoice(s, { fx_rate: 0 }), 'fx_rate'),
    bad('fx_rate text', eurInvoice(s, { fx_rate: 'sok' }), 'fx_rate'),
    bad('fx_rate infinite', eurInvoice(s, { fx_rate: '1e400' }), 'fx_rate'),
    bad('fx_rate missing on EUR', eurInvoice(s, { fx_rate: undefined }), 'fx_rate'),
    bad('fx_rate on HUF', with_({ fx_rate: 2 }), 'fx_rate'),
    bad('language unknown', with_({ language: 'fr_FR' }), 'language'),
    bad('email without domain', with_({ email: 'szamla@' }), 'email'),
    bad('email header injection', with_({ email: 'a@b.example\r\nBcc: all@evil.example' }), 'email'),
    bad('email 300 characters', with_({ email: `${'a'.repeat(290)}@b.example` }), 'email'),
    bad('esignature 2', with_({ esignature: 2 }), 'esignature'),
    bad('proforma 5', with_({ proforma: 5 }), 'proforma'),
    bad('storno_id text', with_({ storno_id: 'abc', items: undefined }), 'storno_id'),
    bad('order_id negative', with_({ order_id: -4 }), 'order_id'),
    bad('issuer_swift too long', with_({ issuer_swift: 'OTPVHUHBXXXXX' }), 'issuer_swift'),
    bad('invoice_description 10001 characters', with_({ invoice_description: 'x'.repeat(10_001) }), 'invoice_description'),
    bad('unknown field', with_({ discount_all: 10 }), 'discount_all'),
    bad('items empty', with_({ items: [] }), 'items'),
    bad('items a string', with_({ items: 'sok csavar' }), 'items[0]'),
    bad('item without name', with_({ items: [{ unit_price: 1, unit: 'db', quantity: 1, vat: 27, discount: 0 }] }), 'items[0].name'),
    bad('item name blank', withItem({ name: '   ' }), 'items[0].name'),
    bad('item name 501 characters', withItem({ name: 'x'.repeat(501) }), 'items[0].name'),
    bad('item quantity zero', withItem({ quantity: 0 }), 'items[0].quantity'),
    bad('item quantity text', withItem({ quantity: 'egy' }), 'items[0].quantity'),
    bad('item quantity comma decimal', withItem({ quantity: '1,5' }), 'items[0].quantity'),
    bad('item quantity seven decimals', withItem({ quantity: 1.0000001 }), 'items[0].quantity'),
    bad('item unit_price 1e13', withItem({ unit_price: 1e13 }), 'items[0].unit_price'),
    bad('item line beyond 1e12', withItem({ unit_price: 1e12, quantity: 2 }), 'items[0]'),
    bad('item vat 101', withItem({ vat: 101 }), 'items[0].vat'),
    bad('item vat negative', withItem({ vat: -5 }), 'items[0].vat'),
    bad('item vat 25 outgoing', withItem({ vat: 25 }), 'items[0].vat'),
    bad('item discount 150', withItem({ discount: 150 }), 'items[0].discount'),
    bad('item discount negative', withItem({ discount: -5 }), 'items[0].discount'),
    bad('item unit missing', with_({ items: [{ name: 'x', unit_price: 1, quantity: 1, vat: 27, discount: 0 }] }), 'items[0].unit'),
    bad('item deposit 2', withItem({ deposit: 2 }), 'items[0].deposit'),
    bad('deposit with VAT', withItem({ deposit: 1, vat: 27 }), 'items[0].vat'),
    bad('item unknown field', withItem({ colour: 'red' }), 'items[0].colour'),
    bad('item custom field undefined', withItem({ custom_fields: { Szin: 'piros' } }), 'items[0].custom_fields.Szin'),
    bad('negative total', withItem({ quantity: -1 }), 'items'),
    bad('custom field unknown', with_({ custom_fields: { Color: 'red' } }), 'custom_fields.Color'),
    bad('custom field bad name', with_({ custom_fields: { 'a b': 'x' } }), 'custom_fields.a b', { json: true }),
    bad('checkbox value not an option', with_({ custom_fields: { Surgos: ['talán'] } }), 'custom_fields.Surgos'),
    bad('text field given nodes', with_({ custom_fields: { Projekt: ['a', 'b'] } }), 'custom_fields.Projekt'),
    bad('custom field 1001 characters', with_({ custom_fields: { Projekt: 'x'.repeat(1001) } }), 'custom_fields.Projekt'),
    bad('retention negative', with_({ retentions: [{ name: 'R', amount: -1, due_date: '2027-01-01', type: 0 }] }), 'retentions[0].amount'),
    bad('retention bad date', with_({ retentions: [{ name: 'R', amount: 1, due_date: '2027-02-29', type: 0 }] }), 'retentions[0].due_date'),
    bad('retention fractional forint', with_({ retentions: [{ name: 'R', amount: 1.5, due_date: '2027-01-01', type: 0 }] }), 'retentions[0].amount'),
    bad('retention type text', with_({ retentions: [{ name: 'R', amount: 1, due_date: '2027-01-01', type: 'garancia' }] }), 'retentions[0].type'),
    bad('request_id with spaces', with_({ request_id: 'a b' }), 'request_id'),
    bad('request_id 65 characters', with_({ request_id: 'r'.repeat(65) }), 'request_id'),
    bad('proforma and storno', with_({ proforma: 1, storno_id: ids.invoice }), 'proforma'),
    bad('received proforma', with_({ proforma: 1, crdr: 'received' }), 'crdr'),
    bad('from_proforma_id of a tax invoice', with_({ from_proforma_id: ids.invoice, items: undefined }), 'from_proforma_id'),
    bad('storno items that do not match', with_({ storno_id: ids.invoice, items: [item({ quantity: 2 })] }), 'items[0].quantity'),
    { name: 'contact of nobody', method: 'setInvoice', params: with_({ contact_id: 987_654 }), status: 404, code: 'NOT_FOUND', field: 'contact_id' },
    { name: 'product of nobody', method: 'setInvoice', params: withItem({ product_id: 987_654 }), status: 404, code: 'NOT_FOUND', field: 'items[0].product_id' },
    { name: 'storno of nobody', method: 'setInvoice', params: with_({ storno_id: 987_654, items: undefined }), status: 404, code: 'NOT_FOUND', field: 'storno_id' },
    { name: 'order of nobody', method: 'setInvoice', params: with_({ order_id: 987_654, items: undefined }), status: 404, code: 'NOT_FOUND', field: 'order_id' },
    { name: "storno of another account's invoice", method: 'setInvoice', params: with_({ storno_id: ids.otherInvoice, items: undefined }), status: 404, code: 'NOT_FOUND', field: 'storno_id' },
    { name: 'storno of a storno', method: 'setInvoice', params: with_({ storno_id: ids.storno, items: undefined }), status: 409, code: 'CONFLICT', field: 'storno_id' },
    { name: 'storno of a cancelled invoice', method: 'setInvoice', params: with_({ storno_id: ids.cancelled, items: undefined }), status: 409, code: 'CONFLICT', field: 'storno_id' },
    { name: 'storno of a paid invoice', method: 'setInvoice', params: with_({ storno_id: ids.paid, items: undefined }), status: 409, code: 'CONFLICT', field: 'storno_id' },
    { name: 'storno of a proforma', method: 'setInvoice', params: with_({ storno_id: ids.proforma, items: undefined }), status: 409, code: 'CONFLICT', field: 'storno_id' },
    { name: 'second conversion', method: 'setInvoice', params: with_({ from_proforma_id: ids.replayed, items: undefined }), status: 409, code: 'CONFLICT', field: 'from_proforma_id' },
    { name: 'request_id reused with other params', method: 'setInvoice', params: with_({ request_id: 'hostile-original', items: [item({ quantity: 9 })] }), status: 409, code: 'CONFLICT', field: 'request_id' },
    { name: 'setInvoice with null items', method: 'setInvoice', params: with_({ items: null }), status: 400, code: V, field: 'items', json: true },
    { name: 'setInvoice with an items object', method: 'setInvoice', params: with_({ items: { a: 1 } }), status: 400, code: V, json: true },
    { name: 'setInvoice with a boolean quantity', method: 'setInvoice', params: withItem({ quantity: true }), status: 400, code: V, field: 'items[0].quantity', json: true },
  );
  const pay = (name: string, params: Record<string, unknown>, status: number, code: string, field?: string, extra: Partial<Case> = {}): Case => ({ name, method: 'setBalance', params, status, code, field, ...extra });
  list.push(
    pay('setBalance without amount', { invoice_id: ids.invoice }, 400, V, 'amount'),
    pay('setBalance without invoice', { amount: 1 }, 400, V, 'invoice_id'),
    pay('setBalance amount zero', { invoice_id: ids.invoice, amount: 0 }, 400, V, 'amount'),
    pay('setBalance amount text', { invoice_id: ids.invoice, amount: 'ezer' }, 400, V, 'amount'),
    pay('setBalance amount 1e13', { invoice_id: ids.invoice, amount: 1e13 }, 400, V, 'amount'),
    pay('setBalance fractional forint', { invoice_id: ids.invoice, amount: 0.5 }, 400, V, 'amount'),
    pay('setBalance future date', { invoice_id: ids.invoice, amount: 1, date: '2027-01-01' }, 400, V, 'date'),
    pay('setBalance bad date', { invoice_id: ids.invoice, amount: 1, date: '2026-11-31' }, 400, V, 'date'),
    pay('setBalance note 501 characters', { invoice_id: ids.invoice, amount: 1, note: 'x'.repeat(501) }, 400, V, 'note'),
    pay('setBalance SQL id', { invoice_id: "1'; UPDATE invoices SET paid_minor = 0; --", amount: 1 }, 400, V, 'invoice_id'),
    pay('setBalance unknown field', { invoice_id: ids.invoice, amount: 1, currency: 'HUF' }, 400, V, 'currency'),
    pay('setBalance overpayment', { invoice_id: ids.invoice, amount: 1271 }, 409, 'CONFLICT', 'amount'),
    pay('setBalance below zero', { invoice_id: ids.invoice, amount: -1 }, 409, 'CONFLICT', 'amount'),
    pay('setBalance on a paid invoice', { invoice_id: ids.paid, amount: 1 }, 409, 'CONFLICT', 'amount'),
    pay('setBalance on a proforma', { invoice_id: ids.proforma, amount: 1 }, 409, 'CONFLICT', 'invoice_id'),
    pay('setBalance on a storno', { invoice_id: ids.storno, amount: -1 }, 409, 'CONFLICT', 'invoice_id'),
    pay('setBalance on a cancelled invoice', { invoice_id: ids.cancelled, amount: 1 }, 409, 'CONFLICT', 'invoice_id'),
    pay('setBalance unknown invoice', { invoice_id: 987_654, amount: 1 }, 404, 'NOT_FOUND', 'invoice_id'),
    pay("setBalance on another account's invoice", { invoice_id: ids.otherInvoice, amount: 1 }, 404, 'NOT_FOUND', 'invoice_id'),
  );
  const read = (name: string, method: MethodName, params: Record<string, unknown>, status: number, code: string, field?: string, extra: Partial<Case> = {}): Case => ({ name, method, params, status, code, field, ...extra });
  list.push(
    read('getInvoices without dates', 'getInvoices', {}, 400, V, 'date_from'),
    read('getInvoices reversed range', 'getInvoices', { date_from: '2026-12-01', date_to: '2026-11-01' }, 400, V, 'date_to'),
    read('getInvoices status unknown', 'getInvoices', { date_from: '2026-01-01', date_to: '2026-12-31', status: 'lost' }, 400, V, 'status'),
    read('getInvoices contact text', 'getInvoices', { date_from: '2026-01-01', date_to: '2026-12-31', contact_id: 'all' }, 400, V, 'contact_id'),
    read('getInvoice without id', 'getInvoice', {}, 400, V, 'invoice_id'),
    read('getInvoice id zero', 'getInvoice', { invoice_id: 0 }, 400, V, 'invoice_id'),
    read('getInvoice SQL id', 'getInvoice', { invoice_id: '1 UNION SELECT * FROM api_keys' }, 400, V, 'invoice_id'),
    read("getInvoice of another account", 'getInvoice', { invoice_id: ids.otherInvoice }, 404, 'NOT_FOUND', 'invoice_id'),
    read('generateInvoicePDF language unknown', 'generateInvoicePDF', { invoice_id: ids.invoice, language: 'hu' }, 400, V, 'language'),
    read('generateInvoicePDF proforma 2', 'generateInvoicePDF', { invoice_id: ids.invoice, proforma: 2 }, 400, V, 'proforma'),
    read('generateInvoicePDF proforma of a tax invoice', 'generateInvoicePDF', { invoice_id: ids.invoice, proforma: 1 }, 400, V, 'proforma'),
    read("generateInvoicePDF of another account", 'generateInvoicePDF', { invoice_id: ids.otherInvoice }, 404, 'NOT_FOUND', 'invoice_id'),
    read('getDueCustomers with a parameter', 'getDueCustomers', { contact_id: 1 }, 400, V, 'contact_id'),
    read('getDueNotification without contact', 'getDueNotification', {}, 400, V, 'contact_id'),
    read('getDueNotification pdf 3', 'getDueNotification', { contact_id: 1, pdf: 3 }, 400, V, 'pdf'),
    read('getDueNotification unknown contact', 'getDueNotification', { contact_id: 987_654 }, 404, 'NOT_FOUND', 'contact_id'),
    read('getDueNotification nothing overdue', 'getDueNotification', { contact_id: contact(s, ACME) }, 404, 'NOT_FOUND', 'contact_id'),
    read('getAttachment negative', 'getAttachment', { attachment_id: -1 }, 400, V, 'attachment_id'),
    read("getAttachment of another account", 'getAttachment', { attachment_id: ids.otherAttachment }, 404, 'NOT_FOUND', 'attachment_id'),
    read('generateInvoice of a proforma', 'generateInvoice', { invoice_id: ids.proforma }, 409, 'CONFLICT', 'invoice_id'),
    read('generateInvoice bad request_id', 'generateInvoice', { invoice_id: ids.invoice, request_id: 'nav/1' }, 400, V, 'request_id'),
    read("generateInvoice of another account", 'generateInvoice', { invoice_id: ids.otherInvoice }, 404, 'NOT_FOUND', 'invoice_id'),
  );
  return list;
}

let sent = 0;

// Nothing may change between refusals, so each request is checked against the same fingerprint.
let fingerprint = '';

async function expectRefused(c: Case, format: Format) {
  fingerprint ||= await storeChecksum(s.app.store);
  const r = await s.call(c.method, c.params, { format, keys: c.keys === 'other' ? other : undefined });
  sent++;
  const label = `${c.name} (${format})`;
  expect(r.ok, label).toBe(false);
  if (r.ok) return;
  expect([r.status, r.error.code], `${label}: ${r.error.message}`).toEqual([c.status, c.code]);
  if (c.field !== undefined) expect(r.error.details.map((d) => d.field), `${label}: ${r.error.message}`).toContain(c.field);
  expect(r.error.message.length, label).toBeGreaterThan(10);
  expect(r.error.message, label).not.toMatch(/\.ts:\d+|at \w+ \(|SQLITE|undefined|\[object Object\]/);
  expect(await storeChecksum(s.app.store), `${label} changed the database`).toBe(fingerprint);
}

describe('finance hostile input', () => {
  const GROUPS: Array<[string, (c: Case) => boolean]> = [
    ['setInvoice header fields', (c) => c.method === 'setInvoice' && !c.name.startsWith('item') && c.code === V],
    ['setInvoice items', (c) => c.method === 'setInvoice' && c.name.startsWith('item')],
    ['setInvoice references and state', (c) => c.method === 'setInvoice' && c.code !== V],
    ['setBalance', (c) => c.method === 'setBalance'],
    ['reads, documents and the tax authority', (c) => c.method !== 'setInvoice' && c.method !== 'setBalance'],
  ];
  it.each(GROUPS)('refuses %s in JSON and XML, leaving the database unchanged', async (_name, pick) => {
    for (const c of cases().filter(pick)) {
      await expectRefused(c, 'json');
      if (!c.json) await expectRefused(c, 'xml');
    }
    expect((await s.raw('/api/health', '', undefined, 'GET')).status).toBe(200);
  }, 180_000);

  it('sent at least 80 hostile requests', () => {
    expect(cases().filter((c) => GROUPS.some(([, pick]) => pick(c)))).toHaveLength(cases().length);
    expect(sent).toBeGreaterThanOrEqual(80);
  });

  it('refuses hostile raw bodies', async () => {
    const k = s.keys;
    const creds = `<api_key>${k.api_key}</api_key><session_key>${k.session_key}</session_key>`;
    const bodies: Array<[string, string, string, number, string]> = [
      ['XXE entity', `<?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><command><getInvoice>${creds}<invoice_id>&x;</invoice_id></getInvoice></command>`, 'text/xml', 400, 'MALFORMED_REQUEST'],
      ['unbalanced XML', `<command><setBalance>${creds}<invoice_id>1</invoice_id><amount>5</setBalance></command>`, 'text/xml', 400, 'MALFORMED_REQUEST'],
      ['two methods', `<command><getInvoice>${creds}</getInvoice><setBalance>${creds}</setBalance></command>`, 'text/xml', 400, 'MALFORMED_REQUEST'],
      ['__proto__ custom field', JSON.stringify({ setInvoice: { ...k, ...inv(), custom_fields: JSON.parse('{"__proto__": {"admin": true}}') } }), 'application/json', 400, 'MALFORMED_REQUEST'],
      ['constructor key in an item', `{"setInvoice": {"api_key": "${k.api_key}", "session_key": "${k.session_key}", "items": [{"constructor": {"prototype": 1}}]}}`, 'application/json', 400, 'MALFORMED_REQUEST'],
      ['items nested 40 deep', JSON.stringify({ setInvoice: { ...k, items: JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`) } }), 'application/json', 400, 'MALFORMED_REQUEST'],
      ['finance method at /api/product', JSON.stringify({ setInvoice: { ...k, ...inv() } }), 'application/json', 404, 'UNKNOWN_METHOD'],
      ['truncated JSON', `{"setBalance": {"api_key": "${k.api_key}", "amount": 1`, 'application/json', 400, 'MALFORMED_REQUEST'],
      ['no credentials', JSON.stringify({ setInvoice: inv() }), 'application/json', 401, 'AUTH_FAILED'],
      ['wrong session', JSON.stringify({ setBalance: { api_key: k.api_key, session_key: 'x', invoice_id: ids.invoice, amount: 1 } }), 'application/json', 401, 'AUTH_FAILED'],
    ];
    for (const [name, body, type, status, code] of bodies) {
      const before = await storeChecksum(s.app.store);
      const path = name.includes('/api/product') ? '/api/product' : '/api/finance';
      const r = await s.raw(path, body, type);
      expect(r.status, name).toBe(status);
      expect(r.body, name).toContain(code);
      expect(await storeChecksum(s.app.store), name).toBe(before);
    }
    expect((await s.raw('/api/health', '', undefined, 'GET')).status).toBe(200);
  });
});
