/**
 * Inputs, scanning and search through the real screens (issue 14, item 7), against the real core
 * and a real server; each test checks what the screen shows and then the server's own state.
 *
 * - A scanner on a busy machine: key gaps jittered 10–60 ms and one 80 ms stall inside a scan lose
 *   no scan and cut no code, on the take-in and the count screens.
 * - The product form reads "47 990" as the take-in and payment screens do, and refuses an EAN with
 *   a wrong check digit with a message in the clerk's language naming the right digit.
 * - Goods receipt offers the open purchase orders and shows a received one as received.
 * - A product search with more than 1,000 matches pages in name order, on the desk and on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { insertProduct } from '@server/repos/products';
import { businessDate } from '@server/services/finance/calendar';
import { DEMO_KEYS } from '../helpers/server';
import { eventually, launchBrowser, screenshot, startRestartableServer, startStack, waitForMirror, type Browser, type RestartableServer, type Stack } from './helpers';

const GYOR = 'Győr Raktár';
const SUPPLIER = 'Polska';

let srv: RestartableServer;
let stack: Stack;
let browser: Browser & { errors: string[] };
let page: Page;
let base = '';

const testId = (id: string) => page.getByTestId(id);

async function serverStock(productId: number, warehouse: string, bin = ''): Promise<number> {
  const r = await srv.server.ok('getQuantities', { product_ids: [productId] });
  return r.stock.filter((s) => s.warehouse === warehouse && s.stock_label === bin).reduce((n, s) => n + s.deliverable, 0);
}

async function outboxDrained() {
  const s = await stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
}

/** A small deterministic generator, so a failing jitter can be replayed. */
function rng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

let cdp: CDPSession | null = null;

/**
 * Types a code the way a scanner on a busy machine delivers it: device timestamps `gaps[i]` ms
 * apart (the app reads event.timeStamp), then Enter after the last gap.
 */
