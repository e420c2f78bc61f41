/** Storno chains and proforma conversion. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { contact, eurInvoice, hufInvoice, issue, item, NAGY } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const ITEMS = [item({ quantity: 3, unit_price: 1290, discount: 10 }), item({ name: 'Könyv', quantity: 2.5, unit_price: 333, vat: 5 })];

async function error(params: Record<string, unknown>) {
  const r = await s.call('setInvoice', params);
  if (r.ok) throw new Error(`expected a refusal, got ${r.result.invoice_number}`);
  return { ...r.error, status: r.status };
}

describe('storno', () => {
  it.each(['json', 'xml'] as const)('negates the original exactly and cancels it (%s)', async (format) => {
    const orig = await issue(s, eurInvoice(s, { items: [item({ quantity: 3, unit_price: 19.99 }), item({ quantity: 1, unit_price: 0.125, vat: 5 })] }), format);
    const st = await issue(s, eurInvoice(s, { storno_id: orig.invoice_id, items: undefined }), format);
    expect(st.type).toBe('storno');
    expect(st.status).toBe('storno');
    expect(st.invoice_number).toMatch(/^SD-2026-\d{6}$/);
    expect(Number(st.invoice_number.slice(-6))).toBe(Number(orig.invoice_number.slice(-6)) + 1);
    const neg = (o: Record<string, number | undefined>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === undefined ? v : v === 0 ? 0 : -v]));
    expect(st.totals).toEqual(neg(orig.totals));
    const o = await s.ok('getInvoice', { invoice_id: orig.invoice_id }, { format });
    const c = await s.ok('getInvoice', { invoice_id: st.invoice_id }, { format });
    expect(o).toMatchObject({ status: 'cancelled', cancelled_by: st.invoice_id, balance: 0 });
    expect(c).toMatchObject({ status: 'storno', storno_of: orig.invoice_id, balance: 0, fx_rate: 395.5 });
    expect(c.items.map((l) => [l.quantity, l.unit_price, l.net, l.vat_amount, l.net_huf, l.vat_huf])).toEqual(
      o.items.map((l) => [-l.quantity, l.unit_price, -l.net, -l.vat_amount, -l.net_huf!, -l.vat_huf!]),
    );
    expect(c.buyer).toEqual(o.buyer);
  });

  it('accepts items that repeat the original, as sent or negated, and refuses others', async () => {
    const a = await issue(s, hufInvoice(s, { items: ITEMS }));
    const mismatch = await error(hufInvoice(s, { storno_id: a.invoice_id, items: [ITEMS[0], item({ name: 'Könyv', quantity: 2, unit_price: 333, vat: 5 })] }));
    expect(mismatch).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'items[1].quantity' }] });
    expect(await error(hufInvoice(s, { storno_id: a.invoice_id, items: [ITEMS[0]] }))).toMatchObject({ details: [{ field: 'items' }] });
    const st = await issue(s, hufInvoice(s, { storno_id: a.invoice_id, items: ITEMS }));
    expect(st.totals).toEqual({ net: -(3483 + 833), vat: -(940 + 42), gross: -(4423 + 875) });
    const b = await issue(s, hufInvoice(s, { items: ITEMS }));
    const negated = ITEMS.map((i) => ({ ...i, quantity: -(i.quantity as number) }));
    expect((await issue(s, hufInvoice(s, { storno_id: b.invoice_id, items: negated }))).totals.gross).toBe(-5298);
  });

  it('the storno must be for the same partner, currency, VAT status and supply', async () => {
    const a = await issue(s, hufInvoice(s));
    const e = await error(hufInvoice(s, { storno_id: a.invoice_id, items: undefined, contact_id: contact(s, NAGY), fulfillment_date: '2026-11-20', issued_date: '2026-11-21' }));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.details.map((d) => d.field).sort()).toEqual(['contact_id', 'fulfillment_date', 'issued_date']);
    const eur = await issue(s, eurInvoice(s));
    expect(await error(eurInvoice(s, { storno_id: eur.invoice_id, items: undefined, fx_rate: 400 }))).toMatchObject({ details: [{ field: 'fx_rate' }] });
  });

  it('a cancelled invoice and a storno cannot be cancelled again', async () => {
    const a = await issue(s, hufInvoice(s));
    const st = await issue(s, hufInvoice(s, { storno_id: a.invoice_id, items: undefined }));
    const again = await error(hufInvoice(s, { storno_id: a.invoice_id, items: undefined }));
    expect(again).toMatchObject({ code: 'CONFLICT', status: 409, message: expect.stringMatching(/already cancelled/) });
    const ofStorno = await error(hufInvoice(s, { storno_id: st.invoice_id, items: undefined }));
    expect(ofStorno).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/itself a storno/) });
    const twice = await Promise.all([1, 2].map(async () => s.call('setInvoice', hufInvoice(s, { storno_id: (await issue(s, hufInvoice(s))).invoice_id, items: undefined }))));
    expect(twice.every((r) => r.ok)).toBe(true);
  });

  it('two concurrent stornos of one invoice: exactly one wins', async () => {
    const a = await issue(s, hufInvoice(s));
    const rs = await Promise.all(Array.from({ length: 5 }, () => s.call('setInvoice', hufInvoice(s, { storno_id: a.invoice_id, items: undefined }))));
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    expect(rs.filter((r) => !r.ok && r.error.code === 'CONFLICT')).toHaveLength(4);
  });

  it('a proforma is not stornoed: CONFLICT telling how to convert it', async () => {
    const p = await issue(s, hufInvoice(s, { proforma: 1 }));
    const e = await error(hufInvoice(s, { storno_id: p.invoice_id, items: undefined }));
    expect(e).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`from_proforma_id=${p.invoice_id}`) });
  });

  it('an invoice with payments is cancelled only after they are reversed', async () => {
    const a = await issue(s, hufInvoice(s));
    await s.ok('setBalance', { invoice_id: a.invoice_id, amount: 500 });
    const e = await error(hufInvoice(s, { storno_id: a.invoice_id, items: undefined }));
    expect(e).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/negative amount/) });
    await s.ok('setBalance', { invoice_id: a.invoice_id, amount: -500, note: 'visszautalva' });
    expect((await issue(s, hufInvoice(s, { storno_id: a.invoice_id, items: undefined }))).type).toBe('storno');
  });

  it('storno_id cannot be combined with proforma, from_proforma_id, order_id or retentions', async () => {
    const a = await issue(s, hufInvoice(s));
    const e = await error(hufInvoice(s, { storno_id: a.invoice_id, proforma: 1, from_proforma_id: 5, order_id: 7, retentions: [{ name: 'x', amount: 1, due_date: '2027-01-01', type: 0 }] }));
    expect(e.details.map((d) => d.field).sort()).toEqual(['from_proforma_id', 'order_id', 'proforma', 'retentions']);
    expect(await error(hufInvoice(s, { storno_id: 999_999, items: undefined }))).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'storno_id' }] });
  });
});

describe('proforma', () => {
  it('converts into a tax invoice once; the proforma becomes converted', async () => {
    const p = await issue(s, eurInvoice(s, { proforma: 1, items: ITEMS.map((i) => ({ ...i, unit_price: 12.34 })) }));
    expect(p).toMatchObject({ type: 'proforma', status: 'proforma' });
    const inv = await issue(s, eurInvoice(s, { from_proforma_id: p.invoice_id, items: undefined, fx_rate: 396.1, issued_date: '2026-11-22' }));
    expect(inv).toMatchObject({ type: 'invoice', status: 'unpaid' });
    expect(inv.invoice_number).toMatch(/^SD-2026-/);
    expect(inv.totals.gross).toBe(p.totals.gross);
    expect(inv.totals.gross_huf).not.toBe(p.totals.gross_huf);
    const pr = await s.ok('getInvoice', { invoice_id: p.invoice_id });
    expect(pr).toMatchObject({ status: 'converted', balance: 0 });
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id })).from_proforma_id).toBe(p.invoice_id);
    const twice = await error(eurInvoice(s, { from_proforma_id: p.invoice_id, items: undefined }));
    expect(twice).toMatchObject({ code: 'CONFLICT', status: 409, message: expect.stringMatching(/already converted/) });
  });

  it('sent items must match the proforma; partner and currency must match', async () => {
    const p = await issue(s, hufInvoice(s, { proforma: 1, items: ITEMS }));
    expect(await error(hufInvoice(s, { from_proforma_id: p.invoice_id, items: [item()] }))).toMatchObject({ details: [{ field: 'items' }] });
    expect(await error(hufInvoice(s, { from_proforma_id: p.invoice_id, items: undefined, contact_id: contact(s, NAGY) }))).toMatchObject({ details: [{ field: 'contact_id' }] });
    expect((await issue(s, hufInvoice(s, { from_proforma_id: p.invoice_id, items: ITEMS, crdr: 'advance out' }))).type).toBe('invoice');
  });

  it('from_proforma_id must name a proforma; proforma 1 with it, or a received proforma, is refused', async () => {
    const a = await issue(s, hufInvoice(s));
    expect(await error(hufInvoice(s, { from_proforma_id: a.invoice_id, items: undefined }))).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'from_proforma_id' }] });
    expect(await error(hufInvoice(s, { from_proforma_id: a.invoice_id, proforma: 1 }))).toMatchObject({ details: [{ field: 'proforma' }] });
    expect(await error(hufInvoice(s, { proforma: 1, crdr: 'received' }))).toMatchObject({ details: [{ field: 'crdr' }] });
  });

  it('is not paid, listed as due, or reported', async () => {
    const p = await issue(s, hufInvoice(s, { proforma: 1, payment_date: '2026-11-22' }));
    const pay = await s.call('setBalance', { invoice_id: p.invoice_id, amount: 100 });
    expect(pay.ok || pay.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('from_proforma_id') });
    s.clock.advance(10 * 86_400_000);
    try {
      const due = await s.ok('getDueCustomers', {});
      expect(due.customers.flatMap((c) => c.invoices.map((i) => i.invoice_id))).not.toContain(p.invoice_id);
    } finally {
      s.clock.set('2026-11-22T09:00:00.000Z');
    }
    const nav = await s.call('generateInvoice', { invoice_id: p.invoice_id });
    expect(nav.ok || nav.error.code).toBe('CONFLICT');
  });
});
