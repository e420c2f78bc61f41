/**
 * A clerk signed in with their own keys (issue 19): the desk shows who is signed in and greys out
 * the screens the role may not use, with the reason in the clerk's language; their keys do not
 * open them and their addresses say why. The server is the judge: what the screen shows is what
 * getSession says of the same keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addClerk, type Clerk } from '../server/roles/users';
import { eventually, openDesk, screenshot, type Browser, type Desk, type RestartableServer, type Stack } from './helpers';

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let browser: Browser & { errors: string[] };
let page: Page;
let vera: Clerk;

const base = () => stack.harness.url.split('#')[0]!;

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  ({ srv, stack, browser, page } = desk);
  vera = await addClerk(srv.server, 'warehouse', 'Kiss Vera');
  await stack.invoke('settings.setCredentials', { apiKey: vera.keys.api_key, sessionKey: vera.keys.session_key });
  await stack.invoke('sync.now', {});
  await eventually(async () => (await stack.invoke('sync.status', {})).clerk?.name === 'Kiss Vera', { what: 'the desk to learn its clerk' });
  await page.reload();
  await page.getByTestId('sb-connection').waitFor();
});

afterAll(() => desk?.close());

describe('a warehouse clerk at the desk', () => {
  it('hu: the status bar names the clerk and the role, as the server knows the keys', async () => {
    expect(await srv.server.ok('getSession', {}, { keys: vera.keys })).toEqual({ user: { id: vera.userId, name: 'Kiss Vera' }, role: 'warehouse', time_zone: 'Europe/Budapest' });
    await expect.poll(() => page.getByTestId('sb-clerk').innerText()).toBe('Kiss Vera · raktáros');
  });

  it('hu: billing screens are greyed out with the reason; their keys and addresses do not open them', async () => {
    const orders = page.getByTestId('nav-refused-billing.orders');
    expect(await orders.getAttribute('aria-disabled')).toBe('true');
    expect(await orders.getAttribute('title')).toBe('Ez a képernyő nem tartozik az Ön szerepköréhez (raktáros). Olyan kolléga végezheti el, akinek a szerepköre engedi, vagy a rendszergazda módosíthatja a szerepkörét.');
    expect(await page.getByTestId('nav-refused-billing.invoices').count()).toBe(1);
    expect(await page.getByTestId('nav-refused-warehouse.valuation').count()).toBe(1);
    // The warehouse's own screens stay links.
    expect(await page.getByRole('link', { name: /Bevételezés/ }).count()).toBe(1);
    expect(await page.getByTestId('nav-refused-warehouse.takeIn').count()).toBe(0);

    await page.goto(`${base()}#/take-in`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('F7');
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/#\/take-in$/);

    await page.goto(`${base()}#/orders`);
    const gate = page.getByTestId('role-gate');
    await gate.waitFor();
    expect(await gate.innerText()).toMatch(/^Ez a képernyő nem tartozik az Ön szerepköréhez \(raktáros\)/);
    await screenshot(page, 'hu-role-gate');
  });

  it('en: the same in English', async () => {
    await stack.invoke('settings.update', { language: 'en' });
    await page.goto(`${base()}#/invoices`);
    await page.reload();
    await expect.poll(() => page.getByTestId('role-gate').innerText()).toMatch(/^Your role \(warehouse\) does not include this screen\./);
    await expect.poll(() => page.getByTestId('sb-clerk').innerText()).toBe('Kiss Vera · warehouse');
    await screenshot(page, 'en-role-gate');
    await stack.invoke('settings.update', { language: 'hu' });
  });

  it('left no errors in the page console', () => {
    expect(browser.errors).toEqual([]);
  });
});
