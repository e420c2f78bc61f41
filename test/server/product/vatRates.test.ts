/**
 * A Hungarian account's VAT rates (27, 18, 5, 0) enforced through the real HTTP API on products,
 * order lines (which take their product's rate) and the invoices it issues: any other rate is
 * VALIDATION_ERROR with reason vat_rate_not_allowed naming the allowed rates, and nothing is stored.
 * The server's state is read back by SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { hufInvoice, item } from '../finance/fixtures';
import { orderParams, product } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const FORMATS = ['json', 'xml'] as const;
const stored = async (name: string) =>
  (await s.app.store.all<{ id: number; vat: string }>('SELECT id, vat FROM products WHERE account_id = ? AND product_name = ?', [s.account.accountId, name]))
    .map((r) => ({ id: Number(r.id), vat: Number(r.vat) }));
const count = async (table: string) => Number((await s.app.store.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE account_id = ?`, [s.account.accountId]))!.n);

describe('VAT rates of a Hungarian account', () => {
  it.each(FORMATS)('setProduct with VAT 23 is refused naming the allowed rates; nothing is stored (%s)', async (format) => {
    const name = `Szerszámkészlet 23 ${format}`;
    const r = await s.call('setProduct', { product_name: name, currency: 'HUF', vat: 23, unit: 'db' }, { format });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ code: 'VALIDATION_ERROR', reason: 'vat_rate_not_allowed', figures: { rate: 23, allowed: '27, 18, 5, 0', country: 'HU', field: 'vat' } });
    expect(r.error.details).toEqual([{ field: 'vat', message: expect.stringContaining('27, 18, 5 or 0') }]);
    expect(await stored(name)).toEqual([]);
  });

  it.each([27, 18, 5, 0])('setProduct with VAT %i is stored', async (vat) => {
    const name = `Kulcs ${vat}`;
    await s.ok('setProduct', { product_name: name, currency: 'HUF', vat, unit: 'db' });
    expect((await stored(name)).map((p) => p.vat)).toEqual([vat]);
  });

  it('an update to VAT 23 is refused and the product keeps its rate', async () => {
    const id = await product(s, { product_name: 'Csempevágó', vat: 27 });
    const r = await s.call('setProduct', { id, product_name: 'Csempevágó', currency: 'HUF', vat: 23, unit: 'db' });
    expect(r.ok ? undefined : r.error.reason).toBe('vat_rate_not_allowed');
    expect(await stored('Csempevágó')).toEqual([{ id, vat: 27 }]);
  });

  it('an order line takes its product’s rate: a product at 23 % from before the rule cannot be ordered (setOrder, setOrderItem)', async () => {
    const legacy = await product(s, { product_name: 'Régi import 23', list_price: 1000 });
    await s.app.store.run("UPDATE products SET vat = '23' WHERE account_id = ? AND id = ?", [s.account.accountId, legacy]);
    const fine = await product(s, { product_name: 'Rendes termék', list_price: 1000 });
    const ordersBefore = await count('orders');
    const r = await s.call('setOrder', orderParams(s, [{ product_id: fine, quantity: 1 }, { product_id: legacy, quantity: 1 }]));
    expect(r.ok ? undefined : r.error).toMatchObject({
      code: 'VALIDATION_ERROR', reason: 'vat_rate_not_allowed',
      figures: { rate: 23, allowed: '27, 18, 5, 0', country: 'HU', field: 'items[1].product_id', product_id: legacy, product_name: 'Régi import 23' },
    });
    expect(await count('orders')).toBe(ordersBefore);
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: fine, quantity: 1 }]));
    const add = await s.call('setOrderItem', { order_id: o.order_id, products: [{ product_id: legacy, new_quantity: 2 }] });
    expect(add.ok ? undefined : add.error).toMatchObject({ reason: 'vat_rate_not_allowed', figures: { product_id: legacy, field: 'products[0].product_id' } });
    const lines = await s.app.store.all<{ product_id: number }>('SELECT product_id FROM order_items WHERE order_id = ?', [o.order_id]);
    expect(lines.map((l) => Number(l.product_id))).toEqual([fine]);
  });

  it.each(FORMATS)('an invoice we issue with a line at VAT 23 is refused with vat_rate_not_allowed on that line; nothing is issued (%s)', async (format) => {
    const before = await count('invoices');
    const r = await s.call('setInvoice', hufInvoice(s, { items: [item(), item({ vat: 23 })] }), { format });
    expect(r.ok ? undefined : r.error).toMatchObject({
      code: 'VALIDATION_ERROR', reason: 'vat_rate_not_allowed', figures: { rate: 23, allowed: '27, 18, 5, 0', country: 'HU', field: 'items[1].vat' },
    });
    expect(await count('invoices')).toBe(before);
  });

  it('a registered supplier invoice keeps any rate (a German supplier’s 19 %)', async () => {
    const r = await s.ok('setInvoice', hufInvoice(s, { crdr: 'received', items: [item({ vat: 19 })] }));
    expect(r.invoice_id).toBeGreaterThan(0);
  });
});
