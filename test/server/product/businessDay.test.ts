/**
 * Business dates are calendar days of the account's time zone (Europe/Budapest unless the operator
 * sets another), not UTC's: at 00:00:14 in Budapest a take-in sent without a date is dated that
 * Budapest day, and an invoice from an order, its delivery and the order's shipped date agree —
 * also around the changes to and from summer time. Through the real HTTP API, on the engine under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import { startTestServer, TestClock, type TestServer } from '../../helpers/server';
import { orderParams, product, stock } from './fixtures';
import { hufInvoice, issue } from '../finance/fixtures';

let s: TestServer;
// The clock only moves forward through the file, as a server's does.
const clock = new TestClock(new Date('2026-10-24T12:00:00.000Z'));
beforeAll(async () => {
  s = await startTestServer({ clock });
});
afterAll(() => s.close());

/** The business date of the newest movement of the product. */
async function lastMoveDate(productId: number, kind?: string): Promise<string> {
  const h = await s.ok('getStockHistory', { product_id: productId });
  const m = kind ? h.movements.find((x) => x.kind === kind) : h.movements[0];
  return m!.date;
}

describe('a business date is the Budapest calendar day', () => {
  it('across the change from summer time (last Sunday of October)', async () => {
    const p = await product(s);
    // 00:30 on Sunday 25 October, still summer time (UTC+2): UTC says the 24th.
    clock.set('2026-10-24T22:30:00.000Z');
    await stock(s, p, 5);
    expect(await lastMoveDate(p)).toBe('2026-10-25');
    // 23:30 on the 25th, winter time now (UTC+1): an offset kept from summer would say the 26th.
    clock.set('2026-10-25T22:30:00.000Z');
    await stock(s, p, 1);
    expect(await lastMoveDate(p)).toBe('2026-10-25');
    // 00:30 on Monday the 26th (UTC+1): UTC says the 25th.
    clock.set('2026-10-25T23:30:00.000Z');
    await stock(s, p, 1);
    expect(await lastMoveDate(p)).toBe('2026-10-26');
  });

  it('at 00:00:14 on 29 November a take-in, a wasting and a transfer sent without a date are dated the 29th', async () => {
    const p = await product(s);
    clock.set('2026-11-28T23:00:14.000Z');
    await stock(s, p, 10);
    expect(await lastMoveDate(p)).toBe('2026-11-29');
    await stock(s, p, -2);
    expect(await lastMoveDate(p)).toBe('2026-11-29');
    await s.ok('setTransfer', { lines: [{ product_id: p, quantity: 1, from_warehouse: 'Default', to_warehouse: 'Default', to_stock_label: 'B-03' }] });
    expect(await lastMoveDate(p, 'transfer')).toBe('2026-11-29');
    const q = await s.ok('getQuantity', { product_id: p, warehouse: 'Default' });
    expect(q.quantities.reduce((n, r) => n + r.deliverable, 0)).toBe(8);
  });

  it('an invoice from an order at 00:01, its delivery and the shipped date say the same day; so does a payment', async () => {
    const p = await product(s);
    clock.set('2026-11-28T23:00:30.000Z');
    await stock(s, p, 10);
    const o = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 3 }], { issued_date: '2026-11-29', finalize_order: 1 }));
    clock.set('2026-11-28T23:01:00.000Z');
    const inv = await issue(s, hufInvoice(s, { order_id: o.order_id, items: undefined, issued_date: '2026-11-29', fulfillment_date: '2026-11-29', payment_date: '2026-12-14' }));
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id })).issued_date).toBe('2026-11-29');
    const st = await s.ok('getOrderStatus', { order_id: o.order_id });
    expect(st.shipment).toMatchObject({ status: 'shipped', shipped_date: '2026-11-29' });
    expect(await lastMoveDate(p, 'delivery')).toBe('2026-11-29');
    await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 100 });
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id })).payments.at(-1)!.date).toBe('2026-11-29');
  });

  it('across the change to summer time (last Sunday of March)', async () => {
    const p = await product(s);
    // 00:30 on Sunday 28 March 2027, winter time (UTC+1): UTC says the 27th.
    clock.set('2027-03-27T23:30:00.000Z');
    await stock(s, p, 1);
    expect(await lastMoveDate(p)).toBe('2027-03-28');
    // 00:30 on Monday the 29th, summer time (UTC+2): UTC says the 28th.
    clock.set('2027-03-28T22:30:00.000Z');
    await stock(s, p, 1);
    expect(await lastMoveDate(p)).toBe('2027-03-29');
  });
});

describe("the account's time zone", () => {
  const admin = async (args: string[]) => await runAdmin(s.app.store, args, clock.now());

  it('is Europe/Budapest unless set; the operator sets another, and getSession tells a desk', async () => {
    expect(await s.ok('getSession', {})).toMatchObject({ time_zone: 'Europe/Budapest' });
    const id = String(s.account.accountId);
    expect(await admin(['account', 'set', '--account', id, '--time-zone', 'america/new_york'])).toEqual({ account_id: s.account.accountId, time_zone: 'America/New_York' });
    try {
      expect(await s.ok('getSession', {})).toMatchObject({ time_zone: 'America/New_York' });
      const p = await product(s);
      // 22:30 on 29 March in New York, already the 30th in UTC and in Budapest.
      clock.set('2027-03-30T02:30:00.000Z');
      await stock(s, p, 1);
      expect(await lastMoveDate(p)).toBe('2027-03-29');
    } finally {
      await admin(['account', 'set', '--account', id, '--time-zone', 'Europe/Budapest']);
    }
    expect(await s.ok('getSession', {})).toMatchObject({ time_zone: 'Europe/Budapest' });
  });

  it('refuses a zone Intl does not know, and an account that does not exist, saying what to fix', async () => {
    await expect(admin(['account', 'set', '--account', String(s.account.accountId), '--time-zone', 'Europe/Budapset'])).rejects.toThrow(/--time-zone must be an IANA time zone name such as Europe\/Budapest.*"Europe\/Budapset" is not one/);
    await expect(admin(['account', 'set', '--account', '987654', '--time-zone', 'Europe/Vienna'])).rejects.toThrow(/There is no account 987654/);
    await expect(admin(['account', 'set', '--account', String(s.account.accountId)])).rejects.toThrow(/--time-zone is required/);
  });
});
