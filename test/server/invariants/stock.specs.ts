/**
 * Concurrency specs of the stock rules (docs/invariants.md), on SQLite, one PostgreSQL instance
 * and three behind HAProxy: stock never below what wasting, delivery, transfer out and count
 * posting allow; a purchase order received no more than ordered and a whole-order receipt once;
 * voucher serial numbers issued once; warehouse names and EANs unique.
 */
import { expect, it } from 'vitest';
import type { MethodName } from '@shared/protocol';
import type { CallOutcome, TestServer } from '../../helpers/server';
import { gtinCheckDigit } from '@shared/protocol/fields';
import { hufInvoice } from '../finance/fixtures';
import { orderParams } from '../product/fixtures';
import { atOnce, expectRefusedWith, split, type Target } from './targets';

let seq = 0;
const s = (t: Target) => t as unknown as TestServer;

async function productWith(t: Target, qty: number, fields: Record<string, unknown> = {}): Promise<number> {
  const id = (await t.ok('setProduct', { product_name: `Készlet termék ${++seq}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 1000, ...fields })).id;
  if (qty > 0) await t.ok('setQuantity', { product_id: id, quantity: qty, contact_id: t.account.supplierContactId, warehouse: 'Default' });
  return id;
}

/** On hand of the product in a warehouse (all labels), in units, from the ledger. */
async function onHand(t: Target, productId: number, warehouse = 'Default'): Promise<number> {
  const sum = t.check.engine === 'postgres' ? 'COALESCE(SUM(m.qty_milli), 0)::bigint' : 'COALESCE(SUM(m.qty_milli), 0)';
  const r = await t.check.get<{ q: number }>(
    `SELECT ${sum} AS q FROM stock_moves m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.account_id = ? AND m.product_id = ? AND w.name = ?`,
    [t.account.accountId, productId, warehouse]);
  return r!.q / 1000;
}

const take = (t: Target, productId: number, quantity: number, extra: Record<string, unknown> = {}) =>
  ({ product_id: productId, quantity, contact_id: t.account.supplierContactId, warehouse: 'Default', ...extra });

export function stockSpecs(t: () => Target): void {
  it('stock never below zero by wasting: 30 wastings of 1 at once against 10 → 10 accepted, 20 refused insufficient_stock', async () => {
    const p = await productWith(t(), 10);
    const { accepted, refused } = split(await atOnce(30, () => t().call('setQuantity', take(t(), p, -1))));
    expect(accepted.length).toBe(10);
    expectRefusedWith(refused, 'insufficient_stock');
    for (const e of refused) expect(e.figures).toMatchObject({ product_id: p, requested: 1, available: 0 });
    expect(await onHand(t(), p)).toBe(0);
  });

  it('stock never below zero by transfer out: 12 transfers of 1 at once against 5 → 5 accepted, 7 refused insufficient_stock', async () => {
    const p = await productWith(t(), 5);
    const line = { product_id: p, quantity: 1, from_warehouse: 'Default', from_stock_label: '', to_warehouse: 'Győr Raktár', to_stock_label: '' };
    const { accepted, refused } = split(await atOnce(12, () => t().call('setTransfer', { date: '2026-11-22', lines: [line] })));
    expect(accepted.length).toBe(5);
    expectRefusedWith(refused, 'insufficient_stock');
    expect([await onHand(t(), p), await onHand(t(), p, 'Győr Raktár')]).toEqual([0, 5]);
  });

  it('stock never below what delivery allows: 6 open orders of 2 invoiced at once against 5 on hand → 2 accepted, 4 refused insufficient_stock', async () => {
    const p = await productWith(t(), 5);
    const orders: number[] = [];
    for (let i = 0; i < 6; i++) orders.push((await t().ok('setOrder', orderParams(s(t()), [{ product_id: p, quantity: 2 }]))).order_id);
    const { accepted, refused } = split(await atOnce(6, (i) => t().call('setInvoice', hufInvoice(s(t()), { order_id: orders[i], contact_id: t().account.customerContactId, items: undefined }))));
    expect(accepted.length).toBe(2);
    expectRefusedWith(refused, 'insufficient_stock');
    expect(await onHand(t(), p)).toBe(1);
  });

  it('a count posts once on the stock it counted: 10 postings of one count at once → 1 accepted, 9 refused stock_changed', async () => {
    const p = await productWith(t(), 10);
    const { accepted, refused } = split(await atOnce(10, () => t().call('setQuantity', take(t(), p, -3, { expected_quantity: 10 }))));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'stock_changed');
    for (const e of refused) expect(e.figures).toMatchObject({ product_id: p, expected: 10, current: 7 });
    expect(await onHand(t(), p)).toBe(7);
  });

  it('a purchase order received no more than ordered: 8 partial receipts of 3 at once on a line of 10 → 3 accepted, 5 refused po_over_receipt', async () => {
    const p = await productWith(t(), 0);
    const order = await t().ok('setOrder', orderParams(s(t()), [{ product_id: p, quantity: 10 }], { finalize_order: 1, order_all: 1 }));
    const po = order.purchase_order!.po_id;
    const { accepted, refused } = split(await atOnce(8, () => t().call('setPOTakeIn', { PO: po, items: [{ product_id: p, quantity: 3 }] })));
    expect(accepted.length).toBe(3);
    expectRefusedWith(refused, 'po_over_receipt');
    for (const e of refused) expect(e.figures).toMatchObject({ product_id: p, requested: 3, remaining: 1 });
    expect(await onHand(t(), p)).toBe(9);
  });

  it('a whole-order receipt at most once: 8 receipts of one purchase order at once → 1 accepted, 7 refused po_received', async () => {
    const p = await productWith(t(), 0);
    const order = await t().ok('setOrder', orderParams(s(t()), [{ product_id: p, quantity: 4 }], { finalize_order: 1, order_all: 1 }));
    const po = order.purchase_order!.po_id;
    const { accepted, refused } = split(await atOnce(8, () => t().call('setPOTakeIn', { PO: po })));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'po_received');
    expect(await onHand(t(), p)).toBe(4);
  });

  it('voucher serial numbers issued once: 6 take-ins of the same serials at once → 1 accepted, 5 refused serials_overlap', async () => {
    const p = await productWith(t(), 0);
    const { accepted, refused } = split(await atOnce(6, () => t().call('setQuantity', take(t(), p, 5, { product_type: 3, start_serial_number: 1000 }))));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'serials_overlap');
    expect(await onHand(t(), p)).toBe(5);
  });

  it('warehouse names unique: 8 warehouses of one name at once → 1 accepted, 7 refused warehouse_name_taken', async () => {
    const name = `Versenyraktár ${++seq}`;
    const count = async () => (await t().check.get<{ n: number }>('SELECT count(*) AS n FROM warehouses WHERE account_id = ?', [t().account.accountId]))!.n;
    const before = await count();
    const { accepted, refused } = split(await atOnce(8, (i) => t().call('setWarehouse', { name: i % 2 ? name : name.toUpperCase() })));
    expect(refused.filter((e) => e.reason !== 'warehouse_name_taken').map((e) => e.message)).toEqual([]);
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'warehouse_name_taken');
    expect(await count()).toBe(before + 1);
  });

  it('one EAN, one product: 8 new products with one new EAN at once → 1 accepted, 7 refused duplicate_ean', async () => {
    const body = `599${String(Date.now() % 1e9).padStart(9, '0')}`;
    const ean = `${body}${gtinCheckDigit(body)}`;
    const { accepted, refused } = split(await atOnce(8, (i) => t().call('setProduct', { product_name: `Vonalkódos termék ${++seq}-${i}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 1000, ean_number: ean })));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'duplicate_ean');
    const holders = await t().check.all<{ id: number }>('SELECT id FROM products WHERE account_id = ? AND ean_number = ?', [t().account.accountId, ean]);
    expect(holders.map((r) => r.id)).toEqual([accepted[0]!.result.id]);
  });

  it('a service never holds stock: making a product a service races 6 take-ins → the service change is refused product_has_stock, or the take-ins after it service_has_no_stock', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await productWith(t(), 0);
      const outcomes = await atOnce<CallOutcome<MethodName>>(7, (i) => (i === 3
        ? t().call('setProduct', { id: p, product_name: `Szolgáltatás ${p}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 1000, service: 1 })
        : t().call('setQuantity', take(t(), p, 1))));
      const change = outcomes[3]!;
      const takeIns = split(outcomes.filter((_, i) => i !== 3));
      const row = await t().check.get<{ service: number }>('SELECT service FROM products WHERE account_id = ? AND id = ?', [t().account.accountId, p]);
      if (change.ok) {
        expect(row!.service).toBe(1);
        expect(takeIns.accepted.length).toBe(0);
        expectRefusedWith(takeIns.refused, 'service_has_no_stock');
        expect(await onHand(t(), p)).toBe(0);
      } else {
        expectRefusedWith([change.error], 'product_has_stock');
        expect(row!.service).toBe(0);
        expect(takeIns.refused).toEqual([]);
        expect(await onHand(t(), p)).toBe(6);
      }
    }
  });
}
