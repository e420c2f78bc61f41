/** Gap-free numbering per series and year, under concurrency, failures and replays. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSequence } from '@server/repos/invoiceNumbers';
import { startTestServer, type TestServer } from '../../helpers/server';
import { hufInvoice, issue, item } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const seqOf = (n: string) => Number(n.slice(-6));

describe('numbering', () => {
  it('50 concurrent setInvoice calls get 50 consecutive numbers, no gap, no duplicate', async () => {
    const before = await lastSequence(s.app.store, s.account.accountId, 'SD', 2026);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.call('setInvoice', hufInvoice(s, { items: [item({ quantity: i + 1 })] }), { format: i % 2 ? 'xml' : 'json' })),
    );
    const numbers = results.map((r) => {
      if (!r.ok) throw new Error(r.error.message);
      return r.result.invoice_number;
    });
    expect(new Set(numbers).size).toBe(50);
    for (const n of numbers) expect(n).toMatch(/^SD-2026-\d{6}$/);
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
    expect(await lastSequence(s.app.store, s.account.accountId, 'SD', 2026)).toBe(before + 50);
    const stored = (await s.app.store.all("SELECT seq FROM invoices WHERE account_id = ? AND series = 'SD' AND year = 2026 ORDER BY seq", [s.account.accountId])) as Array<{ seq: number }>;
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
  });

  it('the year comes from the issue date, and each year starts at 000001', async () => {
    s.clock.set('2027-01-03T08:00:00.000Z');
    try {
      const late = await issue(s, hufInvoice(s, { issued_date: '2026-12-31', fulfillment_date: '2026-12-31', payment_date: '2027-01-15' }));
      expect(late.invoice_number).toMatch(/^SD-2026-/);
      const first = await issue(s, hufInvoice(s, { issued_date: '2027-01-03', fulfillment_date: '2027-01-03', payment_date: '2027-01-15' }));
      expect(first.invoice_number).toBe('SD-2027-000001');
      const second = await issue(s, hufInvoice(s, { issued_date: '2027-01-03', fulfillment_date: '2027-01-03', payment_date: '2027-01-15' }));
      expect(second.invoice_number).toBe('SD-2027-000002');
    } finally {
      s.clock.set('2026-11-22T09:00:00.000Z');
    }
  });

  it('a refused request and an idempotent replay consume no number', async () => {
    const a = await issue(s, hufInvoice(s));
    expect((await s.call('setInvoice', hufInvoice(s, { items: [item({ vat: 25 })] }))).ok).toBe(false);
    expect((await s.call('setInvoice', hufInvoice(s, { contact_id: 999_999 }))).ok).toBe(false);
    const b = await issue(s, hufInvoice(s, { request_id: 'num-replay-1' }));
    const replay = await issue(s, hufInvoice(s, { request_id: 'num-replay-1' }));
    expect(replay).toEqual(b);
    const c = await issue(s, hufInvoice(s));
    expect([seqOf(b.invoice_number) - seqOf(a.invoice_number), seqOf(c.invoice_number) - seqOf(b.invoice_number)]).toEqual([1, 1]);
    const reused = await s.call('setInvoice', hufInvoice(s, { request_id: 'num-replay-1', items: [item({ quantity: 2 })] }));
    expect(reused.ok || reused.error.code).toBe('CONFLICT');
  });

  it('concurrent replays of one request_id create one invoice', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => issue(s, hufInvoice(s, { request_id: 'num-burst-1' }))));
    expect(new Set(results.map((r) => r.invoice_id)).size).toBe(1);
  });

  it('proformas have their own series and are not tax invoices', async () => {
    const p1 = await issue(s, hufInvoice(s, { proforma: 1 }));
    const p2 = await issue(s, hufInvoice(s, { proforma: 1 }), 'xml');
    expect(p1).toMatchObject({ type: 'proforma', status: 'proforma' });
    expect(p1.invoice_number).toMatch(/^PRO-2026-\d{6}$/);
    expect(seqOf(p2.invoice_number)).toBe(seqOf(p1.invoice_number) + 1);
    const inv = await issue(s, hufInvoice(s));
    expect(inv.invoice_number).toMatch(/^SD-2026-/);
  });
});

describe('configured prefixes', () => {
  it('uses config.invoicePrefix and config.proformaPrefix, for the demo documents too', async () => {
    const t = await startTestServer({ config: { invoicePrefix: 'KFT', proformaPrefix: 'DB' } });
    try {
      // The demo seeded for this server numbers its documents in the configured series, gap-free from 1.
      const { invoices } = await t.ok('getInvoices', { date_from: '2026-01-01', date_to: '2026-12-31' });
      const numbers = (proforma: boolean) => invoices.filter((i) => (i.type === 'proforma') === proforma).map((i) => i.invoice_number).sort();
      const series = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-2026-${String(i + 1).padStart(6, '0')}`);
      const demoInvoices = numbers(false);
      const demoProformas = numbers(true);
      expect(demoInvoices.length).toBeGreaterThan(0);
      expect(demoProformas.length).toBeGreaterThan(0);
      expect(demoInvoices).toEqual(series('KFT', demoInvoices.length));
      expect(demoProformas).toEqual(series('DB', demoProformas.length));
      expect(await lastSequence(t.app.store, t.account.accountId, 'SD', 2026)).toBe(0);
      expect(await lastSequence(t.app.store, t.account.accountId, 'PRO', 2026)).toBe(0);

      expect((await issue(t, hufInvoice(t))).invoice_number).toBe(series('KFT', demoInvoices.length + 1).at(-1));
      expect((await issue(t, hufInvoice(t, { proforma: 1 }))).invoice_number).toBe(series('DB', demoProformas.length + 1).at(-1));
      expect((await issue(t, hufInvoice(t, { crdr: 'received' }))).invoice_number).toBe('KFT-R-2026-000001');
    } finally {
      await t.close();
    }
  });
});
