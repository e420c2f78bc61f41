/**
 * Every business refusal carries a machine-readable reason with its figures, over real HTTP in
 * JSON and XML; the English message stays as it was for integrators. docs/api.md lists each one.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaPath, encodeRequest, METHODS, REASON_CODES, type Format, type MethodName } from '@shared/protocol';
import { DEMO_KEYS, startTestServer, type TestServer } from '../helpers/server';
import { orderParams, product, stock } from './product/fixtures';
import { hufInvoice, issue } from './finance/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const FORMATS = ['json', 'xml'] as const;

/** The decoded refusal (through the shared codec, as the desk reads it). */
async function refusal(method: MethodName, params: Record<string, unknown>, format: Format = 'json') {
  const r = await s.call(method, params, { format });
  if (r.ok) throw new Error(`${method} was accepted`);
  return { status: r.status, ...r.error };
}

/** The body as it travels, so an integrator's parser sees the same fields. */
async function rawJson(method: MethodName, params: Record<string, unknown>) {
  const req = encodeRequest('json', method, params as never, DEMO_KEYS);
  const res = await s.raw(areaPath(METHODS[method].area), req.body, req.contentType);
  return JSON.parse(res.body) as { error: Record<string, unknown> };
}

describe('refusal reasons', () => {
  it.each(FORMATS)('a wasting larger than the bin holds: insufficient_stock with product, warehouse, bin, requested, available (%s)', async (format) => {
    const id = await product(s, { product_name: 'Falfesték 10 l' });
    await stock(s, id, 5, { stock_label: 'B-02' });
    const r = await refusal('setQuantity', { product_id: id, quantity: -6, contact_id: s.account.supplierContactId, warehouse: 'Default', stock_label: 'B-02' }, format);
    expect(r.status).toBe(409);
    expect(r.message).toBe(`Cannot waste 6 of product ${id} (Falfesték 10 l) in Default (label B-02): only 5 is deliverable.`);
    expect(r.reason).toBe('insufficient_stock');
    expect(r.figures).toEqual({ product_id: id, product_name: 'Falfesték 10 l', warehouse: 'Default', stock_label: 'B-02', requested: 6, available: 5 });
  });

  it('the JSON body carries reason and figures next to code, message and details', async () => {
    const id = await product(s);
    const body = await rawJson('setQuantity', { product_id: id, quantity: -15, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    expect(body.error).toMatchObject({ code: 'CONFLICT', reason: 'insufficient_stock', figures: { product_id: id, warehouse: 'Default', requested: 15, available: 0 } });
    expect(body.error.details).toEqual([{ field: 'quantity', message: 'only 0 deliverable' }]);
    expect(body.error.figures).not.toHaveProperty('stock_label');
  });

  it('a count whose expectation moved: stock_changed with expected and current', async () => {
    const id = await product(s);
    await stock(s, id, 4);
    const r = await refusal('setQuantity', { product_id: id, quantity: 1, expected_quantity: 3, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    expect(r).toMatchObject({ reason: 'stock_changed', figures: { product_id: id, warehouse: 'Default', expected: 3, current: 4 } });
  });

  it('an unknown product: unknown_record naming the kind, id and field', async () => {
    const r = await refusal('setQuantity', { product_id: 987654, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    expect(r).toMatchObject({ status: 404, code: 'NOT_FOUND', reason: 'unknown_record', figures: { kind: 'product', id: '987654', field: 'product_id' } });
  });

  it.each(FORMATS)('an order beyond the stock: insufficient_stock with the line, requested and available (%s)', async (format) => {
    const id = await product(s, { product_name: 'Ecset' });
    await stock(s, id, 3);
    const r = await refusal('setOrder', orderParams(s, [{ product_id: id, quantity: 9 }], { finalize_order: 1 }), format);
    expect(r.message).toMatch(/9 ordered, 3 available/);
    expect(r).toMatchObject({ reason: 'insufficient_stock', figures: { product_id: id, product_name: 'Ecset', warehouse: 'Default', requested: 9, available: 3, line: 0 } });
  });

  it('changing a finalized order: order_status with the status', async () => {
    const id = await product(s);
    await stock(s, id, 3);
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: id, quantity: 1 }], { finalize_order: 1 }));
    const r = await refusal('setOrder', { ...orderParams(s, [{ product_id: id, quantity: 2 }]), id: o.order_id });
    expect(r).toMatchObject({ code: 'CONFLICT', reason: 'order_status', figures: { order_id: o.order_id, status: 'finalized' } });
  });

  it.each(FORMATS)('a payment on a proforma, and one above the balance (%s)', async (format) => {
    const p = await issue(s, hufInvoice(s, { proforma: 1 }));
    const r1 = await refusal('setBalance', { invoice_id: p.invoice_id, amount: 1 }, format);
    expect(r1).toMatchObject({ reason: 'invoice_not_payable', figures: { invoice_id: p.invoice_id, invoice_number: p.invoice_number, state: 'proforma' } });
    const inv = await issue(s, hufInvoice(s));
    const r2 = await refusal('setBalance', { invoice_id: inv.invoice_id, amount: 5000 }, format);
    expect(r2).toMatchObject({ reason: 'overpayment', figures: { invoice_id: inv.invoice_id, amount: 5000, balance: 1270, currency: 'HUF' } });
  });

  it('malformed input carries no reason: that is the integrator’s to fix, not a business refusal', async () => {
    const r = await refusal('setQuantity', { product_id: 'x', quantity: 1, warehouse: 'Default' });
    expect(r.code).toBe('VALIDATION_ERROR');
    expect(r.reason).toBeUndefined();
  });

  it.each(FORMATS)('business rules on one field carry their reason too: bank account, custom field, list price, fee code (%s)', async (format) => {
    const id = await product(s, { product_name: 'Listaár nélkül', list_price: undefined }, format);
    const eur = await product(s, { product_name: 'Euró áras', currency: 'EUR', list_price: 10 });
    const line = { quantity: 1, discount: 0 };
    const bank = await refusal('setOrder', orderParams(s, [{ product_id: eur, custom_price: 100, ...line }], { selected_account: '99999999-99999999' }), format);
    expect(bank).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', reason: 'unknown_bank_account', figures: { account: '99999999-99999999' } });
    const field = await refusal('setOrder', orderParams(s, [{ product_id: eur, custom_price: 100, ...line }], { custom_fields: { Nincsilyen: 'x' } }), format);
    expect(field).toMatchObject({ reason: 'undefined_custom_field', figures: { name: 'Nincsilyen', area: 'order' } });
    const noPrice = await refusal('setOrder', orderParams(s, [{ product_id: id, ...line }]), format);
    expect(noPrice).toMatchObject({ reason: 'no_list_price', figures: { product_id: id, product_name: 'Listaár nélkül', currency: 'HUF' } });
    const otherCurrency = await refusal('setOrder', orderParams(s, [{ product_id: eur, ...line }]), format);
    expect(otherCurrency).toMatchObject({ reason: 'no_list_price', figures: { product_id: eur, currency: 'HUF', list_currency: 'EUR' } });
    const fee = await refusal('setProduct', { product_name: 'Díjköteles', currency: 'HUF', vat: 27, unit: 'db', envfee_code: 987 }, format);
    expect(fee).toMatchObject({ reason: 'undefined_envfee_code', figures: { code: 987 } });
  });

  it('docs/api.md lists every reason code', () => {
    const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const missing = REASON_CODES.filter((c) => !doc.includes(`\`${c}\``));
    expect(missing).toEqual([]);
  });
});
