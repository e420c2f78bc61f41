/**
 * What the clerk does on a screen while her stored draft is still on its way from the core is kept,
 * and so is the stored draft. The core answers `drafts.get` within milliseconds on a quiet desk, but
 * not while it is busy (a sync pull at start-up); the screens can be used at once. Here the take-in's
 * read of its stored draft is held on its way (Playwright's route) while the clerk types a bin and
 * scans a product; the receipt then shows the stored lines, the scanned one and the bin she typed,
 * and the server holds exactly that after the post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductRow } from '@shared/ipc';
import { eventually, openDesk, scan, screenshot, type Desk } from './helpers';
import { purchaseOrder } from './purchaseOrder';
import { sqliteStore } from '@server/db/sqlite/store';

const BUDAPEST = 'Budapest Raktár';
const MAKITA = '5990040000007';
const DEWALT = '5990040001110';
const SUPPLIER = 'Polska';
const KEY = 'warehouse.takeIn';

const HEADINGS = { hu: { takeIn: 'Bevételezés', sync: 'Szinkronizálás', restored: /visszaállít/i }, en: { takeIn: 'Stock take-in', sync: 'Sync centre', restored: /restored/i } } as const;

let desk: Desk;
let page: Page;
const ids = { makita: 0, dewalt: 0 };
let drill: ProductRow;
let ladder: ProductRow;

const testId = (id: string) => page.getByTestId(id);
const row = (id: number) => page.locator(`[data-testid="takein-lines"] tr[data-product-id="${id}"]`);

async function open(key: string, heading: string) {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** What the server itself holds in a bin of Budapest. */
async function serverBin(productId: number, bin: string): Promise<number> {
  const r = await desk.srv.server.ok('getQuantities', { product_ids: [productId] });
  return r.stock.find((s) => s.warehouse === BUDAPEST && s.stock_label === bin)?.deliverable ?? 0;
}

beforeAll(async () => {
  desk = await openDesk();
  page = desk.page;
  ids.makita = (await desk.stack.invoke('products.lookup', { code: MAKITA }))!.id;
  ids.dewalt = (await desk.stack.invoke('products.lookup', { code: DEWALT }))!.id;
  drill = (await desk.stack.invoke('products.search', { query: 'Bosch GSB 13 RE', offset: 0, limit: 5 })).rows[0]!;
  ladder = (await desk.stack.invoke('products.search', { query: 'Alumínium létra', offset: 0, limit: 5 })).rows[0]!;
});

/** The draft the core holds under `key`, in the shape its screen writes (null if none). */
const storedDraft = async <T>(key: string) => (await desk.stack.invoke('drafts.get', { key })) as Partial<T> | null;

/**
 * Holds the core's answer to `drafts.get` of `key` on its way (Playwright's route) until `release`;
 * `settled` waits until every held read has gone on.
 */
async function holdDraftRead(key: string) {
  const held: Array<Promise<void>> = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/bridge/invoke', (route) => {
    const body = route.request().postDataJSON() as { channel?: string; request?: { key?: string } };
    if (body.channel !== 'drafts.get' || body.request?.key !== key) return route.continue();
    const answered = released.then(() => route.continue());
    held.push(answered);
    return answered;
  });
  return {
    held: () => held.length,
    release,
    settled: async () => {
      release();
      await Promise.all(held);
      await page.unroute('**/bridge/invoke');
    },
  };
}

afterAll(() => desk?.close());

