/** Extension getStockHistory: a product's ledger, newest first, keyset-paged, with the running balance; on both engines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import type { Credentials } from '@shared/protocol';
import { startTestServer, type TestServer } from '../../helpers/server';
import { orderParams, product, stock } from './fixtures';

let s: TestServer;
let other: Credentials;

beforeAll(async () => {
  s = await startTestServer();
  const now = s.clock.now();
  const account = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Másik Bt.'], now) as { account_id: number }).account_id;
  const key = await runAdmin(s.app.store, ['key', 'issue', '--account', String(account)], now) as { api_key: string };
  const session = await runAdmin(s.app.store, ['session', 'open', '--account', String(account)], now) as { session_key: string };
  other = { api_key: key.api_key, session_key: session.session_key };
});
afterAll(() => s.close());

describe('getStockHistory', () => {
  it.each(['json', 'xml'] as const)('lists every movement newest first with its balance, price, partner and document (%s)', async (format) => {
    const p = await product(s, {}, format);
    await stock(s, p, 10, { price: 1990, stock_label: 'A-01', date: '2026-11-20' });
    await stock(s, p, -2.5, { stock_label: 'A-01' });
    await stock(s, p, 4, { warehouse: 'Győr Raktár' });
    const order = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 1 }], { finalize_order: 1 }), { format });
    const invoice = await s.ok('setInvoice', {
      crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
      selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF', customer_vat_type: 'DOMESTIC', order_id: order.order_id,
    }, { format });
    const h = await s.ok('getStockHistory', { product_id: p }, { format });
    expect(h.product_id).toBe(p);
    expect(h.more).toBe(0);
    expect(h.movements.map((m) => [m.kind, m.warehouse, m.stock_label, m.quantity, m.balance])).toEqual([
      ['delivery', 'Default', 'A-01', -1, 10.5],
      ['takein', 'Győr Raktár', '', 4, 11.5],
      ['wasting', 'Default', 'A-01', -2.5, 7.5],
      ['takein', 'Default', 'A-01', 10, 10],
    ]);
    expect(h.movements[0]).toMatchObject({ order_id: order.order_id, invoice_id: invoice.invoice_id, contact_id: s.account.customerContactId });
    const first = h.movements.at(-1)!;
    expect(first).toMatchObject({ price: 1990, currency: 'HUF', contact_id: s.account.supplierContactId, date: '2026-11-20' });
    expect(first.partner).not.toBe('');
    // The newest balance is what getQuantity says the product has, over every warehouse.
    const q = await s.ok('getQuantity', { product_id: p, warehouse: '*' });
    expect(h.movements[0]!.balance).toBe(q.quantities.reduce((t, r) => t + r.deliverable, 0));
  });

  it('narrows to a warehouse and a bin, with that scope\'s balance', async () => {
    const p = await product(s);
    await stock(s, p, 5, { stock_label: 'A-01' });
    await stock(s, p, 3, { stock_label: 'B-02' });
    await stock(s, p, 7, { warehouse: 'Győr Raktár' });
    await stock(s, p, -1, { stock_label: 'A-01' });
    const wh = await s.ok('getStockHistory', { product_id: p, warehouse: 'Default' });
    expect(wh.movements.map((m) => [m.quantity, m.balance])).toEqual([[-1, 7], [3, 8], [5, 5]]);
    const bin = await s.ok('getStockHistory', { product_id: p, warehouse: 'Default', stock_label: 'A-01' }, { format: 'xml' });
    expect(bin.movements.map((m) => [m.quantity, m.balance])).toEqual([[-1, 4], [5, 5]]);
  });

  it('pages by (receipt_id, line) with a bounded page size, balances continuing across pages', async () => {
    const p = await product(s);
    for (let i = 1; i <= 7; i++) await stock(s, p, i);
    const all = (await s.ok('getStockHistory', { product_id: p })).movements;
    expect(all.map((m) => m.balance)).toEqual([28, 21, 15, 10, 6, 3, 1]);
    const seen = [];
    let page = await s.ok('getStockHistory', { product_id: p, limit: 3 });
    seen.push(...page.movements);
    while (page.more === 1) {
      const last = page.movements.at(-1)!;
      page = await s.ok('getStockHistory', { product_id: p, limit: 3, before_receipt_id: last.receipt_id, before_line: last.line }, { format: 'xml' });
      seen.push(...page.movements);
    }
    expect(seen).toEqual(all);
    const big = await s.call('getStockHistory', { product_id: p, limit: 501 });
    expect(big.ok).toBe(false);
    if (!big.ok) expect(big.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'limit' }] });
    const half = await s.call('getStockHistory', { product_id: p, before_receipt_id: all[0]!.receipt_id });
    expect(half.ok).toBe(false);
    if (!half.ok) expect(half.error.details?.[0]?.field).toBe('before_line');
    const binAlone = await s.call('getStockHistory', { product_id: p, stock_label: 'A-01' });
    expect(binAlone.ok).toBe(false);
    if (!binAlone.ok) expect(binAlone.error.message).toMatch(/name the warehouse/);
  });

  it('every page of every scope, one move each, continues the balance exactly: summed from either end of the ledger', async () => {
    // Pages near the newest move sum the newer moves, pages near the oldest the older ones (migration 12's
    // reader); a page of one move at every depth walks both, in the product, a warehouse and a bin.
    const p = await product(s);
    const places = [{}, { stock_label: 'A-01' }, { warehouse: 'Győr Raktár' }, { warehouse: 'Győr Raktár', stock_label: 'B-02' }];
    for (let i = 1; i <= 12; i++) await stock(s, p, i % 4 === 1 && i > 1 ? -1 : i + 2, places[i % places.length]);
    for (const scope of [{}, { warehouse: 'Default' }, { warehouse: 'Default', stock_label: 'A-01' }, { warehouse: 'Győr Raktár' }, { warehouse: 'Győr Raktár', stock_label: 'B-02' }]) {
      const all = (await s.ok('getStockHistory', { product_id: p, ...scope })).movements;
      let level = 0;
      for (const m of [...all].reverse()) expect(m.balance).toBe((level += m.quantity));
      const seen = [];
      let page = await s.ok('getStockHistory', { product_id: p, ...scope, limit: 1 });
      seen.push(...page.movements);
      while (page.more === 1) {
        const last = page.movements.at(-1)!;
        page = await s.ok('getStockHistory', { product_id: p, ...scope, limit: 1, before_receipt_id: last.receipt_id, before_line: last.line });
        seen.push(...page.movements);
      }
      expect(seen).toEqual(all);
    }
  });

  it("is tenant-isolated: another account's product is not found, and its own history is empty", async () => {
    const p = await product(s);
    await stock(s, p, 3);
    const r = await s.call('getStockHistory', { product_id: p }, { keys: other });
    expect(r.status).toBe(404);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'NOT_FOUND', reason: 'unknown_record' });
    const theirs = await s.ok('setProduct', { product_name: 'Más terméke', currency: 'HUF', vat: 27, unit: 'db' }, { keys: other });
    expect((await s.ok('getStockHistory', { product_id: theirs.id }, { keys: other })).movements).toEqual([]);
    const unknownWh = await s.call('getStockHistory', { product_id: p, warehouse: 'Nincs ilyen' });
    expect(unknownWh.status).toBe(404);
  });

  it('is announced in /api/health', async () => {
    const h = await s.raw('/api/health', '', undefined, 'GET');
    expect(JSON.parse(h.body).capabilities).toEqual(expect.arrayContaining(['getStockHistory', 'setTransfer']));
  });
});
