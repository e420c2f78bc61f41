/**
 * A storno of an invoice issued from an order undoes what that invoice did in the product area:
 * the delivered stock comes back (label by label) and the order is open again, so it can be
 * invoiced anew without taking the goods out twice. An invoice that moved no stock changes none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { orderParams, product, quantities, stock } from '../product/fixtures';
import { hufInvoice, issue } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const storno = (invoiceId: number) => hufInvoice(s, { storno_id: invoiceId, items: undefined });

describe('storno of an invoice issued from an order', () => {
  it('returns the delivered stock to its labels, reopens the order, and the order can be invoiced again', async () => {
    const screw = await product(s, { list_price: 100 });
    await stock(s, screw, 3);
    await stock(s, screw, 5, { stock_label: 'A-12' });
    const fitting = await product(s, { list_price: 5000, service: 1 });
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: screw, quantity: 6 }, { product_id: fitting, quantity: 1 }], { finalize_order: 1 }));
    const labels = async () => (await s.ok('getQuantities', { product_ids: [screw] })).stock.map((l) => [l.warehouse, l.stock_label, l.deliverable]);
    const before = await labels();
    expect(before).toEqual([['Default', '', 3], ['Default', 'A-12', 5]]);

    const inv = await issue(s, hufInvoice(s, { order_id: o.order_id, items: undefined }));
    expect(await quantities(s, screw)).toMatchObject({ deliverable: 2, pending: 0 });
    expect(await s.ok('getOrderStatus', { order_id: o.order_id })).toMatchObject({ status: 'shipped', invoice_ids: [inv.invoice_id] });

    const st = await issue(s, storno(inv.invoice_id));
    expect(st.notes).toEqual([
      expect.stringMatching(new RegExp(`stock delivered with ${inv.invoice_number} was returned to the warehouse \\(receipt \\d+\\)`)),
      `Order ${o.order_id} is open again and can be corrected and invoiced anew.`,
    ]);
    expect(await labels()).toEqual(before);
    expect(await quantities(s, screw)).toMatchObject({ deliverable: 8, pending: 0 });
    expect(await s.ok('getOrderStatus', { order_id: o.order_id })).toMatchObject({ status: 'open', payment_status: 'not_invoiced', invoice_ids: [] });
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id })).status).toBe('cancelled');

    // The order is billable again and ships once more: the goods leave the stock once per live invoice.
    const again = await issue(s, hufInvoice(s, { order_id: o.order_id, items: undefined }));
    expect(again.totals).toEqual(inv.totals);
    expect(await quantities(s, screw)).toMatchObject({ deliverable: 2 });
    expect(await s.ok('getOrderStatus', { order_id: o.order_id })).toMatchObject({ status: 'shipped', invoice_ids: [again.invoice_id] });
  });

  it('an order with services only is reopened without any stock receipt', async () => {
    const work = await product(s, { list_price: 8000, service: 1 });
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: work, quantity: 2 }], { finalize_order: 1 }));
    const inv = await issue(s, hufInvoice(s, { order_id: o.order_id, items: undefined }));
    const st = await issue(s, storno(inv.invoice_id));
    expect(st.notes).toEqual([`Order ${o.order_id} is open again and can be corrected and invoiced anew.`]);
    expect((await s.ok('getOrderStatus', { order_id: o.order_id })).status).toBe('open');
  });

  it('an invoice not issued from an order changes no stock and no order', async () => {
    const screw = await product(s, { list_price: 100 });
    await stock(s, screw, 4);
    const inv = await issue(s, hufInvoice(s, { items: [{ name: 'Csavar', product_id: screw, unit: 'db', quantity: 3, unit_price: 100, vat: 27 }] }));
    const st = await issue(s, storno(inv.invoice_id));
    expect(st.notes).toEqual([]);
    expect(await quantities(s, screw)).toMatchObject({ deliverable: 4 });
  });
});
