/** Extension setPOTakeIn items/close: partial receipts against a purchase order, closing short; on both engines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import { levelMismatches } from '@server/repos/stock';
import { CAPABILITIES, type Credentials } from '@shared/protocol';
import { startTestServer, type TestServer } from '../../helpers/server';
import { orderParams, product, quantities } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A purchase order expecting 10 of a and 4 of b (back-ordered by an order neither has stock for). */
async function purchaseOrder(qa = 10, qb = 4) {
  const a = await product(s);
  const b = await product(s);
  const order = await s.ok('setOrder', orderParams(s, [{ product_id: a, quantity: qa }, { product_id: b, quantity: qb }], { finalize_order: 1, order_all: 1 }));
  const po = order.purchase_order!;
  return { a, b, po: po.po_id, code: po.project_code };
}

const lineOf = (r: { lines?: Array<{ product_id: number }> }, id: number) => r.lines?.find((l) => l.product_id === id);

describe('setPOTakeIn items (partial receipts)', () => {
  it('announces the capability', async () => {
    expect(CAPABILITIES).toContain('setPOTakeIn.items');
    const health = JSON.parse((await s.raw('/api/health', '', undefined, 'GET')).body) as { capabilities: string[] };
    expect(health.capabilities).toContain('setPOTakeIn.items');
  });

  it.each(['json', 'xml'] as const)('receives part now, the rest later: open → partially_received → received, per line (%s)', async (format) => {
    const { a, b, po, code } = await purchaseOrder();
    const before = await s.ok('getPO', { project_code: code }, { format });
    expect(before.receiving_status).toBe('open');
    expect(lineOf(before, a)).toMatchObject({ quantity: 10, received_quantity: 0, remaining: 10 });

    const first = await s.ok('setPOTakeIn', {
      PO: po, request_id: `partial-1-${format}`,
      items: [{ product_id: a, quantity: 6, stock_label: 'A-01', batch_no: 'L-77', expire_date: '2027-03-31' }, { product_id: b, quantity: 1 }],
    }, { format });
    expect(first).toMatchObject({ status: 'open', receiving_status: 'partially_received' });
    expect(lineOf(first, a)).toMatchObject({ quantity: 10, received_quantity: 6, remaining: 4 });
    expect(lineOf(first, b)).toMatchObject({ quantity: 4, received_quantity: 1, remaining: 3 });
    // Two receipts: one per batch × expiry (the header carries them).
    expect(first.receipt_ids).toHaveLength(2);

    // The server's state: getPO, getPOs, the stock in the bin, the ledger's batch.
    const mid = await s.ok('getPO', { project_code: code }, { format });
    expect(mid).toMatchObject({ status: 'open', receiving_status: 'partially_received' });
    expect(lineOf(mid, b)).toMatchObject({ received_quantity: 1, remaining: 3 });
    const listed = (await s.ok('getPOs', { status: 'open' }, { format })).purchase_orders.find((p) => p.po_id === po)!;
    expect(listed).toMatchObject({ receiving_status: 'partially_received', outstanding: 7 });
    expect(lineOf(listed, a)).toMatchObject({ received_quantity: 6, remaining: 4 });
    expect((await quantities(s, a, 'Default', 'A-01')).deliverable).toBe(6);
    const history = await s.ok('getStockHistory', { product_id: a }, { format });
    expect(history.movements[0]).toMatchObject({ kind: 'po_takein', po_id: po, quantity: 6, stock_label: 'A-01' });

    // The rest with the document's whole-order call: only what remains.
    const rest = await s.ok('setPOTakeIn', { PO: po, request_id: `partial-2-${format}` }, { format });
    expect(rest).toMatchObject({ status: 'received', receiving_status: 'received' });
    expect(lineOf(rest, a)).toMatchObject({ received_quantity: 10, remaining: 0 });
    expect((await quantities(s, a)).deliverable).toBe(10);
    expect((await quantities(s, b)).deliverable).toBe(4);
    expect((await s.ok('getPO', { project_code: code }, { format })).receiving_status).toBe('received');
  });

  it('a partial receipt that completes every line closes the order as received', async () => {
    const { a, b, po, code } = await purchaseOrder(3, 2);
    await s.ok('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 3 }, { product_id: b, quantity: 1 }] });
    const r = await s.ok('setPOTakeIn', { PO: po, items: [{ product_id: b, quantity: 1 }] });
    expect(r).toMatchObject({ status: 'received', receiving_status: 'received' });
    expect((await s.ok('getPO', { project_code: code })).status).toBe('received');
  });

  it('closes short explicitly, with or without a last receipt; a closed order takes nothing more', async () => {
    const { a, b, po, code } = await purchaseOrder();
    await s.ok('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 2 }] });
    const closed = await s.ok('setPOTakeIn', { PO: po, items: [{ product_id: b, quantity: 4 }], close: 1 });
    expect(closed).toMatchObject({ status: 'received', receiving_status: 'closed_short' });
    expect(lineOf(closed, a)).toMatchObject({ quantity: 10, received_quantity: 2, remaining: 0 });
    const got = await s.ok('getPO', { project_code: code });
    expect(got.receiving_status).toBe('closed_short');
    expect((await s.ok('getPOs', { status: 'open' })).purchase_orders.map((p) => p.po_id)).not.toContain(po);
    expect((await s.ok('getPOs', { status: 'received' })).purchase_orders.find((p) => p.po_id === po)).toMatchObject({ receiving_status: 'closed_short', outstanding: 0 });
    expect((await quantities(s, a)).deliverable).toBe(2);
    const again = await s.call('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 1 }] });
    expect(again.status).toBe(409);
    if (!again.ok) expect(again.error.reason).toBe('po_received');
    expect((await quantities(s, a)).deliverable).toBe(2);

    // close alone: nothing received, the order closed as it stands.
    const other = await purchaseOrder();
    const onlyClose = await s.ok('setPOTakeIn', { PO: other.po, close: 1 });
    expect(onlyClose).toMatchObject({ receiving_status: 'closed_short', receipt_ids: [] });
    expect((await quantities(s, other.a)).deliverable).toBe(0);
  });

  it('refuses an over-receipt and a product not on the order, whole, saying what remains', async () => {
    const { a, b, po, code } = await purchaseOrder();
    const stranger = await product(s);
    const over = await s.call('setPOTakeIn', { PO: po, items: [{ product_id: b, quantity: 1 }, { product_id: a, quantity: 6 }, { product_id: a, quantity: 5 }] });
    expect(over.status).toBe(409);
    if (!over.ok) {
      expect(over.error.reason).toBe('po_over_receipt');
      expect(over.error.figures).toMatchObject({ product_id: a, requested: 11, remaining: 10 });
      expect(over.error.message).toContain('expects 10 more');
    }
    const unknown = await s.call('setPOTakeIn', { PO: po, items: [{ product_id: stranger, quantity: 1 }] });
    expect(unknown.status).toBe(409);
    if (!unknown.ok) expect(unknown.error).toMatchObject({ reason: 'po_not_on_order', details: [{ field: 'items[0].product_id' }] });
    const bad = await s.call('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 0 }] });
    expect(bad.status).toBe(400);
    if (!bad.ok) expect(bad.error.details?.[0]?.field).toBe('items[0].quantity');
    const got = await s.ok('getPO', { project_code: code });
    expect(got.receiving_status).toBe('open');
    expect((await quantities(s, b)).deliverable).toBe(0);
  });

  it('applies a request_id once: a replay answers the same and receives nothing more', async () => {
    const { a, po } = await purchaseOrder();
    const params = { PO: po, items: [{ product_id: a, quantity: 3 }], request_id: 'po-partial-once' };
    const first = await s.ok('setPOTakeIn', params);
    const replay = await s.ok('setPOTakeIn', params);
    expect(replay).toEqual(first);
    expect((await quantities(s, a)).deliverable).toBe(3);
  });

  it('two partial receipts of one order at once never over-receive (concurrency)', async () => {
    for (let round = 0; round < 5; round++) {
      const { a, po, code } = await purchaseOrder(10, 1);
      const results = await Promise.all([
        s.call('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 7 }] }),
        s.call('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 7 }] }),
        s.call('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 2 }] }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      const refused = results.filter((r) => !r.ok);
      expect(refused.map((r) => r.status)).toEqual([409]);
      if (!refused[0]!.ok) expect(refused[0]!.error.reason).toBe('po_over_receipt');
      const got = await s.ok('getPO', { project_code: code });
      expect(lineOf(got, a)).toMatchObject({ received_quantity: 9, remaining: 1 });
      expect((await quantities(s, a)).deliverable).toBe(9);
    }
    expect(await levelMismatches(s.app.store)).toEqual([]);
  });

  it("another account's purchase order is NOT_FOUND and untouched", async () => {
    const { a, po, code } = await purchaseOrder();
    const now = s.clock.now();
    const acct = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Idegen Kft.'], now) as { account_id: number }).account_id;
    const key = await runAdmin(s.app.store, ['key', 'issue', '--account', String(acct)], now) as { api_key: string };
    const session = await runAdmin(s.app.store, ['session', 'open', '--account', String(acct)], now) as { session_key: string };
    const other: Credentials = { api_key: key.api_key, session_key: session.session_key };
    const r = await s.call('setPOTakeIn', { PO: po, items: [{ product_id: a, quantity: 1 }] }, { keys: other });
    expect(r.status).toBe(404);
    expect((await s.call('getPO', { project_code: code }, { keys: other })).status).toBe(404);
    expect((await s.ok('getPOs', {}, { keys: other })).purchase_orders).toEqual([]);
    expect((await s.ok('getPO', { project_code: code })).receiving_status).toBe('open');
  });
});
