/**
 * A transfer of more than its source holds, in Chromium on the real screens with the real core and
 * server, in Hungarian and English: the transfer screen warns before sending (under the line and in
 * a confirmation); the server refuses it; the sync centre offers the fixes of a transfer, worded for
 * it ("transfer what is there", "another bin") and no wasting's or order's fix; pressing "transfer
 * what is there" moves what the source holds, as the server's own stock says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, openDesk, scan, screenshot, type Desk } from './helpers';
import { openByLink, PAINT } from './productScreen';

const BUDAPEST = 'Budapest Raktár';

const WORDS = {
  hu: {
    screen: /^Áttárolás$/, warn: (n: number) => `Több, mint a forrásnál lévő ${n}`, line: (q: number, n: number) => `${PAINT.name}: ${q} (${n} van)`, anyway: 'Küldés mégis',
    sync: 'Szinkronizálás', take: (n: number) => `Csak a meglévő ${n} áttárolása`, other: 'Áttárolás másik raktárhelyről:', wrong: /selejtezése|rendelése|take_available|does not apply/,
  },
  en: {
    screen: /^Stock transfer$/, warn: (n: number) => `More than the ${n} at the source`, line: (q: number, n: number) => `${PAINT.name}: ${q} (${n} there)`, anyway: 'Send anyway',
    sync: 'Sync centre', take: (n: number) => `Transfer only the ${n} there`, other: 'Transfer from another bin:', wrong: /Waste only|Order only|take_available|does not apply/,
  },
} as const;

let desk: Desk;
let page: Page;
let paint = 0;

const serverAt = async (warehouse: string, label = '') =>
  (await desk.srv.server.ok('getQuantities', { product_ids: [paint] })).stock.find((s) => s.warehouse === warehouse && s.stock_label === label)?.deliverable ?? 0;

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  page = desk.page;
  paint = (await desk.stack.invoke('products.lookup', { code: PAINT.code }))!.id;
}, 180_000);

afterAll(() => desk?.close());

describe.each([
  ['hu', { from: 'Default', fromBin: 'B-03', to: BUDAPEST, toBin: 'P-1', qty: 25, there: 21 }],
  ['en', { from: BUDAPEST, fromBin: 'P-1', to: 'Default', toBin: 'B-05', qty: 30, there: 21 }],
] as const)('%s: a transfer of more than the source holds', (lang, t) => {
  const w = WORDS[lang];

  it('the screen warns before sending; sent anyway, the server refuses it and nothing moves', async () => {
    if (lang === 'en') {
      await desk.stack.invoke('settings.update', { language: 'en' });
      await page.reload();
      await page.getByTestId('sb-connection').waitFor();
    }
    await openByLink(page, w.screen);
    await page.getByTestId('transfer-from').selectOption(t.from);
    await page.getByTestId('transfer-from-bin').fill(t.fromBin);
    await page.getByTestId('transfer-to').selectOption(t.to);
    await page.getByTestId('transfer-to-bin').fill(t.toBin);
    await page.getByTestId('scan-input').click();
    await scan(page, PAINT.code);
    await page.getByTestId(`transfer-qty-${paint}`).fill(String(t.qty));
    await expect.poll(() => page.getByTestId(`transfer-short-${paint}`).innerText()).toBe(w.warn(t.there));
    await page.getByTestId('transfer-post').click();
    expect(await page.getByTestId('transfer-short-confirm').innerText()).toContain(w.line(t.qty, t.there));
    await page.getByRole('button', { name: w.anyway }).click();
    await expect.poll(() => page.getByTestId('transfer-status').getAttribute('data-state'), { timeout: 60_000 }).toBe('refused');
    expect(await serverAt(t.from, t.fromBin)).toBe(t.there);
    expect(await serverAt(t.to, t.toBin)).toBe(0);
  });

  it('the sync centre offers the transfer’s own fixes; “transfer what is there” moves the stock at the server', async () => {
    await page.keyboard.press('F8');
    await page.getByRole('heading', { level: 1, name: w.sync }).waitFor();
    const card = page.locator('[data-testid="attention-list"] article').first();
    await card.getByTestId('reason').waitFor();
    expect(await card.getByTestId('fix-take-available').innerText()).toBe(w.take(t.there));
    expect(await card.locator(`label[for^="fix-place-"]`).count()).toBeLessThanOrEqual(1);
    if (await card.locator(`label[for^="fix-place-"]`).count()) expect(await card.locator(`label[for^="fix-place-"]`).innerText()).toBe(w.other);
    expect(await card.getByTestId('fix-back-order').count()).toBe(0);
    expect(await card.innerText()).not.toMatch(w.wrong);
    await screenshot(page, `${lang}-transfer-refusal-fix`);
    await card.getByTestId('fix-take-available').click();
    await eventually(async () => (await serverAt(t.to, t.toBin)) === t.there, { timeoutMs: 60_000, what: 'the transfer of what was there to reach the server' });
    expect(await serverAt(t.from, t.fromBin)).toBe(0);
    await eventually(async () => (await desk.stack.invoke('outbox.list', { states: ['needs_attention'] })).length === 0, { what: 'the refusal to be settled' });
    // The sync centre redraws on the outbox's change event: the settled card goes at the next redraw.
    await eventually(async () => (await card.count()) === 0, { what: 'the settled refusal to leave the sync centre' });
    expect(desk.browser.errors).toEqual([]);
  });
});