describe('the clerk works while her stored draft is loading', () => {
  for (const lang of ['hu', 'en'] as const) {
    const h = HEADINGS[lang];
    const bin = lang === 'hu' ? 'B-07' : 'E-07';
    it(`${lang}: the bin she typed and the product she scanned join the stored receipt, and the server holds all of it`, async () => {
      await desk.stack.invoke('settings.update', { language: lang });
      await page.reload();
      await page.getByTestId('sb-connection').waitFor();
      await desk.stack.invoke('drafts.clear', { key: KEY });
      const before = { makita: await serverBin(ids.makita, bin), dewalt: await serverBin(ids.dewalt, bin) };

      // Yesterday's receipt, not posted: two of the Makita, kept as a draft when she left the screen.
      await open('F2', h.takeIn);
      await testId('takein-warehouse').selectOption(BUDAPEST);
      await testId('takein-supplier').fill(SUPPLIER);
      await page.getByRole('option', { name: new RegExp(SUPPLIER) }).first().click();
      await testId('scan-input').click();
      await scan(page, MAKITA);
      await scan(page, MAKITA);
      await expect.poll(() => row(ids.makita).locator('input').first().inputValue()).toBe('2');
      await open('F8', h.sync);
      await eventually(async () => (await storedDraft<{ lines: unknown[] }>(KEY))?.lines?.length === 1, { what: 'the receipt kept as a draft' });

      // Back to the take-in; its stored draft is held on its way while she works.
      const hold = await holdDraftRead(KEY);
      try {
        await open('F2', h.takeIn);
        await expect.poll(() => hold.held()).toBeGreaterThan(0);
        await testId('takein-label').fill(bin);
        await testId('scan-input').click();
        await scan(page, DEWALT);
        // The scan is taken, not dropped because the draft is not back yet.
        await expect.poll(() => row(ids.dewalt).locator('input').first().inputValue(), { timeout: 10_000 }).toBe('1');
        hold.release();
        await expect.poll(() => row(ids.makita).locator('input').first().inputValue()).toBe('2');
      } finally {
        await hold.settled();
      }
      expect(await row(ids.dewalt).locator('input').first().inputValue()).toBe('1');
      expect(await testId('takein-label').inputValue()).toBe(bin);
      expect(await testId('takein-warehouse').inputValue()).toBe(BUDAPEST);
      await expect.poll(() => page.locator('.notice.info').first().innerText()).toMatch(h.restored);
      // The lines fit their panel: every line's remove button is in sight without scrolling sideways
      // (the stock column's "other bins" once kept to one line and pushed them out in Hungarian).
      const wrap = await page.locator('.table-wrap', { has: testId('takein-lines') }).evaluate((w) => ({ scroll: w.scrollWidth, client: w.clientWidth }));
      expect(wrap.scroll).toBeLessThanOrEqual(wrap.client);
      await screenshot(page, `${lang}-takein-draft-joined`);
      // What is stored now is what the screen shows: a restart would bring back the same receipt.
      await eventually(async () => {
        const d = await storedDraft<{ stockLabel: string; lines: Array<{ productId: number; quantity: string }> }>(KEY);
        return d?.stockLabel === bin && d.lines?.length === 2 && d.lines.find((l) => l.productId === ids.dewalt)?.quantity === '1';
      }, { what: 'the stored draft to hold what the screen shows' });

      await page.keyboard.press('Control+Enter');
      await testId('takein-posted').waitFor();
      await eventually(async () => (await serverBin(ids.makita, bin)) === before.makita + 2 && (await serverBin(ids.dewalt, bin)) === before.dewalt + 1, {
        what: `the server to hold the receipt in bin ${bin}`,
        timeoutMs: 30_000,
      });
      expect(await serverBin(ids.makita, bin)).toBe(before.makita + 2);
      expect(await serverBin(ids.dewalt, bin)).toBe(before.dewalt + 1);
      expect(desk.browser.errors).toEqual([]);
    });
  }
});

const ORDER_KEY = 'billing.order.new';
const ORDER_WORDS = {
  hu: { orders: 'Rendelések', newOrder: 'Új rendelés', customer: 'Vevő', warehouse: 'Raktár', add: 'Termék hozzáadása' },
  en: { orders: 'Orders', newOrder: 'New order', customer: 'Customer', warehouse: 'Warehouse', add: 'Add product' },
} as const;

