/**
 * Concurrency specs of the sales-order rules (docs/invariants.md), on SQLite, one PostgreSQL
 * instance and three behind HAProxy: an order is modified only while open, finalized once, invoiced
 * at most once, and reservations never exceed what is available.
 */
import { expect, it } from 'vitest';
import type { MethodName } from '@shared/protocol';
import type { CallOutcome, TestServer } from '../../helpers/server';
import { hufInvoice } from '../finance/fixtures';
import { orderParams } from '../product/fixtures';
import { atOnce, expectRefusedWith, split, type Target } from './targets';

let seq = 0;
const s = (t: Target) => t as unknown as TestServer;

async function productWith(t: Target, qty: number): Promise<number> {
  const id = (await t.ok('setProduct', { product_name: `Rendelt termék ${++seq}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 1000 })).id;
  if (qty > 0) await t.ok('setQuantity', { product_id: id, quantity: qty, contact_id: t.account.supplierContactId, warehouse: 'Default' });
  return id;
}

/** Reservations of the order, per product, in units. */
async function reserved(t: Target, orderId: number): Promise<Record<number, number>> {
  const rows = await t.check.all<{ product_id: number; qty_milli: number }>(
    'SELECT product_id, qty_milli FROM reservations WHERE account_id = ? AND order_id = ? AND qty_milli <> 0 ORDER BY product_id', [t.account.accountId, orderId]);
  return Object.fromEntries(rows.map((r) => [r.product_id, r.qty_milli / 1000]));
}

async function lines(t: Target, orderId: number): Promise<Record<number, number>> {
  const rows = await t.check.all<{ product_id: number; qty_milli: number }>(
    'SELECT product_id, qty_milli FROM order_items WHERE account_id = ? AND order_id = ? ORDER BY product_id', [t.account.accountId, orderId]);
  return Object.fromEntries(rows.map((r) => [r.product_id, r.qty_milli / 1000]));
}

const status = async (t: Target, orderId: number) =>
  (await t.check.get<{ status: string; gross: string }>('SELECT status, gross FROM orders WHERE account_id = ? AND id = ?', [t.account.accountId, orderId]))!;

export function orderSpecs(t: () => Target): void {
  it('an order finalized once: 10 finalizations of one open order at once → 1 accepted, 9 refused order_status', async () => {
    const p = await productWith(t(), 100);
    const order = await t().ok('setOrder', orderParams(s(t()), [{ product_id: p, quantity: 5 }]));
    const finalize = orderParams(s(t()), [{ product_id: p, quantity: 5 }], { id: order.order_id, finalize_order: 1 });
    const { accepted, refused } = split(await atOnce(10, () => t().call('setOrder', finalize)));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'order_status');
    for (const e of refused) expect(e.figures).toMatchObject({ order_id: order.order_id, status: 'finalized' });
    expect((await status(t(), order.order_id)).status).toBe('finalized');
    expect(await reserved(t(), order.order_id)).toEqual({ [p]: 5 });
  });

  it('two finalizations with different lines at once: one is kept, and only its lines are reserved', async () => {
    const [p1, p2] = [await productWith(t(), 100), await productWith(t(), 100)];
    for (let round = 0; round < 3; round++) {
      const order = await t().ok('setOrder', orderParams(s(t()), [{ product_id: p1, quantity: 1 }]));
      const outcomes = await atOnce(2, (i) => t().call('setOrder', orderParams(s(t()), [i === 0 ? { product_id: p1, quantity: 5 } : { product_id: p2, quantity: 3 }], { id: order.order_id, finalize_order: 1 })));
      const { accepted, refused } = split(outcomes);
      expect(accepted.length).toBe(1);
      expectRefusedWith(refused, 'order_status');
      const kept = outcomes[0]!.ok ? { [p1]: 5 } : { [p2]: 3 };
      expect(await lines(t(), order.order_id)).toEqual(kept);
      expect(await reserved(t(), order.order_id)).toEqual(kept);
    }
  });

  it('nothing changes a finalized order: setOrderItem calls racing a finalize are refused order_status once it is finalized', async () => {
    const [p1, p2] = [await productWith(t(), 100), await productWith(t(), 100)];
    const order = await t().ok('setOrder', orderParams(s(t()), [{ product_id: p1, quantity: 5 }]));
    const finalize = orderParams(s(t()), [{ product_id: p1, quantity: 5 }], { id: order.order_id, finalize_order: 1 });
    const outcomes = await atOnce<CallOutcome<MethodName>>(11, (i) => (i === 5
      ? t().call('setOrder', finalize)
      : t().call('setOrderItem', { order_id: order.order_id, products: [{ product_id: i % 2 ? p1 : p2, new_quantity: 10 + i }] })));
    const fin = outcomes[5]!;
    expect(fin.ok).toBe(true);
    const items = split(outcomes.filter((_, i) => i !== 5));
    expectRefusedWith(items.refused, 'order_status');
    for (const e of items.refused) expect(e.figures).toMatchObject({ order_id: order.order_id, status: 'finalized' });
    // The finalized order is what the finalize answered: its lines, its totals, its reservations.
    expect(await lines(t(), order.order_id)).toEqual({ [p1]: 5 });
    expect(await reserved(t(), order.order_id)).toEqual({ [p1]: 5 });
    const row = await status(t(), order.order_id);
    expect(row.status).toBe('finalized');
    if (fin.ok) expect(Number(row.gross)).toBe((fin.result as { totals: { gross: number } }).totals.gross);
  });

  it('concurrent setOrderItem on one open order: every call applies, one after another, no reasonless conflict, no 500', async () => {
    const products = await Promise.all(Array.from({ length: 8 }, () => productWith(t(), 0)));
    const order = await t().ok('setOrder', orderParams(s(t()), [{ product_id: products[0]!, quantity: 1 }]));
    const { accepted, refused, statuses } = split(await atOnce(16, (i) => t().call('setOrderItem', { order_id: order.order_id, products: [{ product_id: products[i % 8]!, new_quantity: 2 + (i % 8) }] })));
    expect(refused.map((e) => `${e.code} ${e.message}`)).toEqual([]);
    expect(statuses.every((st) => st === 200)).toBe(true);
    expect(accepted.length).toBe(16);
    expect(await lines(t(), order.order_id)).toEqual(Object.fromEntries(products.map((p, i) => [p, 2 + i])));
    // The stored totals are those of the stored lines: 8 lines of 2..9 × 1000 net, 27 % VAT.
    expect(Number((await status(t(), order.order_id)).gross)).toBe((2 + 3 + 4 + 5 + 6 + 7 + 8 + 9) * 1270);
  });

  it('reservations never exceed available stock: 10 orders of 1 finalized at once against 5 on hand → 5 accepted, 5 refused insufficient_stock', async () => {
    const p = await productWith(t(), 5);
    const { accepted, refused } = split(await atOnce(10, () => t().call('setOrder', orderParams(s(t()), [{ product_id: p, quantity: 1 }], { finalize_order: 1 }))));
    expect(accepted.length).toBe(5);
    expectRefusedWith(refused, 'insufficient_stock');
    for (const e of refused) expect(e.figures).toMatchObject({ product_id: p, requested: 1, available: 0 });
    const pending = await t().check.get<{ q: number }>(`SELECT ${t().check.engine === 'postgres' ? 'SUM(qty_milli)::bigint' : 'SUM(qty_milli)'} AS q FROM reservations WHERE account_id = ? AND product_id = ?`, [t().account.accountId, p]);
    expect(pending!.q).toBe(5000);
  });

  it('an order invoiced at most once: 6 invoices of one finalized order at once → 1 accepted, 5 refused order_status', async () => {
    const p = await productWith(t(), 10);
    const order = await t().ok('setOrder', orderParams(s(t()), [{ product_id: p, quantity: 4 }], { finalize_order: 1 }));
    const params = hufInvoice(s(t()), { order_id: order.order_id, contact_id: t().account.customerContactId, items: undefined });
    const { accepted, refused } = split(await atOnce(6, () => t().call('setInvoice', params)));
    expect(accepted.length).toBe(1);
    expectRefusedWith(refused, 'order_status');
    for (const e of refused) expect(e.figures).toMatchObject({ order_id: order.order_id, status: 'shipped' });
    expect((await status(t(), order.order_id)).status).toBe('shipped');
    const invoiced = await t().check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ? AND order_id = ?', [t().account.accountId, order.order_id]);
    expect(invoiced!.n).toBe(1);
    const onHand = await t().check.get<{ q: number }>(`SELECT ${t().check.engine === 'postgres' ? 'SUM(qty_milli)::bigint' : 'SUM(qty_milli)'} AS q FROM stock_moves WHERE account_id = ? AND product_id = ?`, [t().account.accountId, p]);
    expect(onHand!.q).toBe(6000);
  });
}
