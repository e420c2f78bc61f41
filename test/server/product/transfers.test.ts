/** Extension setTransfer: stock moved between warehouses and bins as one document, exactly once, refused whole; on both engines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelMismatches } from '@server/repos/stock';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';
import { product, quantities, stock } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const line = (product_id: number, quantity: number, from: [string, string?], to: [string, string?]) => ({
  product_id, quantity, from_warehouse: from[0], from_stock_label: from[1] ?? '', to_warehouse: to[0], to_stock_label: to[1] ?? '',
});

describe('setTransfer', () => {
  it.each(['json', 'xml'] as const)('moves stock between warehouses and bins in one document, seen in the history on both sides (%s)', async (format) => {
    const a = await product(s);
    const b = await product(s);
    await stock(s, a, 10, { stock_label: 'A-01' });
    await stock(s, b, 4);
    const r = await s.ok('setTransfer', {
      date: '2026-11-22',
      lines: [line(a, 3, ['Default', 'A-01'], ['Győr Raktár', 'G-05']), line(a, 2, ['Default', 'A-01'], ['Default', 'B-02']), line(b, 4, ['Default'], ['Budapest Raktár'])],
      request_id: `transfer-1-${format}`,
    }, { format });
    expect(r.date).toBe('2026-11-22');
    expect(r.stock).toEqual(expect.arrayContaining([
      { product_id: a, warehouse: 'Default', stock_label: 'A-01', deliverable: 5 },
      { product_id: a, warehouse: 'Győr Raktár', stock_label: 'G-05', deliverable: 3 },
      { product_id: a, warehouse: 'Default', stock_label: 'B-02', deliverable: 2 },
      { product_id: b, warehouse: 'Default', stock_label: '', deliverable: 0 },
      { product_id: b, warehouse: 'Budapest Raktár', stock_label: '', deliverable: 4 },
    ]));
    expect(r.stock).toHaveLength(5);
    // The server's own state: levels per bin, and every level equal to its ledger.
    expect((await quantities(s, a, 'Default', 'A-01')).deliverable).toBe(5);
    expect((await quantities(s, a, 'Győr Raktár', 'G-05')).deliverable).toBe(3);
    expect((await quantities(s, a, 'Default')).deliverable).toBe(7);
    expect(await levelMismatches(s.app.store)).toEqual([]);
    const h = await s.ok('getStockHistory', { product_id: a }, { format });
    const moves = h.movements.filter((m) => m.kind === 'transfer');
    expect(moves.map((m) => [m.warehouse, m.stock_label, m.quantity]).sort()).toEqual([
      ['Default', 'A-01', -2], ['Default', 'A-01', -3], ['Default', 'B-02', 2], ['Győr Raktár', 'G-05', 3],
    ]);
    expect(new Set(moves.map((m) => m.transfer_id))).toEqual(new Set([r.transfer_id]));
    expect(h.movements[0]!.balance).toBe(10);
    const gy = await s.ok('getStockHistory', { product_id: a, warehouse: 'Győr Raktár', stock_label: 'G-05' });
    expect(gy.movements.map((m) => [m.kind, m.quantity, m.balance])).toEqual([['transfer', 3, 3]]);
  });

  it('applies once per request_id: a replay answers the same and moves nothing more', async () => {
    const a = await product(s);
    await stock(s, a, 6);
    const params = { lines: [line(a, 4, ['Default'], ['Győr Raktár'])], request_id: 'transfer-once' };
    const first = await s.ok('setTransfer', params);
    const again = await s.ok('setTransfer', params, { format: 'xml' });
    expect(again.transfer_id).toBe(first.transfer_id);
    expect((await quantities(s, a, 'Default')).deliverable).toBe(2);
    expect((await quantities(s, a, 'Győr Raktár')).deliverable).toBe(4);
    const reused = await s.call('setTransfer', { ...params, lines: [line(a, 1, ['Default'], ['Győr Raktár'])] });
    expect(reused.status).toBe(409);
  });

  it('refuses the whole transfer when a source lacks stock, naming every short line, and changes nothing', async () => {
    const a = await product(s);
    const b = await product(s, { product_name: 'Fali csempe 20×20' });
    await stock(s, a, 5, { stock_label: 'A-01' });
    await stock(s, b, 1);
    const before = await storeChecksum(s.app.store);
    const r = await s.call('setTransfer', {
      lines: [line(a, 3, ['Default', 'A-01'], ['Győr Raktár']), line(b, 2, ['Default'], ['Győr Raktár']), line(a, 3, ['Default', 'A-01'], ['Default', 'B-01'])],
    });
    expect(r.status).toBe(409);
    if (r.ok) throw new Error('expected a refusal');
    expect(r.error.code).toBe('CONFLICT');
    expect(r.error.reason).toBe('insufficient_stock');
    expect(r.error.figures).toMatchObject({ product_id: a, warehouse: 'Default', stock_label: 'A-01', requested: 6, available: 5, line: 1 });
    expect(r.error.details?.map((d) => d.field)).toEqual(['lines[0].quantity', 'lines[1].quantity', 'lines[2].quantity']);
    expect(r.error.message).toMatch(/nothing was moved/);
    expect(r.error.message).toMatch(/Fali csempe 20×20/);
    expect(await storeChecksum(s.app.store)).toBe(before);
  });

  it('refuses bad lines with a clear error: same place, service, unknown product or warehouse, no lines', async () => {
    const a = await product(s);
    await stock(s, a, 5);
    const same = await s.call('setTransfer', { lines: [line(a, 1, ['Default'], ['default'])] });
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'lines[0].to_warehouse' }] });
    const svc = await product(s, { service: 1 });
    const service = await s.call('setTransfer', { lines: [line(svc, 1, ['Default'], ['Győr Raktár'])] });
    if (!service.ok) expect(service.error.reason).toBe('service_has_no_stock');
    expect(service.ok).toBe(false);
    const unknown = await s.call('setTransfer', { lines: [line(a, 1, ['Default'], ['Nincs ilyen'])] });
    expect(unknown.status).toBe(404);
    if (!unknown.ok) expect(unknown.error.details?.[0]?.field).toBe('lines[0].to_warehouse');
    const none = await s.call('setTransfer', { lines: [] });
    expect(none.status).toBe(400);
    const negative = await s.call('setTransfer', { lines: [line(a, -1, ['Default'], ['Győr Raktár'])] });
    expect(negative.status).toBe(400);
  });

  it('two transfers competing for the same stock: one passes, one is refused, nothing goes negative (concurrency)', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await product(s);
      await stock(s, a, 10, { stock_label: 'A-01' });
      const results = await Promise.all([
        s.call('setTransfer', { lines: [line(a, 7, ['Default', 'A-01'], ['Győr Raktár'])] }),
        s.call('setTransfer', { lines: [line(a, 7, ['Default', 'A-01'], ['Budapest Raktár'])] }),
        s.call('setQuantity', { product_id: a, quantity: -7, contact_id: s.account.supplierContactId, warehouse: 'Default', stock_label: 'A-01' }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => r.status)).toEqual([409, 409]);
      expect((await quantities(s, a, 'Default', 'A-01')).deliverable).toBe(3);
      const moved = (await quantities(s, a, 'Győr Raktár')).deliverable + (await quantities(s, a, 'Budapest Raktár')).deliverable;
      expect(moved).toBe(results[2]!.ok ? 0 : 7);
    }
    expect(await levelMismatches(s.app.store)).toEqual([]);
  });
});
