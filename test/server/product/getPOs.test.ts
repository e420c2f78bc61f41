/** Extension getPOs: the account's purchase orders, so a receiving clerk can be offered the open ones. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@server/services/finance/calendar';
import { startTestServer, type TestServer } from '../../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function backOrder(itemNumber: string, quantity: number) {
  const product = (await s.ok('getProduct', { filter: itemNumber })).products[0]!;
  const order = await s.ok('setOrder', {
    warehouse: 'Győr Raktár', shipping_aim: 'Sale', method: 'transfer', issued_date: businessDate(s.clock.now()), selected_account: s.account.bankAccount,
    contact_id: s.account.customerContactId, currency: 'HUF', finalize_order: 1, order_all: 1, items: [{ product_id: product.id, quantity }],
  });
  return order.purchase_order!;
}

describe('getPOs', () => {
  it.each(['json', 'xml'] as const)('lists open purchase orders with what is outstanding, and no longer once received (%s)', async (format) => {
    const a = await backOrder('SD-1006', 100);
    const b = await backOrder('SD-1007', 80);
    const open = await s.ok('getPOs', { status: 'open' }, { format });
    const codes = open.purchase_orders.map((p) => p.project_code);
    expect(codes).toContain(a.project_code);
    expect(codes).toContain(b.project_code);
    const row = open.purchase_orders.find((p) => p.po_id === a.po_id)!;
    expect(row.status).toBe('open');
    expect(row.warehouse).toBe('Győr Raktár');
    expect(row.outstanding).toBeGreaterThan(0);
    expect(row.supplier.name).not.toBe('');
    expect(open.more).toBe(0);
    await s.ok('setPOTakeIn', { PO: a.po_id }, { format });
    const after = await s.ok('getPOs', { status: 'open' }, { format });
    expect(after.purchase_orders.map((p) => p.po_id)).not.toContain(a.po_id);
    const received = await s.ok('getPOs', { status: 'received' }, { format });
    expect(received.purchase_orders.find((p) => p.po_id === a.po_id)).toMatchObject({ status: 'received', outstanding: 0 });
  });

  it('pages by id with after_id and refuses an unknown status', async () => {
    const all = await s.ok('getPOs', {});
    expect(all.purchase_orders.length).toBeGreaterThan(1);
    const first = all.purchase_orders[0]!.po_id;
    const rest = await s.ok('getPOs', { after_id: first });
    expect(rest.purchase_orders.map((p) => p.po_id)).toEqual(all.purchase_orders.slice(1).map((p) => p.po_id));
    const bad = await s.call('getPOs', { status: 'lost' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.details?.[0]?.field).toBe('status');
  });
});
