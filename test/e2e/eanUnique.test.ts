/**
 * One barcode, one product, through the real screens, core and server: the product form given the
 * Makita drill's EAN says so on the field before saving, and nothing reaches the server; the import
 * of a file whose row 151 repeats row 11's EAN marks row 151 (and a row with the drill's EAN) in the
 * preview, and only the other rows reach the server, where each EAN names one product; a scan on the
 * take-in of a code two products share from before the rule asks which one, and the line is the one
 * chosen. In Hungarian and English, with screenshots.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gtinCheckDigit } from '@shared/protocol/fields';
import { eventually, openDesk, scan, screenshot, type Desk } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'stockdesk-ean-e2e-'));
let picked: string | null = null;
let desk: Desk;
let page: Page;
let base: string;
/** The demo's Makita drill, as the desk's mirror has it. */
let drill: { name: string; sku: string; ean: string };

const ean = (i: number, set: number) => {
  const body = `59912${set}${String(i).padStart(6, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};
const sku = (i: number, set: number) => `EAN${set}-${String(i).padStart(3, '0')}`;

/** 160 product rows (file rows 2–161): file row 151 repeats row 11's EAN, row 41 carries the drill's. */
function writeCsv(set: number): string {
  const path = join(dir, `vonalkodok-${set}.csv`);
  const lines = ['Cikkszám;Megnevezés;Vonalkód;Nettó ár;ÁFA;Mennyiségi egység'];
  for (let i = 1; i <= 160; i++) {
    const row = i + 1;
    const code = row === 151 ? ean(10, set) : row === 41 ? drill.ean : ean(i, set);
    lines.push([sku(i, set), `Vonalkódos termék ${set}-${i}`, code, String(1000 + i), '27', 'db'].join(';'));
  }
  writeFileSync(path, '\uFEFF' + lines.join('\r\n') + '\r\n');
  return path;
}

const outboxDrained = async () => {
  const s = await desk.stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
};
const onServer = async (filter: string) => (await desk.srv.server.ok('getProduct', { filter })).products;
const holders = async (code: string) => (await onServer(code)).filter((p) => p.ean_number === code);

beforeAll(async () => {
  desk = await openDesk({ language: 'hu', openFile: async () => picked });
  page = desk.page;
  base = desk.stack.harness.url.split('#')[0]!;
  const row = (await desk.stack.invoke('products.lookup', { code: 'SD-1001' }))!;
  drill = { name: row.name, sku: row.itemNumber!, ean: row.ean! };
}, 180_000);
afterAll(async () => {
  await desk?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function formWithDrillEan(name: string, heading: string) {
  await page.goto(`${base}#/products/new`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('input[name="product_name"]').fill(name);
  await page.locator('input[name="ean_number"]').fill(drill.ean);
  await page.locator('input[name="list_price"]').fill('39 990');
  await page.getByTestId('product-save').click();
  const error = page.locator('.field-error').first();
  await error.waitFor();
  return error.innerText();
}

/** Data from before the rule: a second product gets `code` straight in the server's table; the desk pulls it. */
async function shareCode(code: string, name: string): Promise<number> {
  const id = (await desk.srv.server.ok('setProduct', { product_name: name, currency: 'HUF', vat: 27, unit: 'db', item_number: `${name.slice(0, 6)}-OLD` })).id;
  await desk.srv.server.app.store.run('UPDATE products SET ean_number = ?, updated_at = ? WHERE account_id = ? AND id = ?', [code, new Date().toISOString(), desk.srv.server.account.accountId, id]);
  await eventually(async () => {
    await desk.stack.invoke('sync.now', {});
    return (await desk.stack.invoke('products.matches', { code })).length === 2;
  }, { what: 'the desk to pull the product sharing the code' });
  return id;
}