async function scanWithGaps(code: string, gaps: number[]): Promise<void> {
  cdp ??= await page.context().newCDPSession(page);
  let t = Date.now() / 1000;
  const keys = [...code].map((ch) => ({ key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`, vk: ch.toUpperCase().charCodeAt(0) }));
  keys.push({ key: 'Enter', text: '\r', code: 'Enter', vk: 13 });
  for (const [i, k] of keys.entries()) {
    if (i > 0) t += gaps[i - 1]! / 1000;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k.key, code: k.code, text: k.text, unmodifiedText: k.text, windowsVirtualKeyCode: k.vk, timestamp: t });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, code: k.code, windowsVirtualKeyCode: k.vk, timestamp: t + 0.001 });
  }
}

/** Gaps of 10–60 ms, and one stall of 80 ms somewhere in the middle of the code. */
function jitteredGaps(code: string, random: () => number): number[] {
  const gaps = [...code].map(() => 10 + Math.round(random() * 50));
  gaps[3 + Math.floor(random() * (code.length - 6))] = 80;
  return gaps;
}

/** The busy machine's other face: the scanner's own pace (10–30 ms) and one 80 ms stall after the sixth key. */
function stalledGaps(code: string, random: () => number): number[] {
  const gaps = [...code].map(() => 10 + Math.round(random() * 20));
  gaps[5] = 80;
  return gaps;
}

beforeAll(async () => {
  srv = await startRestartableServer();
  stack = await startStack({ serverUrl: srv.url, keys: { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key } });
  await waitForMirror(stack);
  await stack.invoke('settings.update', { language: 'hu' });
  browser = await launchBrowser();
  page = browser.page;
  base = stack.harness.url.split('#')[0]!;
  await page.goto(stack.harness.url);
  await testId('sb-connection').waitFor();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await srv?.close();
});

async function open(hash: string, heading: RegExp | string) {
  await page.goto(`${base}#${hash}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('a scanner on a busy machine', () => {
  it('take-in: five scans with jittered gaps and an 80 ms stall each, none lost or cut; the server gets them all', async () => {
    const random = rng(14);
    const rows = await Promise.all(['SD-1001', 'SD-1002', 'SD-1003', 'SD-1004', 'SD-1005'].map(async (c) => (await stack.invoke('products.lookup', { code: c }))!));
    const before = await Promise.all(rows.map((r) => serverStock(r.id, GYOR)));
    await open('/take-in', 'Bevételezés');
    await testId('takein-warehouse').selectOption(GYOR);
    await testId('takein-supplier').fill(SUPPLIER);
    await page.getByRole('option', { name: new RegExp(SUPPLIER) }).first().click();
    // The clerk's focus wanders between scans: the scan field, the stock label, a line's quantity.
    const qty = (id: number) => page.locator(`[data-testid="takein-lines"] tr[data-product-id="${id}"] input`).first();
    const focus = [() => testId('scan-input').click(), () => testId('takein-label').click(), () => qty(rows[0]!.id).click()];
    for (const [i, r] of rows.entries()) {
      await focus[i % (i === 0 ? 1 : 3)]!();
      await scanWithGaps(r.ean!, (i % 2 === 0 ? jitteredGaps : stalledGaps)(r.ean!, random));
      await expect.poll(() => qty(r.id).count(), { message: `a line for ${r.ean}` }).toBe(1);
    }
    for (const r of rows) await expect.poll(() => qty(r.id).inputValue(), { message: `quantity of ${r.ean}` }).toBe('1');
    expect(await page.locator('[data-testid="takein-lines"] tbody tr').count()).toBe(5);
    expect(await testId('scan-input').inputValue()).toBe('');
    expect(await testId('takein-label').inputValue()).toBe('');
    await screenshot(page, 'inputs-hu-takein-jitter');
    await page.keyboard.press('Control+Enter');
    await testId('takein-posted').waitFor();
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the take-in to reach the server' });
    for (const [i, r] of rows.entries()) expect(await serverStock(r.id, GYOR)).toBe(before[i]! + 1);
  });

  it('count: the same product scanned four times with jitter and a stall counts 4, and posts the difference', async () => {
    const random = rng(7);
    const row = (await stack.invoke('products.lookup', { code: 'SD-1006' }))!;
    await open('/count', 'Leltár');
    await testId('count-warehouse').selectOption(GYOR);
    await testId('count-start').click();
    await page.getByRole('heading', { level: 1, name: `Leltár: ${GYOR}` }).waitFor();
    await testId('scan-input').click();
    await scanWithGaps(row.ean!, jitteredGaps(row.ean!, random));
    // A whole-warehouse sheet has a line per product and bin: the product's line is the one the scan counted.
    const counted = () => page.locator(`[data-testid="counted-${row.id}"], [data-testid^="counted-${row.id}-"]`);
    await expect.poll(() => counted().count()).toBe(1);
    await expect.poll(() => counted().inputValue()).toBe('1');
    const bin = ((await counted().getAttribute('data-testid')) ?? '').slice(`counted-${row.id}`.length).replace(/^-/, '');
    const expected = await serverStock(row.id, GYOR, bin);
    // Then from inside the counted quantity box, as a clerk who just corrected a figure would.
    for (let i = 1; i < 4; i++) {
      await counted().click();
      await scanWithGaps(row.ean!, (i % 2 === 0 ? jitteredGaps : stalledGaps)(row.ean!, random));
      await expect.poll(() => counted().inputValue()).toBe(String(i + 1));
    }
    expect(await testId('scan-input').inputValue()).toBe('');
    await screenshot(page, 'inputs-hu-count-jitter');
    await page.keyboard.press('Control+Enter');
    await testId('count-contact').fill(SUPPLIER);
    await page.getByRole('option', { name: new RegExp(SUPPLIER) }).first().click();
    await testId('count-post-confirm').click();
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the count to reach the server' });
    expect(expected).not.toBe(4);
    // The difference is posted to the bin the product was counted in.
    expect(await serverStock(row.id, GYOR, bin)).toBe(4);
  });
});

describe('the product form', () => {
  it('refuses an EAN with a wrong check digit in Hungarian, naming the right digit; saves "47 990" as 47990', async () => {
    await open('/products/new', 'Új termék');
    await page.locator('input[name="product_name"]').fill('Próba csavarhúzó készlet');
    await page.locator('input[name="ean_number"]').fill('5990000000001');
    await page.locator('input[name="list_price"]').fill('47 990');
    await testId('product-save').click();
    const eanError = page.locator('.field-error').first();
    await eanError.waitFor();
    expect(await eanError.innerText()).toBe('hibás az ellenőrző számjegy: az utolsó számjegy 9 kellene legyen, nem 1');
    expect(await page.locator('.field-error').count()).toBe(1);
    await screenshot(page, 'inputs-hu-product-ean');
    expect((await srv.server.ok('getProduct', { filter: 'Próba csavarhúzó' })).products).toEqual([]);
    await page.locator('input[name="ean_number"]').fill('5990000000009');
    await testId('product-save').click();
    await page.getByRole('heading', { level: 1, name: 'Termékek' }).waitFor();
    const saved = await eventually(async () => (await srv.server.ok('getProduct', { filter: 'Próba csavarhúzó' })).products[0], { what: 'the product on the server' });
    expect(saved).toMatchObject({ ean_number: '5990000000009', list_price: 47990 });
  });
});

describe('goods receipt against a purchase order', () => {
  let projectCode = '';
  let poId = 0;
  beforeAll(async () => {
    const product = (await stack.invoke('products.lookup', { code: 'SD-1007' }))!.id;
    const order = await srv.server.ok('setOrder', {
      warehouse: GYOR, shipping_aim: 'Sale', method: 'transfer', issued_date: businessDate(new Date()), selected_account: srv.server.account.bankAccount,
      contact_id: srv.server.account.customerContactId, currency: 'HUF', finalize_order: 1, order_all: 1, items: [{ product_id: product, quantity: 100 }],
    });
    projectCode = order.purchase_order!.project_code;
    poId = order.purchase_order!.po_id;
    await stack.invoke('sync.now', {});
  });

  it('offers the open purchase orders without typing a code; a received one shows as received and is no longer offered', async () => {
    await open('/po-receipt', 'Áruátvétel (rendelés)');
    const offered = testId(`po-open-${poId}`);
    await offered.waitFor();
    expect(await offered.innerText()).toContain(projectCode);
    await screenshot(page, 'inputs-hu-po-list');
    await offered.click();
    await testId('po-summary').waitFor();
    await testId('po-receive').click();
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the receipt to reach the server' });
    expect((await srv.server.ok('getPO', { project_code: projectCode })).status).toBe('received');
    await expect.poll(() => testId('po-status').innerText(), { timeout: 30_000 }).toBe('átvéve');
    expect(await testId('po-receive').count()).toBe(0);
    await screenshot(page, 'inputs-hu-po-received');
    await open('/take-in', 'Bevételezés');
    await open('/po-receipt', 'Áruátvétel (rendelés)');
    await testId('po-open-list').waitFor();
    expect(await testId(`po-open-${poId}`).count()).toBe(0);
  });
});

describe('a search with more than 1,000 matches', () => {
  const WORD = 'Polctartó';
  beforeAll(async () => {
    // Written straight into the server's database, in the reverse of their names' order: the last
    // name alphabetically gets the lowest id, so id order and name order disagree everywhere.
    const now = new Date();
    const { store, account } = { store: srv.server.app.store, account: srv.server.account };
    await store.transaction(async (tx) => {
      for (let i = 0; i < 1200; i++) {
        await insertProduct(tx, account.accountId, {
          name: `${WORD} konzol ${String(1199 - i).padStart(4, '0')}`, action: 0, listPrice: '990', currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [],
        }, now);
      }
    });
    await stack.invoke('sync.now', {});
    await eventually(async () => (await stack.invoke('products.search', { query: WORD, offset: 0, limit: 1 })).total === 1200, { timeoutMs: 60_000, what: 'the mirror to hold the new products' });
  });

  it('the desk pages the list in name order, beyond the first 1,000 too', async () => {
    await open('/products', 'Termékek');
    await testId('product-search').fill(WORD);
    await expect.poll(() => testId('product-list').getAttribute('data-total')).toBe('1200');
    const first = page.locator('[data-testid="product-list"] [data-product-id]').first();
    await expect.poll(() => first.innerText()).toContain(`${WORD} konzol 0000`);
    await screenshot(page, 'inputs-hu-products-name-order');
    const names = async (offset: number) => (await stack.invoke('products.search', { query: WORD, offset, limit: 3 })).rows.map((r) => r.name);
    expect(await names(0)).toEqual([0, 1, 2].map((n) => `${WORD} konzol ${String(n).padStart(4, '0')}`));
    expect(await names(1000)).toEqual([1000, 1001, 1002].map((n) => `${WORD} konzol ${String(n).padStart(4, '0')}`));
  });

  it('the server pages getProduct in name order: 1,000, then the rest from where the name left off', async () => {
    const one = await srv.server.ok('getProduct', { filter: WORD });
    expect(one.products).toHaveLength(1000);
    expect(one.more).toBe(1);
    expect(one.products[0]!.product_name).toBe(`${WORD} konzol 0000`);
    expect(one.products.at(-1)!.product_name).toBe(`${WORD} konzol 0999`);
    const two = await srv.server.ok('getProduct', { filter: WORD, after_id: one.products.at(-1)!.id });
    expect(two.more).toBe(0);
    expect(two.products.map((p) => p.product_name)).toEqual(Array.from({ length: 200 }, (_, n) => `${WORD} konzol ${String(1000 + n).padStart(4, '0')}`));
  });
});

describe('the product list at 1440 px', () => {
  it('shows every demo product name whole, with a product open beside the list, in Hungarian and German', async () => {
    for (const lang of ['hu', 'de'] as const) {
      await stack.invoke('settings.update', { language: lang });
      await page.goto(`${base}#/products`);
      await page.reload();
      await testId('product-search').fill('');
      const rows = page.locator('[data-testid="product-list"] [data-product-id]');
      await rows.nth(3).click();
      await testId('product-detail').waitFor();
      // Every product the server holds that is not one of this file's own 1,200 shelf brackets.
      const names = (await srv.server.ok('getProduct', { filter: '%' })).products.map((p) => p.product_name).filter((n) => !n.startsWith('Polctartó'));
      // The list draws only the rows in view; each name is measured in the name column's own font.
      const cut = await page.evaluate((all) => {
        const cell = document.querySelector('[data-testid="product-list"] [data-product-id] > [role="gridcell"]:nth-child(3)')!;
        const style = getComputedStyle(cell);
        const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = style.font;
        return all.filter((n) => ctx.measureText(n).width > room).map((n) => `${n} (${Math.ceil(ctx.measureText(n).width)} px in ${Math.floor(room)})`);
      }, names);
      expect(names.length).toBeGreaterThan(20);
      await screenshot(page, `inputs-${lang}-products-1440`);
      expect(cut, lang).toEqual([]);
    }
    await stack.invoke('settings.update', { language: 'hu' });
  });
});
