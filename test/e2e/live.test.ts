/**
 * Live desks on screen (issue 17): two desks on one server; desk B has a product open in Chromium,
 * desk A takes stock in, and B's open screen shows the new figure within a couple of seconds with no
 * sync pressed, while B's status bar says it is live (Hungarian and English, with screenshots). The
 * server's own figure is checked through its API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_KEYS } from '../helpers/server';
import { eventually, launchBrowser, scan, screenshot, startRestartableServer, startStack, waitForMirror, type Browser, type RestartableServer, type Stack } from './helpers';

const MAKITA = '5990040000007';
const BUDAPEST = 'Budapest Raktár';

let srv: RestartableServer;
let deskA: Stack;
let deskB: Stack;
let browser: Browser & { errors: string[] };
let b: Page;
let makita: number;

beforeAll(async () => {
  srv = await startRestartableServer();
  const keys = { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key };
  [deskA, deskB] = await Promise.all([startStack({ serverUrl: srv.url, keys }), startStack({ serverUrl: srv.url, keys })]);
  await Promise.all([waitForMirror(deskA), waitForMirror(deskB)]);
  makita = (await deskA.invoke('products.lookup', { code: MAKITA }))!.id;
  browser = await launchBrowser();
  b = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await deskA?.close();
  await deskB?.close();
  await srv?.close();
});

const budapestRow = () => b.getByTestId('product-quantities').getByRole('row').filter({ hasText: BUDAPEST });
const serverDeliverable = async () => (await srv.server.ok('getQuantity', { product_id: makita, warehouse: BUDAPEST })).quantities[0]!.deliverable;

async function openProduct(language: 'hu' | 'en') {
  await deskB.invoke('settings.update', { language });
  await b.goto(deskB.harness.url);
  await b.reload();
  await b.getByTestId('sb-connection').waitFor();
  await b.keyboard.press('F6');
  await b.getByTestId('product-search').fill(MAKITA);
  await expect.poll(() => b.getByTestId('product-list').getAttribute('data-total')).toBe('1');
  await b.locator(`[data-testid="product-list"] [data-product-id="${makita}"]`).click();
  await b.getByTestId('product-quantities').waitFor();
}

describe('live desks', () => {
  it.each([['hu', 'Online · élő'], ['en', 'Online · live']] as const)('desk A’s take-in shows on desk B’s open product within seconds, and B says it is live (%s)', async (language, liveText) => {
    await openProduct(language);
    await eventually(async () => (await b.getByTestId('sb-connection').getAttribute('data-live')) === 'live', { what: 'desk B live', timeoutMs: 15_000 });
    expect(await b.getByTestId('sb-connection').innerText()).toContain(liveText);
    const before = await serverDeliverable();
    await eventually(async () => (await budapestRow().innerText()).includes(String(before)), { what: 'B showing the server figure' });

    const started = Date.now();
    await deskA.invoke('stock.takeIn', { warehouse: BUDAPEST, contactId: srv.server.account.supplierContactId, lines: [{ productId: makita, quantity: 3 }] });
    await eventually(async () => (await serverDeliverable()) === before + 3, { what: 'the take-in on the server', timeoutMs: 10_000 });
    await eventually(async () => (await budapestRow().innerText()).includes(String(before + 3)), { what: 'B’s open screen showing the take-in', timeoutMs: 3_000 });
    console.log(`desk A take-in → desk B screen (${language}): ${Date.now() - started} ms`);
    await screenshot(b, `live-desk-b-${language}`);
    expect(browser.errors).toEqual([]);
  });

  it('order entry on desk B warns when another desk’s order leaves less available than the line asks (hu)', async () => {
    await deskB.invoke('settings.update', { language: 'hu' });
    await b.goto(deskB.harness.url);
    await b.reload();
    await b.getByTestId('sb-connection').waitFor();
    await b.keyboard.press('F7');
    await b.getByRole('link', { name: 'Új rendelés' }).click();
    await b.getByRole('heading', { level: 1, name: 'Új rendelés' }).waitFor();
    await b.getByLabel('Raktár', { exact: true }).selectOption(BUDAPEST);
    await scan(b, MAKITA);
    await b.getByTestId('order-line-0').waitFor();
    const available = (await srv.server.ok('getQuantity', { product_id: makita, warehouse: BUDAPEST })).quantities[0]!.available;
    expect(available).toBeGreaterThan(1);
    await expect.poll(() => b.getByTestId('order-line-0-short').count()).toBe(0);
    // Desk A reserves all but one of the Makitas in Budapest with a finalized order.
    await deskA.invoke('orders.save', { order: {
      warehouse: BUDAPEST, shipping_aim: 'Sale', method: 'transfer', issued_date: new Date().toISOString().slice(0, 10), selected_account: srv.server.account.bankAccount,
      contact_id: srv.server.account.customerContactId, currency: 'HUF', finalize_order: 1, items: [{ product_id: makita, quantity: available }],
    } });
    await eventually(async () => (await srv.server.ok('getQuantity', { product_id: makita, warehouse: BUDAPEST })).quantities[0]!.available === 0, { what: 'the reservation on the server', timeoutMs: 10_000 });
    const warning = b.getByTestId('order-line-0-short');
    await warning.waitFor({ timeout: 5_000 });
    expect(await warning.innerText()).toContain('Most csak 0 szabad');
    await screenshot(b, 'live-order-short-hu');
    expect(browser.errors).toEqual([]);
  });
});