/** Scans the code on the take-in; the dialog asks which product; the clerk picks `pick`. */
async function scanShared(code: string, pick: number, heading: string) {
  await page.goto(`${base}#/take-in`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByTestId('scan-input').click();
  await scan(page, code);
  await page.getByTestId('scan-choice').waitFor();
  const title = await page.getByRole('dialog').locator('h2').innerText();
  const options = await page.locator('[data-testid="scan-choice"] button').allInnerTexts();
  return { title, options, choose: async () => {
    await page.getByTestId(`scan-choice-${pick}`).click();
    await page.locator(`[data-testid="takein-lines"] tr[data-product-id="${pick}"]`).waitFor();
  } };
}

async function previewProblems(file: string) {
  picked = file;
  await page.goto(`${base}#/import`);
  await page.getByTestId('import-choose').click();
  await page.getByTestId('import-counts').waitFor();
  await expect.poll(() => page.locator('[data-testid="import-problems"] tbody tr').count()).toBe(2);
  return (await page.locator('[data-testid="import-problems"] tbody tr').allInnerTexts()).map((r) => r.split('\t'));
}

describe('one EAN, one product (Hungarian)', () => {
  it('the product form given the drill’s EAN says so on the field; nothing is sent', async () => {
    expect(drill.ean).toMatch(/^\d{13}$/);
    const text = await formWithDrillEan('Másik ütvefúró', 'Új termék');
    expect(text).toBe(`ez már a(z) ${drill.name} (cikkszám: ${drill.sku}) vonalkódja: egy vonalkód csak egy termékhez tartozhat. Javítsa a kódot, vagy nyissa meg azt a terméket.`);
    await page.locator('input[name="ean_number"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-ean-form-duplicate');
    expect((await desk.stack.invoke('sync.status', {})).outbox.queued).toBe(0);
    expect(await onServer('Másik ütvefúró')).toEqual([]);
    expect((await holders(drill.ean)).map((p) => p.product_name)).toEqual([drill.name]);
  });

  it('the import preview marks row 151 (row 11’s EAN) and row 41 (the drill’s) before sending; the server gets the other rows, one product per EAN', async () => {
    const problems = await previewProblems(writeCsv(1));
    expect(problems).toEqual([
      ['41', 'C · Vonalkód', `A(z) ${drill.ean} vonalkód már a(z) ${drill.name} (cikkszám: ${drill.sku}) terméké: egy vonalkód csak egy termékhez tartozhat. Javítsa a kódot a fájlban.`],
      ['151', 'C · Vonalkód', `A(z) ${ean(10, 1)} vonalkód már szerepel a fájl 11. sorában: egy vonalkód csak egy termékhez tartozhat. Javítsa az egyik kódot, vagy hagyja meg csak az egyik sort.`],
    ]);
    expect(await page.getByTestId('import-counts').innerText()).toBe('160 termék sor a fájlban: 158 új, 2 hibás (nem importáljuk)');
    await page.getByTestId('import-problems').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-ean-import-preview');
    expect(await onServer('EAN1-')).toEqual([]);
    await page.getByTestId('import-commit').click();
    await eventually(outboxDrained, { timeoutMs: 120_000, what: 'the import to reach the server' });
    const imported = (await onServer('EAN1-')).filter((p) => p.item_number?.startsWith('EAN1-'));
    expect(imported).toHaveLength(158);
    expect(imported.map((p) => p.item_number)).not.toContain(sku(150, 1));
    expect(imported.map((p) => p.item_number)).not.toContain(sku(40, 1));
    expect((await holders(ean(10, 1))).map((p) => p.item_number)).toEqual([sku(10, 1)]);
    expect((await holders(drill.ean)).map((p) => p.product_name)).toEqual([drill.name]);
  });
});

describe('a code two products share from before the rule', () => {
  let old = 0;
  let drillId = 0;
  beforeAll(async () => {
    drillId = (await desk.stack.invoke('products.lookup', { code: drill.sku }))!.id;
    old = await shareCode(drill.ean, 'Régi fúró azonos kóddal');
  });

  it('a scan on the take-in asks which product (Hungarian); the line is the one chosen', async () => {
    const asked = await scanShared(drill.ean, old, 'Bevételezés');
    expect(asked.title).toBe(`Melyik termék a(z) ${drill.ean}?`);
    expect(asked.options).toHaveLength(2);
    expect(asked.options[0]).toContain(drill.name);
    expect(asked.options[1]).toContain('Régi fúró azonos kóddal');
    await screenshot(page, 'hu-ean-scan-choice');
    await asked.choose();
    expect(await page.locator('[data-testid="takein-lines"] tbody tr').count()).toBe(1);
    expect(await page.locator(`[data-testid="takein-lines"] tr[data-product-id="${drillId}"]`).count()).toBe(0);
  });
});

describe('one EAN, one product (English)', () => {
  beforeAll(async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await page.getByTestId('sb-connection').waitFor();
  });

  it('the product form says it in English', async () => {
    const text = await formWithDrillEan('Another hammer drill', 'New product');
    expect(text).toBe(`is already the EAN of ${drill.name} (SKU ${drill.sku}): one EAN names one product. Correct the code, or open that product.`);
    await page.locator('input[name="ean_number"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-ean-form-duplicate');
    expect(await onServer('Another hammer drill')).toEqual([]);
  });

  it('a scan of the shared code asks in English', async () => {
    const old = (await desk.stack.invoke('products.matches', { code: drill.ean })).find((p) => p.name !== drill.name)!.id;
    const asked = await scanShared(drill.ean, old, 'Take-in');
    expect(asked.title).toBe(`Which product is ${drill.ean}?`);
    await screenshot(page, 'en-ean-scan-choice');
    await page.keyboard.press('Escape');
    await page.getByTestId('scan-choice').waitFor({ state: 'detached' });
  });

  it('the import preview says it in English', async () => {
    const problems = await previewProblems(writeCsv(2));
    expect(problems).toEqual([
      ['41', 'C · Vonalkód', `EAN ${drill.ean} is already the code of ${drill.name} (SKU ${drill.sku}): one EAN names one product. Correct the code in the file.`],
      ['151', 'C · Vonalkód', `EAN ${ean(10, 2)} is already in row 11 of this file: one EAN names one product. Correct one of the codes, or keep one of the two rows.`],
    ]);
    await page.getByTestId('import-problems').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-ean-import-preview');
    expect(await onServer('EAN2-')).toEqual([]);
    expect(desk.browser.errors).toEqual([]);
  });
});
