import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipOrderForInvoice } from '@server/services/product/orders';
import { businessDate } from '@server/services/finance/calendar';
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
    const shipped = await s.app.store.transaction(async (tx) => await shipOrderForInvoice(tx, s.account.accountId, r.order_id, 777, s.clock.now(), businessDate(s.clock.now())));
    expect(shipped.items).toEqual([{ productId: a, quantity: 4, unitPrice: '1000', discount: '0', vat: '27', name: expect.any(String), unit: 'db' }]);
    expect(await quantities(s, a)).toMatchObject({ deliverable: 6, pending: 0, available: 6 });
    const st = await s.ok('getOrderStatus', { order_id: r.order_id });
    expect(st.status).toBe('shipped');
    expect(st.shipment).toMatchObject({ status: 'shipped', shipped_date: '2026-11-22' });
    await expect(shipOrderForInvoice(s.app.store, s.account.accountId, r.order_id, 778, s.clock.now(), businessDate(s.clock.now()))).rejects.toThrow(/already shipped/);
    expect(await levelMismatches(s.app.store)).toEqual([]);
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

describe('setOrder rules', () => {
  it('checks the header: contact, bank account, fx_rate, custom fields, products, prices', async () => {
    const a = await product(s);
    const eur = await product(s, { currency: 'EUR', list_price: 10 });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ contact_id: 424242 }, 404, 'contact_id'],
      [{ selected_account: '11773016-99999999-00000000' }, 400, 'selected_account'],
      [{ currency: 'EUR' }, 400, 'fx_rate'],
      [{ currency: 'EUR', fx_rate: 0 }, 400, 'fx_rate'],
      [{ fx_rate: 395 }, 400, 'fx_rate'],
      [{ custom_fields: { Ismeretlen: 'x' } }, 400, 'custom_fields.Ismeretlen'],
      [{ items: [{ product_id: 999999, quantity: 1 }] }, 404, 'items[0].product_id'],
      [{ items: [{ product_id: eur, quantity: 1 }] }, 400, 'items[0].custom_price'],
      [{ items: [{ product_id: a, quantity: 1 }, { product_id: a, quantity: 2 }] }, 400, 'items[1].product_id'],
      [{ warehouse: 'Nincs ilyen raktár' }, 404, 'warehouse'],
      [{ language: 'fr_FR' }, 400, 'language'],
      [{ shipping_aim: 'Gift' }, 400, 'shipping_aim'],
      [{ method: 'barter' }, 400, 'method'],
      [{ issued_date: '2026-02-30' }, 400, 'issued_date'],
      [{ items: [] }, 400, 'items'],
    ];
    for (const [over, status, field] of cases) {
      const r = await s.call('setOrder', { ...orderParams(s, [{ product_id: a, quantity: 1 }]), ...over });
      expect(r.status, JSON.stringify(over)).toBe(status);
      if (!r.ok) expect(r.error.details[0]?.field, JSON.stringify(over)).toBe(field);
    }
    const ok = await s.ok('setOrder', orderParams(s, [{ product_id: eur, quantity: 2, discount: 50 }], { currency: 'EUR', fx_rate: 400, custom_fields: { Megjegyzes: 'sürgős' }, language: 'de_DE', selected_account: 'HU42117730161111101800000000' }));
    expect(ok.totals).toEqual({ net: 10, vat: 2.7, gross: 12.7, net_huf: 4000, vat_huf: 1080, gross_huf: 5080 });
  });

  it('picks a warehouse for * that can serve every item, else CONFLICT, else Default with order_all', async () => {
    const a = await product(s);
    const name = `Csillag ${Date.now()}`;
    await warehouse(s, name);
    await stock(s, a, 3, { warehouse: name });
    const r = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 2 }], { warehouse: '*', finalize_order: 1 }), { format: 'xml' });
    expect(r.warehouse).toBe(name);
    const none = await s.call('setOrder', orderParams(s, [{ product_id: a, quantity: 5 }], { warehouse: '*' }));
    expect(none.status).toBe(409);
    const bo = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 5 }], { warehouse: '*', finalize_order: 1, order_all: 1 }));
    expect(bo.warehouse).toBe('Default');
    expect(bo.purchase_orders).toHaveLength(1);
  });

  it('changes only open orders by id; unknown ids are NOT_FOUND; proposals are their own status', async () => {
    const a = await product(s);
    await stock(s, a, 5);
    const open = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 1 }]));
    const changed = await s.ok('setOrder', { ...orderParams(s, [{ product_id: a, quantity: 2 }], { finalize_order: 1 }), id: open.order_id }, { format: 'xml' });
    expect(changed).toMatchObject({ order_id: open.order_id, status: 'finalized', totals: { net: 2000 } });
    const again = await s.call('setOrder', { ...orderParams(s, [{ product_id: a, quantity: 3 }]), id: open.order_id });
    expect(again.status).toBe(409);
    const unknown = await s.call('setOrder', { ...orderParams(s, [{ product_id: a, quantity: 3 }]), id: 987654 });
    expect(unknown.status).toBe(404);
    const proposal = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 100 }], { finalize_order: 2 }));
    expect(proposal.status).toBe('proposal');
    expect((await quantities(s, a)).pending).toBe(2);
    await expect(shipOrderForInvoice(s.app.store, s.account.accountId, proposal.order_id, 1, s.clock.now(), businessDate(s.clock.now()))).rejects.toThrow(/proposal/);
  });

  it('ships an open order straight from available stock, and refuses when it is short', async () => {
    const a = await product(s);
    await stock(s, a, 2);
    const open = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 3 }]));
    await expect(shipOrderForInvoice(s.app.store, s.account.accountId, open.order_id, 5, s.clock.now(), businessDate(s.clock.now()))).rejects.toThrow(/cannot be shipped/);
    await stock(s, a, 1, { stock_label: 'Z-9' });
    const shipped = await s.app.store.transaction(async (tx) => await shipOrderForInvoice(tx, s.account.accountId, open.order_id, 5, s.clock.now(), businessDate(s.clock.now())));
    expect(shipped.items[0]!.quantity).toBe(3);
    expect(await quantities(s, a)).toMatchObject({ deliverable: 0 });
    await expect(shipOrderForInvoice(s.app.store, 999, open.order_id, 5, s.clock.now(), businessDate(s.clock.now()))).rejects.toThrow(/does not exist/);
    expect(await levelMismatches(s.app.store)).toEqual([]);
  });
});

