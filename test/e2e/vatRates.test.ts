/**
 * VAT 23 % is not a Hungarian rate, through the real screens, core and server: the product form
 * refuses it on the field before saving, and the import preview marks the row with 23 %, so only the
 * other rows reach the server (each at its own rate). In Hungarian and English, with screenshots.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, openDesk, screenshot, type Desk } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'stockdesk-vat-e2e-'));
let picked: string | null = null;
let desk: Desk;
let page: Page;
let base: string;

const sku = (i: number, set: number) => `AFA${set}-${String(i).padStart(2, '0')}`;
const RATES = ['27', '18', '5', '0'];

/** 20 product rows (file rows 2–21); file row 6 says 23 %. */
function writeCsv(set: number): string {
  const path = join(dir, `afa-${set}.csv`);
  const lines = ['Cikkszám;Megnevezés;Nettó ár;ÁFA;Mennyiségi egység'];
  for (let i = 1; i <= 20; i++) {
    const row = i + 1;
    lines.push([sku(i, set), `ÁFA próba ${set}-${i}`, String(500 + i), row === 6 ? '23' : RATES[i % 4], 'db'].join(';'));
  }
  writeFileSync(path, '\uFEFF' + lines.join('\r\n') + '\r\n');
  return path;
}

const outboxDrained = async () => {
  const s = await desk.stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
};
const onServer = async (filter: string) => (await desk.srv.server.ok('getProduct', { filter })).products;

beforeAll(async () => {
  desk = await openDesk({ language: 'hu', openFile: async () => picked });
  page = desk.page;
  base = desk.stack.harness.url.split('#')[0]!;
}, 180_000);
afterAll(async () => {
  await desk?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function formWithVat23(name: string, heading: string) {
  await page.goto(`${base}#/products/new`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('input[name="product_name"]').fill(name);
  await page.locator('input[name="vat"]').fill('23');
  await page.locator('input[name="list_price"]').fill('12 990');
  await page.getByTestId('product-save').click();
  const error = page.locator('.field-error').first();
  await error.waitFor();
  expect(await page.locator('.field-error').count()).toBe(1);
  return error.innerText();
}

async function previewProblems(file: string) {
  picked = file;
  await page.goto(`${base}#/import`);
  await page.getByTestId('import-choose').click();
  await page.getByTestId('import-counts').waitFor();
  await expect.poll(() => page.locator('[data-testid="import-problems"] tbody tr').count()).toBe(1);
  return (await page.locator('[data-testid="import-problems"] tbody tr').allInnerTexts()).map((r) => r.split('\t'));
}

describe('VAT 23 % (Hungarian)', () => {
  it('the product form refuses 23 % on the field, naming the Hungarian rates; nothing is sent', async () => {
    expect(await formWithVat23('Huszonhárom százalékos termék', 'Új termék')).toBe('nem magyar ÁFA-kulcs: válasszon ezek közül: 27, 18, 5, 0 %');
    await page.locator('input[name="vat"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-vat-form-23');
    expect((await desk.stack.invoke('sync.status', {})).outbox.queued).toBe(0);
    expect(await onServer('Huszonhárom százalékos')).toEqual([]);
    // 27 % is saved and reaches the server.
    await page.locator('input[name="vat"]').fill('27');
    await page.getByTestId('product-save').click();
    await page.getByRole('heading', { level: 1, name: 'Termékek' }).waitFor();
    const saved = await eventually(async () => (await onServer('Huszonhárom százalékos'))[0], { what: 'the product on the server' });
    expect(saved).toMatchObject({ vat: 27, list_price: 12990 });
  });

  it('the import preview marks the row with 23 % before sending; the server gets the other 19 at their rates', async () => {
    const problems = await previewProblems(writeCsv(1));
    expect(problems).toEqual([['6', 'D · ÁFA', 'A(z) 23 %-os ÁFA nem magyar kulcs: 27, 18, 5, 0 % közül válasszon.']]);
    expect(await page.getByTestId('import-counts').innerText()).toBe('20 termék sor a fájlban: 19 új, 1 hibás (nem importáljuk)');
    await page.getByTestId('import-problems').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-vat-import-preview');
    expect(await onServer('AFA1-')).toEqual([]);
    await page.getByTestId('import-commit').click();
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the import to reach the server' });
    const imported = (await onServer('AFA1-')).filter((p) => p.item_number?.startsWith('AFA1-'));
    expect(imported).toHaveLength(19);
    expect(imported.find((p) => p.item_number === sku(5, 1))).toBeUndefined();
    expect(new Set(imported.map((p) => String(p.vat)))).toEqual(new Set(RATES));
  });
});

describe('VAT 23 % (English)', () => {
  beforeAll(async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await page.getByTestId('sb-connection').waitFor();
  });

  it('the product form says it in English', async () => {
    expect(await formWithVat23('Twenty-three percent product', 'New product')).toBe('is not a Hungarian VAT rate: choose one of 27, 18, 5, 0 %');
    await page.locator('input[name="vat"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-vat-form-23');
    expect(await onServer('Twenty-three percent')).toEqual([]);
  });

  it('the import preview says it in English', async () => {
    expect(await previewProblems(writeCsv(2))).toEqual([['6', 'D · ÁFA', 'VAT 23 % is not a Hungarian rate: use 27, 18, 5, 0 %.']]);
    await page.getByTestId('import-problems').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-vat-import-preview');
    expect(await onServer('AFA2-')).toEqual([]);
    expect(desk.browser.errors).toEqual([]);
  });
});
