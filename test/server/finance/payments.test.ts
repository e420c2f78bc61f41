/** setBalance: payments, adjustments, statuses and overdue by the clock. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { DAY, eurInvoice, hufInvoice, issue, item } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.clock.set('2026-11-22T09:00:00.000Z'));

async function refusal(params: Record<string, unknown>) {
  const r = await s.call('setBalance', params);
  if (r.ok) throw new Error('expected a refusal');
  return { ...r.error, status: r.status };
}

describe('setBalance', () => {
  it.each(['json', 'xml'] as const)('unpaid → partially_paid → paid, balance = gross − payments (%s)', async (format) => {
    const inv = await issue(s, hufInvoice(s, { items: [item({ quantity: 10 })] }), format); // 12700
    const p1 = await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 5000, note: 'első részlet' }, { format });
    expect(p1).toMatchObject({ invoice_id: inv.invoice_id, balance: 7700, status: 'partially_paid' });
    const p2 = await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 7700, date: '2026-11-20' }, { format });
    expect(p2).toMatchObject({ balance: 0, status: 'paid' });
    expect(p2.payment_id).toBeGreaterThan(p1.payment_id);
    const r = await s.ok('getInvoice', { invoice_id: inv.invoice_id }, { format });
    expect(r).toMatchObject({ status: 'paid', balance: 0, total: 12700 });
    expect(r.payments).toEqual([
      { payment_id: p1.payment_id, amount: 5000, date: '2026-11-22', note: 'első részlet' },
      { payment_id: p2.payment_id, amount: 7700, date: '2026-11-20' },
    ]);
  });

  it('refuses overpayment with the most that can be recorded', async () => {
    const inv = await issue(s, hufInvoice(s)); // 1270
    const e = await refusal({ invoice_id: inv.invoice_id, amount: 1271 });
    expect(e).toMatchObject({ code: 'CONFLICT', status: 409, details: [{ field: 'amount' }] });
    expect(e.message).toMatch(/at most 1270/);
    await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 1270 });
    expect(await refusal({ invoice_id: inv.invoice_id, amount: 1 })).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/paid in full/) });
  });

  it('negative adjustments reverse payments but never below zero', async () => {
    const inv = await issue(s, eurInvoice(s, { items: [item({ unit_price: 100.5, vat: 27 })] })); // 127.64
    expect(await refusal({ invoice_id: inv.invoice_id, amount: -0.01 })).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/below zero/) });
    await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 127.64 });
    const adj = await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: -27.64, note: 'bank fee reversed' });
    expect(adj).toMatchObject({ balance: 27.64, status: 'partially_paid' });
    expect(await refusal({ invoice_id: inv.invoice_id, amount: -100.01 })).toMatchObject({ code: 'CONFLICT' });
    expect(await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: -100 })).toMatchObject({ balance: 127.64, status: 'unpaid' });
  });

  it('amounts use the currency precision; the value date is today or earlier', async () => {
    const huf = await issue(s, hufInvoice(s));
    expect(await refusal({ invoice_id: huf.invoice_id, amount: 10.5 })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'amount' }] });
    const eur = await issue(s, eurInvoice(s));
    expect(await refusal({ invoice_id: eur.invoice_id, amount: 1.005 })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'amount' }] });
    expect(await refusal({ invoice_id: eur.invoice_id, amount: 1, date: '2026-11-23' })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'date' }] });
    expect(await refusal({ invoice_id: eur.invoice_id, amount: 0 })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'amount' }] });
    expect(await refusal({ invoice_id: 999_999, amount: 1 })).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('no payments on cancelled invoices, stornos or proformas', async () => {
    const a = await issue(s, hufInvoice(s));
    const st = await issue(s, hufInvoice(s, { storno_id: a.invoice_id, items: undefined }));
    const p = await issue(s, hufInvoice(s, { proforma: 1 }));
    expect(await refusal({ invoice_id: a.invoice_id, amount: 1 })).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/cancelled/) });
    expect(await refusal({ invoice_id: st.invoice_id, amount: 1 })).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/storno/) });
    expect(await refusal({ invoice_id: p.invoice_id, amount: 1 })).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/proforma/) });
  });

  it('is idempotent with request_id', async () => {
    const inv = await issue(s, hufInvoice(s));
    const a = await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 100, request_id: 'pay-1' });
    const b = await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 100, request_id: 'pay-1' });
    expect(b).toEqual(a);
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id })).payments).toHaveLength(1);
    expect((await s.call('setBalance', { invoice_id: inv.invoice_id, amount: 200, request_id: 'pay-1' })).status).toBe(409);
  });
});

describe('overdue', () => {
  it('appears the day after the payment date while a balance is left, by the clock', async () => {
    const inv = await issue(s, hufInvoice(s, { payment_date: '2026-11-30' }));
    const part = await issue(s, hufInvoice(s, { payment_date: '2026-11-30' }));
    const paid = await issue(s, hufInvoice(s, { payment_date: '2026-11-30' }));
    await s.ok('setBalance', { invoice_id: part.invoice_id, amount: 100 });
    await s.ok('setBalance', { invoice_id: paid.invoice_id, amount: 1270 });
    const status = async (id: number) => (await s.ok('getInvoice', { invoice_id: id })).status;
    s.clock.set('2026-11-30T22:30:00.000Z'); // 23:30 in Budapest: still the due date
    expect([await status(inv.invoice_id), await status(part.invoice_id), await status(paid.invoice_id)]).toEqual(['unpaid', 'partially_paid', 'paid']);
    s.clock.advance(DAY / 24); // 00:30 on 1 December in Budapest
    expect([await status(inv.invoice_id), await status(part.invoice_id), await status(paid.invoice_id)]).toEqual(['overdue', 'overdue', 'paid']);
    const listed = await s.ok('getInvoices', { date_from: '2026-11-22', date_to: '2026-11-22', status: 'overdue' });
    expect(listed.invoices.map((h) => h.id)).toEqual(expect.arrayContaining([inv.invoice_id, part.invoice_id]));
    expect((await s.ok('setBalance', { invoice_id: part.invoice_id, amount: 1170 })).status).toBe('paid');
  });
});
