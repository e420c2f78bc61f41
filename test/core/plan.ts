/**
 * A deterministic mix of outbox commands for the replay tests (fault proxy, crashes), made through
 * the IPC channels, with the server state they must produce: stock per product and warehouse, the
 * number of stock receipts, every order's lines and every invoice's total and payments.
 */
import type { ChannelName, RequestOf, ResultOf } from '@shared/ipc/channels';
import type { Random } from '@main/core/types';
import type { TestServer } from '../helpers/server';
import { WAREHOUSES } from '../helpers/core';

export type Ok = <C extends ChannelName>(channel: C, request: RequestOf<C>) => Promise<ResultOf<C>>;

export interface Outcome {
  stock: Record<string, number>;
  receipts: number;
  orders: Array<Array<[number, number]>>;
  invoices: Array<{ gross: number; paid: number }>;
}

export interface Plan {
  /** Commands submitted (a payment that would overpay is skipped). */
  commands: number;
  baseline: { receipt: number; order: number; invoice: number };
  expected: Outcome;
}

const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r.next() * list.length)]!;

async function baseline(s: TestServer): Promise<Plan['baseline']> {
  const max = async (table: string) => (await s.app.store.get<{ n: number }>(`SELECT coalesce(max(id), 0) AS n FROM ${table}`))!.n;
  return { receipt: await max('stock_receipts'), order: await max('orders'), invoice: await max('invoices') };
}

async function stockOf(s: TestServer, ids: number[]): Promise<Record<string, number>> {
  const rows = await s.app.store.all<{ p: number; w: string; q: number }>(`SELECT l.product_id AS p, w.name AS w, CAST(sum(l.qty_milli) AS BIGINT) AS q FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id
      WHERE l.account_id = ? GROUP BY l.product_id, w.name`, [s.account.accountId]);
  const out: Record<string, number> = {};
  for (const r of rows) if (ids.includes(r.p) && WAREHOUSES.includes(r.w)) out[`${r.p}|${r.w}`] = r.q;
  return out;
}

export async function buildPlan(ok: Ok, s: TestServer, ids: number[], count: number, r: Random): Promise<Plan> {
  const base = await baseline(s);
  const stock = await stockOf(s, ids);
  const orders: Array<{ id: number; lines: Map<number, number> }> = [];
  const invoices: Array<{ id: number; gross: number; paid: number }> = [];
  let receipts = 0;
  let commands = 0;
  for (let i = 0; i < count; i++) {
    const roll = r.next();
    commands++;
    let kind = roll < 0.72 ? 'stock' : roll < 0.8 ? 'order' : roll < 0.86 ? 'items' : roll < 0.95 ? 'invoice' : 'pay';
    if ((kind === 'items' && orders.length === 0) || (kind === 'pay' && invoices.length === 0)) kind = 'stock';
    if (kind === 'stock') {
      const p = pick(r, ids);
      const w = pick(r, WAREHOUSES);
      const q = pick(r, [-3, -1, -0.5, 1, 2, 2.5, 5]);
      await ok('stock.adjust', { productId: p, warehouse: w, quantity: q, contactId: s.account.supplierContactId });
      stock[`${p}|${w}`] = (stock[`${p}|${w}`] ?? 0) + q * 1000;
      receipts++;
    } else if (kind === 'order') {
      const lines = new Map<number, number>();
      for (let k = 0; k < 1 + Math.floor(r.next() * 3); k++) lines.set(pick(r, ids), 1 + Math.floor(r.next() * 4));
      const { id } = await ok('orders.save', {
        order: {
          warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: '2026-11-22', selected_account: s.account.bankAccount,
          contact_id: s.account.customerContactId, currency: 'HUF', items: [...lines].map(([product_id, quantity]) => ({ product_id, quantity })),
        },
      });
      orders.push({ id, lines });
    } else if (kind === 'items') {
      const o = pick(r, orders);
      const product = pick(r, [...o.lines.keys()]);
      const qty = 1 + Math.floor(r.next() * 6);
      await ok('orders.setItems', { id: o.id, products: [{ productId: product, newQuantity: qty }] });
      o.lines.set(product, qty);
    } else if (kind === 'invoice') {
      const price = 100 + Math.floor(r.next() * 900);
      const qty = 1 + Math.floor(r.next() * 3);
      const { id } = await ok('invoices.issue', {
        invoice: {
          crdr: 'outgoing', method: 'transfer', issued_date: '2026-11-22', payment_date: '2026-12-07', fulfillment_date: '2026-11-22',
          selected_account: s.account.bankAccount, contact_id: s.account.customerContactId, currency: 'HUF', customer_vat_type: 'DOMESTIC',
          items: [{ name: `Tétel ${i}`, unit_price: price, unit: 'db', quantity: qty, vat: 27, discount: 0 }],
        },
      });
      // HUF: net and VAT rounded to whole forints.
      invoices.push({ id, gross: price * qty + Math.round(price * qty * 0.27), paid: 0 });
    } else {
      const inv = pick(r, invoices);
      if (inv.paid + 10 > inv.gross) {
        commands--;
        continue;
      }
      await ok('invoices.pay', { id: inv.id, amount: 10 });
      inv.paid += 10;
    }
  }
  return {
    commands,
    baseline: base,
    expected: {
      stock, receipts,
      orders: orders.map((o) => [...o.lines].map(([p, q]) => [p, q * 1000] as [number, number]).sort((a, b) => a[0] - b[0])),
      invoices: invoices.map((x) => ({ gross: x.gross, paid: x.paid })),
    },
  };
}

export async function serverOutcome(s: TestServer, ids: number[], plan: Plan): Promise<Outcome> {
  const db = s.app.store;
  const receipts = (await db.get<{ n: number }>("SELECT count(*) AS n FROM stock_receipts WHERE id > ? AND kind IN ('takein', 'wasting')", [plan.baseline.receipt]))!.n;
  const orderIds = (await db.all<{ id: number }>('SELECT id FROM orders WHERE id > ? ORDER BY id', [plan.baseline.order])).map((o) => o.id);
  const orders: Array<Array<[number, number]>> = [];
  for (const id of orderIds) {
    orders.push((await db.all<{ product_id: number; qty_milli: number }>('SELECT product_id, qty_milli FROM order_items WHERE order_id = ? ORDER BY product_id', [id])).map((l) => [l.product_id, l.qty_milli]));
  }
  const invoices = (await db.all<{ gross_minor: number; paid_minor: number }>('SELECT gross_minor, paid_minor FROM invoices WHERE id > ? ORDER BY id', [plan.baseline.invoice])).map((x) => ({ gross: x.gross_minor / 100, paid: x.paid_minor / 100 }));
  return { stock: await stockOf(s, ids), receipts, orders, invoices };
}
