import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import type { Credentials, MethodName } from '@shared/protocol';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';
import { orderParams, product, quantities, stock } from './fixtures';

let s: TestServer;
let other: Credentials;
let otherAccount: number;
let mine: { product: number; order: number; openOrder: number; po: number; code: string };

beforeAll(async () => {
  s = await startTestServer();
  const now = s.clock.now();
  otherAccount = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Másik Bt.'], now) as { account_id: number }).account_id;
  const key = await runAdmin(s.app.store, ['key', 'issue', '--account', String(otherAccount)], now) as { api_key: string };
  const session = await runAdmin(s.app.store, ['session', 'open', '--account', String(otherAccount)], now) as { session_key: string };
  other = { api_key: key.api_key, session_key: session.session_key };
  await runAdmin(s.app.store, ['bank', 'add', '--account', String(otherAccount), '--number', '10400000-00000000-00000001'], now);
  await runAdmin(s.app.store, ['contact', 'add', '--account', String(otherAccount), '--name', 'Saját vevő'], now);
  const p = await product(s, { product_name: 'Titkos termék', item_number: 'SECRET-1' });
  await stock(s, p, 5);
  const order = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 9 }], { finalize_order: 1, order_all: 1 }));
  const openOrder = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 1 }]));
  mine = { product: p, order: order.order_id, openOrder: openOrder.order_id, po: order.purchase_order!.po_id, code: order.purchase_order!.project_code };
});
afterAll(() => s.close());

describe('tenancy', () => {
  it('a new account has its own Default warehouse and sees none of the first account', async () => {
    const w = await s.ok('getWarehouses', {}, { keys: other });
    expect(w.warehouses.map((x) => x.name)).toEqual(['Default']);
    expect((await s.ok('getProduct', { filter: '%' }, { keys: other })).products).toEqual([]);
    expect((await s.ok('getProduct', { filter: 'SECRET' }, { keys: other })).products).toEqual([]);
    const q = await s.ok('getQuantities', {}, { keys: other });
    expect(q.stock).toEqual([]);
  });

  it("cannot read or change another account's records, whatever ids it sends", async () => {
    const before = await storeChecksum(s.app.store);
    const myContact = s.account.customerContactId;
    const attempts: Array<[MethodName, Record<string, unknown>]> = [
      ['getQuantity', { product_id: mine.product, warehouse: '*' }],
      ['getOrderStatus', { order_id: mine.order }],
      ['getPO', { project_code: mine.code }],
      ['setPOTakeIn', { PO: mine.po }],
      ['setQuantity', { product_id: mine.product, quantity: -1, contact_id: myContact, warehouse: 'Default' }],
      ['setProduct', { id: mine.product, product_name: 'Ellopva', currency: 'HUF', vat: 27, unit: 'db' }],
      ['setOrderItem', { order_id: mine.openOrder, products: [{ product_id: mine.product, new_quantity: 0 }] }],
      ['setWarehouseItem', { order_id: mine.order, product_id: mine.product, quantity: 0 }],
      ['setOrder', { ...orderParams(s, [{ product_id: mine.product, quantity: 1 }]), selected_account: '10400000-00000000-00000001', id: mine.openOrder }],
      ['setProduct', { product_name: 'Készlet', currency: 'HUF', vat: 27, unit: 'db', collective_product: [{ id: mine.product, qty: 1 }] }],
    ];
    for (const [method, params] of attempts) {
      const r = await s.call(method, params, { keys: other });
      expect(r.status, method).toBe(404);
    }
    expect(await storeChecksum(s.app.store)).toBe(before);
    expect(await quantities(s, mine.product)).toMatchObject({ deliverable: 5, pending: 9 });
  });
});

describe('idempotency', () => {
  const writes = (): Array<[MethodName, () => Promise<Record<string, unknown>>]> => [
    ['setProduct', async () => ({ product_name: 'Idempotens termék', currency: 'HUF', vat: 27, unit: 'db', takein_quantity: 2 })],
    ['setQuantity', async () => ({ product_id: mine.product, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' })],
    ['setOrder', async () => orderParams(s, [{ product_id: mine.product, quantity: 1 }], { finalize_order: 1, order_all: 1 })],
    ['setOrderItem', async () => ({ order_id: (await s.ok('setOrder', orderParams(s, [{ product_id: mine.product, quantity: 1 }]))).order_id, products: [{ product_id: mine.product, new_quantity: 3 }] })],
    ['setWarehouseItem', async () => ({ order_id: (await s.ok('setOrder', orderParams(s, [{ product_id: mine.product, quantity: 1 }]))).order_id, product_id: mine.product, quantity: 2 })],
    ['setWarehouse', async () => ({ name: `Idempotens raktár ${Math.random()}` })],
    ['setPOTakeIn', async () => {
      const o = await s.ok('setOrder', orderParams(s, [{ product_id: mine.product, quantity: 1000 }], { finalize_order: 1, order_all: 1 }));
      return { PO: o.purchase_order!.po_id };
    }],
  ];

  it.each(['json', 'xml'] as const)('every write method: a repeat answers the same and changes nothing; other params are a CONFLICT (%s)', async (format) => {
    for (const [method, make] of writes()) {
      const params = { ...(await make()), request_id: `rq-${format}-${method}` };
      const first = await s.call(method, params, { format });
      expect(first.ok, method).toBe(true);
      const before = await storeChecksum(s.app.store);
      const again = await s.call(method, params, { format });
      expect(again, method).toEqual(first);
      expect(await storeChecksum(s.app.store), method).toBe(before);
      const changed = await s.call(method, { ...params, ...(method === 'setWarehouse' ? { name: 'Más név' } : differ(method)) }, { format });
      expect(changed.status, method).toBe(409);
      if (!changed.ok) expect(changed.error.details[0]!.field, method).toBe('request_id');
      expect(await storeChecksum(s.app.store), method).toBe(before);
    }
  });
});

function differ(method: MethodName): Record<string, unknown> {
  switch (method) {
    case 'setProduct': return { product_name: 'Másik név' };
    case 'setQuantity': return { quantity: 2 };
    case 'setOrder': return { order_description: 'más' };
    case 'setOrderItem': return { products: [{ product_id: mine.product, new_quantity: 4 }] };
    case 'setWarehouseItem': return { quantity: 5 };
    case 'setPOTakeIn': return { gross_weight: 3 };
    default: return {};
  }
}
