/**
 * The Labels screen on the real desk (Chromium on the browser harness, the real core, a real server):
 * products picked by scan and by name, copies and a partly used sheet, the preview; the PDF bytes the
 * screen itself received are rasterised and every label decoded (zbarimg) back to the products' EAN
 * and item number as the server holds them. A bin's label from the bins tab, offline from the mirror.
 * Screenshots hu + en of the screen and a rendered label page.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LabelsPdfResult } from '@shared/ipc';
import { labelBoxes, SHEETS } from '@shared/labels/sheets';
import { decodeBoxes, decodePdf, decodePng } from '../helpers/barcodes';
import { extractPdfText } from '../helpers/pdfText';
import { SCREENSHOTS, eventually, scan, screenshot, type Desk, openDesk } from './helpers';

let desk: Desk;
let page: Page;
const ids = { ean: 0, sku: 0, none: 0 };
const BIN = 'E2E-LBL-A1';

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  page = desk.page;
  const s = desk.srv.server;
  ids.ean = (await s.ok('setProduct', { product_name: 'Címkézett fűrészlap ütvefúróhoz', ean_number: '4006381333931', item_number: 'E2E-LBL-EAN', currency: 'HUF', vat: 27, unit: 'db', list_price: 10000 })).id;
  ids.sku = (await s.ok('setProduct', { product_name: 'Címkézett őrlő', item_number: 'E2E-LBL-7', currency: 'HUF', vat: 27, unit: 'db', list_price: 250 })).id;
  ids.none = (await s.ok('setProduct', { product_name: 'Címkézetlen kötegelő', currency: 'HUF', vat: 27, unit: 'db' })).id;
  await s.ok('setQuantity', { product_id: ids.sku, quantity: 3, warehouse: 'Default', stock_label: BIN, contact_id: s.account.supplierContactId });
  await desk.stack.invoke('sync.now', {});
  await eventually(async () => (await desk.stack.invoke('products.get', { id: ids.none })) !== null && (await desk.stack.invoke('stock.bins', { warehouse: 'Default' })).some((b) => b.label === BIN), { what: 'the new products and bin in the mirror' });
}, 180_000);

afterAll(async () => {
  await desk?.close();
});

/** Navigates inside the loaded desk (the page keeps its harness token). */
async function go(hash: string): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

/** Clicks Preview and returns what the core answered the screen (the bridge's response body). */
async function previewFromScreen(): Promise<LabelsPdfResult> {
  const [res] = await Promise.all([
    page.waitForResponse(async (r) => r.url().endsWith('/bridge/invoke') && (r.request().postData() ?? '').includes('"labels.pdf"')),
    page.getByTestId('labels-preview').click(),
  ]);
  const body = (await res.json()) as { ok: boolean; result: LabelsPdfResult };
  expect(body.ok).toBe(true);
  return body.result;
}

