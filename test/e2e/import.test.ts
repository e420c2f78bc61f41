/**
 * Product import and export through the real screen, the real core and a real server: a
 * Hungarian CSV of 1,000 rows with 3 bad ones shows exactly those 3 (row, column, problem in
 * Hungarian) before anything is sent; the 997 others reach the server once; importing the file
 * again queues nothing; the catalogue exports as XLSX with numbers as numbers. Screenshots hu + en.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, openDesk, screenshot, type Desk } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'stockdesk-import-e2e-'));
const CSV = join(dir, 'termekek-1000.csv');
const EXCEL_CSV = join(dir, 'cikkek-excel.csv');
const XLSX = new URL('../core/fixtures/import/products-en.xlsx', import.meta.url).pathname;
let picked: string | null = CSV;
let desk: Desk;
let page: Page;

const sku = (i: number) => `E2E-${String(i).padStart(4, '0')}`;
/** 1,000 rows; row 101 has no name, row 501 a price that is not a number, row 901 repeats row 2's SKU. */
function writeCsv(): void {
  const lines = ['Cikkszám;Megnevezés;Nettó ár;ÁFA;Mennyiségi egység;Termékcsoport'];
  for (let i = 1; i <= 1000; i++) {
    const row = i + 1;
    const name = row === 101 ? '' : `Import termék ${i} "${['csavar', 'fogó', 'kés'][i % 3]}"`;
    const price = row === 501 ? '12 Ft' : `${100 + i},${String(i % 100).padStart(2, '0')}`;
    lines.push([row === 901 ? sku(1) : sku(i), `"${name.replace(/"/g, '""')}"`, price, i % 10 === 0 ? '5' : '27', 'db', 'Import'].join(';'));
  }
  writeFileSync(CSV, '\uFEFF' + lines.join('\r\n') + '\r\n');
}

/** Text as windows-1250 bytes, as Hungarian Excel saves "CSV (pontosvesszővel tagolt)": each character's byte in that table. */
function windows1250(text: string): Buffer {
  const d = new TextDecoder('windows-1250');
  const byte = new Map(Array.from({ length: 256 }, (_, b) => [d.decode(Uint8Array.of(b)), b] as const));
  return Buffer.from(Array.from(text, (ch) => byte.get(ch)!));
}
const EXCEL_NAMES = ['Szakkönyv: Kőművesmunkák', 'Ütvefúró', 'Tűzőgép és fűrészlap'];
function writeExcelCsv(): void {
  const lines = ['Cikkszám;Megnevezés;Nettó ár;ÁFA;Mennyiségi egység', 'XL-1;Szakkönyv: Kőművesmunkák;4990;5;db', 'XL-2;Ütvefúró;25990;27;db', 'XL-3;Tűzőgép és fűrészlap;3490;27;db'];
  writeFileSync(EXCEL_CSV, windows1250(lines.join('\r\n') + '\r\n'));
}

const serverImported = async () => (await desk.srv.server.ok('getProduct', { filter: 'E2E-' })).products.filter((p) => p.item_number?.startsWith('E2E-'));

