/**
 * Order entry as a clerk uses it (issue 14, items 2 and 3), in Hungarian, against the real core and a
 * real server. Every test checks what the screen says AND what the server holds afterwards:
 * - scanning two products and pressing Ctrl+Enter at once confirms and sends exactly the lines and
 *   the total on screen (no hidden, stale product list takes the Enter);
 * - an order finalized offline that the server then refuses is shown refused, with the reason, and
 *   offers no invoicing;
 * - finalizing an open order from its edit screen says it was finalized.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { computeTotals } from '@shared/money';
import type { ProductRow } from '@shared/ipc';
import { eventually, openDesk, scan, screenshot, type Browser, type Desk, type RestartableServer, type Stack } from './helpers';

const BUDAPEST = 'Budapest Raktár';
const GYOR = 'Győr Raktár';

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let browser: Browser & { errors: string[] };
let page: Page;
let drill: ProductRow; // Bosch GSB 13 RE: stocked in Budapest
let ladder: ProductRow; // Alumínium létra: stocked in Budapest only, none in Győr

const digits = (s: string) => s.replace(/[^\d-]/g, '');

async function outboxSettled() {
  const s = await stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0;
}

async function goOffline() {
  await srv.stop();
  await stack.invoke('sync.now', {}).catch(() => undefined);
  await eventually(async () => !(await stack.invoke('sync.status', {})).online, { what: 'offline' });
}

async function goOnline() {
  await srv.start();
  await stack.invoke('sync.now', {});
  await eventually(outboxSettled, { timeoutMs: 90_000, what: 'the outbox to settle' });
}

async function newOrder(customer: RegExp, typed: string, warehouse: string) {
  await page.goto(`${stack.harness.url.split('#')[0]}#/orders`);
  await page.getByRole('heading', { level: 1, name: 'Rendelések' }).waitFor();
  await page.getByRole('link', { name: 'Új rendelés' }).click();
  await page.getByRole('heading', { level: 1, name: 'Új rendelés' }).waitFor();
  await page.getByRole('combobox', { name: 'Vevő', exact: true }).fill(typed);
  await page.getByRole('option', { name: customer }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByLabel('Raktár', { exact: true }).selectOption(warehouse);
}

const serverIdOf = async (localId: number) => eventually(async () => (await stack.invoke('orders.get', { id: localId }))?.serverId ?? undefined, { what: 'the order to reach the server' });

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  ({ srv, stack, browser, page } = desk);
  drill = (await stack.invoke('products.search', { query: 'Bosch GSB 13 RE', offset: 0, limit: 5 })).rows[0]!;
  ladder = (await stack.invoke('products.search', { query: 'Alumínium létra', offset: 0, limit: 5 })).rows[0]!;
  expect(drill.ean && ladder.ean).toBeTruthy();
});

afterAll(() => desk?.close());

describe('order entry keys act on what the clerk sees', () => {
  it('two scans and Ctrl+Enter at once: the confirmation and the server have exactly the lines and total on screen', async () => {
    await newOrder(/Kovács és Fiú/, 'Kovács', BUDAPEST);
    await page.getByRole('combobox', { name: 'Termék hozzáadása' }).focus();
    await scan(page, drill.ean!);
    await page.getByText(drill.name, { exact: true }).waitFor();
    await scan(page, ladder.ean!);
    await page.getByText(ladder.name, { exact: true }).waitFor();
    const onScreen = digits(await page.getByTestId('total-gross').innerText());
    const expected = computeTotals([drill, ladder].map((p) => ({ quantity: '1', unitPrice: String(p.listPrice), vatRate: String(p.vat) })), 'HUF').totals.gross;
    expect(onScreen).toBe(expected);
    // At once, as a clerk does: no wait for anything after the second line appeared.
    await page.keyboard.press('Control+Enter');
    await page.getByText('A rendelést véglegesítettük.').waitFor();
    expect(digits(await page.getByTestId('order-done-summary').innerText())).toBe(expected);
    // The lines confirmed are the lines that were on screen: one of each, nothing added.
    expect((await page.getByTestId('order-done-lines').locator('li').allInnerTexts()).map((x) => x.replace(/\s+/g, ' '))).toEqual([`1 db · ${drill.name}`, `1 db · ${ladder.name}`]);
    await screenshot(page, 'orders-confirmation-hu');

    const list = await stack.invoke('orders.list', {});
    const order = list[0]!;
    expect(order.lines.map((l) => [l.name, l.quantity])).toEqual([[drill.name, 1], [ladder.name, 1]]);
    await eventually(outboxSettled, { timeoutMs: 60_000, what: 'the order to be sent' });
    const serverId = await serverIdOf(order.id);
    const status = await srv.server.ok('getOrderStatus', { order_id: serverId });
    expect(status.status).toBe('finalized');
    expect(String(status.totals.gross)).toBe(expected);
    expect(status.shipment.items.map((i) => i.quantity)).toEqual([1, 1]);
  });

  it('an order finalized offline and refused by the server shows refused, with the reason, and cannot be invoiced', async () => {
    await goOffline();
    await newOrder(/Kovács és Fiú/, 'Kovács', GYOR);
    await page.getByRole('combobox', { name: 'Termék hozzáadása' }).focus();
    await scan(page, ladder.ean!);
    await page.getByText(ladder.name, { exact: true }).waitFor();
    await page.keyboard.press('Control+Enter');
    // Offline nothing is finalized yet: the desk says it will be sent, not that it is done.
    await page.getByText('A véglegesítés küldésre vár.', { exact: false }).waitFor();
    expect(await page.getByText('A rendelést véglegesítettük.').count()).toBe(0);
    const localId = (await stack.invoke('orders.list', {}))[0]!.id;
    expect(localId).toBeLessThan(0);
    await goOnline().catch(() => undefined);
    await eventually(async () => (await stack.invoke('sync.status', {})).outbox.needsAttention > 0, { timeoutMs: 60_000, what: 'the refusal' });
    // The server has no such order and nothing reserved in Győr.
    const orders = await stack.invoke('orders.list', {});
    expect(orders.find((o) => o.id === localId)?.serverId ?? null).toBeNull();

    await page.keyboard.press('F7');
    await page.getByRole('heading', { level: 1, name: 'Rendelések' }).waitFor();
    const row = page.getByTestId(`order-row-${localId}`);
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain('Elutasítva');
    expect(await row.innerText()).not.toContain('Véglegesített');
    expect(await row.innerText()).toContain('Nincs elég készlet');
    expect(await row.getByRole('link', { name: 'Számlázás' }).count()).toBe(0);
    await screenshot(page, 'orders-refused-hu');
  });

  it('finalizing an open order from its edit screen says so, and the server has it finalized', async () => {
    await newOrder(/Kovács és Fiú/, 'Kovács', BUDAPEST);
    await page.getByRole('combobox', { name: 'Termék hozzáadása' }).focus();
    await scan(page, drill.ean!);
    await page.getByText(drill.name, { exact: true }).waitFor();
    await page.keyboard.press('Control+s');
    await page.getByText('A rendelést nyitottként mentettük.').waitFor();
    await eventually(outboxSettled, { timeoutMs: 60_000, what: 'the open order to be sent' });
    const localId = (await stack.invoke('orders.list', {}))[0]!.id;
    const serverId = await serverIdOf(localId);
    expect((await srv.server.ok('getOrderStatus', { order_id: serverId })).status).toBe('open');

    await page.goto(`${stack.harness.url.split('#')[0]}#/orders/${serverId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`${serverId}`) }).waitFor();
    await page.getByText(drill.name, { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Termék hozzáadása' }).focus();
    await page.keyboard.press('Control+Enter');
    await page.getByText('A rendelést véglegesítettük.').waitFor();
    expect(await page.getByText(/Csak nyitott rendelés módosítható/).count()).toBe(0);
    await eventually(outboxSettled, { timeoutMs: 60_000, what: 'the finalize to be sent' });
    expect((await srv.server.ok('getOrderStatus', { order_id: serverId })).status).toBe('finalized');
    // Still the success, not the "only open orders" notice, once the list of orders has changed.
    await page.waitForTimeout(500);
    expect(await page.getByText(/Csak nyitott rendelés módosítható/).count()).toBe(0);
  });

  it('the orders list with the status panel open: the table stays within the screen', async () => {
    await page.goto(`${stack.harness.url.split('#')[0]}#/orders`);
    await page.getByRole('heading', { level: 1, name: 'Rendelések' }).waitFor();
    // An order the server has: the newest may be one that never reached it (the refused one above,
    // when it was made while offline), whose panel rightly says so instead of a status.
    const onServer = (await stack.invoke('orders.list', {})).find((o) => o.serverId !== null)!;
    await page.getByTestId(`order-row-${onServer.id}`).getByRole('button', { name: 'Állapot' }).click();
    // Said whole when it fails: which panel opened (or none), and what it showed instead of the status.
    await page.getByTestId('order-status').waitFor().catch(async (e: unknown) => {
      const panel = page.locator('section.panel');
      const shown = (await panel.count()) ? await panel.first().innerText() : '(no status panel opened)';
      throw new Error(`the order status did not show; the screen has: ${shown}`, { cause: e });
    });
    await screenshot(page, 'orders-status-panel-hu');
    const wrap = await page.locator('.table-wrap').first().boundingBox();
    const panel = await page.getByTestId('order-status').boundingBox();
    // The table's frame ends before the panel begins, and the panel fits in the window.
    expect(wrap!.x + wrap!.width).toBeLessThanOrEqual(panel!.x);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(1440);
    // And the table itself fits its frame: no column hidden behind a scroll.
    expect(await page.locator('.table-wrap').first().evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await page.getByTestId('order-status').innerText()).not.toMatch(/awaiting_shipment|not_invoiced|unpaid|not_ready/);
  });

  it('the confirmation in English', async () => {
    await stack.invoke('settings.update', { language: 'en' });
    await page.goto(`${stack.harness.url.split('#')[0]}#/orders`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByRole('combobox', { name: 'Customer', exact: true }).fill('Kovács');
    await page.getByRole('option', { name: /Kovács és Fiú/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByLabel('Warehouse', { exact: true }).selectOption(BUDAPEST);
    await page.getByRole('combobox', { name: 'Add product' }).focus();
    await scan(page, drill.ean!);
    await page.getByText(drill.name, { exact: true }).waitFor();
    await scan(page, ladder.ean!);
    await page.getByText(ladder.name, { exact: true }).waitFor();
    await page.keyboard.press('Control+Enter');
    await page.getByText('The order was finalized.', { exact: false }).waitFor();
    const expected = computeTotals([drill, ladder].map((p) => ({ quantity: '1', unitPrice: String(p.listPrice), vatRate: String(p.vat) })), 'HUF').totals.gross;
    expect(digits(await page.getByTestId('order-done-summary').innerText())).toBe(expected);
    await screenshot(page, 'orders-confirmation-en');
    await stack.invoke('settings.update', { language: 'hu' });
  });

  it('left no errors in the page console', () => {
    expect(browser.errors).toEqual([]);
  });
});
