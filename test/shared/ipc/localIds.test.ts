import { describe, expect, it } from 'vitest';
import type { IpcError} from '@shared/ipc/validate';
import { validateRequest } from '@shared/ipc/validate';

const header = {
  crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-20', payment_date: '2026-11-28', fulfillment_date: '2026-11-20',
  selected_account: '11773016-11111018-00000000', contact_id: 3, currency: 'HUF', customer_vat_type: 'DOMESTIC',
};

const fails = (channel: string, payload: unknown) => {
  try {
    validateRequest(channel, payload);
  } catch (e) {
    return (e as IpcError).body;
  }
  throw new Error('expected a refusal');
};

describe('channels accept local (negative) ids where the outbox rewrites them', () => {
  it('an invoice of an order made offline keeps the order’s local id', () => {
    const { request } = validateRequest<'invoices.issue'>('invoices.issue', { invoice: { ...header, order_id: -4 } });
    expect(request.invoice.order_id).toBe(-4);
  });

  it('local product ids on order and invoice lines, local storno and proforma references', () => {
    const order = validateRequest<'orders.save'>('orders.save', {
      order: { warehouse: 'Default', shipping_aim: 'Sale', method: 'cash', issued_date: '2026-11-20', selected_account: 'x', contact_id: 3, currency: 'HUF', items: [{ product_id: -2, quantity: 1 }, { product_id: 7, quantity: '2' }] },
    });
    expect(order.request.order.items.map((i) => [i.product_id, i.quantity])).toEqual([[-2, 1], [7, 2]]);
    const inv = validateRequest<'invoices.issue'>('invoices.issue', {
      invoice: { ...header, storno_id: -9, items: [{ name: 'A', unit_price: '10', unit: 'db', quantity: -1, vat: 27, product_id: -2 }] },
    });
    expect(inv.request.invoice.storno_id).toBe(-9);
    expect(inv.request.invoice.items?.[0]?.product_id).toBe(-2);
  });

  it('everything else is checked as the protocol checks it, with field paths', () => {
    const body = fails('invoices.issue', { invoice: { ...header, order_id: -4, contact_id: 0, bogus: 1 } });
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'invoice.contact_id', message: 'must be at least 1' },
        { field: 'invoice.bogus', message: 'is not a known field; check the spelling' },
      ]),
    );
    // Zero and fractions are not ids, local or otherwise.
    expect(fails('invoices.issue', { invoice: { ...header, order_id: 0 } }).details[0]?.field).toBe('invoice.order_id');
    expect(fails('invoices.issue', { invoice: { ...header, order_id: -1.5 } }).details[0]?.field).toBe('invoice.order_id');
  });
});
