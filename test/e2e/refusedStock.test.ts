/**
 * A refused stock change does not count in the stock a clerk reads, in Chromium on the real screens
 * with the real core and server, in Hungarian and English. Offline a wasting of 500 paint from
 * Default B-03 (the server holds 21) is queued; the list marks the figure below zero as not real.
 * Online the server refuses it: the list shows the server's stock with a "refused change" mark, the
 * detail shows 21 in B-03 with the refused −500 beside it (not in it), and both link to the entry in
 * the sync centre. The server's own stock stays 21 throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, openDesk, screenshot, type Desk, type RestartableServer, type Stack } from './helpers';
import { adjustPaint, PAINT } from './productScreen';

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let page: Page;
let paint = 0;
let refusedId = 0;

const testId = (id: string) => page.getByTestId(id);
const row = () => page.locator(`[data-testid="product-list"] [data-product-id="${paint}"]`);

const WORDS = {
  hu: { products: 'Termékek', sync: 'Szinkronizálás', badge: 'elutasított módosítás', refusedHere: 'elutasítva: -500, nem számít bele', open: 'Megnyitás a szinkronizálásban' },
  en: { products: 'Products', sync: 'Sync centre', badge: 'refused change', refusedHere: 'refused -500, not counted', open: 'Open it in the sync centre' },
} as const;

/** What the server itself holds. */
async function serverStock() {
  const r = await srv.server.ok('getQuantities', { product_ids: [paint] });
  return { b03: r.stock.find((s) => s.warehouse === 'Default' && s.stock_label === 'B-03')?.deliverable ?? 0, total: r.stock.reduce((n, s) => n + s.deliverable, 0) };
}

async function connection(state: 'online' | 'offline') {
  await (state === 'offline' ? srv.stop() : srv.start());
  await page.keyboard.press('F8');
  await page.getByRole('heading', { level: 1, name: /Szinkronizálás|Sync centre/ }).waitFor();
  await testId('sync-now').click();
  await eventually(async () => ((await testId('sb-connection').getAttribute('class')) ?? '').includes(state), { what: `the ${state} status` });
}

async function showPaint(lang: 'hu' | 'en') {
  await page.keyboard.press('F6');
  await page.getByRole('heading', { level: 1, name: WORDS[lang].products }).waitFor();
  await testId('product-search').fill(PAINT.name);
  await expect.poll(() => testId('product-list').getAttribute('data-total')).toBe('1');
  // On its item number: the name cell holds the refused mark, a link of its own.
  await row().click({ position: { x: 12, y: 8 } });
  await testId('product-detail').waitFor();
}

/** The detail's figures of Default B-03: the deliverable cell, and the place cell with its refused change. */
async function b03Cells() {
  const tr = testId('product-quantities').locator('tbody tr').filter({ hasText: 'B-03' });
  const cells = await tr.locator('td').allInnerTexts();
  return { deliverable: cells[1]!.trim(), local: cells[0]!.trim() };
}

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  ({ srv, stack, page } = desk);
  paint = (await stack.invoke('products.lookup', { code: PAINT.code }))!.id;
});

afterAll(() => desk?.close());

describe('a refused change does not count in the stock', () => {
  it('offline: a wasting of 500 from B-03 waits; the figure below zero is marked, not shown as real', async () => {
    expect((await serverStock()).b03).toBe(21);
    await connection('offline');
    await adjustPaint(page, { productId: paint, kind: 'waste', quantity: 500, warehouse: 'Default', label: 'B-03' });
    await showPaint('hu');
    await expect.poll(() => row().getByTestId('below-zero').count()).toBe(2);
    expect(await row().getByTestId('below-zero').first().getAttribute('title')).toContain('Nulla alatt');
    expect(await testId('product-quantities').locator('tbody tr').filter({ hasText: 'B-03' }).getByTestId('below-zero').count()).toBe(2);
  });

  it('hu: once refused, the list shows the server’s stock with the refused-change mark, and the detail 21 in B-03 with −500 beside it', async () => {
    await connection('online');
    await page.locator('[data-testid="attention-list"] article').first().getByTestId('reason').waitFor({ timeout: 60_000 });
    refusedId = (await stack.invoke('outbox.list', { states: ['needs_attention'] }))[0]!.id;
    const server = await serverStock();
    expect(server.b03).toBe(21);

    await showPaint('hu');
    await expect.poll(() => row().getByTestId('product-refused').getAttribute('aria-label')).toBe(WORDS.hu.badge);
    expect(await row().getByTestId('below-zero').count()).toBe(0);
    expect(await row().innerText()).not.toMatch(/(^|\s)[−-]\d/m);
    const listed = await stack.invoke('products.get', { id: paint });
    expect(listed!.deliverable).toBe(server.total);
    expect(listed!.refusedEntryId).toBe(refusedId);
    expect((await b03Cells()).deliverable).toBe('21');
    expect((await b03Cells()).local).toContain(WORDS.hu.refusedHere);
    expect(await testId('product-refused-notice').innerText()).toContain(WORDS.hu.open);
    await screenshot(page, 'hu-products-refused-change');

    // The mark leads to the refused entry in the sync centre.
    await row().getByTestId('product-refused').click();
    await page.getByRole('heading', { level: 1, name: WORDS.hu.sync }).waitFor();
    await expect.poll(() => testId(`attention-${refusedId}`).getAttribute('class')).toContain('pointed');
    expect((await serverStock()).b03).toBe(21);
  });

  it('en: the same, in English; the detail’s link opens the entry', async () => {
    await stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: WORDS.en.sync }).waitFor();
    await showPaint('en');
    await expect.poll(() => row().getByTestId('product-refused').getAttribute('aria-label')).toBe(WORDS.en.badge);
    expect(await row().innerText()).not.toMatch(/(^|\s)[−-]\d/m);
    expect((await b03Cells()).deliverable).toBe('21');
    expect((await b03Cells()).local).toContain(WORDS.en.refusedHere);
    await screenshot(page, 'en-products-refused-change');
    await testId('product-refused-notice').getByRole('link', { name: WORDS.en.open }).click();
    await page.getByRole('heading', { level: 1, name: WORDS.en.sync }).waitFor();
    await expect.poll(() => testId(`attention-${refusedId}`).getAttribute('class')).toContain('pointed');
    expect((await serverStock()).b03).toBe(21);
    expect(desk.browser.errors).toEqual([]);
  });
});
