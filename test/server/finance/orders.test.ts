/** setInvoice with order_id: the invoice ships the order in the same transaction. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSequence } from '@server/repos/invoiceNumbers';
import { storeChecksum } from '../../helpers/dbChecksum';
import { startTestServer, type TestServer } from '../../helpers/server';
import { orderParams, product, quantities, stock } from '../product/fixtures';
import { contact, hufInvoice, issue, item, NAGY } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function finalizedOrder(lines: Array<{ price: number; qty: number; vat?: number; discount?: number; vtsz?: string }>) {
  const products: number[] = [];
  for (const l of lines) {
    const p = await product(s, { list_price: l.price, vat: l.vat ?? 27, ...(l.vtsz ? { vtsz_number: l.vtsz } : {}) });
    await stock(s, p, 100);
    products.push(p);
  }
  const o = await s.ok('setOrder', orderParams(s, lines.map((l, i) => ({ product_id: products[i], quantity: l.qty, discount: l.discount ?? 0 })), { finalize_order: 1 }));
  return { orderId: o.order_id, products, totals: o.totals };
}

describe('setInvoice with order_id', () => {
  it.each(['json', 'xml'] as const)('bills the order lines, ships the order and links the invoice (%s)', async (format) => {
    const o = await finalizedOrder([{ price: 4500, qty: 12, vtsz: '8421 21 00' }, { price: 1290, qty: 10, discount: 10 }, { price: 2890, qty: 1.5, vat: 18 }]);
    const inv = await issue(s, hufInvoice(s, { order_id: o.orderId, items: undefined }), format);
    // 54000/14580, 11610/3134.7→3135, 4335/780.3→780
    expect(inv.totals).toEqual({ net: 69945, vat: 18495, gross: 88440 });
    expect(inv.totals).toMatchObject(o.totals);
    const record = await s.ok('getInvoice', { invoice_id: inv.invoice_id }, { format });
    expect(record.order_id).toBe(o.orderId);
    expect(record.items.map((l) => [l.product_id, l.quantity, l.unit_price, l.discount, l.vat, l.net])).toEqual([
      [o.products[0], 12, 4500, 0, 27, 54000], [o.products[1], 10, 1290, 10, 27, 11610], [o.products[2], 1.5, 2890, 0, 18, 4335],
    ]);
    expect(record.items[0]!.vtsz_number).toBe('8421 21 00');
    const st = await s.ok('getOrderStatus', { order_id: o.orderId });
    expect(st).toMatchObject({ status: 'shipped', payment_status: 'unpaid', invoice_ids: [inv.invoice_id] });
    expect(await quantities(s, o.products[0]!)).toMatchObject({ deliverable: 88, pending: 0 });
    await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 440 });
    expect((await s.ok('getOrderStatus', { order_id: o.orderId })).payment_status).toBe('partially_paid');
    const again = await s.call('setInvoice', hufInvoice(s, { order_id: o.orderId, items: undefined }));
    expect(again.ok || again.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already shipped/) });
  });

  it('accepts items that bill exactly the order, and refuses others without shipping anything', async () => {
    const o = await finalizedOrder([{ price: 1000, qty: 2 }]);
    const before = await storeChecksum(s.app.store);
    const wrong = await s.call('setInvoice', hufInvoice(s, { order_id: o.orderId, items: [item({ product_id: o.products[0], quantity: 1 })] }));
    expect(wrong.ok || wrong.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'items' }] });
    const other = await s.call('setInvoice', hufInvoice(s, { order_id: o.orderId, contact_id: contact(s, NAGY) }));
    expect(other.ok || other.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'contact_id' }] });
    expect(await storeChecksum(s.app.store)).toBe(before);
    const ok = await issue(s, hufInvoice(s, { order_id: o.orderId, items: [item({ name: 'Csavar, saját megnevezéssel', product_id: o.products[0], quantity: 2 })] }));
    expect(ok.totals.gross).toBe(2540);
  });

  it('an order that cannot ship leaves no invoice and no used number', async () => {
    const p = await product(s, { list_price: 10 });
    await stock(s, p, 1);
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 5 }]));
    const seq = await lastSequence(s.app.store, s.account.accountId, 'SD', 2026);
    const before = await storeChecksum(s.app.store);
    const r = await s.call('setInvoice', hufInvoice(s, { order_id: o.order_id, items: undefined }));
    expect(r.ok || r.error.code).toBe('CONFLICT');
    expect(await storeChecksum(s.app.store)).toBe(before);
    expect(await lastSequence(s.app.store, s.account.accountId, 'SD', 2026)).toBe(seq);
  });

  it('order_id must be an order of the account; proformas and received invoices do not ship', async () => {
    expect((await s.call('setInvoice', hufInvoice(s, { order_id: 999_999, items: undefined }))).status).toBe(404);
    const o = await finalizedOrder([{ price: 10, qty: 1 }]);
    const pro = await s.call('setInvoice', hufInvoice(s, { order_id: o.orderId, proforma: 1 }));
    expect(pro.ok || pro.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'order_id' }] });
    const rec = await s.call('setInvoice', hufInvoice(s, { order_id: o.orderId, crdr: 'received' }));
    expect(rec.ok || rec.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'crdr' }] });
    expect((await s.ok('getOrderStatus', { order_id: o.orderId })).status).toBe('finalized');
  });
});
