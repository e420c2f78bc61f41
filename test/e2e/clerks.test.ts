/**
 * Two clerks on one desk (issue 19, "Signing in on the desk"), in Chromium on the real screens with
 * the real core and server: both are added in Settings (the server names each before the desk keeps
 * the keys), each picks their name in the status bar and books a take-in offline; back online, the
 * sync centre shows who made each entry and the server's audit trail says the same. Also: a warehouse
 * clerk's order refused for her role is worded in the sync centre in the clerk's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { businessDate } from '@server/services/finance/calendar';
import { addClerk, auditOf, type Clerk } from '../server/roles/users';
import { eventually, openDesk, screenshot, type Browser, type Desk, type RestartableServer, type Stack } from './helpers';
import { adjustPaint, PAINT as DEMO_PAINT } from './productScreen';

const PAINT = DEMO_PAINT.code;

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let browser: Browser & { errors: string[] };
let page: Page;
let paint = 0;
let vera: Clerk;
let maria: Clerk;

const testId = (id: string) => page.getByTestId(id);
const base = () => stack.harness.url.split('#')[0]!;
const connection = async () => (await testId('sb-connection').getAttribute('class')) ?? '';

async function open(key: string, heading: RegExp | string) {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function syncTo(state: 'offline' | 'online') {
  await (state === 'offline' ? srv.stop() : srv.start());
  await open('F8', /Szinkronizálás|Sync centre/);
  await testId('sync-now').click();
  await eventually(async () => (await connection()).includes(state), { what: `the ${state} status` });
}

/** Settings → add a clerk: keys, the server's answer shown, then kept. */
async function addInSettings(c: Clerk, checkedText: string) {
  await page.goto(`${base()}#/settings`);
  await testId('clerk-api-key').fill(c.keys.api_key);
  await testId('clerk-session-key').fill(c.keys.session_key);
  await testId('clerk-add-submit').click();
  await expect.poll(() => testId('clerk-checked').innerText()).toBe(checkedText);
  await testId('clerk-add-submit').click();
  await testId('clerk-added').waitFor();
}

/** The status bar's picker: pick a name as the clerk does. */
async function pick(c: Clerk) {
  const picker = testId('sb-clerk-picker');
  const value = await picker.locator('option', { hasText: c.name }).getAttribute('value');
  await picker.selectOption(value!);
  await expect.poll(async () => (await stack.invoke('sync.status', {})).clerk?.name).toBe(c.name);
  await expect.poll(() => picker.locator('option:checked').innerText()).toContain(c.name);
}

/** A take-in booked on the product screen. */
const takeIn = (quantity: number) => adjustPaint(page, { productId: paint, kind: 'takeIn', quantity, warehouse: 'Default', label: '' });

async function drained() {
  const s = await stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0;
}

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  ({ srv, stack, browser, page } = desk);
  paint = (await stack.invoke('products.lookup', { code: PAINT }))!.id;
  vera = await addClerk(srv.server, 'warehouse', 'Kiss Vera');
  maria = await addClerk(srv.server, 'manager', 'Nagy Mária');
}, 120_000);

afterAll(() => desk?.close());

