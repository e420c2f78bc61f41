/**
 * Who did it and the audit trail, over real HTTP on the engine the suite runs on: documents and stock
 * movements carry their user's name; every accepted write of a replayed outbox is in the audit trail
 * exactly once; nothing the API offers changes the trail, and the database itself refuses to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES, type MethodName } from '@shared/protocol';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../helpers/server';
import { hufInvoice } from '../finance/fixtures';
import { product, stock } from '../product/fixtures';
import { admin, auditOf, clerks, type Clerk } from './users';

let s: TestServer;
let clerk: Record<'warehouse' | 'billing' | 'manager', Clerk>;
beforeAll(async () => {
  s = await startTestServer();
  clerk = await clerks(s);
}, 60_000);
afterAll(() => s.close());

const line = (product_id: number, quantity: number, from: string, to: string) => ({
  product_id, quantity, from_warehouse: from, from_stock_label: '', to_warehouse: to, to_stock_label: '',
});

describe(`who did it, on ${TEST_ENGINE}`, () => {
  it.each(['json', 'xml'] as const)('stock movements and invoices carry the name of the user behind the session (%s)', async (format) => {
    const p = await product(s);
    await stock(s, p, 2); // the owner session: no user
    await s.ok('setQuantity', { product_id: p, quantity: 5, contact_id: s.account.supplierContactId, warehouse: 'Default' }, { format, keys: clerk.warehouse.keys });
    await s.ok('setTransfer', { lines: [line(p, 1, 'Default', 'Győr Raktár')] }, { format, keys: clerk.manager.keys });
    const history = await s.ok('getStockHistory', { product_id: p }, { format });
    expect(history.movements.map((m) => [m.kind, m.quantity, m.created_by])).toEqual([
      ['transfer', 1, clerk.manager.name], ['transfer', -1, clerk.manager.name], ['takein', 5, clerk.warehouse.name], ['takein', 2, undefined],
    ]);
    const inv = await s.ok('setInvoice', hufInvoice(s), { format, keys: clerk.billing.keys });
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id }, { format })).created_by).toBe(clerk.billing.name);
    const listed = (await s.ok('getInvoices', { date_from: '2026-11-22', date_to: '2026-11-22' }, { format })).invoices.find((i) => i.id === inv.invoice_id);
    expect(listed?.created_by).toBe(clerk.billing.name);
    const pay = await s.ok('setBalance', { invoice_id: inv.invoice_id, amount: 100 }, { format, keys: clerk.billing.keys });
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id }, { format })).payments).toEqual([{ payment_id: pay.payment_id, amount: 100, date: '2026-11-22', created_by: clerk.billing.name }]);
    // The server's own rows: the user's id, not only a name that could be renamed.
    const rows = await s.app.store.all<{ t: string; created_by: number | null }>(
      `SELECT 'invoice' AS t, created_by FROM invoices WHERE id = ? UNION ALL SELECT 'payment', created_by FROM payments WHERE id = ?
       UNION ALL SELECT 'transfer', created_by FROM stock_transfers WHERE id = (SELECT max(id) FROM stock_transfers)`, [inv.invoice_id, pay.payment_id]);
    expect(rows).toEqual([
      { t: 'invoice', created_by: clerk.billing.userId }, { t: 'payment', created_by: clerk.billing.userId }, { t: 'transfer', created_by: clerk.manager.userId },
    ]);
  });
});

describe(`who did it, writes at the same moment, on ${TEST_ENGINE}`, () => {
  it('two clerks writing at once (one shared transaction on SQLite) each get their own name', async () => {
    const p = await product(s);
    const by = [clerk.warehouse, clerk.manager, clerk.warehouse, clerk.manager, clerk.warehouse, clerk.manager];
    const done = await Promise.all(by.map((c, i) => s.ok('setQuantity', { product_id: p, quantity: i + 1, contact_id: s.account.supplierContactId, warehouse: 'Default' }, { keys: c.keys })));
    const rows = await s.app.store.all<{ id: number; created_by: number }>(`SELECT id, created_by FROM stock_receipts WHERE id IN (${done.map(() => '?').join(', ')})`, done.map((d) => d.receipt_id));
    const byReceipt = new Map(rows.map((r) => [r.id, r.created_by]));
    expect(done.map((d) => byReceipt.get(d.receipt_id))).toEqual(by.map((c) => c.userId));
    const trail = (await auditOf(s)).filter((a) => done.some((d) => a.summary.includes(`receipt ${d.receipt_id})`)));
    expect(trail.map((a) => a.user_id).sort()).toEqual(by.map((c) => c.userId).sort());
  });
});

describe(`the audit trail, on ${TEST_ENGINE}`, () => {
  it('records every accepted write of a replayed outbox exactly once, with its user and a line saying what changed', async () => {
    const p = await product(s);
    await stock(s, p, 10);
    const inv = await s.ok('setInvoice', hufInvoice(s));
    const before = await auditOf(s);
    // A desk's outbox: each entry with its own clerk's keys and request_id.
    const outbox: Array<{ method: MethodName; params: Record<string, unknown>; by: Clerk }> = [
      { method: 'setQuantity', params: { product_id: p, quantity: 5, contact_id: s.account.supplierContactId, warehouse: 'Default', request_id: 'ob-1' }, by: clerk.warehouse },
      { method: 'setQuantity', params: { product_id: p, quantity: -2, contact_id: s.account.supplierContactId, warehouse: 'Default', request_id: 'ob-2' }, by: clerk.warehouse },
      { method: 'setTransfer', params: { lines: [line(p, 3, 'Default', 'Budapest Raktár')], request_id: 'ob-3' }, by: clerk.warehouse },
      { method: 'setInvoice', params: { ...hufInvoice(s), request_id: 'ob-4' }, by: clerk.billing },
      { method: 'setBalance', params: { invoice_id: inv.invoice_id, amount: 270, request_id: 'ob-5' }, by: clerk.billing },
      { method: 'setWarehouse', params: { name: 'Pécs Raktár', request_id: 'ob-6' }, by: clerk.manager },
    ];
    const send = (e: (typeof outbox)[number], i: number) => s.ok(e.method, e.params, { keys: e.by.keys, format: i % 2 ? 'xml' : 'json' });
    const first: unknown[] = [];
    for (const [i, e] of outbox.entries()) first.push(await send(e, i));
    // Replayed twice more: once in order (lost answers), once all at the same moment (two desks' twins).
    for (const [i, e] of outbox.entries()) expect(await send(e, i)).toEqual(first[i]);
    expect(await Promise.all(outbox.map(send))).toEqual(first);

    const added = (await auditOf(s)).slice(before.length);
    expect(added.map((a) => [a.request_id, a.method, a.user_id])).toEqual(outbox.map((e) => [e.params.request_id, e.method, e.by.userId]));
    expect(added[0]!.summary).toMatch(new RegExp(`^setQuantity product ${p} Default \\+5 \\(takein receipt \\d+\\)$`));
    expect(added[1]!.summary).toMatch(new RegExp(`^setQuantity product ${p} Default -2 \\(wasting receipt \\d+\\)$`));
    expect(added[2]!.summary).toMatch(new RegExp(`^setTransfer transfer \\d+: product ${p} 3 Default → Budapest Raktár$`));
    expect(added[3]!.summary).toMatch(/^setInvoice issued invoice \S+ \(id \d+\), gross 1270 HUF$/);
    expect(added[4]!.summary).toMatch(new RegExp(`^setBalance payment \\d+ of \\+270 on invoice ${inv.invoice_id} \\(partially_paid\\)$`));
    expect(added[5]!.summary).toMatch(/^setWarehouse created warehouse \d+ "Pécs Raktár"$/);
  });

  it('does not change under any API call, and the database refuses to update or delete it', async () => {
    await s.ok('setQuantity', { product_id: await product(s), quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default', request_id: 'keep-1' });
    const trail = await auditOf(s);
    expect(trail.length).toBeGreaterThan(0);
    // Every method, by every kind of session, with nonsense and with a replayed request_id.
    for (const method of METHOD_NAMES) {
      for (const keys of [s.keys, clerk.warehouse.keys, clerk.billing.keys, { api_key: s.keys.api_key, session_key: 'sds_nope' }]) {
        await s.call(method, { request_id: 'keep-1', id: trail[0]!.id, audit_id: trail[0]!.id }, { keys });
      }
    }
    expect(await auditOf(s)).toEqual(trail);
    await expect((async () => s.app.store.run('UPDATE audit_log SET summary = ? WHERE id = ?', ['rewritten', trail[0]!.id]))()).rejects.toThrow(/append-only/);
    await expect((async () => s.app.store.run('DELETE FROM audit_log WHERE id = ?', [trail[0]!.id]))()).rejects.toThrow(/append-only/);
    expect(await auditOf(s)).toEqual(trail);
  });

  it('admin audit lists it newest first, filtered by user, method and time', async () => {
    const a = String(s.account.accountId);
    const mine = (await admin(s, ['audit', '--account', a, '--user', String(clerk.warehouse.userId), '--method', 'setQuantity', '--since', '2026-11-22', '--limit', '1'])).entries as Array<Record<string, unknown>>;
    expect(mine).toEqual([expect.objectContaining({ user: clerk.warehouse.name, method: 'setQuantity', request_id: 'ob-2' })]);
    expect((await admin(s, ['audit', '--account', a, '--since', '2026-11-23'])).entries).toEqual([]);
    await expect(admin(s, ['audit', '--account', a, '--method', 'dropTable'])).rejects.toThrow('--method must be a method of the API, like setQuantity; got dropTable');
  });
});