function keepPage(pdf: Buffer, name: string): void {
  const file = join(SCREENSHOTS, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', file, join(SCREENSHOTS, name)]);
}

describe('címkék (hu)', () => {
  it('termékek vonalkóddal és névvel felvéve, 2 példány, 3 már felhasznált hely: a képernyő PDF-jének minden címkéje a szerver EAN-jára / cikkszámára olvasható', async () => {
    await page.getByRole('link', { name: /^Címkék$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Vonalkódos címkék' }).waitFor();
    const add = page.getByTestId('labels-add');
    // A scan (the EAN, Enter) and a search by name.
    await add.fill('4006381333931');
    await add.press('Enter');
    await page.getByTestId(`labels-row-${ids.ean}`).waitFor();
    for (const name of ['Címkézett őrlő', 'Címkézetlen kötegelő']) {
      await add.fill(name);
      await page.getByRole('option', { name: new RegExp(name) }).first().click();
    }
    await page.getByTestId(`labels-row-${ids.none}`).waitFor();
    expect(await page.getByTestId(`labels-code-${ids.ean}`).innerText()).toBe('EAN-13 4006381333931');
    expect(await page.getByTestId(`labels-code-${ids.sku}`).innerText()).toBe('Code 128 E2E-LBL-7');
    expect(await page.getByTestId(`labels-code-${ids.none}`).innerText()).toMatch(/nincs vonalkódja/);
    await page.getByTestId(`labels-copies-${ids.ean}`).fill('2');
    await page.getByTestId('labels-sheet').selectOption('a4-4x10');
    await page.getByTestId('labels-skip').fill('3');

    const r = await previewFromScreen();
    expect(r).toMatchObject({ printed: 3, pages: 1, problems: [{ kind: 'product', productId: ids.none, name: 'Címkézetlen kötegelő', problem: 'no_code' }] });
    expect(await page.getByTestId('labels-summary').innerText()).toBe('Nyomtatandó címkék: 3, 1 oldalon.');
    expect(await page.getByTestId('labels-skipped').innerText()).toMatch(/Címkézetlen kötegelő: nincs vonalkódja/);

    // The codes as the server holds them, and what each label (places 4, 5, 6 of the sheet) scans as.
    const server = (await desk.srv.server.ok('getProduct', { filter: 'Címkézett' })).products;
    const byId = new Map(server.map((p) => [p.id, p]));
    const pdf = Buffer.from(r.pdf!, 'base64');
    const boxes = labelBoxes(SHEETS['a4-4x10'], 3, 3);
    expect(boxes.map((b) => b.slot)).toEqual([3, 4, 5]);
    expect(decodeBoxes(pdf, boxes)).toEqual([
      [{ symbology: 'EAN-13', value: byId.get(ids.ean)!.ean_number }],
      [{ symbology: 'EAN-13', value: byId.get(ids.ean)!.ean_number }],
      [{ symbology: 'CODE-128', value: byId.get(ids.sku)!.item_number }],
    ]);
    // Nothing on the three used places.
    expect(decodeBoxes(pdf, labelBoxes(SHEETS['a4-4x10'], 0, 3))).toEqual([[], [], []]);
    const text = (await extractPdfText(pdf)).text.replace(/\s+/g, ' ');
    // 10 000 + 27 % = 12 700 Ft, 250 + 27 % = 317.5 → 318 Ft.
    expect(text).toMatch(/12 700 HUF/);
    expect(text).toMatch(/318 HUF/);
    expect(text).toContain('Címkézett őrlő');

    await page.locator('.labels-pdf .pdf-viewer[data-ready="true"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'hu-labels');
    await page.locator('.labels-pdf').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-labels-pdf-viewer');
    keepPage(pdf, 'hu-labels-page');
  });

  it('a terméklistában kiválasztott termék „Címkék” gombja a címkeképernyőt nyitja azzal a termékkel', async () => {
    await go('#/products');
    await page.getByTestId('product-search').fill('Címkézett őrlő');
    await expect.poll(() => page.getByTestId('product-list').getAttribute('data-total')).toBe('1');
    await page.locator(`[data-testid="product-list"] [data-product-id="${ids.sku}"]`).click();
    await page.getByTestId('product-labels').click();
    await page.getByTestId(`labels-row-${ids.sku}`).waitFor();
    expect(await page.getByTestId('labels-products').locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId(`labels-copies-${ids.sku}`).inputValue()).toBe('1');
  });

  it('átvétel után „Címkék a bevételezett tételekhez”: darabonként egy címke, a kódja a szerver cikkszáma', async () => {
    const s = desk.srv.server;
    const id = (await s.ok('setProduct', { product_name: 'Címkés raklapfólia', item_number: 'LBL-RCV-1', currency: 'HUF', vat: 27, unit: 'db', list_price: 1000 })).id;
    const order = await s.ok('setOrder', {
      warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: new Date().toISOString().slice(0, 10), selected_account: s.account.bankAccount,
      contact_id: s.account.customerContactId, currency: 'HUF', finalize_order: 1, order_all: 1, items: [{ product_id: id, quantity: 5 }],
    });
    const po = order.purchase_order!;
    await desk.stack.invoke('sync.now', {}).catch(() => undefined);
    await eventually(async () => (await desk.stack.invoke('products.lookup', { code: 'LBL-RCV-1' })) !== null, { what: 'the product in the mirror' });
    await go('#/receiving');
    await page.getByTestId(`receiving-pick-${po.po_id}`).click();
    await page.getByTestId('receiving-order').waitFor();
    await page.getByTestId('scan-input').click();
    await scan(page, 'LBL-RCV-1');
    const qty = page.getByTestId(`receiving-qty-${id}`);
    await qty.fill('3');
    await expect.poll(() => qty.inputValue()).toBe('3');
    await page.getByTestId('receiving-post').click();
    await page.getByTestId('receiving-labels').click();
    await page.getByTestId(`labels-row-${id}`).waitFor();
    expect(await page.getByTestId(`labels-copies-${id}`).inputValue()).toBe('3');
    expect(await page.getByTestId('labels-from-receiving').innerText()).toContain(po.project_code);
    await page.getByTestId('labels-sheet').selectOption('a4-3x8');
    await page.getByTestId('labels-skip').fill('0');
    const r = await previewFromScreen();
    expect(r).toMatchObject({ printed: 3, problems: [] });
    const server = (await s.ok('getProduct', { filter: 'Címkés raklapfólia' })).products[0]!;
    const code = [{ symbology: 'CODE-128', value: server.item_number }];
    expect(decodeBoxes(Buffer.from(r.pdf!, 'base64'), labelBoxes(SHEETS['a4-3x8'], 0, 3))).toEqual([code, code, code]);
  });

  it('a core elutasítja a lapon túli kezdőhelyet, és megmondja a helyes tartományt', async () => {
    await expect(desk.stack.invoke('labels.pdf', { language: 'hu_HU', sheet: 'a4-4x10', skip: 40, products: [{ productId: ids.sku, copies: 1 }], bins: [] })).rejects.toThrow(/failed: VALIDATION_ERROR skip must be a whole number from 0 to 39/);
    const r = await desk.stack.invoke('labels.pdf', { language: 'hu_HU', sheet: 'a4-4x10', skip: 0, products: [{ productId: 987654321, copies: 1 }], bins: [] });
    expect(r).toMatchObject({ pdf: null, printed: 0, problems: [{ kind: 'product', productId: 987654321, problem: 'not_found' }] });
  });
});

describe('labels (en)', () => {
  it('a bin label from the bins tab prints offline from the mirror and scans as the bin code', async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await page.getByTestId('sb-connection').waitFor();
    await go('#/labels?tab=bins&warehouse=Default');
    await page.getByRole('heading', { level: 1, name: 'Barcode labels' }).waitFor();
    await page.getByTestId(`labels-bin-${BIN}`).check();
    await desk.srv.stop();
    try {
      await page.getByTestId('labels-sheet').selectOption('roll-58x40');
      const r = await previewFromScreen();
      expect(r).toMatchObject({ printed: 1, pages: 1, problems: [] });
      expect(decodePdf(Buffer.from(r.pdf!, 'base64')).map((d) => [d.symbology, d.value])).toEqual([['CODE-128', BIN]]);
      expect(await page.getByTestId('labels-summary').innerText()).toBe('Labels to print: 1, on 1 page(s).');
      // What Print sends to the printer: the page image at the roll's own size (not stretched to A4), and it scans.
      const printed = page.locator('.pdf-print-root img');
      await expect.poll(() => printed.count(), { timeout: 30_000 }).toBe(1);
      expect(await printed.evaluate((i) => (i as HTMLImageElement).style.width)).toBe('58mm');
      const pageRules = await page.evaluate(() => document.adoptedStyleSheets.flatMap((sh) => [...sh.cssRules].map((r) => r.cssText)).join(' '));
      expect(pageRules).toMatch(/@page \{ size: 58mm 40mm; margin: 0px; \}|size: 58\.00mm 40\.00mm/);
      const src = (await printed.getAttribute('src'))!;
      expect(decodePng(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'))).toEqual([{ symbology: 'CODE-128', value: BIN }]);
      // Chromium's own print of the window (what the Print button does): one 58 × 40 mm page that scans.
      const printedPdf = await page.pdf({ preferCSSPageSize: true });
      const file = join(SCREENSHOTS, 'en-labels-printed.pdf');
      writeFileSync(file, printedPdf);
      const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))!;
      expect([Math.round((Number(size[1]) * 25.4) / 72), Math.round((Number(size[2]) * 25.4) / 72)]).toEqual([58, 40]);
      expect(decodePdf(printedPdf).map((d) => [d.page, d.value])).toEqual([[1, BIN]]);
      await page.locator('.labels-pdf .pdf-viewer[data-ready="true"]').waitFor({ timeout: 30_000 });
      await screenshot(page, 'en-labels-bins');
      keepPage(Buffer.from(r.pdf!, 'base64'), 'en-labels-bin-page');
    } finally {
      await desk.srv.start();
    }
  });

  it('products in English: the picked list, prices in English format', async () => {
    await go(`#/labels?products=${ids.ean}:1,${ids.sku}:2,${ids.none}:1`);
    await page.getByTestId(`labels-row-${ids.none}`).waitFor();
    expect(await page.getByTestId(`labels-code-${ids.none}`).innerText()).toMatch(/no EAN and no item number/);
    await page.getByTestId('labels-sheet').selectOption('a4-3x8');
    const r = await previewFromScreen();
    expect(r.printed).toBe(3);
    const pdf = Buffer.from(r.pdf!, 'base64');
    expect((await extractPdfText(pdf)).text).toMatch(/HUF 12,700|12,700 HUF/);
    await page.locator('.labels-pdf .pdf-viewer[data-ready="true"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'en-labels');
    keepPage(pdf, 'en-labels-page');
  });

  it('left no errors in the page console', () => {
    expect(desk.browser.errors).toEqual([]);
  });
});
