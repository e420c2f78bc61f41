/**
 * The status bar and the first screen tell the clerk the truth (issue 14, item 7): with no keys
 * the bar says "not signed in" (not "Offline" while the server answers) and leads to Settings;
 * "last sync" moves when uploads succeed; with no server configured the first screen offers
 * "Try the demo" and "Connect to a server". In Hungarian and English, with screenshots, and each
 * time the server's own state checked through its API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_KEYS } from '../helpers/server';
import { eventually, launchBrowser, scan, screenshot, startRestartableServer, startStack, waitForMirror, type Browser, type RestartableServer, type Stack } from './helpers';

const MAKITA = '5990040000007'; // demo product 1: 2 on hand in Budapest without a label
const MAKITA_NAME = 'Makita HP457DWE akkus ütvefúró 18 V';
const BUDAPEST = 'Budapest Raktár';
const ACCOUNT = '11773016-11111018-00000000';

let srv: RestartableServer;
let browser: Browser & { errors: string[] };
let page: Page;
let stack: Stack | null = null;

const testId = (id: string) => page.getByTestId(id);

async function openApp(s: Stack, language: 'hu' | 'en') {
  await s.invoke('settings.update', { language });
  await page.goto(s.harness.url);
  await page.reload();
  await testId('sb-connection').waitFor();
}

/** A finalized order for Kovács és Fiú, one Makita from Budapest, entered as a clerk does (Hungarian screens). */
async function enterOrder(): Promise<string> {
  await page.keyboard.press('F7');
  await page.getByRole('heading', { level: 1, name: 'Rendelések' }).waitFor();
  await page.getByRole('link', { name: 'Új rendelés' }).click();
  await page.getByRole('heading', { level: 1, name: 'Új rendelés' }).waitFor();
  await page.getByRole('combobox', { name: 'Vevő', exact: true }).fill('Kovács');
  await page.getByRole('option', { name: /Kovács és Fiú/ }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByLabel('Raktár', { exact: true }).selectOption(BUDAPEST);
  await page.getByRole('combobox', { name: 'Bankszámla', exact: true }).fill(ACCOUNT);
  await scan(page, MAKITA);
  // The scan is looked up in the desk's core: the line is there only once its name shows (the totals
  // panel shows from the start, so waiting for it alone let Ctrl+Enter finalize an order with no line).
  await page.getByText(MAKITA_NAME, { exact: true }).waitFor();
  await page.getByTestId('total-gross').waitFor();
  await page.keyboard.press('Control+Enter');
  // The done screen states the order's state as it is: waiting to be sent, or confirmed.
  const notice = page.getByTestId('order-done-state');
  await notice.waitFor();
  return notice.innerText();
}

const serverOrders = async () => Number((await srv.server.app.store.get<{ n: number | string }>('SELECT count(*) AS n FROM orders'))!.n);

beforeAll(async () => {
  srv = await startRestartableServer();
  browser = await launchBrowser();
  page = browser.page;
});
afterEach(async () => {
  // Leave the page first: a closed harness's event socket would report errors into the next test.
  await page.goto('about:blank');
  browser.errors.length = 0;
  await stack?.close();
  stack = null;
});
afterAll(async () => {
  await browser?.close();
  await srv?.close();
});

describe('the status bar and the first screen', () => {
  it('with no server configured, the first screen offers the demo and connecting to a server (hu, en)', async () => {
    stack = await startStack({});
    for (const [lang, texts] of [
      ['hu', { demo: 'Bemutató kipróbálása', connect: 'Csatlakozás szerverhez', bar: 'Nincs szerver megadva', settings: 'Beállítások' }],
      ['en', { demo: 'Try the demo', connect: 'Connect to a server', bar: 'No server set', settings: 'Settings' }],
    ] as const) {
      await openApp(stack, lang);
      await testId('first-run').waitFor({ timeout: 10_000 });
      expect(await page.getByRole('button', { name: texts.demo }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: texts.connect }).isVisible()).toBe(true);
      expect(await testId('sb-connection').innerText()).toContain(texts.bar);
      await screenshot(page, `status-first-run-${lang}`);
      await page.getByRole('link', { name: texts.connect }).click();
      await page.getByRole('heading', { level: 1, name: texts.settings }).waitFor();
    }
    // "Try the demo" starts the demo server, points the desk at it and mirrors it.
    await openApp(stack, 'hu');
    await page.getByRole('button', { name: 'Bemutató kipróbálása' }).click();
    await eventually(async () => (await testId('sb-connection').getAttribute('class'))?.includes('online'), { what: 'the bar to say online', timeoutMs: 60_000 });
    const settings = await stack.invoke('settings.get', {});
    expect(settings).toMatchObject({ demo: true, hasCredentials: true });
    const health = await fetch(`${settings.serverUrl}/api/health`);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
    expect(browser.errors).toEqual([]);
  });

  it('with a server but no keys the bar says "not signed in" and leads to Settings; once signed in it is online (hu, en)', async () => {
    stack = await startStack({ serverUrl: srv.url });
    // The server answers: offline would be a lie.
    expect((await fetch(`${srv.url}/api/health`)).status).toBe(200);
    for (const [lang, texts] of [
      ['hu', { bar: 'Nincs bejelentkezve', settings: 'Beállítások' }],
      ['en', { bar: 'Not signed in', settings: 'Settings' }],
    ] as const) {
      await openApp(stack, lang);
      const bar = testId('sb-connection');
      await eventually(async () => (await bar.innerText()).includes(texts.bar), { what: `"${texts.bar}" in the bar` });
      expect(await bar.innerText()).not.toMatch(/offline/i);
      expect(await bar.getAttribute('class')).toContain('signedOut');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshot(page, `status-not-signed-in-${lang}`);
      await bar.click();
      await page.getByRole('heading', { level: 1, name: texts.settings }).waitFor();
    }
    // Signing in on the Settings screen: the bar turns online, and the desk mirrors the server.
    await page.locator('input[type=password]').nth(0).fill(DEMO_KEYS.api_key);
    await page.locator('input[type=password]').nth(1).fill(DEMO_KEYS.session_key);
    await page.getByRole('button', { name: 'Save' }).nth(1).click();
    await eventually(async () => (await testId('sb-connection').innerText()).includes('Online'), { what: 'the bar to say Online' });
    await waitForMirror(stack);
    const p = await stack.invoke('products.lookup', { code: MAKITA });
    const server = await srv.server.ok('getProduct', { filter: MAKITA });
    expect(server.products.map((x) => x.id)).toEqual([p!.id]);
    expect(browser.errors).toEqual([]);
  });

  it('"last sync" moves when an upload succeeds, and the waiting count shows what the server has not yet got', async () => {
    stack = await startStack({ serverUrl: srv.url, keys: { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key } });
    await waitForMirror(stack);
    await openApp(stack, 'en');
    const pulled = (await stack.invoke('sync.status', {})).lastPullAt!;
    const last = testId('sb-last-sync');
    await eventually(async () => (await last.getAttribute('data-at')) === pulled, { what: 'last sync to show the pull' });
    const id = (await stack.invoke('products.lookup', { code: MAKITA }))!.id;
    const before = (await srv.server.ok('getQuantities', { product_ids: [id] })).stock.find((s) => s.warehouse === BUDAPEST && s.stock_label === '')!.deliverable;
    await new Promise((r) => setTimeout(r, 1_100));
    await stack.invoke('stock.adjust', { productId: id, warehouse: BUDAPEST, quantity: 1, contactId: srv.server.account.supplierContactId });
    const pushed = await eventually(async () => {
      const st = await stack!.invoke('sync.status', {});
      return st.outbox.queued === 0 && st.outbox.inFlight === 0 && st.lastPushAt && st.lastPushAt > pulled ? st.lastPushAt : undefined;
    }, { what: 'the upload' });
    // The server has it.
    const after = (await srv.server.ok('getQuantities', { product_ids: [id] })).stock.find((s) => s.warehouse === BUDAPEST && s.stock_label === '')!.deliverable;
    expect(after).toBe(before + 1);
    // The bar's last sync is the upload, not the older pull.
    await eventually(async () => (await last.getAttribute('data-at')) === pushed, { what: 'last sync to move to the upload' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'status-online-en');
    expect(browser.errors).toEqual([]);
  });

  it('"sent when the connection is back" only while offline: online an order says it is being sent, or already confirmed', async () => {
    stack = await startStack({ serverUrl: srv.url, keys: { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key } });
    await waitForMirror(stack);
    await openApp(stack, 'hu');
    await eventually(async () => (await testId('sb-connection').getAttribute('class'))?.includes('online'), { what: 'online' });
    const before = await serverOrders();
    const online = await enterOrder();
    // Online the order goes at once: the screen says it is being sent, or already what the server
    // confirmed (the done screen follows the order), never that it waits for the connection.
    expect(online).toMatch(/Most küldjük el a szervernek\.|A rendelést véglegesítettük\. Rendelésszám: #\d+\./);
    expect(online).not.toContain('A kapcsolat helyreálltával');
    await screenshot(page, 'status-order-online-hu');
    await eventually(async () => (await serverOrders()) === before + 1, { what: 'the order on the server' });

    await srv.stop();
    await stack.invoke('sync.now', {}).catch(() => undefined);
    await eventually(async () => !(await stack!.invoke('sync.status', {})).online, { what: 'offline' });
    const offline = await enterOrder();
    expect(offline).toContain('A kapcsolat helyreálltával elküldjük a szervernek.');
    await screenshot(page, 'status-order-offline-hu');
    expect(await serverOrders()).toBe(before + 1);
    await srv.start();
    await eventually(async () => (await serverOrders()) === before + 2, { what: 'the offline order on the server once it is back', timeoutMs: 60_000 });
    expect(browser.errors).toEqual([]);
  });
});
