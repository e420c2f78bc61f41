import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, levelMismatches } from '@server/repos/stock';
import { businessDate } from '@server/services/finance/calendar';
import { findWarehouse } from '@server/repos/warehouses';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';
import { orderParams, product, quantities, stock, warehouse } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const FORMATS = ['json', 'xml'] as const;

describe('setQuantity', () => {
  it.each(FORMATS)('takes in with every receipt field and wastes (%s)', async (format) => {
    const id = await product(s);
    const takein = await s.ok('setQuantity', {
      product_id: id, quantity: 12.5, contact_id: s.account.supplierContactId, warehouse: 'Default', price: 990.5, currency: 'EUR', fxrate: 395.2,
      date: '2026-11-20', gross_weight: 13.2, package_type: 'EUR-raklap', country_code: 'DE', batch_no: 'B-77', expire_date: '2027-06-30', stock_label: 'A-01',
    }, { format });
    expect(takein.receipt_type).toBe('takein');
    expect(takein.quantities).toEqual([{ product_id: id, warehouse: 'Default', stock_label: 'A-01', deliverable: 12.5, pending: 0, available: 12.5 }]);
    const receipt = (await s.app.store.get('SELECT * FROM stock_receipts WHERE id = ?', [takein.receipt_id]));
    expect(receipt).toMatchObject({ kind: 'takein', price: '990.5', currency: 'EUR', fxrate: '395.2', date: '2026-11-20', gross_weight: '13.2', package_type: 'EUR-raklap', country_code: 'DE', batch_no: 'B-77', expire_date: '2027-06-30', contact_id: s.account.supplierContactId });
    const waste = await s.ok('setQuantity', { product_id: id, quantity: -2.25, contact_id: s.account.supplierContactId, warehouse: 'Default', stock_label: 'A-01' }, { format });
    expect(waste.receipt_type).toBe('wasting');
    expect(waste.quantities[0]!.deliverable).toBe(10.25);
  });

  it('refuses to waste more than is deliverable under the warehouse and label, changing nothing', async () => {
    const id = await product(s);
    await stock(s, id, 5, { stock_label: 'B-02' });
    await stock(s, id, 3);
    const before = await storeChecksum(s.app.store);
    const r = await s.call('setQuantity', { product_id: id, quantity: -6, contact_id: s.account.supplierContactId, warehouse: 'Default', stock_label: 'B-02' });
    expect(r.status).toBe(409);
    if (!r.ok) expect(r.error.message).toMatch(/only 5 is deliverable/);
    expect(await storeChecksum(s.app.store)).toBe(before);
  });

  it('requires a price in a foreign currency to carry fxrate, and whole vouchers', async () => {
    const id = await product(s);
    const fx = await s.call('setQuantity', { product_id: id, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default', price: 10, currency: 'EUR' });
    expect(fx.ok ? '' : fx.error.details[0]!.field).toBe('fxrate');
    const half = await s.call('setQuantity', { product_id: id, quantity: 1.5, contact_id: s.account.supplierContactId, warehouse: 'Default', product_type: 3 });
    expect(half.status).toBe(400);
    const fine = await s.call('setQuantity', { product_id: id, quantity: 1.0001, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    expect(fine.ok ? '' : fine.error.details[0]!.message).toMatch(/3 decimal places/);
  });

  it('issues voucher serial numbers, unique per product', async () => {
    const id = await product(s, { product_name: 'Ajándékutalvány 10 000 Ft' });
    const a = await s.ok('setQuantity', { product_id: id, quantity: 3, contact_id: s.account.supplierContactId, warehouse: 'Default', product_type: 3, start_serial_number: 1000 }, { format: 'xml' });
    expect(a.serial_numbers).toEqual(['1000', '1001', '1002']);
    const b = await s.ok('setQuantity', { product_id: id, quantity: 2, contact_id: s.account.supplierContactId, warehouse: 'Default', product_type: 3 });
    expect(b.serial_numbers).toEqual(['1003', '1004']);
    const before = await storeChecksum(s.app.store);
    const clash = await s.call('setQuantity', { product_id: id, quantity: 2, contact_id: s.account.supplierContactId, warehouse: 'Default', product_type: 3, start_serial_number: 999 });
    expect(clash.status).toBe(409);
    expect(await storeChecksum(s.app.store)).toBe(before);
  });

  it('refuses with CONFLICT when expected_quantity no longer matches, changing nothing', async () => {
    const id = await product(s);
    await stock(s, id, 7, { stock_label: 'C-03' });
    const before = await storeChecksum(s.app.store);
    const r = await s.call('setQuantity', { product_id: id, quantity: -1, contact_id: s.account.supplierContactId, warehouse: 'Default', stock_label: 'C-03', expected_quantity: 8 });
    expect(r.status).toBe(409);
    if (!r.ok) expect(r.error.details).toEqual([{ field: 'expected_quantity', message: 'the deliverable quantity is now 7' }]);
    expect(await storeChecksum(s.app.store)).toBe(before);
    const ok = await s.ok('setQuantity', { product_id: id, quantity: -1, contact_id: s.account.supplierContactId, warehouse: 'Default', stock_label: 'C-03', expected_quantity: 7 });
    expect(ok.quantities[0]!.deliverable).toBe(6);
  });

  it.each(FORMATS)('answers with every bin of the warehouse as the server holds it, so a desk never derives a bin from the total (%s)', async (format) => {
    // Two desks: B took in 31 into bin X; A, who never heard of X, takes in 5 without a bin.
    const id = await product(s);
    const other = `Szeged ${id}`;
    await warehouse(s, other);
    await stock(s, id, 31, { stock_label: 'X' });
    await stock(s, id, 2, { warehouse: other, stock_label: 'Y' });
    const a = await s.ok('setQuantity', { product_id: id, quantity: 5, contact_id: s.account.supplierContactId, warehouse: 'Default' }, { format });
    // The old row stays as it was (the warehouse's total), the new field names each bin.
    expect(a.quantities).toEqual([{ product_id: id, warehouse: 'Default', deliverable: 36, pending: 0, available: 36 }]);
    expect(a.stock).toEqual([
      { product_id: id, warehouse: 'Default', stock_label: '', deliverable: 5 },
      { product_id: id, warehouse: 'Default', stock_label: 'X', deliverable: 31 },
    ]);
    const w = await s.ok('setQuantity', { product_id: id, quantity: -1, contact_id: s.account.supplierContactId, warehouse: 'Default', stock_label: 'X' }, { format });
    expect(w.stock).toEqual([
      { product_id: id, warehouse: 'Default', stock_label: '', deliverable: 5 },
      { product_id: id, warehouse: 'Default', stock_label: 'X', deliverable: 30 },
    ]);
    const read = await s.ok('getQuantities', { product_ids: [id] });
    expect(read.stock.filter((r) => r.warehouse === 'Default')).toEqual(w.stock);
    const health = (await (await fetch(`${s.url}/api/health`)).json()) as { capabilities: string[] };
    expect(health.capabilities).toContain('setQuantity.stock');
  });

  it('answers NOT_FOUND for unknown products, contacts and warehouses, VALIDATION_ERROR for *', async () => {
    const id = await product(s);
    const base = { product_id: id, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' };
    for (const [over, field] of [[{ product_id: 99999 }, 'product_id'], [{ contact_id: 99999 }, 'contact_id'], [{ warehouse: 'Nincs ilyen' }, 'warehouse']] as const) {
      const r = await s.call('setQuantity', { ...base, ...over });
      expect(r.status).toBe(404);
      if (!r.ok) expect(r.error.details[0]!.field).toBe(field);
    }
    const star = await s.call('setQuantity', { ...base, warehouse: '*' });
    expect(star.status).toBe(400);
  });
});

describe('getQuantity', () => {
  it.each(FORMATS)('reports one row per warehouse for *, label rows, and NOT_FOUND for an unknown warehouse (%s)', async (format) => {
    const id = await product(s);
    const name = `Győr ${format}`;
    await warehouse(s, name);
    await stock(s, id, 10, { stock_label: 'P-1' });
    await stock(s, id, 4, { stock_label: 'P-2' });
    await stock(s, id, 2, { warehouse: name });
    await s.ok('setOrder', orderParams(s, [{ product_id: id, quantity: 11 }], { finalize_order: 1 }));
    const all = await s.ok('getQuantity', { product_id: id, warehouse: '*' }, { format });
    expect(all.quantities.find((q) => q.warehouse === 'Default')).toEqual({ product_id: id, warehouse: 'Default', deliverable: 14, pending: 11, available: 3 });
    expect(all.quantities.find((q) => q.warehouse === name)).toEqual({ product_id: id, warehouse: name, deliverable: 2, pending: 0, available: 2 });
    expect(all.quantities).toHaveLength((await s.ok('getWarehouses', {})).warehouses.length);
    // Label rows: own stock, the warehouse's pending, available capped by the warehouse's.
    const p1 = await s.ok('getQuantity', { product_id: id, warehouse: 'Default', stock_label: 'P-1' }, { format });
    expect(p1.quantities).toEqual([{ product_id: id, warehouse: 'Default', stock_label: 'P-1', deliverable: 10, pending: 11, available: 3 }]);
    const byCase = await s.ok('getQuantity', { product_id: id, warehouse: name.toUpperCase() }, { format });
    expect(byCase.quantities[0]!.warehouse).toBe(name);
    const missing = await s.call('getQuantity', { product_id: id, warehouse: 'Sehol' }, { format });
    expect(missing.status).toBe(404);
    const noProduct = await s.call('getQuantity', { product_id: 987654, warehouse: '*' }, { format });
    expect(noProduct.status).toBe(404);
  });
});

describe('the ledger', () => {
  it('is the only source of levels: every materialised level equals its ledger sum', async () => {
    const id = await product(s);
    for (const q of [5, -1, 2.5, -0.5, 10]) await stock(s, id, q, { stock_label: 'L-1' });
    const ship = await s.ok('setOrder', orderParams(s, [{ product_id: id, quantity: 3 }], { finalize_order: 1 }));
    expect(ship.status).toBe('finalized');
    const w = (await findWarehouse(s.app.store, s.account.accountId, 'Default'))!;
    expect(await ledgerSum(s.app.store, s.account.accountId, id, w.id, 'L-1')).toBe(16_000);
    expect((await quantities(s, id, 'Default', 'L-1')).deliverable).toBe(16);
    expect(await levelMismatches(s.app.store)).toEqual([]);
  });

  it("answers every setQuantity with the row getQuantity reads right after it (labels, other labels' stock, reservations)", async () => {
    // setQuantity computes its answer from one read before the write; a fixed-seed random walk
    // over labels, warehouses and reservations checks it against a fresh read every time.
    const id = await product(s);
    const other = `Debrecen ${id}`;
    await warehouse(s, other);
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor(seed / 2 ** 16) % n; // an LCG's low bits repeat in short cycles
    };
    let reserved = 0;
    let answered = 0;
    const labels = [undefined, '', 'P-1', 'P-2'];
    for (let step = 0; step < 60; step++) {
      if (step % 15 === 7) {
        const r = await s.call('setOrder', orderParams(s, [{ product_id: id, quantity: 1 + rnd(3) }], { finalize_order: 1 }));
        expect([200, 409]).toContain(r.status);
        if (r.ok) reserved++;
        continue;
      }
      const label = labels[rnd(labels.length)];
      const where = rnd(4) === 0 ? other : 'Default';
      const quantity = rnd(3) === 0 ? -(1 + rnd(4)) : 0.5 + rnd(6);
      const r = await s.call('setQuantity', {
        product_id: id, quantity, contact_id: s.account.supplierContactId, warehouse: where, ...(label === undefined ? {} : { stock_label: label }),
      });
      const read = await s.ok('getQuantity', { product_id: id, warehouse: where, ...(label ? { stock_label: label } : {}) });
      if (r.ok) {
        expect(r.result.quantities).toEqual(read.quantities);
        const levels = await s.ok('getQuantities', { product_ids: [id] });
        expect(r.result.stock).toEqual(levels.stock.filter((x) => x.warehouse === where));
        answered++;
      } else expect(r.status).toBe(409);
    }
    expect(reserved).toBeGreaterThan(1);
    expect(answered).toBeGreaterThan(40);
    expect(await levelMismatches(s.app.store)).toEqual([]);
  });
});

describe('getQuantities', () => {
  it.each(FORMATS)('pages stock and reservations by product id and reports changes since a time (%s)', async (format) => {
    const fresh = await startTestServer();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push(await product(fresh));
      await stock(fresh, ids[0]!, 4, { stock_label: 'X' });
      await stock(fresh, ids[1]!, 2);
      await fresh.ok('setOrder', orderParams(fresh, [{ product_id: ids[1]!, quantity: 1 }], { finalize_order: 1 }));
      // The demo catalog has lower ids; start the pages after it.
      const start = ids[0]! - 1;
      const page = await fresh.ok('getQuantities', { after_id: start }, { format });
      expect(page.stock).toEqual([
        { product_id: ids[0], warehouse: 'Default', stock_label: 'X', deliverable: 4 },
        { product_id: ids[1], warehouse: 'Default', stock_label: '', deliverable: 2 },
      ]);
      expect(page.reserved).toEqual([{ product_id: ids[1], warehouse: 'Default', pending: 1 }]);
      expect(page).toMatchObject({ last_id: ids[1], more: 0 });
      fresh.clock.advance(60_000);
      const since = fresh.clock.now().toISOString();
      await stock(fresh, ids[2]!, 9);
      const changed = await fresh.ok('getQuantities', { updated_since: since, after_id: start }, { format });
      expect(changed.stock.map((r) => r.product_id)).toEqual([ids[2]]);
      const only = await fresh.ok('getQuantities', { product_ids: [ids[0]!] }, { format });
      expect(only.stock.map((r) => r.product_id)).toEqual([ids[0]]);
      const after = await fresh.ok('getQuantities', { after_id: ids[0]! }, { format });
      expect(after.stock.map((r) => r.product_id)).toEqual([ids[1], ids[2]]);
    } finally {
      await fresh.close();
    }
  });
});

describe('ledger property', () => {
  it('levels equal ledger sums after a random mix of take-ins, wastings, orders, shipments and receipts', async () => {
    const { shipOrderForInvoice } = await import('@server/services/product/orders');
    let seed = 20261122;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 65536) % n;
    };
    const products = [await product(s), await product(s), await product(s)];
    const houses = ['Default', await warehouse(s, 'Véletlen Raktár').then(() => 'Véletlen Raktár')];
    const labels = ['', 'R-1', 'R-2'];
    const open: number[] = [];
    for (let i = 0; i < 150; i++) {
      const p = products[rand(3)]!;
      const w = houses[rand(2)]!;
      const label = labels[rand(3)]!;
      switch (rand(5)) {
        case 0:
        case 1:
          await stock(s, p, Number(`${1 + rand(20)}.${String(rand(1000)).padStart(3, '0')}`), { warehouse: w, stock_label: label });
          break;
        case 2: {
          const r = await s.call('setQuantity', { product_id: p, quantity: -(1 + rand(5)), contact_id: s.account.supplierContactId, warehouse: w, stock_label: label });
          expect([200, 409]).toContain(r.status);
          break;
        }
        case 3: {
          const r = await s.call('setOrder', orderParams(s, [{ product_id: p, quantity: 1 + rand(30) }], { warehouse: w, finalize_order: 1, order_all: rand(2) }));
          if (r.ok) open.push(r.result.order_id);
          break;
        }
        default: {
          const id = open.splice(rand(Math.max(1, open.length)), 1)[0];
          if (id === undefined) break;
          try {
            await s.app.store.transaction(async (tx) => await shipOrderForInvoice(tx, s.account.accountId, id, 1, s.clock.now(), businessDate(s.clock.now())));
          } catch (e) {
            expect(String(e)).toMatch(/cannot be shipped/);
          }
          const pos = (await s.app.store.all("SELECT id FROM purchase_orders WHERE account_id = ? AND status = 'open'", [s.account.accountId])) as Array<{ id: number }>;
          if (pos[0]) await s.ok('setPOTakeIn', { PO: pos[0].id });
        }
      }
    }
    const kinds = (await s.app.store.all('SELECT kind, COUNT(*) AS n FROM stock_receipts GROUP BY kind')) as Array<{ kind: string; n: number }>;
    expect(kinds.map((k) => k.kind).sort()).toEqual(['delivery', 'po_takein', 'takein', 'wasting']);
    expect(await levelMismatches(s.app.store)).toEqual([]);
    const negative = (await s.app.store.get('SELECT COUNT(*) AS n FROM stock_levels WHERE qty_milli < 0')) as { n: number };
    expect(negative.n).toBe(0);
  });
});

describe('getQuantities paging', () => {
  it('returns at most 1000 products per page and pages on with after_id', async () => {
    const fresh = await startTestServer();
    try {
      const db = fresh.app.store;
      const now = fresh.clock.now();
      const { insertProduct } = await import('@server/repos/products');
      const { addMove, insertReceipt } = await import('@server/repos/stock');
      const w = (await findWarehouse(db, fresh.account.accountId, 'Default'))!;
      const start = (await db.get<{ m: number }>('SELECT MAX(id) AS m FROM products'))!.m;
      await db.transaction(async (tx) => {
        const receipt = await insertReceipt(tx, fresh.account.accountId, { kind: 'takein', warehouseId: w.id, date: '2026-11-22' }, now);
        for (let i = 0; i < 1001; i++) {
          const id = await insertProduct(tx, fresh.account.accountId, { name: `Lapozó ${i}`, action: 0, currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [] }, now);
          await addMove(tx, fresh.account.accountId, receipt, { productId: id, warehouseId: w.id, label: '', qtyMilli: 1000 });
        }
      });
      const first = await fresh.ok('getQuantities', { after_id: start });
      expect(new Set(first.stock.map((r) => r.product_id)).size).toBe(1000);
      expect(first.more).toBe(1);
      const second = await fresh.ok('getQuantities', { after_id: first.last_id }, { format: 'xml' });
      expect(second.stock).toHaveLength(1);
      expect(second.more).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
