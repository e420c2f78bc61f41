/**
 * Receiving against purchase orders through the real desk core and a real server: open orders kept
 * in the mirror for offline scanning, a partial receipt queued offline with its pending figures,
 * sent exactly once; a refusal parked with the server's reason; a server without the extension
 * keeps the whole-order receipt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { startTestCore, type TestCore } from '../helpers/core';

let s: TestServer;
let c: TestCore;

beforeAll(async () => {
  s = await startTestServer();
  c = await startTestCore(s);
});
afterAll(async () => {
  await c?.close();
  await s?.close();
});

let seq = 0;
/** A purchase order for 10 of a and 4 of b, back-ordered by an order neither has stock for; the desk learns the products. */
async function purchaseOrder() {
  const ids: number[] = [];
  for (const n of [1, 2]) ids.push((await s.ok('setProduct', { product_name: `Átvételi termék ${++seq}.${n}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 100 })).id);
  const order = await s.ok('setOrder', {
    warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: '2026-11-22', selected_account: s.account.bankAccount,
    contact_id: s.account.customerContactId, currency: 'HUF', finalize_order: 1, order_all: 1, items: [{ product_id: ids[0]!, quantity: 10 }, { product_id: ids[1]!, quantity: 4 }],
  });
  c.clock.advance(3_600_000);
  await c.sync();
  return { a: ids[0]!, b: ids[1]!, po: order.purchase_order!.po_id, code: order.purchase_order!.project_code };
}

const orderOf = async (po: number) => (await c.ok('receiving.orders', {})).orders.find((o) => o.poId === po);
const lineOf = async (po: number, id: number) => (await orderOf(po))!.lines.find((l) => l.productId === id)!;

describe('receiving through the outbox', () => {
  it('an open order is kept for offline use; a partial receipt made offline shows queued, then is applied once', async () => {
    const { a, b, po, code } = await purchaseOrder();
    const online = await c.ok('receiving.orders', {});
    expect(online).toMatchObject({ supported: true, fresh: true });
    expect(await lineOf(po, a)).toMatchObject({ expected: 10, received: 0, pending: 0, remaining: 10 });

    c.net.offline = true;
    const offline = await c.ok('receiving.orders', {});
    expect(offline.fresh).toBe(false);
    expect(offline.orders.map((o) => o.projectCode)).toContain(code);
    const { entryId } = await c.ok('receiving.post', { poId: po, stockLabel: 'B-1', close: false, lines: [{ productId: a, quantity: 6, batchNo: 'L-1', expireDate: '2027-01-31' }, { productId: b, quantity: 1 }] });
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox.queued).toBe(1);
    expect(await lineOf(po, a)).toMatchObject({ received: 0, pending: 6, remaining: 4 });
    const q = (await c.ok('products.get', { id: a }))!.quantities.find((x) => x.warehouse === 'Default' && x.stockLabel === 'B-1');
    expect(q).toMatchObject({ deliverable: 6, pendingLocal: 6 });
    // More than remains (after what is queued) is refused at the desk, before the outbox.
    const over = await c.call('receiving.post', { poId: po, stockLabel: '', close: false, lines: [{ productId: a, quantity: 5 }] });
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'lines[0].quantity' }] });
    expect((await s.ok('getPO', { project_code: code })).receiving_status).toBe('open');

    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    const server = await s.ok('getPO', { project_code: code });
    expect(server.receiving_status).toBe('partially_received');
    expect(server.lines.find((l) => l.product_id === a)).toMatchObject({ received_quantity: 6, remaining: 4 });
    expect(server.receipts.filter((r) => r.product_id === a).map((r) => r.quantity)).toEqual([6]);
    expect(await lineOf(po, a)).toMatchObject({ received: 6, pending: 0, remaining: 4 });
    expect((await orderOf(po))!.receivingStatus).toBe('partially_received');
    const done = (await c.ok('outbox.list', { states: ['done'] })).find((e) => e.id === entryId)!;
    expect(done.summaryData).toMatchObject({ kind: 'poReceipt', args: { po: code } });
    expect((await s.ok('getQuantity', { product_id: a, warehouse: 'Default', stock_label: 'B-1' })).quantities[0]!.deliverable).toBe(6);
  });

  it('a receipt the server refuses (another desk received the rest) is parked with its reason; discarding it gives the figures back', async () => {
    const { a, po, code } = await purchaseOrder();
    await c.ok('receiving.orders', {});
    c.net.offline = true;
    const { entryId } = await c.ok('receiving.post', { poId: po, stockLabel: '', close: false, lines: [{ productId: a, quantity: 8 }] });
    // Meanwhile another desk receives 5 of a.
    await s.ok('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 5 }] });
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    const parked = (await c.ok('outbox.list', { states: ['needs_attention'] })).find((e) => e.id === entryId)!;
    expect(parked.errorCode).toBe('CONFLICT');
    expect(parked.reason).toMatchObject({ reason: 'po_over_receipt', figures: { po: code, product_id: a, requested: 8, remaining: 5 } });
    expect((await s.ok('getPO', { project_code: code })).lines.find((l) => l.product_id === a)!.received_quantity).toBe(5);
    await c.ok('outbox.discard', { id: entryId });
    expect(await lineOf(po, a)).toMatchObject({ received: 5, pending: 0, remaining: 5 });
    expect((await c.ok('products.get', { id: a }))!.quantities.filter((x) => x.pendingLocal !== 0)).toEqual([]);
  });

  it('closing short through the outbox closes the order at the server and it leaves the open list', async () => {
    const { a, po, code } = await purchaseOrder();
    await c.ok('receiving.orders', {});
    await c.ok('receiving.post', { poId: po, stockLabel: '', close: true, lines: [{ productId: a, quantity: 2 }] });
    await c.sync();
    const server = await s.ok('getPO', { project_code: code });
    expect(server).toMatchObject({ status: 'received', receiving_status: 'closed_short' });
    expect(await orderOf(po)).toBeUndefined();
  });
});

describe('a server without partial receipts', () => {
  it('is said to lack them; the whole-order receipt keeps working', async () => {
    const { a, po, code } = await purchaseOrder();
    const old = await startTestCore(s, { stripExtensions: true, seed: 7 }) // its own request ids: a second desk;
    try {
      const view = await old.ok('receiving.orders', {});
      expect(view).toMatchObject({ supported: false, orders: [] });
      const refused = await old.call('receiving.post', { poId: po, stockLabel: '', close: false, lines: [{ productId: a, quantity: 1 }] });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.code).toBe('CONFLICT');
      await old.ok('po.get', { projectCode: code });
      await old.ok('po.receive', { poId: po });
      await old.sync();
      expect((await s.ok('getPO', { project_code: code })).status).toBe('received');
      expect((await s.ok('getQuantity', { product_id: a, warehouse: 'Default' })).quantities[0]!.deliverable).toBe(10);
    } finally {
      await old.close();
    }
  });
});

describe('the goods receipt (po.open, po.get) while the server cannot be reached', () => {
  it('answers the kept open orders and an order as last read, each with when; an order never read needs the server', async () => {
    const { po, code } = await purchaseOrder();
    const online = await c.ok('po.open', {});
    expect(online.keptAt).toBeNull();
    expect(online.orders.map((o) => o.po_id)).toContain(po);
    expect((await c.ok('po.get', { projectCode: code })).keptAt).toBeUndefined();

    c.net.offline = true;
    try {
      await c.sync();
      const list = await c.ok('po.open', {});
      expect(list.keptAt).toEqual(expect.any(String));
      expect(list.orders.find((o) => o.po_id === po)).toMatchObject({ project_code: code, status: 'open', outstanding: 14 });
      const kept = await c.ok('po.get', { projectCode: code });
      expect(kept).toMatchObject({ po_id: po, project_code: code, status: 'open', keptAt: expect.any(String) });
      expect(kept.lines.map((l) => [l.quantity, l.received_quantity])).toEqual([[10, 0], [4, 0]]);
      const never = await c.call('po.get', { projectCode: 'PO-1999-000001' });
      expect(never).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
    } finally {
      c.net.offline = false;
    }
  });

  it('a desk that never read the open orders is told the server is needed, not that none is open', async () => {
    const fresh = await startTestCore(s, { seed: 11 });
    try {
      // The line drops before the engine has noticed: the desk still counts as online.
      fresh.net.offline = true;
      const list = await fresh.call('po.open', {});
      expect(list).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
    } finally {
      await fresh.close();
    }
  });
});
