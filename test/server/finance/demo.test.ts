/** The finance demo data: through the real services, relative to the clock, seeded once. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '@server/demo/seed';
import { storeChecksum } from '../../helpers/dbChecksum';
import { DEMO_KEYS, startTestServer, type TestServer } from '../../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

it('has invoices in HUF and EUR that are paid, partially paid, overdue, plus a proforma and a storno', async () => {
  const { invoices } = await s.ok('getInvoices', { date_from: '2026-01-01', date_to: '2026-12-31' });
  expect(invoices.length).toBeGreaterThanOrEqual(12);
  const statuses = new Set(invoices.map((i) => i.status));
  for (const st of ['paid', 'partially_paid', 'overdue', 'unpaid', 'cancelled', 'storno', 'proforma', 'converted'] as const) expect(statuses, st).toContain(st);
  expect(new Set(invoices.map((i) => i.currency))).toEqual(new Set(['HUF', 'EUR']));
  expect(new Set(invoices.map((i) => i.contact_id)).size).toBeGreaterThanOrEqual(5);
  const dues = await s.ok('getDueCustomers', {});
  expect(dues.customers.some((c) => c.currencies.some((x) => x.overdue > 0))).toBe(true);
  const letter = await s.ok('getDueNotification', { contact_id: s.account.customerContactId });
  expect(letter.invoices.length).toBeGreaterThan(0);
  for (const inv of invoices.filter((i) => i.type !== 'proforma' && i.status !== 'storno').slice(0, 3)) {
    expect((await s.ok('generateInvoice', { invoice_id: inv.id })).status).toBe('not_configured');
  }
});

it('seeding again changes nothing', async () => {
  const before = await storeChecksum(s.app.store);
  await seedDemo(s.app.store, s.clock, DEMO_KEYS);
  expect(await storeChecksum(s.app.store)).toBe(before);
});