describe('an order form whose stored draft is still on its way', () => {
  for (const lang of ['hu', 'en'] as const) {
    const w = ORDER_WORDS[lang];
    const startOrder = async () => {
      await page.goto(`${desk.stack.harness.url.split('#')[0]}#/orders`);
      await page.getByRole('heading', { level: 1, name: w.orders }).waitFor();
      await page.getByRole('link', { name: w.newOrder }).click();
      await page.getByRole('heading', { level: 1, name: w.newOrder }).waitFor();
    };
    it(`${lang}: the line she scans at once joins the stored order, and the server gets both lines`, async () => {
      await desk.stack.invoke('settings.update', { language: lang });
      await desk.stack.invoke('drafts.clear', { key: ORDER_KEY });
      await page.reload();
      await page.getByTestId('sb-connection').waitFor();

      // The order she began and left: Kovács, Budapest, one drill, kept as a draft.
      await startOrder();
      await page.getByRole('combobox', { name: w.customer, exact: true }).fill('Kovács');
      await page.getByRole('option', { name: /Kovács és Fiú/ }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByLabel(w.warehouse, { exact: true }).selectOption(BUDAPEST);
      await page.getByRole('combobox', { name: w.add }).focus();
      await scan(page, drill.ean!);
      await page.getByText(drill.name, { exact: true }).waitFor();
      await page.goto(`${desk.stack.harness.url.split('#')[0]}#/orders`);
      await eventually(async () => (await storedDraft<{ items: unknown[] }>(ORDER_KEY))?.items?.length === 1, { what: 'the order kept as a draft' });

      // Back to a new order: the stored draft is held on its way for a moment, and she scans at once.
      const hold = await holdDraftRead(ORDER_KEY);
      try {
        await startOrder();
        setTimeout(hold.release, 1_500);
        await page.getByRole('combobox', { name: w.add }).focus();
        await scan(page, ladder.ean!);
        await page.getByText(ladder.name, { exact: true }).waitFor();
      } finally {
        await hold.settled();
      }
      expect(hold.held()).toBeGreaterThan(0);
      // Both lines, once the stored draft is surely in: the scan was not undone by it.
      await page.waitForTimeout(500);
      expect(await page.getByText(drill.name, { exact: true }).count()).toBe(1);
      expect(await page.getByText(ladder.name, { exact: true }).count()).toBe(1);
      expect(await page.getByRole('combobox', { name: w.customer, exact: true }).inputValue()).toMatch(/Kovács és Fiú/);
      await screenshot(page, `${lang}-order-draft-joined`);

      await page.keyboard.press('Control+Enter');
      const lines = page.getByTestId('order-done-lines').locator('li');
      await expect.poll(() => lines.count()).toBe(2);
      const order = (await desk.stack.invoke('orders.list', {}))[0]!;
      expect(order.lines.map((l) => [l.name, l.quantity])).toEqual([[drill.name, 1], [ladder.name, 1]]);
      const serverId = await eventually(async () => (await desk.stack.invoke('orders.get', { id: order.id }))?.serverId ?? undefined, { what: 'the order to reach the server', timeoutMs: 60_000 });
      const status = await desk.srv.server.ok('getOrderStatus', { order_id: serverId });
      expect(status.shipment.items.map((i) => i.quantity)).toEqual([1, 1]);
      expect(desk.browser.errors).toEqual([]);
    });
  }
});

describe('receiving, with its stored draft still on its way', () => {
  it('hu: a product scanned before the draft (and the order it names) is back counts on that order, and the server receives it', async () => {
    await desk.stack.invoke('settings.update', { language: 'hu' });
    await desk.stack.invoke('drafts.clear', { key: 'stockwork.receiving' });
    await page.reload();
    await page.getByTestId('sb-connection').waitFor();
    const made = await purchaseOrder(desk, [{ code: 'DRF-R1', name: 'Csomagolószalag', qty: 5 }]);
    const [tape] = made.ids as [number];
    const screen = /^(Átvétel szkenneléssel|Receiving \(scan\))$/;
    const openReceiving = async () => {
      await page.getByRole('link', { name: screen }).click();
      await page.getByRole('heading', { level: 1, name: screen }).waitFor();
    };

    // The order picked and one tape scanned, left as a draft.
    await openReceiving();
    await page.getByTestId(`receiving-pick-${made.po}`).click();
    await page.getByTestId('scan-input').click();
    await scan(page, 'DRF-R1');
    await expect.poll(() => page.getByTestId(`receiving-qty-${tape}`).inputValue()).toBe('1');
    await open('F8', HEADINGS.hu.sync);
    await eventually(async () => (await storedDraft<{ lines: unknown[] }>('stockwork.receiving'))?.lines?.length === 1, { what: 'the receipt kept as a draft' });

    // Back again: the draft is held on its way, and she scans the second tape at once.
    const hold = await holdDraftRead('stockwork.receiving');
    try {
      await openReceiving();
      await expect.poll(() => hold.held()).toBeGreaterThan(0);
      await page.getByTestId('scan-input').click();
      await scan(page, 'DRF-R1');
      await page.waitForTimeout(300);
      hold.release();
      await expect.poll(() => page.getByTestId(`receiving-qty-${tape}`).inputValue(), { timeout: 10_000 }).toBe('2');
    } finally {
      await hold.settled();
    }
    expect(await page.getByTestId('receiving-restored').innerText()).toMatch(HEADINGS.hu.restored);
    await screenshot(page, 'hu-receiving-draft-joined');
    await page.getByTestId('receiving-post').click();
    await expect.poll(() => page.getByTestId('receiving-status').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    const po = await desk.srv.server.ok('getPO', { project_code: made.code });
    expect(po.lines.find((l) => l.product_id === tape)).toMatchObject({ received_quantity: 2, remaining: 3 });
    expect(desk.browser.errors).toEqual([]);
  });
});

describe('the purchase-order receipt, left and come back to', () => {
  const L = {
    hu: { receipt: 'Áruátvétel (rendelés)', sync: HEADINGS.hu.sync, restored: HEADINGS.hu.restored, weight: 'Bruttó tömeg (kg)', origin: 'Származási ország', received: 'átvéve', typed: '12,5' },
    en: { receipt: 'Goods receipt (PO)', sync: HEADINGS.en.sync, restored: HEADINGS.en.restored, weight: 'Gross weight (kg)', origin: 'Origin country', received: 'received', typed: '12.5' },
  } as const;
  for (const lang of ['hu', 'en'] as const) {
    const l = L[lang];
    it(`${lang}: the order she was receiving and the figures she typed come back, and the server receives it with them`, async () => {
      await desk.stack.invoke('settings.update', { language: lang });
      await desk.stack.invoke('drafts.clear', { key: 'warehouse.poReceipt' });
      await page.reload();
      await page.getByTestId('sb-connection').waitFor();
      const made = await purchaseOrder(desk, [{ code: `DRF-PO-${lang}`, name: `Raklapfólia ${lang}`, qty: 4 }]);

      // She finds the order and types its weight and origin, then leaves for the sync centre.
      await open('F3', l.receipt);
      await testId('po-code').fill(made.code);
      await testId('po-code').press('Enter');
      await testId('po-summary').waitFor();
      await page.getByLabel(l.weight).fill(l.typed);
      await page.getByLabel(l.origin).fill('de');
      await open('F8', l.sync);
      await eventually(async () => (await storedDraft<{ grossWeight: string }>('warehouse.poReceipt'))?.grossWeight === l.typed, { what: 'the receipt kept as a draft' });

      // Back: the order is there again with her figures, without searching for it again.
      await open('F3', l.receipt);
      await testId('po-summary').waitFor({ timeout: 10_000 });
      expect(await testId('po-code').inputValue()).toBe(made.code);
      expect(await page.getByLabel(l.weight).inputValue()).toBe(l.typed);
      expect(await page.getByLabel(l.origin).inputValue()).toBe('DE');
      expect(await testId('po-receipt-restored').innerText()).toMatch(l.restored);
      await screenshot(page, `${lang}-po-receipt-draft-restored`);

      await testId('po-receive').click();
      await expect.poll(() => testId('po-status').innerText(), { timeout: 60_000 }).toBe(l.received);
      // Nothing is announced as restored once the receipt is posted.
      expect(await testId('po-receipt-restored').count()).toBe(0);
      const po = await desk.srv.server.ok('getPO', { project_code: made.code });
      expect(po.status).toBe('received');
      expect(po.lines.map((x) => x.received_quantity)).toEqual([4]);
      // The server's own receipt row carries what she typed before she left.
      const storage = desk.srv.server.storage;
      const store = 'store' in storage ? storage.store : sqliteStore(storage.db);
      const row = await store.get<{ gross_weight: string; country_code: string }>('SELECT gross_weight, country_code FROM stock_receipts WHERE po_id = ?', [made.po]);
      expect(row).toEqual({ gross_weight: '12.5', country_code: 'DE' });
      expect(desk.browser.errors).toEqual([]);
    });
  }
});