describe('setOrderItem', () => {
  it.each(FORMATS)('sets, adds at list price and removes lines of an open order (%s)', async (format) => {
    const a = await product(s, { list_price: 100 });
    const b = await product(s, { list_price: 250, vat: 5 });
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 1 }]));
    const r = await s.ok('setOrderItem', { order_id: o.order_id, products: [{ product_id: a, new_quantity: 4 }, { product_id: b, new_quantity: 2 }] }, { format });
    expect(r.items).toEqual([{ product_id: a, quantity: 4 }, { product_id: b, quantity: 2 }]);
    expect(r.totals).toEqual({ net: 900, vat: 133, gross: 1033 });
    const removed = await s.ok('setOrderItem', { order_id: o.order_id, products: [{ product_id: a, new_quantity: 0 }] }, { format });
    expect(removed.items).toEqual([{ product_id: b, quantity: 2 }]);
    const status = await s.ok('getOrderStatus', { order_id: o.order_id }, { format });
    expect(status.totals.net).toBe(500);
  });

  it('refuses closed orders and unknown ids', async () => {
    const a = await product(s);
    await stock(s, a, 1);
    const fin = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 1 }], { finalize_order: 1 }));
    expect((await s.call('setOrderItem', { order_id: fin.order_id, products: [{ product_id: a, new_quantity: 2 }] })).status).toBe(409);
    expect((await s.call('setOrderItem', { order_id: 987654, products: [{ product_id: a, new_quantity: 2 }] })).status).toBe(404);
    const open = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 1 }]));
    const bad = await s.call('setOrderItem', { order_id: open.order_id, products: [{ product_id: 987654, new_quantity: 2 }] });
    expect(bad.status).toBe(404);
    if (!bad.ok) expect(bad.error.details[0]!.field).toBe('products[0].product_id');
  });
});

describe('setWarehouseItem', () => {
  it.each(FORMATS)('sets a line and its allocation from the order warehouse (%s)', async (format) => {
    const a = await product(s);
    await stock(s, a, 10);
    const fin = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 2 }], { finalize_order: 1 }));
    const r = await s.ok('setWarehouseItem', { order_id: fin.order_id, product_id: a, quantity: 6 }, { format });
    expect(r).toEqual({ order_id: fin.order_id, product_id: a, warehouse: 'Default', quantity: 6 });
    expect(await quantities(s, a)).toMatchObject({ pending: 6, available: 4 });
    const tooMuch = await s.call('setWarehouseItem', { order_id: fin.order_id, product_id: a, quantity: 11 }, { format });
    expect(tooMuch.status).toBe(409);
    await s.ok('setWarehouseItem', { order_id: fin.order_id, product_id: a, quantity: 0 }, { format });
    expect(await quantities(s, a)).toMatchObject({ pending: 0, available: 10 });
    const open = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 1 }]));
    await s.ok('setWarehouseItem', { order_id: open.order_id, product_id: a, quantity: 3 }, { format });
    expect((await quantities(s, a)).pending).toBe(0);
    expect((await s.call('setWarehouseItem', { order_id: 987654, product_id: a, quantity: 1 }, { format })).status).toBe(404);
  });
});

describe('getOrderStatus', () => {
  it.each(FORMATS)('answers NOT_FOUND for unknown orders (%s)', async (format) => {
    const r = await s.call('getOrderStatus', { order_id: 987654 }, { format });
    expect(r.status).toBe(404);
    if (!r.ok) expect(r.error.code).toBe('NOT_FOUND');
  });
});

