import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../helpers/pdfText';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

describe('invoices issued offline', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  beforeAll(async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 2, s.clock.now(), { stockEvery: 1 });
    c = await startTestCore(s);
  });
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  const invoice = () => ({
    crdr: 'outgoing' as const, method: 'transfer' as const, issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
    selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF' as const, customer_vat_type: 'DOMESTIC' as const,
    language: 'hu_HU' as const,
    items: [
      { name: 'Szűrőbetét', unit_price: 1234.5, unit: 'db', quantity: 3, vat: 27, discount: 10, product_id: ids[0]! },
      { name: 'Szállítás', unit_price: 2000, unit: 'alk', quantity: 1, vat: 27, discount: 0 },
    ],
  });

  it('gets a draft preview at once, a number and the real PDF once synced, and pays offline', async () => {
    c.net.offline = true;
    const { id } = await c.ok('invoices.issue', { invoice: invoice() });
    expect(id).toBeLessThan(0);
    const [row] = await c.ok('invoices.list', { dateFrom: '2026-11-01', dateTo: '2026-11-30' });
    // 3 × 1234.5 − 10 % = 3333.15 → 3333 net, 900 VAT; + 2000 net, 540 VAT: HUF rounds per line.
    expect(row).toMatchObject({ id, local: true, serverId: null, invoiceNumber: null, total: 6773, balance: 6773 });
    // Sent once and failed (the core learns it is offline from the failure), or not tried yet.
    expect(['queued', 'retry_wait']).toContain(row!.outboxState);
    const draft = await c.ok('invoices.pdf', { id });
    expect(draft.draft).toBe(true);
    const text = (await extractPdfText(Buffer.from(draft.pdf, 'base64'))).text;
    expect(text).toContain('PISZKOZAT');
    expect(text).toContain('Kovács és Fiú Kft.');
    expect(text.replace(/\s/g, '')).toContain('6773');
    const pay = await c.ok('invoices.pay', { id, amount: 1000 });
    expect((await c.ok('invoices.get', { id }))!.row.balance).toBe(5773);

    await c.sync();
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    const synced = (await c.ok('invoices.get', { id }))!;
    expect(synced.row).toMatchObject({ local: false, total: 6773, balance: 5773, status: 'partially_paid', outboxState: null });
    expect(synced.row.invoiceNumber).toMatch(/^SD-2026-\d+$/);
    expect(synced.detail?.invoice_number).toBe(synced.row.invoiceNumber);
    expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(pay.entryId);
    const server = await s.ok('getInvoice', { invoice_id: synced.row.serverId! });
    expect(server).toMatchObject({ total: 6773, balance: 5773 });

    const real = await c.ok('invoices.pdf', { id });
    expect(real.draft).toBe(false);
    const realText = (await extractPdfText(Buffer.from(real.pdf, 'base64'))).text;
    expect(realText).toContain(synced.row.invoiceNumber!);
    expect(realText).not.toContain('PISZKOZAT');
    // Cached: offline it is still there.
    c.net.offline = true;
    expect((await c.ok('invoices.pdf', { id: synced.row.serverId! })).pdf).toBe(real.pdf);
    c.net.offline = false;
  });

  it('answers OFFLINE for calls only the server can answer while offline', async () => {
    c.net.offline = true;
    await c.sync();
    const po = await c.call('po.get', { projectCode: 'X' });
    expect(po).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
    const letter = await c.call('dues.letter', { contactId: s.account.customerContactId, language: 'hu_HU' });
    expect(letter).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
    c.net.offline = false;
  });

  it('a storno of an invoice made offline waits for it and refers to its server id', async () => {
    c.net.offline = true;
    await c.sync();
    const { id } = await c.ok('invoices.issue', { invoice: invoice() });
    const storno = await c.ok('invoices.storno', { id });
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    const orig = (await c.ok('invoices.get', { id }))!.row;
    const st = (await c.ok('invoices.get', { id: storno.id }))!.row;
    expect(st).toMatchObject({ type: 'storno', local: false, total: -6773 });
    const server = await s.ok('getInvoice', { invoice_id: st.serverId! });
    expect(server.storno_of).toBe(orig.serverId);
    expect(orig.status).toBe('cancelled');
  });

  /** Methods the core sent during one sync, to tell a refresh from a scheduled pull. */
  const methodsDuring = async (f: () => Promise<void>) => {
    const from = c.net.calls.length;
    await f();
    return c.net.calls.slice(from).map((x) => x.method);
  };

  it('a storno sent from the outbox shows its original cancelled after the same sync, header and cached detail', async () => {
    const { id } = await c.ok('invoices.issue', { invoice: invoice() });
    await c.sync();
    const before = (await c.ok('invoices.get', { id }))!;
    expect(before.row).toMatchObject({ local: false, status: 'unpaid' });
    expect(before.detail?.status).toBe('unpaid');
    const storno = await c.ok('invoices.storno', { id });
    const sent = await methodsDuring(() => c.sync());
    // No pull ran: the refresh comes from the storno's own replay.
    expect(sent).not.toContain('getInvoices');
    const after = (await c.ok('invoices.get', { id }))!;
    const st = (await c.ok('invoices.get', { id: storno.id }))!.row;
    expect(after.row.status).toBe('cancelled');
    expect(after.detail).toMatchObject({ status: 'cancelled', cancelled_by: st.serverId });
    expect(after.row.status).toBe((await s.ok('getInvoice', { invoice_id: after.row.serverId! })).status);
  });

  it('a payment sent from the outbox refreshes the balance and the cached payment list in the same sync', async () => {
    const { id } = await c.ok('invoices.issue', { invoice: invoice() });
    await c.sync();
    expect((await c.ok('invoices.get', { id }))!.detail?.payments).toEqual([]);
    await c.ok('invoices.pay', { id, amount: 1000, note: 'first' });
    await c.ok('invoices.pay', { id, amount: 773, note: 'second' });
    const sent = await methodsDuring(() => c.sync());
    expect(sent).not.toContain('getInvoices');
    const after = (await c.ok('invoices.get', { id }))!;
    expect(after.row).toMatchObject({ balance: 5000, status: 'partially_paid', outboxState: null });
    expect(after.detail).toMatchObject({ balance: 5000, status: 'partially_paid' });
    expect(after.detail!.payments.map((p) => [p.amount, p.note])).toEqual([[1000, 'first'], [773, 'second']]);
    const server = await s.ok('getInvoice', { invoice_id: after.row.serverId! });
    expect(after.detail!.payments).toEqual(server.payments);
  });
});
