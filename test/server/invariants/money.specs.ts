/**
 * Concurrency specs of the invoice and payment rules (docs/invariants.md), on SQLite, one
 * PostgreSQL instance and three behind HAProxy: competing requests fired at once, the rule checked
 * in the server's own state afterwards, and every refusal carrying its documented reason.
 */
import { expect, it } from 'vitest';
import { encodeRequest, type MethodName } from '@shared/protocol';
import { DEMO_KEYS, type CallOutcome, type TestServer } from '../../helpers/server';
import { hufInvoice, item } from '../finance/fixtures';
import { atOnce, expectRefusedWith, split, type Target } from './targets';

/** An invoice of `gross` HUF (one line, 0 % VAT) on the target. */
async function invoiceOf(t: Target, gross: number, over: Record<string, unknown> = {}) {
  return t.ok('setInvoice', hufInvoice(t as unknown as TestServer, { items: [item({ unit_price: gross, vat: 0 })], ...over }));
}

/** The invoice row as stored; money in forints (HUF is stored in fillér, 1/100). */
async function stored(t: Target, id: number) {
  const r = (await t.check.get<{ paid_minor: number; gross_minor: number; cancelled_by: number | null; converted_to: number | null }>(
    'SELECT paid_minor, gross_minor, cancelled_by, converted_to FROM invoices WHERE account_id = ? AND id = ?', [t.account.accountId, id]))!;
  return { paid: r.paid_minor / 100, gross: r.gross_minor / 100, cancelled_by: r.cancelled_by, converted_to: r.converted_to };
}
async function paymentsSum(t: Target, id: number) {
  const r = (await t.check.get<{ s: number; n: number }>(
    `SELECT ${t.check.engine === 'postgres' ? 'COALESCE(SUM(amount_minor), 0)::bigint' : 'COALESCE(SUM(amount_minor), 0)'} AS s, count(*) AS n FROM payments WHERE account_id = ? AND invoice_id = ?`,
    [t.account.accountId, id]))!;
  return { s: r.s / 100, n: r.n };
}

