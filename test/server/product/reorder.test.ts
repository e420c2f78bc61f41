/** Extensions setReorderRule, getReorderRules and setPurchaseOrder over HTTP, exactly once and tenant-isolated; on both engines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import type { Credentials } from '@shared/protocol';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';
import { product, warehouse } from './fixtures';

let s: TestServer;
let other: Credentials;
let otherProduct: number;
let otherContact: number;

beforeAll(async () => {
  s = await startTestServer();
  await warehouse(s, 'Pécs Raktár');
  const now = s.clock.now();
  const acc = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Másik Bt.'], now) as { account_id: number }).account_id;
  const key = await runAdmin(s.app.store, ['key', 'issue', '--account', String(acc)], now) as { api_key: string };
  const session = await runAdmin(s.app.store, ['session', 'open', '--account', String(acc)], now) as { session_key: string };
  other = { api_key: key.api_key, session_key: session.session_key };
  otherContact = (await runAdmin(s.app.store, ['contact', 'add', '--account', String(acc), '--name', 'Idegen beszállító'], now) as { contact_id: number }).contact_id;
  otherProduct = (await s.ok('setProduct', { product_name: 'Idegen termék', currency: 'HUF', vat: 27, unit: 'db' }, { keys: other })).id;
});
afterAll(() => s.close());

describe('setReorderRule / getReorderRules', () => {
  it.each(['json', 'xml'] as const)('keeps one rule per product and scope, changed by a second write, read back with its supplier (%s)', async (format) => {
    const p = await product(s);
    const a = await s.ok('setReorderRule', { product_id: p, warehouse: 'Pécs Raktár', min_quantity: 10, reorder_quantity: 24.5, supplier_contact_id: s.account.supplierContactId }, { format });
    expect(a.rule).toMatchObject({ product_id: p, warehouse: 'Pécs Raktár', min_quantity: 10, reorder_quantity: 24.5, incoming: 0, supplier: { contact_id: s.account.supplierContactId } });
    expect(a.rule!.supplier!.name).not.toBe('');
    const all = await s.ok('setReorderRule', { product_id: p, min_quantity: 30, reorder_quantity: 50 }, { format });
    expect(all.rule_id).not.toBe(a.rule_id);
    expect(all.rule!.warehouse).toBeUndefined();
    // The same scope again (warehouse spelled in other capitals): the rule is changed, not doubled.
    const b = await s.ok('setReorderRule', { product_id: p, warehouse: 'PÉCS RAKTÁR', min_quantity: 12, reorder_quantity: 20 }, { format });
    expect(b.rule_id).toBe(a.rule_id);
    expect(b.rule!.supplier).toBeUndefined();
    const read = await s.ok('getReorderRules', { product_id: p }, { format });
    expect(read.rules.map((r) => [r.rule_id, r.warehouse ?? '*', r.min_quantity, r.reorder_quantity])).toEqual([
      [a.rule_id, 'Pécs Raktár', 12, 20], [all.rule_id, '*', 30, 50],
    ]);
    const gone = await s.ok('setReorderRule', { product_id: p, warehouse: 'Pécs Raktár', min_quantity: 0, reorder_quantity: 0, remove: 1 }, { format });
    expect(gone).toMatchObject({ rule_id: 0, removed: 1 });
    expect((await s.ok('getReorderRules', { product_id: p }, { format })).rules.map((r) => r.rule_id)).toEqual([all.rule_id]);
  });

  it('applies once per request_id and refuses bad input with the field to fix', async () => {
    const p = await product(s);
    const params = { product_id: p, min_quantity: 5, reorder_quantity: 10, request_id: 'rule-once' };
    const first = await s.ok('setReorderRule', params);
    await s.ok('setReorderRule', { product_id: p, min_quantity: 7, reorder_quantity: 10 });
    const replay = await s.ok('setReorderRule', params, { format: 'xml' });
    expect(replay.rule_id).toBe(first.rule_id);
    expect((await s.ok('getReorderRules', { product_id: p })).rules[0]!.min_quantity).toBe(7);
    const neg = await s.call('setReorderRule', { product_id: p, min_quantity: -1, reorder_quantity: 10 });
    expect(neg.status).toBe(400);
    if (!neg.ok) expect(neg.error.details?.[0]?.field).toBe('min_quantity');
    const fine = await s.call('setReorderRule', { product_id: p, min_quantity: 1.0001, reorder_quantity: 10 });
    expect(fine.status).toBe(400);
    const service = await product(s, { service: 1 });
    const sv = await s.call('setReorderRule', { product_id: service, min_quantity: 1, reorder_quantity: 1 });
    expect(sv.status).toBe(409);
    if (!sv.ok) expect(sv.error.reason).toBe('service_has_no_stock');
    const wh = await s.call('setReorderRule', { product_id: p, warehouse: 'Nincs Ilyen', min_quantity: 1, reorder_quantity: 1 });
    expect(wh.status).toBe(404);
  });
});

describe('setPurchaseOrder', () => {
  it.each(['json', 'xml'] as const)('creates an open purchase order seen by getPOs and getPO, counted as incoming by the rules (%s)', async (format) => {
    const p1 = await product(s);
    const p2 = await product(s);
    await s.ok('setReorderRule', { product_id: p1, warehouse: 'Pécs Raktár', min_quantity: 10, reorder_quantity: 20 });
    await s.ok('setReorderRule', { product_id: p1, min_quantity: 10, reorder_quantity: 20 });
    const po = await s.ok('setPurchaseOrder', {
      contact_id: s.account.supplierContactId, warehouse: 'pécs raktár', currency: 'EUR',
      lines: [{ product_id: p1, quantity: 20, price: 12.4 }, { product_id: p2, quantity: 3.5 }], request_id: `po-${format}`,
    }, { format });
    expect(po).toMatchObject({ status: 'open', warehouse: 'Pécs Raktár' });
    expect(po.project_code).toMatch(/^PO-\d{4}-\d{6}$/);
    const list = await s.ok('getPOs', { status: 'open' }, { format });
    expect(list.purchase_orders.find((x) => x.po_id === po.po_id)).toMatchObject({
      project_code: po.project_code, warehouse: 'Pécs Raktár', outstanding: 23.5, supplier: { contact_id: s.account.supplierContactId },
    });
    const got = await s.ok('getPO', { project_code: po.project_code }, { format });
    expect(got.currency).toBe('EUR');
    expect(got.order_id).toBeUndefined();
    expect(got.lines.map((l) => [l.product_id, l.quantity, l.received_quantity, l.price])).toEqual([[p1, 20, 0, 12.4], [p2, 3.5, 0, undefined]]);
    // Incoming counts into the warehouse's rule and the all-warehouses rule; received, it is no longer incoming.
    expect((await s.ok('getReorderRules', { product_id: p1 })).rules.map((r) => r.incoming)).toEqual([20, 20]);
    await s.ok('setPOTakeIn', { PO: po.po_id });
    expect((await s.ok('getReorderRules', { product_id: p1 })).rules.map((r) => r.incoming)).toEqual([0, 0]);
  });

  it('applies once per request_id: a replay answers the same code and writes no second order', async () => {
    const p = await product(s);
    const params = { contact_id: s.account.supplierContactId, lines: [{ product_id: p, quantity: 4 }], request_id: 'po-once' };
    const first = await s.ok('setPurchaseOrder', params);
    const again = await s.ok('setPurchaseOrder', params, { format: 'xml' });
    expect(again).toEqual(first);
    expect(first.warehouse).toBe('Default');
    const open = await s.ok('getPOs', { status: 'open' });
    expect(open.purchase_orders.filter((x) => x.project_code === first.project_code)).toHaveLength(1);
    const reused = await s.call('setPurchaseOrder', { ...params, lines: [{ product_id: p, quantity: 5 }] });
    expect(reused.status).toBe(409);
  });

  it('numbers concurrent orders apart: each gets its own code', async () => {
    const p = await product(s);
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      s.ok('setPurchaseOrder', { contact_id: s.account.supplierContactId, lines: [{ product_id: p, quantity: i + 1 }], request_id: `po-concurrent-${i}` })));
    expect(new Set(made.map((m) => m.project_code)).size).toBe(6);
    expect((await s.ok('getReorderRules', {})).rules.length).toBeGreaterThan(0);
  });

  it('refuses bad lines whole, naming the line, and writes nothing', async () => {
    const p = await product(s);
    const service = await product(s, { service: 1 });
    const before = await storeChecksum(s.app.store);
    const dup = await s.call('setPurchaseOrder', { contact_id: s.account.supplierContactId, lines: [{ product_id: p, quantity: 1 }, { product_id: p, quantity: 2 }] });
    expect(dup.status).toBe(400);
    if (!dup.ok) expect(dup.error.details?.[0]?.field).toBe('lines[1].product_id');
    const sv = await s.call('setPurchaseOrder', { contact_id: s.account.supplierContactId, lines: [{ product_id: p, quantity: 1 }, { product_id: service, quantity: 1 }] });
    expect(sv.status).toBe(409);
    if (!sv.ok) expect(sv.error.details?.[0]?.field).toBe('lines[1].product_id');
    const zero = await s.call('setPurchaseOrder', { contact_id: s.account.supplierContactId, lines: [{ product_id: p, quantity: 0 }] });
    expect(zero.status).toBe(400);
    const none = await s.call('setPurchaseOrder', { contact_id: s.account.supplierContactId, lines: [] });
    expect(none.status).toBe(400);
    const cur = await s.call('setPurchaseOrder', { contact_id: s.account.supplierContactId, currency: 'EUR', lines: [{ product_id: p, quantity: 1 }] });
    expect(cur.status).toBe(400);
    if (!cur.ok) expect(cur.error.details?.[0]?.field).toBe('currency');
    expect(await storeChecksum(s.app.store)).toBe(before);
  });
});

describe('tenancy', () => {
  it("refuses another account's product and contact ids, and shows neither account the other's rules", async () => {
    const mine = await product(s);
    await s.ok('setReorderRule', { product_id: mine, min_quantity: 3, reorder_quantity: 6 });
    const before = await storeChecksum(s.app.store);
    const attempts: Array<[string, Record<string, unknown>, Credentials | undefined, string]> = [
      ['setReorderRule', { product_id: otherProduct, min_quantity: 1, reorder_quantity: 1 }, undefined, 'product_id'],
      ['setReorderRule', { product_id: mine, min_quantity: 1, reorder_quantity: 1 }, other, 'product_id'],
      ['setReorderRule', { product_id: mine, min_quantity: 1, reorder_quantity: 1, supplier_contact_id: otherContact }, undefined, 'supplier_contact_id'],
      ['setPurchaseOrder', { contact_id: otherContact, lines: [{ product_id: mine, quantity: 1 }] }, undefined, 'contact_id'],
      ['setPurchaseOrder', { contact_id: s.account.supplierContactId, lines: [{ product_id: otherProduct, quantity: 1 }] }, undefined, 'lines[0].product_id'],
      ['setPurchaseOrder', { contact_id: otherContact, lines: [{ product_id: mine, quantity: 1 }] }, other, 'lines[0].product_id'],
    ];
    for (const [method, params, keys, field] of attempts) {
      const r = await s.call(method as 'setPurchaseOrder', params, { keys });
      expect({ method, field, status: r.status }).toEqual({ method, field, status: 404 });
      if (!r.ok) expect(r.error.details?.[0]?.field).toBe(field);
    }
    expect(await storeChecksum(s.app.store)).toBe(before);
    expect((await s.ok('getReorderRules', {}, { keys: other })).rules).toEqual([]);
    expect((await s.ok('getReorderRules', { product_id: mine }, { keys: other })).rules).toEqual([]);
  });

  it('announces the extensions in /api/health', async () => {
    const r = await s.raw('/api/health', '', undefined, 'GET');
    const caps = (JSON.parse(r.body) as { capabilities: string[] }).capabilities;
    expect(caps).toEqual(expect.arrayContaining(['setReorderRule', 'getReorderRules', 'setPurchaseOrder']));
  });
});