beforeAll(async () => {
  writeCsv();
  writeExcelCsv();
  desk = await openDesk({ language: 'hu', openFile: async () => picked });
  page = desk.page;
}, 120_000);
afterAll(async () => {
  await desk?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import and export screen', () => {
  it('previews 1,000 rows showing exactly the 3 bad ones in Hungarian before anything is sent', async () => {
    await page.getByRole('link', { name: 'Importálás és exportálás' }).click();
    await page.getByRole('heading', { level: 1, name: 'Importálás és exportálás' }).waitFor();
    await page.getByTestId('import-choose').click();
    await page.getByTestId('import-counts').waitFor();
    await expect.poll(() => page.getByTestId('import-counts').innerText()).toBe('1000 termék sor a fájlban: 997 új, 3 hibás (nem importáljuk)');
    expect(await page.getByTestId('import-file').innerText()).toBe('Fájl: termekek-1000.csv (CSV, elválasztó: „;”)');
    const problems = await page.locator('[data-testid="import-problems"] tbody tr').allInnerTexts();
    expect(problems.map((r) => r.split('\t'))).toEqual([
      ['101', 'B · Megnevezés', 'Hiányzik a név.'],
      ['501', 'C · Nettó ár', '„12 Ft” nem szám.'],
      ['901', 'A · Cikkszám', 'A(z) E2E-0001 cikkszám már szerepel a fájl 2. sorában.'],
    ]);
    // The mapping was guessed from the Hungarian titles.
    expect(await page.getByTestId('map-product_name').inputValue()).toBe('1');
    expect(await page.getByTestId('map-list_price').inputValue()).toBe('2');
    expect(await page.getByTestId('map-ean_number').inputValue()).toBe('');
    expect(await page.getByTestId('import-row-3').innerText()).toContain('102,02');
    // Nothing was sent or queued.
    expect(await serverImported()).toEqual([]);
    expect((await desk.stack.invoke('sync.status', {})).outbox.queued).toBe(0);
    await page.getByTestId('import-choose').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-import-preview');
  });

  it('sends the 997 good rows once; the screen and the server agree', async () => {
    await page.getByTestId('import-commit').click();
    await expect.poll(() => page.getByTestId('import-summary').innerText(), { timeout: 10_000 })
      .toBe('997 új, 0 frissítve, 0 változatlan, 0 maradt, ahogy volt, 3 hiba miatt nem importálva.');
    await expect.poll(() => page.getByTestId('import-progress').innerText(), { timeout: 120_000 }).toBe('Mind a(z) 997 változás a szerveren van.');
    await screenshot(page, 'hu-import-done');
    const onServer = await serverImported();
    expect(onServer).toHaveLength(997);
    expect(new Set(onServer.map((p) => p.item_number)).size).toBe(997);
    const p2 = onServer.find((p) => p.item_number === sku(2))!;
    expect(p2).toMatchObject({ product_name: 'Import termék 2 "kés"', list_price: 102.02, vat: 27, unit: 'db', product_group: 'Import', currency: 'HUF' });
    expect(onServer.find((p) => p.item_number === sku(10))).toMatchObject({ vat: 5 });
    for (const missing of [sku(100), sku(500), sku(900)]) expect(onServer.find((p) => p.item_number === missing)).toBeUndefined();
  });

  it('importing the same file again finds every product by its SKU and sends nothing', async () => {
    await page.getByTestId('import-choose').click();
    await expect.poll(() => page.getByTestId('import-counts').innerText()).toBe('1000 termék sor a fájlban: 997 változatlan, 3 hibás (nem importáljuk)');
    await expect(page.getByTestId('import-commit').isDisabled()).resolves.toBe(true);
    expect(await serverImported()).toHaveLength(997);
    expect((await desk.stack.invoke('sync.status', {})).outbox.queued).toBe(0);
  });

  it('exports the catalogue with stock as XLSX, numbers as numbers', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('catalogue-export-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^keszlet-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByTestId('catalogue-export-saved').waitFor();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Azonosító', 'Cikkszám', 'EAN']);
    let row: unknown[] | null = null;
    ws.eachRow((r) => {
      const v = (r.values as unknown[]).slice(1);
      if (v[1] === sku(2)) row = v;
    });
    expect(row![7]).toBe(102.02);
    expect(row![6]).toBe(27);
  });

  it('says the problems in English too (screenshot)', async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Import and export' }).waitFor();
    picked = XLSX;
    await page.getByTestId('import-choose').click();
    await expect.poll(() => page.getByTestId('import-counts').innerText()).toBe('4 product rows in the file: 3 new, 1 with problems (not imported)');
    expect(await page.locator('[data-testid="import-problems"] tbody tr').allInnerTexts()).toEqual(['5\tA · Name\tThe name is empty.']);
    await screenshot(page, 'en-import-preview');
    await eventually(() => desk.browser.errors.length === 0 || desk.browser.errors, { timeoutMs: 1000 }).catch(() => undefined);
    expect(desk.browser.errors).toEqual([]);
  });
  it('reads a windows-1250 CSV from Hungarian Excel: encoding shown and changeable, garbled text never sent, names right at the server', async () => {
    await desk.stack.invoke('settings.update', { language: 'hu' });
    await page.reload();
    await page.getByRole('link', { name: 'Importálás és exportálás' }).click();
    await page.getByRole('heading', { level: 1, name: 'Importálás és exportálás' }).waitFor();
    picked = EXCEL_CSV;
    await page.getByTestId('import-choose').click();
    await expect.poll(() => page.getByTestId('import-counts').innerText()).toBe('3 termék sor a fájlban: 3 új');
    expect(await page.getByTestId('import-encoding').inputValue()).toBe('windows-1250');
    expect(await page.getByTestId('import-encoding-detected').innerText()).toBe('Felismerve: Windows-1250 (közép-európai, a magyar Excel CSV-je)');
    expect(await page.getByTestId('map-product_name').inputValue()).toBe('1');
    for (const [i, name] of EXCEL_NAMES.entries()) expect(await page.getByTestId(`import-row-${i + 2}`).innerText()).toContain(name);
    await expect(page.getByTestId('import-garbled').count()).resolves.toBe(0);
    await page.getByTestId('import-choose').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-import-windows-1250');
    await page.getByTestId('import-rows').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-import-windows-1250-rows');
    await page.getByTestId('import-choose').scrollIntoViewIfNeeded();

    // Read as UTF-8 the titles and names are garbled: the preview says where, and nothing can be sent.
    await page.getByTestId('import-encoding').selectOption('utf-8');
    await page.getByTestId('import-garbled').waitFor();
    expect(await page.getByTestId('import-garbled-title').innerText()).toBe('8 cella olvashatatlan UTF-8 kódolással: válassza a fájl kódolását. Amíg így van, semmit sem importálunk.');
    const garbled = await page.locator('[data-testid="import-garbled"] tbody tr').allInnerTexts();
    expect(garbled[0]!.split('\t')).toEqual(['1', 'A · Cikksz\uFFFDm', 'Cikksz\uFFFDm']);
    expect(garbled.at(-1)!.split('\t')).toEqual(['4', 'B · Megnevez\uFFFDs', 'T\uFFFDz\uFFFDg\uFFFDp \uFFFDs f\uFFFDr\uFFFDszlap']);
    await expect(page.getByTestId('import-commit').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'hu-import-garbled');
    // The core refuses it too, whatever a screen sends.
    const file = { name: 'cikkek-excel.csv', data: readFileSync(EXCEL_CSV).toString('base64') };
    await expect(desk.stack.invoke('import.commit', { file, encoding: 'utf-8', defaults: {} })).rejects.toThrow(/garbled/);

    // Back to windows-1250: the right names go to the server.
    await page.getByTestId('import-encoding').selectOption('windows-1250');
    await page.getByTestId('import-garbled').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('import-row-2').innerText()).toContain(EXCEL_NAMES[0]);
    await page.getByTestId('import-commit').click();
    await expect.poll(() => page.getByTestId('import-progress').innerText(), { timeout: 60_000 }).toBe('Mind a(z) 3 változás a szerveren van.');
    const onServer = (await desk.srv.server.ok('getProduct', { filter: 'XL-' })).products.filter((p) => p.item_number?.startsWith('XL-'));
    expect(onServer.map((p) => [p.item_number, p.product_name]).sort()).toEqual([['XL-1', EXCEL_NAMES[0]], ['XL-2', EXCEL_NAMES[1]], ['XL-3', EXCEL_NAMES[2]]]);
    expect(onServer.find((p) => p.item_number === 'XL-1')).toMatchObject({ vat: 5, list_price: 4990 });
  });

  it('shows the encoding in English too (screenshot)', async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Import and export' }).waitFor();
    picked = EXCEL_CSV;
    await page.getByTestId('import-choose').click();
    // The products are on the server by now: the same file finds them, unchanged.
    await expect.poll(() => page.getByTestId('import-counts').innerText()).toBe('3 product rows in the file: 3 unchanged');
    expect(await page.getByTestId('import-encoding-detected').innerText()).toBe('Detected: Windows-1250 (Central European, Hungarian Excel\'s CSV)');
    expect(await page.getByTestId('import-row-2').innerText()).toContain(EXCEL_NAMES[0]);
    await page.getByTestId('import-choose').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-import-windows-1250');
    await page.getByTestId('import-rows').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-import-windows-1250-rows');
    await page.getByTestId('import-encoding').selectOption('utf-8');
    await expect.poll(() => page.getByTestId('import-garbled-title').innerText()).toBe('8 cells cannot be read as UTF-8: choose the file\'s encoding. Nothing is imported while this is so.');
    expect(desk.browser.errors).toEqual([]);
  });
});