export function moneySpecs(t: () => Target): void {
  it('payments never above the balance: 30 payments of 1 at once on an invoice of 20 → 20 accepted, 10 refused overpayment', async () => {
    const inv = await invoiceOf(t(), 20);
    const { accepted, refused } = split(await atOnce(30, () => t().call('setBalance', { invoice_id: inv.invoice_id, amount: 1 })));
    expect(accepted.length).toBe(20);
    expectRefusedWith(refused, 'overpayment');
    for (const e of refused) expect(e.figures).toMatchObject({ invoice_id: inv.invoice_id, amount: 1, balance: 0, currency: 'HUF' });
    const row = await stored(t(), inv.invoice_id);
    expect([row.paid, row.gross]).toEqual([20, 20]);
    expect(await paymentsSum(t(), inv.invoice_id)).toEqual({ s: 20, n: 20 });
    const record = await t().ok('getInvoice', { invoice_id: inv.invoice_id });
    expect([record.balance, record.status]).toEqual([0, 'paid']);
  });

  it('reversals never below zero: 10 reversals of −3 at once on an invoice of 20 paid in full → 6 accepted, 4 refused reversal_too_large', async () => {
    const inv = await invoiceOf(t(), 20);
    await t().ok('setBalance', { invoice_id: inv.invoice_id, amount: 20 });
    const { accepted, refused } = split(await atOnce(10, () => t().call('setBalance', { invoice_id: inv.invoice_id, amount: -3 })));
    expect(accepted.length).toBe(6);
    expectRefusedWith(refused, 'reversal_too_large');
    for (const e of refused) {
      expect(e.figures).toMatchObject({ invoice_id: inv.invoice_id, amount: -3, paid: 2, currency: 'HUF' });
      expect(e.message).toContain('at most -2 can be reversed');
    }
    expect((await stored(t(), inv.invoice_id)).paid).toBe(2);
    expect(await paymentsSum(t(), inv.invoice_id)).toEqual({ s: 2, n: 7 });
  });

  it('a storno at most once per invoice: 10 stornos of one invoice at once → 1 accepted, 9 refused not_cancellable', async () => {
    const inv = await invoiceOf(t(), 500);
    const storno = hufInvoice(t() as unknown as TestServer, { storno_id: inv.invoice_id, items: undefined });
    const { accepted, refused } = split(await atOnce(10, () => t().call('setInvoice', storno)));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'not_cancellable');
    for (const e of refused) expect(e.figures).toMatchObject({ invoice_id: inv.invoice_id, state: 'cancelled' });
    expect((await stored(t(), inv.invoice_id)).cancelled_by).toBe(accepted[0]!.result.invoice_id);
    const stornos = await t().check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ? AND storno_of = ?', [t().account.accountId, inv.invoice_id]);
    expect(stornos!.n).toBe(1);
  });

  it('no payment on a cancelled invoice and no storno of a paid one: a storno and 5 payments at once → never both', async () => {
    const inv = await invoiceOf(t(), 50);
    const storno = hufInvoice(t() as unknown as TestServer, { storno_id: inv.invoice_id, items: undefined });
    const outcomes = await atOnce<CallOutcome<MethodName>>(6, (i) => (i === 3 ? t().call('setInvoice', storno) : t().call('setBalance', { invoice_id: inv.invoice_id, amount: 1 })));
    const stornoOutcome = outcomes[3]!;
    const payments = split(outcomes.filter((_, i) => i !== 3));
    const row = await stored(t(), inv.invoice_id);
    if (stornoOutcome.ok) {
      // The storno won: every payment after it was refused as on a cancelled invoice, and none before it.
      expect(payments.accepted.length).toBe(0);
      expectRefusedWith(payments.refused, 'invoice_not_payable');
      expect(row).toMatchObject({ paid: 0, cancelled_by: (stornoOutcome.result as { invoice_id: number }).invoice_id });
    } else {
      expectRefusedWith([stornoOutcome.error], 'not_cancellable');
      expect(stornoOutcome.error.figures).toMatchObject({ state: 'paid' });
      expect(row.cancelled_by).toBeNull();
      expect(row.paid).toBe(payments.accepted.length);
      expectRefusedWith(payments.refused, 'invoice_not_payable');
      expect(payments.accepted.length).toBeGreaterThan(0);
    }
    expect((await paymentsSum(t(), inv.invoice_id)).s).toBe(row.paid);
  });

  it('a proforma converted once: 10 conversions at once → 1 accepted, 9 refused proforma_converted', async () => {
    const pro = await invoiceOf(t(), 300, { proforma: 1 });
    const convert = hufInvoice(t() as unknown as TestServer, { from_proforma_id: pro.invoice_id, items: undefined });
    const { accepted, refused } = split(await atOnce(10, () => t().call('setInvoice', convert)));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'proforma_converted');
    for (const e of refused) expect(e.figures).toMatchObject({ invoice_id: pro.invoice_id, converted_to: accepted[0]!.result.invoice_id });
    expect((await stored(t(), pro.invoice_id)).converted_to).toBe(accepted[0]!.result.invoice_id);
    const converted = await t().check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ? AND from_proforma_id = ?', [t().account.accountId, pro.invoice_id]);
    expect(converted!.n).toBe(1);
  });

  it('gap-free invoice numbers per series and year: 20 invoices at once get the next 20 numbers', async () => {
    const last = async () => (await t().check.get<{ n: number }>("SELECT COALESCE(MAX(seq), 0) AS n FROM invoices WHERE account_id = ? AND series = 'SD' AND year = 2026", [t().account.accountId]))!.n;
    const before = await last();
    const { accepted, refused } = split(await atOnce(20, (i) => t().call('setInvoice', hufInvoice(t() as unknown as TestServer, { items: [item({ quantity: i + 1 })] }))));
    expect(refused).toEqual([]);
    const seqs = accepted.map((a) => Number(a.result.invoice_number.slice(-6))).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    const all = await t().check.all<{ seq: number }>("SELECT seq FROM invoices WHERE account_id = ? AND series = 'SD' AND year = 2026 ORDER BY seq", [t().account.accountId]);
    expect(all.map((r) => r.seq)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('a request_id applied once: the same setInvoice sent 8 times at once → one invoice, 8 identical answers', async () => {
    const count = async () => (await t().check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [t().account.accountId]))!.n;
    const before = await count();
    const params = hufInvoice(t() as unknown as TestServer, { request_id: `inv-twin-${t().kind.replace(/\W/g, "")}-${Date.now()}` });
    const { accepted, refused } = split(await atOnce(8, () => t().call('setInvoice', params)));
    expect(refused.map((e) => `${e.code} ${e.message}`)).toEqual([]);
    expect(new Set(accepted.map((a) => JSON.stringify(a.result))).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('money figures in refusal reasons are JSON numbers, and a message never prints a double sign', async () => {
    const inv = await invoiceOf(t(), 20);
    await t().ok('setBalance', { invoice_id: inv.invoice_id, amount: 9 });
    const body = (params: Record<string, unknown>) => encodeRequest('json', 'setBalance', params, DEMO_KEYS).body;
    const over = JSON.parse((await t().raw('/api/finance', body({ invoice_id: inv.invoice_id, amount: 12 }), 'application/json')).body);
    expect(over.error.figures).toMatchObject({ amount: 12, balance: 11 });
    const back = JSON.parse((await t().raw('/api/finance', body({ invoice_id: inv.invoice_id, amount: -11 }), 'application/json')).body);
    expect(back.error.figures).toMatchObject({ amount: -11, paid: 9 });
    expect(back.error.message).toContain('at most -9 can be reversed');
    // A paid sum below zero (written before the rule held on PostgreSQL) is told as "at most 0", never "--10".
    await t().check.run('UPDATE invoices SET paid_minor = -1000 WHERE account_id = ? AND id = ?', [t().account.accountId, inv.invoice_id]);
    const below = JSON.parse((await t().raw('/api/finance', body({ invoice_id: inv.invoice_id, amount: -1 }), 'application/json')).body);
    expect(below.error.figures).toMatchObject({ amount: -1, paid: -10 });
    expect(below.error.message).not.toMatch(/--/);
    expect(below.error.message).toContain('at most 0 can be reversed');
  });
}
