/** The hand-over to the finance area: an order invoiced with setInvoice order_id ships, and its payment status follows the invoice. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelMismatches } from '@server/repos/stock';
import { startTestServer, type TestServer } from '../../helpers/server';
import { orderParams, product, quantities, stock } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('an order through invoicing and payment', () => {
  it.each(['json', 'xml'] as const)('ships on setInvoice order_id and reports payment status (%s)', async (format) => {
    const a = await product(s, { list_price: 1000, vat: 27 });
    await stock(s, a, 10, { stock_label: 'A-01' });
    const order = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 4 }], { finalize_order: 1 }), { format });
    expect((await s.ok('getOrderStatus', { order_id: order.order_id }, { format })).payment_status).toBe('not_invoiced');
    const invoice = await s.ok('setInvoice', {
      crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
      selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF', customer_vat_type: 'DOMESTIC', order_id: order.order_id,
    }, { format });
    const invoiceId = invoice.invoice_id;
    let st = await s.ok('getOrderStatus', { order_id: order.order_id }, { format });
    expect(st).toMatchObject({ status: 'shipped', payment_status: 'unpaid', invoice_ids: [invoiceId], shipment: { status: 'shipped', shipped_date: '2026-11-22' } });
    expect(st.shipment.items).toEqual([{ product_id: a, quantity: 4, shipped: 4 }]);
    expect(await quantities(s, a)).toMatchObject({ deliverable: 6, pending: 0, available: 6 });
    await s.ok('setBalance', { invoice_id: invoiceId, amount: 1000 }, { format });
    st = await s.ok('getOrderStatus', { order_id: order.order_id }, { format });
    expect(st.payment_status).toBe('partially_paid');
    await s.ok('setBalance', { invoice_id: invoiceId, amount: 4080 }, { format });
    st = await s.ok('getOrderStatus', { order_id: order.order_id }, { format });
    expect(st.payment_status).toBe('paid');
    const twice = await s.call('setInvoice', {
      crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
      selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF', customer_vat_type: 'DOMESTIC', order_id: order.order_id,
    }, { format });
    expect(twice.status).toBe(409);
    expect(await levelMismatches(s.app.store)).toEqual([]);
  });
});
