/**
 * Extension getStockValuation over HTTP, on both engines: figures computed by hand from the method in
 * docs/valuation.md (moving average per product × warehouse, fx take-ins, wasting, transfers, dates).
 * Each case uses its own product group, so the demo account's other stock stays out of its figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import type { Credentials } from '@shared/protocol';
import { startTestServer, type TestServer } from '../../helpers/server';
import { product, stock } from './fixtures';

let s: TestServer;
let other: Credentials;

beforeAll(async () => {
  s = await startTestServer();
  const now = s.clock.now();
  const account = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Másik Bt.'], now) as { account_id: number }).account_id;
  const key = await runAdmin(s.app.store, ['key', 'issue', '--account', String(account)], now) as { api_key: string };
  const session = await runAdmin(s.app.store, ['session', 'open', '--account', String(account)], now) as { session_key: string };
  other = { api_key: key.api_key, session_key: session.session_key };
});
afterAll(() => s.close());

const pick = (lines: Array<{ product_id: number; warehouse: string; quantity: number; average_cost: number; value: number; unpriced: number }>) =>
  lines.map((l) => [l.product_id, l.warehouse, l.quantity, l.average_cost, l.value, l.unpriced]);

describe('getStockValuation', () => {
  it.each(['json', 'xml'] as const)('values HUF and EUR take-ins at a moving average, wastings at it, as of a date (%s)', async (format) => {
    const group = `Csavarok ${format}`;
    const a = await product(s, { product_group: group, product_name: `A ${format}` });
    const b = await product(s, { product_group: group, product_name: `B ${format}` });
    // A: 10 @ 1000 → avg 1000; 5 @ 10 EUR × 400 = 4000 → (10000 + 20000) / 15 = 2000; waste 3 → 12 @ 2000;
    // 4 @ 1333 → (24000 + 5332) / 16 = 1833.25; waste 1 → 15 × 1833.25 = 27498.75 → 27499.
    await stock(s, a, 10, { price: 1000, date: '2026-11-10' });
    await stock(s, a, 5, { price: 10, currency: 'EUR', fxrate: 400, date: '2026-11-12' });
    await stock(s, a, -3, { date: '2026-11-14' });
    await stock(s, a, 4, { price: 1333, date: '2026-11-16' });
    await stock(s, a, -1, { date: '2026-11-18' });
    // B: 3 @ 12.35 EUR × 395.5 = 4884.425 each (14653.275); 2 @ 4000 → 22653.275 / 5 = 4530.655; value 22653.
    await stock(s, b, 3, { price: 12.35, currency: 'EUR', fxrate: 395.5, date: '2026-11-11' });
    await stock(s, b, 2, { price: 4000, date: '2026-11-17' });

    const now = await s.ok('getStockValuation', { product_group: group }, { format });
    expect(now).toMatchObject({ date: '2026-11-22', currency: 'HUF', total_value: 50152, unpriced_lines: 0 });
    expect(pick(now.lines)).toEqual([[a, 'Default', 15, 1833.25, 27499, 0], [b, 'Default', 5, 4530.655, 22653, 0]]);
    expect(now.lines[0]).toMatchObject({ product_name: `A ${format}`, product_group: group, unit: 'db' });
    expect(now.group_subtotals).toEqual([{ warehouse: 'Default', product_group: group, value: 50152 }]);
    expect(now.warehouse_subtotals).toEqual([{ warehouse: 'Default', value: 50152 }]);
    expect(now.group_totals).toEqual([{ product_group: group, value: 50152 }]);

    // The end of 2026-11-13: A's EUR take-in is in, its wastings and later take-ins are not; B has only its EUR take-in.
    const past = await s.ok('getStockValuation', { date: '2026-11-13', product_group: group }, { format });
    expect(pick(past.lines)).toEqual([[a, 'Default', 15, 2000, 30000, 0], [b, 'Default', 3, 4884.425, 14653, 0]]);
    expect(past.total_value).toBe(44653);
    const afterWaste = await s.ok('getStockValuation', { date: '2026-11-15', product_group: group }, { format });
    expect(pick(afterWaste.lines)[0]).toEqual([a, 'Default', 12, 2000, 24000, 0]);
    // Before anything was taken in: nothing.
    const before = await s.ok('getStockValuation', { date: '2026-11-09', product_group: group }, { format });
    expect(before).toMatchObject({ lines: [], group_subtotals: [], total_value: 0 });
  });

  it('moves value with a transfer at the source average; marks unpriced stock; sums rounded lines', async () => {
    const group = 'Átrakott';
    const c = await product(s, { product_group: group, product_name: 'C' });
    const d = await product(s, { product_group: group, product_name: 'D' });
    const e = await product(s, { product_group: group, product_name: 'E' });
    const f = await product(s, { product_group: group, product_name: 'F' });
    await stock(s, c, 10, { price: 100, date: '2026-11-10' });
    await stock(s, c, 10, { price: 200, warehouse: 'Győr Raktár', date: '2026-11-10' });
    await s.ok('setTransfer', { date: '2026-11-11', lines: [{ product_id: c, quantity: 5, from_warehouse: 'Default', to_warehouse: 'Győr Raktár' }], request_id: 'valuation-transfer-1' });
    // D came in without a price and has no average: worth 0, marked.
    await stock(s, d, 4, { date: '2026-11-10' });
    // E and F: 0.5 each, rounded per line to 1 forint; the subtotal is 2 (the sum of rounded lines), not round(1.0).
    await stock(s, e, 1, { price: 0.5, date: '2026-11-10' });
    await stock(s, f, 1, { price: 0.5, date: '2026-11-10' });

    const v = await s.ok('getStockValuation', { date: '2026-11-11', product_group: group });
    // Default keeps 5 @ 100; Győr gets 5 @ 100 on top of 10 @ 200: 2500 / 15 = 166.666…; total 3000 unchanged by the transfer.
    expect(pick(v.lines)).toEqual([
      [c, 'Default', 5, 100, 500, 0], [d, 'Default', 4, 0, 0, 1], [e, 'Default', 1, 0.5, 1, 0], [f, 'Default', 1, 0.5, 1, 0],
      [c, 'Győr Raktár', 15, 166.6667, 2500, 0],
    ]);
    expect(v.warehouse_subtotals).toEqual([{ warehouse: 'Default', value: 502 }, { warehouse: 'Győr Raktár', value: 2500 }]);
    expect(v).toMatchObject({ total_value: 3002, unpriced_lines: 1 });
    // The day before the transfer: each warehouse at its own price.
    const before = await s.ok('getStockValuation', { date: '2026-11-10', product_group: group, warehouse: 'Győr Raktár' }, { format: 'xml' });
    expect(pick(before.lines)).toEqual([[c, 'Győr Raktár', 10, 200, 2000, 0]]);
    const gyor = await s.ok('getStockValuation', { date: '2026-11-11', product_group: group, warehouse: 'Győr Raktár' });
    expect(gyor).toMatchObject({ total_value: 2500, warehouse_subtotals: [{ warehouse: 'Győr Raktár', value: 2500 }] });
    // A priced take-in while nothing is on hand after the unpriced units left resets D's mark.
    await stock(s, d, -4, { date: '2026-11-12' });
    await stock(s, d, 2, { price: 300, date: '2026-11-12' });
    const later = await s.ok('getStockValuation', { date: '2026-11-12', product_group: group, warehouse: 'Default' });
    expect(pick(later.lines).find((l) => l[0] === d)).toEqual([d, 'Default', 2, 300, 600, 0]);
  });

  it('refuses a future date and an unknown warehouse, saying what to fix', async () => {
    const future = await s.call('getStockValuation', { date: '2026-11-23' });
    expect(future.ok).toBe(false);
    if (!future.ok) {
      expect(future.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'date' }] });
      expect(future.error.message).toContain('2026-11-22');
    }
    const bad = await s.call('getStockValuation', { date: '2026-13-01' });
    expect(bad.status).toBe(400);
    const unknown = await s.call('getStockValuation', { warehouse: 'Nincs ilyen' });
    expect(unknown.status).toBe(404);
  });

  it('reads only the caller account\'s ledger', async () => {
    const group = 'Saját';
    const p = await product(s, { product_group: group });
    await stock(s, p, 2, { price: 50, warehouse: 'Győr Raktár' });
    const mine = await s.ok('getStockValuation', { product_group: group });
    expect(mine.total_value).toBe(100);
    const theirs = await s.ok('getStockValuation', { product_group: group }, { keys: other });
    expect(theirs).toMatchObject({ lines: [], total_value: 0 });
    const all = await s.ok('getStockValuation', {}, { keys: other });
    expect(all.lines).toEqual([]);
    // Another account's warehouse name is unknown here.
    const wh = await s.call('getStockValuation', { warehouse: 'Győr Raktár' }, { keys: other });
    expect(wh.status).toBe(404);
  });

  it('is announced in /api/health', async () => {
    const h = await s.raw('/api/health', '', undefined, 'GET');
    expect(JSON.parse(h.body).capabilities).toEqual(expect.arrayContaining(['getStockValuation']));
  });
});
