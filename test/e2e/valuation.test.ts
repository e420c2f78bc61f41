/**
 * The Valuation screen on the real desk (Chromium on the browser harness, the real core, a real server):
 * a hand-computed example in HUF and EUR take-ins is what the screen shows and what the server's
 * getStockValuation says; lines add up to the subtotals and the total on screen, in the CSV and in the
 * PDF; offline the last valuation read is shown with its time. Screenshots hu + en of the screen and the PDF.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { extractPdfText } from '../helpers/pdfText';
import { SCREENSHOTS, screenshot, type Desk, openDesk } from './helpers';

const GROUP = 'E2E Értékelés';
let desk: Desk;
let page: Page;
let screw = 0;

async function openValuation(name: RegExp) {
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** The figures on screen: each line's and subtotal's exact value (data-value), as numbers. */
async function screenFigures() {
  const values = async (testId: string) => Promise.all((await page.getByTestId(testId).all()).map(async (r) => Number(await r.locator('[data-value]').first().getAttribute('data-value'))));
  const lines = await Promise.all((await page.getByTestId('valuation-line').all()).map(async (r) => ({
    product: Number(await r.getAttribute('data-product')), warehouse: await r.getAttribute('data-warehouse'),
    value: Number(await r.getByTestId('line-value').getAttribute('data-value')), text: (await r.getByTestId('line-value').innerText()).replace(/\s/g, ' '),
  })));
  return { lines, groups: await values('valuation-group-subtotal'), warehouses: await values('valuation-warehouse-subtotal'), total: (await values('valuation-total'))[0]! };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  page = desk.page;
  const s = desk.srv.server;
  // The example of docs/valuation.md: 10 @ 1000 HUF; 5 @ 10 EUR × 400; waste 3; 4 @ 1333 HUF; waste 1.
  screw = (await s.ok('setProduct', { product_name: 'Értékelt csavar M8', currency: 'HUF', vat: 27, unit: 'db', product_group: GROUP })).id;
  const take = (quantity: number, extra: Record<string, unknown>) => s.ok('setQuantity', { product_id: screw, quantity, warehouse: 'Default', contact_id: s.account.supplierContactId, ...extra });
  await take(10, { price: 1000, date: '2026-11-10' });
  await take(5, { price: 10, currency: 'EUR', fxrate: 400, date: '2026-11-12' });
  await take(-3, { date: '2026-11-14' });
  await take(4, { price: 1333, date: '2026-11-16' });
  await take(-1, { date: '2026-11-18' });
}, 180_000);

/** The date as a Hungarian clerk types it (the field shows and reads the interface language's format). */
const huDate = (iso: string) => `${iso.slice(0, 4)}. ${iso.slice(5, 7)}. ${iso.slice(8, 10)}.`;
/** The ISO date of what the field shows, which must be in the screen's language's format. */
function isoOfShown(shown: string, format: RegExp): string {
  const g = format.exec(shown)?.groups;
  expect(g, `the date field shows ${shown}`).toBeDefined();
  return `${g!.y}-${g!.m}-${g!.d}`;
}

afterAll(async () => {
  await desk?.close();
});

