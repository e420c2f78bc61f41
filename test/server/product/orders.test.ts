import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipOrderForInvoice } from '@server/services/product/orders';
import { levelMismatches } from '@server/repos/stock';
import { startTestServer, type TestServer } from '../../helpers/server';
import { orderParams, product, quantities, stock, warehouse } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const FORMATS = ['json', 'xml'] as const;

describe('setOrder', () => {
  it.each(FORMATS)('saves an open order with list prices, discounts and exact totals (%s)', async (format) => {
    const a = await product(s, { list_price: 1000, vat: 27 });
    const b = await product(s, { list_price: 333.33, vat: 5, currency: 'HUF' });
    const r = await s.ok('setOrder', orderParams(s, [
      { product_id: a, quantity: 3, discount: 10 },
      { product_id: b, quantity: 1.5, custom_price: 200 },
    ]), { format });
    expect(r.status).toBe('open');
    expect(r.warehouse).toBe('Default');
    // 3 × 1000 × 0.9 = 2700 (VAT 729); 1.5 × 200 = 300 (VAT 15)
    expect(r.totals).toMatchObject({ net: 3000, vat: 744, gross: 3744 });
    const st = await s.ok('getOrderStatus', { order_id: r.order_id }, { format });
    expect(st).toMatchObject({ order_id: r.order_id, status: 'open', payment_status: 'not_invoiced', currency: 'HUF', invoice_ids: [] });
    expect(st.shipment.items).toEqual([{ product_id: a, quantity: 3, shipped: 0 }, { product_id: b, quantity: 1.5, shipped: 0 }]);
    expect((await quantities(s, a)).pending).toBe(0);
  });

  it('finalizes, reserves, and ships for an invoice', async () => {
    const a = await product(s);
    await stock(s, a, 10);
    const r = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 4 }], { finalize_order: 1 }));
    expect(r.status).toBe('finalized');
    expect(await quantities(s, a)).toMatchObject({ deliverable: 10, pending: 4, available: 6 });
    const shipped = s.app.db.transaction(() => shipOrderForInvoice(s.app.db, s.account.accountId, r.order_id, 777, s.clock.now()))();
    expect(shipped.items).toEqual([{ productId: a, quantity: 4, unitPrice: '1000', discount: '0', vat: '27', name: expect.any(String), unit: 'db' }]);
    expect(await quantities(s, a)).toMatchObject({ deliverable: 6, pending: 0, available: 6 });
    const st = await s.ok('getOrderStatus', { order_id: r.order_id });
    expect(st.status).toBe('shipped');
    expect(st.shipment).toMatchObject({ status: 'shipped', shipped_date: '2026-11-22' });
    expect(() => shipOrderForInvoice(s.app.db, s.account.accountId, r.order_id, 778, s.clock.now())).toThrow(/already shipped/);
    expect(levelMismatches(s.app.db)).toEqual([]);
  });

  it('refuses to finalize beyond availability, naming the product', async () => {
    const a = await product(s, { product_name: 'Csavarhúzó' });
    await stock(s, a, 2);
    const r = await s.call('setOrder', orderParams(s, [{ product_id: a, quantity: 5 }], { finalize_order: 1 }));
    expect(r.status).toBe(409);
    if (!r.ok) expect(r.error.message).toMatch(/Csavarhúzó.*5 ordered, 2 available/);
  });

  it('back-orders with order_all and receives the purchase order', async () => {
    const a = await product(s);
    await stock(s, a, 2);
    const w = await warehouse(s, `BO ${Date.now()}`);
    expect(w).toBeGreaterThan(0);
    const r = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 5 }], { finalize_order: 1, order_all: 1 }));
    expect(r.purchase_order?.project_code).toMatch(/^PO-2026-\d{6}$/);
    const po = await s.ok('getPO', { project_code: r.purchase_order!.project_code });
    expect(po).toMatchObject({ status: 'open', supplier: { contact_id: s.account.supplierContactId }, lines: [{ product_id: a, quantity: 3, received_quantity: 0 }] });
    const rec = await s.ok('setPOTakeIn', { PO: po.po_id });
    expect(rec.status).toBe('received');
    expect(await quantities(s, a)).toMatchObject({ deliverable: 5, pending: 5, available: 0 });
    const again = await s.call('setPOTakeIn', { PO: po.po_id });
    expect(again.status).toBe(409);
  });
});
