/**
 * The sync centre as a clerk's tool (issue 14, items 4 and 5), in Chromium against the real core
 * and a real server: a refused wasting holds back only what really depends on it, the discard
 * dialog names what goes with it and what goes on, and a refusal is worded in the clerk's language
 * with the fixes that fit it — each checked on the screen and in the server's own state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { businessDate } from '@server/services/finance/calendar';
import { eventually, openDesk, screenshot, type Browser, type Desk, type RestartableServer, type Stack } from './helpers';
import { adjustPaint, PAINT as DEMO_PAINT } from './productScreen';

// Demo product 48: 21 in Default bin B-03, nothing in Default outside a bin, 5 in Budapest outside a bin.
const PAINT = DEMO_PAINT.code;
const BUDAPEST = 'Budapest Raktár';

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let browser: Browser & { errors: string[] };
let page: Page;
let paint = 0;

const testId = (id: string) => page.getByTestId(id);

/** What the server itself holds, not the desk's mirror. */
async function serverStock(warehouse: string, label = ''): Promise<number> {
  const r = await srv.server.ok('getQuantities', { product_ids: [paint] });
  return r.stock.find((s) => s.warehouse === warehouse && s.stock_label === label)?.deliverable ?? 0;
}

async function open(key: string, heading: RegExp | string) {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function connection(): Promise<string> {
  return (await testId('sb-connection').getAttribute('class')) ?? '';
}

async function goOffline() {
  await srv.stop();
  await open('F8', /Szinkronizálás|Sync centre/);
  await testId('sync-now').click();
  await eventually(async () => (await connection()).includes('offline'), { what: 'the offline status' });
}

async function goOnline() {
  await srv.start();
  await open('F8', /Szinkronizálás|Sync centre/);
  await testId('sync-now').click();
  await eventually(async () => (await connection()).includes('online'), { what: 'the online status' });
}

/** A stock change booked on the product screen, as the clerk does it. */
const adjust = (kind: 'waste' | 'takeIn', quantity: number, warehouse: string, label: string) => adjustPaint(page, { productId: paint, kind, quantity, warehouse, label });

async function setLanguage(lang: 'hu' | 'en') {
  await page.getByRole('link', { name: /Beállítások|Settings/ }).click();
  await testId('settings-language').selectOption(lang);
  await page.getByRole('heading', { level: 1, name: lang === 'hu' ? 'Beállítások' : 'Settings' }).waitFor();
  await stack.invoke('sync.now', {});
}

async function outboxEmpty() {
  const s = await stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0;
}

beforeAll(async () => {
  desk = await openDesk();
  ({ srv, stack, browser, page } = desk);
  paint = (await stack.invoke('products.lookup', { code: PAINT }))!.id;
});

afterAll(() => desk?.close());

describe('nothing leaves the queue unseen (issue 14.4)', () => {
  it('starts with the demo paint: 21 in Default bin B-03, none in Default outside a bin', async () => {
    expect(await serverStock('Default', 'B-03')).toBe(21);
    expect(await serverStock('Default')).toBe(0);
  });

  it('offline: wastes 15 from Default with no bin (will be refused), 15 from bin B-03 (valid), then takes 3 into Default with no bin', async () => {
    await goOffline();
    await adjust('waste', 15, 'Default', '');
    await adjust('waste', 15, 'Default', 'B-03');
    await adjust('takeIn', 3, 'Default', '');
    // The status bar counts from the core's outbox event, which can land a moment after the
    // screen's own confirmation (CI once read 2 here; the page said 3 when the failure was reported).
    await expect.poll(() => testId('sb-outbox').innerText()).toBe('Küldésre vár: 3');
  });

  it('online: the refused wasting waits for the clerk, and the valid wasting from B-03 reached the server without waiting for it', async () => {
    await goOnline();
    await eventually(async () => (await serverStock('Default', 'B-03')) === 6, { timeoutMs: 60_000, what: 'the valid wasting from B-03 to reach the server' });
    const refused = page.locator('[data-testid="attention-list"] article').filter({ hasText: '15' }).first();
    await refused.waitFor();
    // The take-in into the same place (Default, no bin) keeps its order: it waits behind the refused one.
    expect(await serverStock('Default')).toBe(0);
    const entries = await stack.invoke('outbox.list', {});
    const waiting = entries.filter((e) => e.blockedBy !== null);
    expect(waiting.map((e) => e.summaryData?.kind)).toEqual(['takeIn']);
  });

  it('the discard dialog names every entry that goes with it and every one that goes on; discarding undoes exactly that one', async () => {
    const card = page.locator('[data-testid="attention-list"] article').first();
    await card.getByTestId('attention-discard').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('discard-plan').waitFor();
    const plan = await dialog.getByTestId('discard-plan').innerText();
    expect(plan).toContain('Semmi más nem vész el vele');
    expect(await dialog.getByTestId('discard-goes-on').innerText()).toContain(`Bevételezés: 3 × ${DEMO_PAINT.name} → Alapértelmezett raktár`);
    await screenshot(page, 'hu-sync-discard-plan');
    await dialog.getByRole('button', { name: 'Elvetés' }).click();
    await eventually(async () => (await serverStock('Default')) === 3, { timeoutMs: 60_000, what: 'the take-in that waited to reach the server' });
    await eventually(outboxEmpty, { what: 'the outbox to drain' });
    expect(await serverStock('Default', 'B-03')).toBe(6);
    const discarded = await stack.invoke('outbox.list', { states: ['discarded'] });
    expect(discarded.map((e) => e.summaryData?.args)).toEqual([{ quantity: 15, product: DEMO_PAINT.name, place: 'Default', warehouse: 'Default', stockLabel: '' }]);
    expect(browser.errors).toEqual([]);
  });
});

describe('the sync centre is a clerk’s tool (issue 14.5)', () => {
  it('offline: wastes 10 from bin B-03, where the server holds 6', async () => {
    await goOffline();
    await adjust('waste', 10, 'Default', 'B-03');
    await goOnline();
    await page.locator('[data-testid="attention-list"] article').first().getByTestId('reason').waitFor({ timeout: 60_000 });
  });

  it('hu: the refusal is worded in Hungarian with its figures and fixes, the server’s English only behind “advanced”', async () => {
    const card = page.locator('[data-testid="attention-list"] article').first();
    expect(await card.getByTestId('reason').innerText()).toBe(`Nincs elég készlet: ${DEMO_PAINT.name}, Alapértelmezett raktár (B-03) — 10 kellene, 6 van.`);
    expect(await card.getByTestId('fix-take-available').innerText()).toBe('Csak 6 selejtezése');
    expect(await card.getByTestId('fix-other-place').isVisible()).toBe(true);
    expect(await card.getByTestId('attention-discard').isVisible()).toBe(true);
    expect(await card.getByTestId('server-message').isVisible()).toBe(false);
    expect(await card.innerText()).not.toMatch(/Cannot waste|product_id|setQuantity/);
    await screenshot(page, 'hu-sync-reason');
    // "Advanced" shows the server's own words (for integrators) and the raw editor, and hides them again.
    await card.getByTestId('attention-advanced').check();
    expect(await card.getByTestId('server-message').innerText()).toBe(`Cannot waste 10 of product ${paint} (${DEMO_PAINT.name}) in Default (label B-03): only 6 is deliverable.`);
    expect(await card.getByTestId('attention-edit').isVisible()).toBe(true);
    await screenshot(page, 'hu-sync-advanced');
    await card.getByTestId('attention-advanced').uncheck();
    expect(await card.getByTestId('attention-edit').count()).toBe(0);
  });

  it('en: the same refusal in English', async () => {
    await setLanguage('en');
    await open('F8', 'Sync centre');
    const card = page.locator('[data-testid="attention-list"] article').first();
    await expect.poll(() => card.getByTestId('reason').innerText()).toBe(`Not enough stock: ${DEMO_PAINT.name}, Default warehouse (B-03) — 10 needed, 6 there.`);
    expect(await card.getByTestId('fix-take-available').innerText()).toBe('Waste only 6');
    await screenshot(page, 'en-sync-reason');
    await setLanguage('hu');
    await open('F8', 'Szinkronizálás');
  });

  it('“take what is available”: the server holds the wasting of the 6 available, and the sent log says 6', async () => {
    const card = page.locator('[data-testid="attention-list"] article').first();
    await card.getByTestId('fix-take-available').click();
    await eventually(async () => (await serverStock('Default', 'B-03')) === 0, { timeoutMs: 60_000, what: 'the wasting of 6 to reach the server' });
    await eventually(outboxEmpty, { what: 'the outbox to drain' });
    await page.getByRole('tab', { name: 'Elküldött' }).click();
    const sent = testId('outbox-table');
    await expect.poll(() => sent.innerText()).toContain(`Selejtezés: 6 × ${DEMO_PAINT.name}, innen: Alapértelmezett raktár (B-03)`);
    expect(await sent.innerText()).not.toContain('10 ×');
    await screenshot(page, 'hu-sync-sent');
  });

  it('“from another place”: a refused wasting is sent from the place the clerk picks', async () => {
    await goOffline();
    await adjust('waste', 4, 'Default', 'B-03');
    await goOnline();
    const card = page.locator('[data-testid="attention-list"] article').first();
    await card.getByTestId('reason').waitFor({ timeout: 60_000 });
    // Nothing is left in B-03: taking "what is available" would take nothing, so it is not offered.
    expect(await card.getByTestId('fix-take-available').count()).toBe(0);
    await card.getByTestId('fix-other-place').selectOption({ label: `${BUDAPEST} — 5` });
    await screenshot(page, 'hu-sync-other-place');
    await card.getByTestId('fix-other-place-send').click();
    await eventually(async () => (await serverStock(BUDAPEST)) === 1, { timeoutMs: 60_000, what: 'the wasting from Budapest to reach the server' });
    await eventually(outboxEmpty, { what: 'the outbox to drain' });
    expect(await serverStock('Default', 'B-03')).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('an order beyond the stock: worded with its figures; “back-order the rest” places it and the server raises a purchase order', async () => {
    // Paint now: 3 in Default outside a bin (the take-in above), nothing in B-03.
    await goOffline();
    const { id } = await stack.invoke('orders.save', {
      order: {
        warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: businessDate(new Date()), selected_account: srv.server.account.bankAccount,
        contact_id: srv.server.account.customerContactId, currency: 'HUF', finalize_order: 1, items: [{ product_id: paint, quantity: 10 }],
      },
    });
    await goOnline();
    const card = page.locator('[data-testid="attention-list"] article').first();
    await card.getByTestId('reason').waitFor({ timeout: 60_000 });
    expect(await card.getByTestId('reason').innerText()).toBe(`Nincs elég készlet: ${DEMO_PAINT.name}, Alapértelmezett raktár — 10 kellene, 3 van.`);
    expect(await card.getByTestId('fix-take-available').innerText()).toBe('Csak 3 rendelése');
    expect(await card.getByTestId('fix-back-order').innerText()).toBe('A hiány utánrendelése');
    await screenshot(page, 'hu-sync-order-reason');
    await card.getByTestId('fix-back-order').click();
    await eventually(outboxEmpty, { timeoutMs: 60_000, what: 'the order to be sent' });
    await eventually(async () => (await stack.invoke('orders.get', { id }))?.serverId ?? false, { what: 'the order’s server id' });
    const order = (await stack.invoke('orders.get', { id }))!;
    const status = await srv.server.ok('getOrderStatus', { order_id: order.serverId! });
    expect(status.shipment.items.map((i) => [i.product_id, i.quantity])).toEqual([[paint, 10]]);
    const sent = (await stack.invoke('outbox.list', { states: ['done'] })).find((e) => e.method === 'setOrder')!;
    expect(sent.params).toMatchObject({ order_all: 1 });
    expect(status.status).toBe('finalized');
    // The back-order: the server's purchase order for the 7 it lacks, read through its own API.
    const po = await srv.server.app.store.get<{ project_code: string }>('SELECT project_code FROM purchase_orders WHERE order_id = ?', [order.serverId]);
    expect(po).toBeDefined();
    const got = await srv.server.ok('getPO', { project_code: po!.project_code });
    expect(got.lines.map((l) => [l.product_id, l.quantity])).toEqual([[paint, 7]]);
    expect(browser.errors).toEqual([]);
  });
});

describe('the discard dialog follows the queue while it is open', () => {
  it('an entry queued behind the refused one while its discard dialog is open (another window on the same desk) shows up under “goes on”, and goes on', async () => {
    const before = await serverStock('Default');
    await goOffline();
    await adjust('waste', 500, 'Default', '');
    await goOnline();
    const card = page.locator('[data-testid="attention-list"] article').filter({ hasText: '500' }).first();
    await card.getByTestId('reason').waitFor({ timeout: 60_000 });
    await card.getByTestId('attention-discard').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('discard-plan').waitFor();
    expect(await dialog.getByTestId('discard-goes-on').count()).toBe(0);

    // A second window on the same desk books a take-in into the same place: it is ordered behind the refused wasting.
    const first = page;
    const second = await browser.context.newPage();
    try {
      page = second;
      await page.goto(stack.harness.url);
      await testId('sb-connection').waitFor();
      await adjust('takeIn', 2, 'Default', '');
    } finally {
      page = first;
      await second.close();
    }
    // The open dialog now names it: discarding the wasting lets it go on.
    await expect.poll(() => dialog.getByTestId('discard-goes-on').count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.getByTestId('discard-goes-on').innerText()).toContain(`Bevételezés: 2 × ${DEMO_PAINT.name} → Alapértelmezett raktár`);
    await dialog.getByRole('button', { name: 'Elvetés' }).click();
    await eventually(async () => (await serverStock('Default')) === before + 2, { timeoutMs: 60_000, what: 'the take-in booked meanwhile to reach the server' });
    await eventually(outboxEmpty, { what: 'the outbox to drain' });
    const discarded = await stack.invoke('outbox.list', { states: ['discarded'] });
    expect(discarded.map((e) => e.summaryData?.args)).toContainEqual({ quantity: 500, product: DEMO_PAINT.name, place: 'Default', warehouse: 'Default', stockLabel: '' });
    expect(browser.errors).toEqual([]);
  });
});