describe('készletérték (hu)', () => {
  it('a kézzel számolt példa: a képernyő, a szerver és a CSV ugyanazt mondja, a sorok kiadják az összegeket', async () => {
    await openValuation(/^Készletérték$/);
    await page.getByTestId('valuation-fresh').waitFor();
    // Every group the account has shows up in the filter after the first valuation.
    await page.getByTestId('valuation-group').selectOption(GROUP);
    await page.getByTestId('valuation-date').fill('2026. 11. 18.');
    await expect.poll(async () => (await screenFigures()).lines.map((l) => l.product)).toEqual([screw]);
    const shown = await screenFigures();
    // By hand: 15 pieces at (12 × 2000 + 4 × 1333) / 16 = 1833.25 → 27 498.75 → 27 499 Ft.
    expect(shown.lines[0]).toMatchObject({ value: 27499, text: '27 499' });
    expect(await page.getByTestId('line-quantity').first().innerText()).toBe('15');
    expect((await page.getByTestId('line-average').first().innerText()).replace(/\s/g, ' ')).toBe('1 833,25');
    expect(shown).toMatchObject({ groups: [27499], warehouses: [27499], total: 27499 });
    const server = await desk.srv.server.ok('getStockValuation', { date: '2026-11-18', product_group: GROUP });
    expect(server.lines.map((l) => [l.product_id, l.quantity, l.average_cost, l.value])).toEqual([[screw, 15, 1833.25, 27499]]);

    // The end of 2026-11-13: the EUR take-in is in, the wastings are not: 15 @ 2000.
    await page.getByTestId('valuation-date').fill('2026. 11. 13.');
    await expect.poll(async () => (await screenFigures()).total).toBe(30000);

    await screenshot(page, 'hu-valuation-example');
  });

  it('az egész számla: minden sor egyezik a szerverével, a sorok összege = részösszegek = végösszeg; a CSV ugyanezt hozza', async () => {
    await page.getByTestId('valuation-group').selectOption('');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
    await page.getByTestId('valuation-date').fill(huDate(today));
    await expect.poll(async () => (await screenFigures()).lines.length).toBeGreaterThan(1);
    const shown = await screenFigures();
    const server = await desk.srv.server.ok('getStockValuation', { date: today });
    expect(shown.lines.map((l) => [l.product, l.warehouse, l.value])).toEqual(server.lines.map((l) => [l.product_id, l.warehouse, l.value]));
    expect(shown.total).toBe(server.total_value);
    expect(sum(shown.lines.map((l) => l.value))).toBe(shown.total);
    expect(sum(shown.groups)).toBe(shown.total);
    expect(sum(shown.warehouses)).toBe(shown.total);
    await screenshot(page, 'hu-valuation');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('valuation-csv').click()]);
    const path = join(SCREENSHOTS, 'hu-valuation.csv');
    await download.saveAs(path);
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n').map((r) => r.split(';'));
    expect(rows[0]).toEqual(['Sor', 'Raktár', 'Termékcsoport', 'Azonosító', 'Termék', 'Egység', 'Mennyiség', 'Átlagár (HUF)', 'Érték (HUF)']);
    const num = (s: string) => Number(s.replace(',', '.'));
    const lines = rows.filter((r) => r[0] === 'Tétel');
    expect(lines.map((r) => [Number(r[3]), num(r[6]!), num(r[8]!)])).toEqual(server.lines.map((l) => [l.product_id, l.quantity, l.value]));
    expect(sum(lines.map((r) => num(r[8]!)))).toBe(server.total_value);
    expect(sum(rows.filter((r) => r[0] === 'Raktár összesen').map((r) => num(r[8]!)))).toBe(server.total_value);
    expect(rows.at(-1)).toEqual(['Mindösszesen', '', '', '', '', '', '', '', String(server.total_value)]);
  });

  it('a PDF a képernyő számait nyomtatja (hu), és a megjelenítőben nyílik meg', async () => {
    await page.getByTestId('valuation-pdf').click();
    await page.locator('.valuation-pdf').waitFor();
    await page.locator('.valuation-pdf').scrollIntoViewIfNeeded();
    await page.locator('.valuation-pdf canvas').first().waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      throw new Error(`the PDF did not show; the panel says: ${await page.locator('.valuation-pdf').innerText()}`, { cause: e });
    });
    await screenshot(page, 'hu-valuation-pdf-viewer');
    const today = isoOfShown(await page.getByTestId('valuation-date').inputValue(), /^(?<y>\d{4})\. (?<m>\d{2})\. (?<d>\d{2})\.$/);
    const server = await desk.srv.server.ok('getStockValuation', { date: today });
    const pdf = await desk.stack.invoke('stock.valuationPdf', { date: today, warehouse: '', productGroup: null, language: 'hu_HU' });
    const text = (await extractPdfText(Buffer.from(pdf.pdf, 'base64'))).text.replace(/\s+/g, ' ');
    const huNumber = (n: number) => new Intl.NumberFormat('hu-HU', { useGrouping: true }).format(n).replace(/\s/g, ' ');
    expect(text).toContain(`Mindösszesen ${huNumber(server.total_value)}`);
    expect(text).toContain('Értékelt csavar M8');
    keepPdf(pdf.pdf, 'hu-valuation-pdf');
  });

  it('szerver nélkül az utoljára lekért értékelést mutatja, az idejével', async () => {
    await desk.srv.stop();
    try {
      await page.getByTestId('valuation-date').fill('2026. 11. 15.');
      const notice = page.getByTestId('valuation-offline');
      await notice.waitFor({ timeout: 60_000 });
      expect(await notice.innerText()).toMatch(/Nincs kapcsolat.*utoljára lekért értékelés.*lekérve/);
      expect(await notice.innerText()).toMatch(/Ez a\(z\) .* napi értékelés \(/);
      expect((await screenFigures()).lines.length).toBeGreaterThan(1);
      await screenshot(page, 'hu-valuation-offline');
    } finally {
      await desk.srv.start();
      await desk.stack.invoke('sync.now', {}).catch(() => undefined);
    }
  });
});

describe('stock valuation (en)', () => {
  it('shows the same figures in English, and its PDF', async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await openValuation(/^Stock valuation$/);
    await page.getByTestId('valuation-fresh').waitFor({ timeout: 60_000 });
    const today = isoOfShown(await page.getByTestId('valuation-date').inputValue(), /^(?<d>\d{2})\/(?<m>\d{2})\/(?<y>\d{4})$/);
    const server = await desk.srv.server.ok('getStockValuation', { date: today });
    await expect.poll(async () => (await screenFigures()).total).toBe(server.total_value);
    await screenshot(page, 'en-valuation');
    const pdf = await desk.stack.invoke('stock.valuationPdf', { date: today, warehouse: '', productGroup: null, language: 'en_US' });
    const text = (await extractPdfText(Buffer.from(pdf.pdf, 'base64'))).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Grand total ${new Intl.NumberFormat('en-US').format(server.total_value)}`);
    keepPdf(pdf.pdf, 'en-valuation-pdf');
    await page.getByTestId('valuation-pdf').click();
    await page.locator('.valuation-pdf canvas').first().waitFor({ timeout: 30_000 });
    await page.locator('.valuation-pdf').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-valuation-pdf-viewer');
  });
});

/** The PDF and its first page as PNG (pdftoppm), next to the screenshots, for looking at. */
function keepPdf(base64: string, name: string): void {
  const file = join(SCREENSHOTS, `${name}.pdf`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, join(SCREENSHOTS, name)]);
}
