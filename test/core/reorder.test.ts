/**
 * Reorder on the real desk core and a real server: rules written on the server arrive in the mirror
 * with the sync; the low-stock list is worked out from the mirror, offline too; a purchase order made
 * offline counts as incoming at once, is created exactly once when sent and confirmed with its code;
 * a rule edit shows pending and reaches the server; a discarded order gives its incoming back; a server
 * without the extensions is said to lack them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

let s: TestServer;
let c: TestCore;
let ids: number[] = [];

const low = async () => (await c.ok('reorder.lowStock', {})).rows.map((r) => [r.productId, r.warehouse, r.onHand, r.reserved, r.incoming, r.available, r.suggested]);

async function pullNow() {
  await c.ok('sync.now', {});
  await c.core.engine.idle();
  await c.sync();
}

beforeAll(async () => {
  s = await startTestServer();
  ids = await seedCatalog(s.app.store, s.account.accountId, 4, s.clock.now(), { prefix: 'Polc', stockEvery: 1, qty: 10 });
  c = await startTestCore(s);
});
afterAll(async () => {
  await c?.close();
  await s?.close();
});

describe('the low-stock list on the desk', () => {
  it('shows rules read from the server with on hand, reserved and incoming from the mirror, offline too', async () => {
    await s.ok('setReorderRule', { product_id: ids[0]!, warehouse: 'Default', min_quantity: 15, reorder_quantity: 20, supplier_contact_id: s.account.supplierContactId });
    await s.ok('setReorderRule', { product_id: ids[1]!, min_quantity: 50, reorder_quantity: 0 });
    await s.ok('setReorderRule', { product_id: ids[2]!, warehouse: 'Győr', min_quantity: 5, reorder_quantity: 10 });
    await pullNow();
    const view = await c.ok('reorder.lowStock', {});
    expect(view.supported).toBe(true);
    expect(view.rules).toBe(3);
    expect(view.fetchedAt).not.toBeNull();
    // ids[2] has 10 in Győr, above its minimum 5; ids[1] has 30 over all warehouses, 20 short of 50.
    expect(await low()).toEqual([[ids[1], '', 30, 0, 0, 30, 20], [ids[0], 'Default', 10, 0, 0, 10, 20]]);
    expect(view.rows.find((r) => r.productId === ids[0])).toMatchObject({ supplierId: s.account.supplierContactId, pending: false, unit: 'db' });
    c.net.offline = true;
    expect(await low()).toEqual([[ids[1], '', 30, 0, 0, 30, 20], [ids[0], 'Default', 10, 0, 0, 10, 20]]);
    // A wasting made offline counts at once.
    await c.ok('stock.adjust', { productId: ids[2]!, warehouse: 'Győr', stockLabel: '', quantity: -6, contactId: s.account.supplierContactId });
    expect((await low()).find((r) => r[0] === ids[2])).toEqual([ids[2], 'Győr', 4, 0, 0, 4, 10]);
    c.net.offline = false;
    c.clock.advance(10_000);
    await pullNow();
  });

  it('a purchase order made offline counts as incoming, is created once when sent and confirmed with its code', async () => {
    c.net.offline = true;
    const { entryId } = await c.ok('reorder.createPo', { contactId: s.account.supplierContactId, warehouse: 'default', lines: [{ productId: ids[0]!, quantity: 20 }] });
    expect((await low()).map((r) => r[0])).not.toContain(ids[0]);
    expect((await c.ok('reorder.posted', { entryIds: [entryId] }))[0]!.projectCode).toBeNull();
    const before = (await s.ok('getPOs', {})).purchase_orders.length;
    // A rule edit offline: shown at once, pending.
    await c.ok('reorder.setRule', { productId: ids[1]!, warehouse: '', min: 0, reorder: 0, supplierId: null, remove: true });
    expect(await c.ok('reorder.rules', { productId: ids[1]! })).toEqual([]);
    expect((await low()).map((r) => r[0])).not.toContain(ids[1]);

    c.net.offline = false;
    c.clock.advance(10_000);
    await c.core.engine.idle();
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    const code = (await c.ok('reorder.posted', { entryIds: [entryId] }))[0]!.projectCode;
    expect(code).toMatch(/^PO-\d{4}-\d{6}$/);
    const pos = (await s.ok('getPOs', {})).purchase_orders;
    expect(pos).toHaveLength(before + 1);
    expect(pos.at(-1)).toMatchObject({ project_code: code, warehouse: 'Default', outstanding: 20, supplier: { contact_id: s.account.supplierContactId } });
    expect((await s.ok('getReorderRules', { product_id: ids[1]! })).rules).toEqual([]);
    const done = (await c.ok('outbox.list', { states: ['done'] })).find((e) => e.id === entryId)!;
    expect(done.summaryData).toMatchObject({ kind: 'purchaseOrder', args: { warehouse: 'Default', lines: 1 } });
    // After the next pull the server's incoming stands for the order (counted once, not twice).
    await pullNow();
    expect((await s.ok('getReorderRules', { product_id: ids[0]! })).rules[0]!.incoming).toBe(20);
    const rules = await c.ok('reorder.lowStock', {});
    expect(rules.rows.map((r) => r.productId)).toEqual([ids[2]]);
    await s.ok('setQuantity', { product_id: ids[0]!, quantity: -9, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    await pullNow();
    // 1 on hand + 20 incoming = 21, above 15: still not low.
    expect((await low()).map((r) => r[0])).not.toContain(ids[0]);
    await s.ok('setReorderRule', { product_id: ids[0]!, warehouse: 'Default', min_quantity: 25, reorder_quantity: 20 });
    await pullNow();
    expect((await low()).find((r) => r[0] === ids[0])).toEqual([ids[0], 'Default', 1, 0, 20, 21, 20]);
    // Received: on hand, no longer incoming (21 is still below the minimum 25).
    const po = (await s.ok('getPOs', {})).purchase_orders.find((p) => p.project_code === code)!;
    await s.ok('setPOTakeIn', { PO: po.po_id });
    await pullNow();
    expect((await low()).find((r) => r[0] === ids[0])).toEqual([ids[0], 'Default', 21, 0, 0, 21, 20]);
    expect((await c.ok('products.get', { id: ids[0]! }))!.quantities.find((q) => q.warehouse === 'Default')!.deliverable).toBe(21);
  });

  it('a rule written on the desk reaches the server; a discarded order gives its incoming back', async () => {
    await c.ok('reorder.setRule', { productId: ids[3]!, warehouse: 'Szeged', min: 12.5, reorder: 4, supplierId: s.account.supplierContactId, remove: false });
    expect(await c.ok('reorder.rules', { productId: ids[3]! })).toEqual([
      { productId: ids[3], warehouse: 'Szeged', min: 12.5, reorder: 4, supplierId: s.account.supplierContactId, supplierName: expect.any(String), pending: true },
    ]);
    await c.sync();
    expect((await s.ok('getReorderRules', { product_id: ids[3]! })).rules).toMatchObject([{ warehouse: 'Szeged', min_quantity: 12.5, reorder_quantity: 4 }]);
    expect((await c.ok('reorder.rules', { productId: ids[3]! }))[0]!.pending).toBe(false);
    expect((await low()).find((r) => r[0] === ids[3])).toEqual([ids[3], 'Szeged', 10, 0, 0, 10, 4]);

    c.net.offline = true;
    const { entryId } = await c.ok('reorder.createPo', { contactId: s.account.supplierContactId, warehouse: 'Szeged', lines: [{ productId: ids[3]!, quantity: 4 }] });
    expect((await low()).find((r) => r[0] === ids[3])).toBeUndefined();
    await c.ok('outbox.discard', { id: entryId });
    expect((await low()).find((r) => r[0] === ids[3])).toEqual([ids[3], 'Szeged', 10, 0, 0, 10, 4]);
    c.net.offline = false;
  });

  it('refuses lines it cannot send, naming the line', async () => {
    const r = await c.call('reorder.createPo', { contactId: s.account.supplierContactId, warehouse: 'Default', lines: [{ productId: ids[0]!, quantity: 1 }, { productId: ids[0]!, quantity: 2 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.details[0]!.field).toBe('lines[1].productId');
  });
});

describe('a server without the reorder extensions', () => {
  it('is said to lack them, and the desk refuses to queue what it could not send', async () => {
    const old = await startTestCore(s, { stripExtensions: true });
    try {
      expect((await old.ok('reorder.lowStock', {})).supported).toBe(false);
      const r = await old.call('reorder.createPo', { contactId: s.account.supplierContactId, warehouse: 'Default', lines: [{ productId: ids[0]!, quantity: 1 }] });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('CONFLICT');
    } finally {
      await old.close();
    }
  });
});