describe('purchase orders', () => {
  it.each(FORMATS)('splits back-orders per supplier with unique project codes and receives them once (%s)', async (format) => {
    const a = await product(s);
    const b = await product(s);
    const polish = s.account.contactIds['Polska Hurtownia Sp. z o.o.']!;
    await stock(s, a, 1);
    await stock(s, b, 1, { contact_id: polish });
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: 3 }, { product_id: b, quantity: 4 }], { finalize_order: 1, order_all: 1 }), { format });
    expect(o.purchase_orders).toHaveLength(2);
    const codes = o.purchase_orders!.map((p) => p.project_code);
    expect(new Set(codes).size).toBe(2);
    const pos = await Promise.all(codes.map((project_code) => s.ok('getPO', { project_code }, { format })));
    expect(pos.map((p) => p.supplier.contact_id).sort()).toEqual([s.account.supplierContactId, polish].sort());
    expect(pos.flatMap((p) => p.lines.map((l) => [l.product_id, l.quantity]))).toEqual(expect.arrayContaining([[a, 2], [b, 3]]));
    expect(pos[0]).toMatchObject({ order_id: o.order_id, warehouse: 'Default', status: 'open', receipts: [] });
    const rec = await s.ok('setPOTakeIn', { PO: pos[0]!.po_id, gross_weight: 12, package_type: 2, country_code: 'PL' }, { format });
    expect(rec.receipts).toHaveLength(1);
    const after = await s.ok('getPO', { project_code: codes[0]! }, { format });
    expect(after.status).toBe('received');
    expect(after.lines[0]!.received_quantity).toBe(after.lines[0]!.quantity);
    expect((await s.call('setPOTakeIn', { PO: pos[0]!.po_id }, { format })).status).toBe(409);
    expect((await s.call('setPOTakeIn', { PO: 987654 }, { format })).status).toBe(404);
    expect((await s.call('getPO', { project_code: 'PO-1999-000001' }, { format })).status).toBe(404);
    expect(await levelMismatches(s.app.store)).toEqual([]);
  });
});

describe('warehouses', () => {
  it.each(FORMATS)('lists Default first and creates uniquely named warehouses (%s)', async (format) => {
    const name = `Győr Raktár ${format}`;
    const r = await s.ok('setWarehouse', { name, postal_code: '9021', city: 'Győr', street: 'Ipar utca 3.' }, { format });
    const list = await s.ok('getWarehouses', {}, { format });
    expect(list.warehouses[0]!.name).toBe('Default');
    expect(list.warehouses).toContainEqual({ id: r.id, name, postal_code: '9021', city: 'Győr', street: 'Ipar utca 3.' });
    const dup = await s.call('setWarehouse', { name: name.toUpperCase() }, { format });
    expect(dup.status).toBe(409);
    const dflt = await s.call('setWarehouse', { name: 'default' }, { format });
    expect(dflt.status).toBe(409);
    expect((await s.call('setWarehouse', { name: '*' }, { format })).status).toBe(400);
    expect((await s.call('setWarehouse', { name: '' }, { format })).status).toBe(400);
  });
});

describe('back-order suppliers', () => {
  it("falls back to the account's first supplier, and refuses without any supplier", async () => {
    const never = await product(s);
    const r = await s.ok('setOrder', orderParams(s, [{ product_id: never, quantity: 2 }], { finalize_order: 1, order_all: 1 }));
    const po = await s.ok('getPO', { project_code: r.purchase_order!.project_code });
    const first = (await s.app.store.get("SELECT id FROM contacts WHERE account_id = ? AND kind IN ('supplier', 'both') ORDER BY id LIMIT 1", [s.account.accountId])) as { id: number };
    expect(po.supplier.contact_id).toBe(first.id);
    expect(po.lines).toEqual([{ product_id: never, product_name: expect.any(String), quantity: 2, received_quantity: 0, remaining: 2 }]);

    const { runAdmin } = await import('@server/admin/commands');
    const now = s.clock.now();
    const acct = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Beszállító nélküli Bt.'], now) as { account_id: number }).account_id;
    const keys = {
      api_key: (await runAdmin(s.app.store, ['key', 'issue', '--account', String(acct)], now) as { api_key: string }).api_key,
      session_key: (await runAdmin(s.app.store, ['session', 'open', '--account', String(acct)], now) as { session_key: string }).session_key,
    };
    await runAdmin(s.app.store, ['bank', 'add', '--account', String(acct), '--number', '12345678-12345678-12345678'], now);
    const customer = (await runAdmin(s.app.store, ['contact', 'add', '--account', String(acct), '--name', 'Vevő'], now) as { contact_id: number }).contact_id;
    const p = (await s.ok('setProduct', { product_name: 'Egyedi', currency: 'HUF', vat: 27, unit: 'db', list_price: 5 }, { keys })).id;
    const none = await s.call('setOrder', { ...orderParams(s, [{ product_id: p, quantity: 1 }], { finalize_order: 1, order_all: 1 }), contact_id: customer, selected_account: '12345678-12345678-12345678' }, { keys });
    expect(none.status).toBe(409);
    if (!none.ok) expect(none.error.message).toMatch(/no supplier contact/);
  });
});