describe('two clerks on one desk', () => {
  it('hu: both clerks are added in Settings, each named by the server before the keys are kept', async () => {
    await addInSettings(vera, 'Ezek a kulcsok Kiss Vera munkatársé (raktáros).');
    await addInSettings(maria, 'Ezek a kulcsok Nagy Mária munkatársé (vezető).');
    const rows = page.locator('[data-testid="clerks-table"] tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.locator('[data-testid="clerks-table"] tr[data-current]').getAttribute('data-clerk')).toBe('Nagy Mária');
    // The screen never holds a key once kept.
    expect(await page.content()).not.toContain(vera.keys.session_key);
    await testId('clerks-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-settings-clerks');
  });

  it('bad keys: a clear message, nothing kept', async () => {
    await testId('clerk-api-key').fill(vera.keys.api_key);
    await testId('clerk-session-key').fill('nem-jo-kulcs');
    await testId('clerk-add-submit').click();
    const notice = page.locator('[data-testid="clerk-add"] [data-testid="error-notice"]');
    await expect.poll(() => notice.innerText()).toContain('A szerver nem fogadja el ezeket a kulcsokat');
    expect(await notice.innerText()).not.toMatch(/does not accept|AUTH_FAILED/);
    // No English under the fields either.
    expect(await testId('clerk-add').innerText()).not.toMatch(/not valid together|session has expired/);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-settings-clerk-refused');
    expect((await stack.invoke('clerks.list', {})).length).toBe(3);
    await testId('clerk-session-key').fill('');
  });

  it('offline: Vera picks her name and takes 3 in, Mária picks hers and takes 2 in', async () => {
    await syncTo('offline');
    await pick(vera);
    await takeIn(3);
    await pick(maria);
    await takeIn(2);
    await screenshot(page, 'hu-clerk-picker');
    const waiting = await stack.invoke('outbox.list', {});
    expect(waiting.map((e) => e.clerkName)).toEqual(['Kiss Vera', 'Nagy Mária']);
  });

  it('online: each entry was sent with its own clerk’s keys; the sync centre and the audit trail say who', async () => {
    const before = (await auditOf(srv.server)).length;
    await syncTo('online');
    await eventually(drained, { timeoutMs: 60_000, what: 'the outbox to drain' });
    const trail = (await auditOf(srv.server)).slice(before).filter((a) => a.method === 'setQuantity');
    expect(trail.map((a) => a.user_id)).toEqual([vera.userId, maria.userId]);
    await open('F8', /Szinkronizálás/);
    await page.getByRole('tab', { name: 'Elküldött' }).click();
    const cells = page.locator('[data-testid="outbox-table"] [data-testid="outbox-clerk"]');
    await expect.poll(() => cells.allInnerTexts()).toEqual(expect.arrayContaining(['Kiss Vera', 'Nagy Mária']));
    await screenshot(page, 'hu-sync-clerks');
  });

  it('a warehouse clerk’s order refused for her role: the sync centre says why in her language, no raw code', async () => {
    await pick(vera);
    await stack.invoke('orders.save', {
      order: {
        warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: businessDate(new Date()), selected_account: srv.server.account.bankAccount,
        contact_id: srv.server.account.customerContactId, currency: 'HUF', items: [{ product_id: paint, quantity: 1 }],
      },
    });
    await stack.invoke('sync.now', {});
    await eventually(async () => (await stack.invoke('sync.status', {})).outbox.needsAttention === 1, { what: 'the order to be refused' });
    await open('F8', /Szinkronizálás/);
    const card = page.locator('[data-testid="attention-list"] article').first();
    await expect.poll(() => card.getByTestId('reason').innerText()).toMatch(/^Az Ön szerepköre \(raktáros\) ezt a módosítást nem engedi/);
    expect(await card.innerText()).not.toMatch(/role_forbidden|FORBIDDEN/);
    expect(await card.innerText()).toContain('Kiss Vera');
    await screenshot(page, 'hu-sync-role-refused');
  });

  it('a removed clerk’s take-in waits with a sentence saying whose keys are missing; it is never sent with other keys', async () => {
    await syncTo('offline');
    await pick(maria);
    await takeIn(1);
    await pick(vera);
    await page.goto(`${base()}#/settings`);
    await page.locator('[data-testid="clerks-table"] tr[data-clerk="Nagy Mária"]').getByTestId('clerk-remove').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Eltávolítja Nagy Mária munkatársat erről a gépről?');
    await dialog.getByRole('button', { name: 'Eltávolítás' }).click();
    await expect.poll(() => page.locator('[data-testid="clerks-table"] tr').count()).toBe(2);
    const before = (await auditOf(srv.server)).length;
    await syncTo('online');
    await eventually(async () => (await stack.invoke('sync.status', {})).outbox.needsAttention === 2, { timeoutMs: 60_000, what: 'the take-in to wait for a person' });
    const card = page.locator('[data-testid="attention-list"] article').filter({ hasText: 'Nagy Mária' }).first();
    await expect.poll(() => card.getByTestId('reason').innerText()).toMatch(/^A változást rögzítő Nagy Mária kulcsai már nincsenek ezen a gépen/);
    expect(await card.innerText()).not.toContain('CLERK_MISSING');
    // Nothing reached the server with anybody's keys.
    expect((await auditOf(srv.server)).slice(before).filter((a) => a.method === 'setQuantity')).toEqual([]);
    await screenshot(page, 'hu-sync-clerk-missing');
  });

  it('en: Settings, the picker and the sync centre in English', async () => {
    await stack.invoke('settings.update', { language: 'en' });
    await page.goto(`${base()}#/sync`);
    await page.reload();
    const card = page.locator('[data-testid="attention-list"] article').filter({ hasText: 'Kiss Vera' }).first();
    await expect.poll(() => card.getByTestId('reason').innerText()).toMatch(/^Your role \(warehouse\) may not make this change/);
    expect(await card.innerText()).not.toMatch(/role_forbidden|FORBIDDEN/);
    await screenshot(page, 'en-sync-role-refused');
    const missing = page.locator('[data-testid="attention-list"] article').filter({ hasText: 'Nagy Mária' }).first();
    await expect.poll(() => missing.getByTestId('reason').innerText()).toMatch(/^The keys of Nagy Mária, who made this change, are no longer on this desk/);
    await page.getByRole('tab', { name: /Sent/ }).click();
    await expect.poll(() => page.locator('[data-testid="outbox-clerk"]').allInnerTexts()).toEqual(expect.arrayContaining(['Kiss Vera', 'Nagy Mária']));
    await screenshot(page, 'en-sync-clerks');
    await page.goto(`${base()}#/settings`);
    await testId('clerks-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-settings-clerks');
    await stack.invoke('settings.update', { language: 'hu' });
  });

  it('left no errors in the page console', () => {
    expect(browser.errors).toEqual([]);
  });
});
