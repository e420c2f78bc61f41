/**
 * Every method × every role over real HTTP, in both formats, driven by the one shared table
 * (src/shared/protocol/roles.ts): an allowed role is never FORBIDDEN, a refused one gets 403
 * FORBIDDEN naming the method and the role, and a refused write changes nothing. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES, ROLES, rolesFor, type Role } from '@shared/protocol';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../helpers/server';
import { hufInvoice, issue } from '../finance/fixtures';
import { product, quantities, stock } from '../product/fixtures';
import { auditOf, clerks, type Clerk } from './users';

let s: TestServer;
let clerk: Record<Role, Clerk>;
beforeAll(async () => {
  s = await startTestServer();
  clerk = await clerks(s);
}, 60_000);
afterAll(() => s.close());

describe(`roles per method on ${TEST_ENGINE}`, () => {
  const cases = METHOD_NAMES.flatMap((method) => ROLES.map((role) => ({ method, role })));

  it.each(['json', 'xml'] as const)('every method × role: allowed is never FORBIDDEN, refused is 403 FORBIDDEN (%s)', async (format) => {
    const before = await auditOf(s);
    for (const { method, role } of cases) {
      // Empty parameters: an allowed call is answered or refused for its parameters, never for the role.
      const r = await s.call(method, {}, { format, keys: clerk[role].keys });
      if (rolesFor(method).includes(role)) {
        expect(r.ok ? r.status : [r.status, r.error.code], `${method} as ${role}`).toEqual(r.ok ? 200 : [400, 'VALIDATION_ERROR']);
      } else {
        expect(r.ok, `${method} as ${role}`).toBe(false);
        if (r.ok) continue;
        expect([r.status, r.error.code], `${method} as ${role}`).toEqual([403, 'FORBIDDEN']);
        expect(r.error.message).toContain(`${CLERK(role)}'s role (${role}) may not make ${method} calls`);
      }
    }
    // The owner session (no user) is a manager, as every session was before users.
    for (const method of METHOD_NAMES) {
      const r = await s.call(method, {}, { format });
      expect(r.ok || r.error.code, method).not.toBe('FORBIDDEN');
    }
    expect(await auditOf(s)).toEqual(before);
  }, 120_000);

  const CLERK = (role: Role) => clerk[role].name;

  it.each(['json', 'xml'] as const)('a refused write with valid parameters changes nothing at the server (%s)', async (format) => {
    const p = await product(s);
    await stock(s, p, 5);
    const invoicesBefore = (await s.ok('getInvoices', { date_from: '2026-01-01', date_to: '2026-12-31' })).invoices.length;
    const audit = await auditOf(s);
    const take = await s.call('setQuantity', { product_id: p, quantity: 3, contact_id: s.account.supplierContactId, warehouse: 'Default', request_id: `refused-q-${format}` }, { format, keys: clerk.billing.keys });
    expect(take.ok || take.error.code).toBe('FORBIDDEN');
    const inv = await s.call('setInvoice', { ...hufInvoice(s), request_id: `refused-i-${format}` }, { format, keys: clerk.warehouse.keys });
    expect(inv.ok || [inv.status, inv.error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await quantities(s, p)).deliverable).toBe(5);
    expect((await s.ok('getInvoices', { date_from: '2026-01-01', date_to: '2026-12-31' })).invoices).toHaveLength(invoicesBefore);
    expect(await auditOf(s)).toEqual(audit);
    // The refused request_id was not spent: the role that may sends it and it applies.
    await s.ok('setQuantity', { product_id: p, quantity: 3, contact_id: s.account.supplierContactId, warehouse: 'Default', request_id: `refused-q-${format}` }, { format, keys: clerk.warehouse.keys });
    expect((await quantities(s, p)).deliverable).toBe(8);
  });

  it.each(['json', 'xml'] as const)('a storno is a manager\'s: billing issues invoices but may not cancel them (%s)', async (format) => {
    const original = await issue(s, hufInvoice(s), format);
    const stornoParams = { ...hufInvoice(s, { items: undefined }), storno_id: original.invoice_id };
    const refused = await s.call('setInvoice', stornoParams, { format, keys: clerk.billing.keys });
    expect(refused.ok || [refused.status, refused.error.code, refused.error.details]).toEqual([403, 'FORBIDDEN', [{ field: 'storno_id', message: 'not allowed for the role billing' }]]);
    if (!refused.ok) expect(refused.error.message).toContain('may not make a storno (storno_id) in setInvoice');
    expect((await s.ok('getInvoice', { invoice_id: original.invoice_id })).cancelled_by).toBeUndefined();
    const storno = await s.ok('setInvoice', stornoParams, { format, keys: clerk.manager.keys });
    expect(storno.type).toBe('storno');
    expect((await s.ok('getInvoice', { invoice_id: original.invoice_id })).cancelled_by).toBe(storno.invoice_id);
  });
});
