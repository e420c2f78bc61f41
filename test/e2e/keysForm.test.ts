/**
 * The single keys form in Settings (issue 19), in Chromium on the real screens with the real core and
 * server: clerk A signs in online, the line goes down, she books a take-in, and someone types clerk
 * B's keys into the keys form. The desk refuses them in the clerk's language (the server cannot say
 * whose they are) and A stays signed in; back online, A's take-in reaches the server with A's keys —
 * the server's audit trail names her. Keys the server refuses online change nothing either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addClerk, auditOf, type Clerk } from '../server/roles/users';
import { eventually, openDesk, screenshot, type Browser, type Desk, type RestartableServer, type Stack } from './helpers';
import { adjustPaint, openByKey, PAINT } from './productScreen';

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let browser: Browser & { errors: string[] };
let page: Page;
let paint = 0;
let vera: Clerk;
let bela: Clerk;

const testId = (id: string) => page.getByTestId(id);
const base = () => stack.harness.url.split('#')[0]!;
const notice = () => page.locator('[data-testid="keys-form"] [data-testid="error-notice"]');

async function syncTo(state: 'offline' | 'online') {
  await (state === 'offline' ? srv.stop() : srv.start());
  await openByKey(page, 'F8', /Szinkronizálás|Sync centre/);
  await testId('sync-now').click();
  await eventually(async () => ((await testId('sb-connection').getAttribute('class')) ?? '').includes(state), { what: `the ${state} status` });
}

/** The keys form, as a clerk fills it in. */
async function typeKeys(apiKey: string, sessionKey: string) {
  await page.goto(`${base()}#/settings`);
  await testId('keys-api-key').fill(apiKey);
  await testId('keys-session-key').fill(sessionKey);
  await testId('keys-submit').click();
}

const current = async () => (await stack.invoke('clerks.list', {})).filter((c) => c.current).map((c) => c.name);
const drained = async () => {
  const s = await stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
};
const takeInsBy = async (from: number) => (await auditOf(srv.server)).slice(from).filter((a) => a.method === 'setQuantity').map((a) => a.user_id);

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  ({ srv, stack, browser, page } = desk);
  paint = (await stack.invoke('products.lookup', { code: PAINT.code }))!.id;
  vera = await addClerk(srv.server, 'warehouse', 'Kiss Vera');
  bela = await addClerk(srv.server, 'billing', 'Nagy Béla');
}, 120_000);

afterAll(() => desk?.close());

describe('the keys form never hands a clerk’s unsent work to someone else', () => {
  it('hu: A signed in online; offline she takes 3 in; B’s keys typed in the keys form are refused, A stays signed in', async () => {
    // Vera signs in with her own keys (the server names her before they are kept).
    await page.goto(`${base()}#/settings`);
    await testId('clerk-api-key').fill(vera.keys.api_key);
    await testId('clerk-session-key').fill(vera.keys.session_key);
    await testId('clerk-add-submit').click();
    await testId('clerk-checked').waitFor();
    await testId('clerk-add-submit').click();
    await testId('clerk-added').waitFor();
    expect(await current()).toEqual(['Kiss Vera']);

    await syncTo('offline');
    await adjustPaint(page, { productId: paint, kind: 'takeIn', quantity: 3, warehouse: 'Default', label: '' });
    await typeKeys(bela.keys.api_key, bela.keys.session_key);
    await expect.poll(() => notice().innerText()).toContain('Ezeket a kulcsokat csak akkor lehet elmenteni, ha a Stockdesk online');
    const text = await notice().innerText();
    expect(text).toContain('a bejelentkezett munkatárs el nem küldött tételei (1) az övéi maradnak');
    expect(text).not.toMatch(/OFFLINE|These keys|unsent/);
    expect(await current()).toEqual(['Kiss Vera']);
    expect((await stack.invoke('clerks.list', {})).map((c) => c.name)).not.toContain('Nagy Béla');
    await notice().scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-keys-form-offline');
  });

  it('online: the take-in drains and the server’s audit trail names A, not B', async () => {
    const before = (await auditOf(srv.server)).length;
    await syncTo('online');
    await eventually(drained, { timeoutMs: 60_000, what: 'the outbox to drain' });
    expect(await takeInsBy(before)).toEqual([vera.userId]);
  });

  it('online: keys the server refuses are not kept; A’s keys still send her next take-in', async () => {
    await typeKeys(vera.keys.api_key, 'nem-jo-kulcs');
    await expect.poll(() => notice().innerText()).toContain('A szerver nem fogadja el ezeket a kulcsokat');
    expect(await notice().innerText()).not.toMatch(/does not accept|AUTH_FAILED/);
    await notice().scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-keys-form-refused');
    expect(await current()).toEqual(['Kiss Vera']);
    const before = (await auditOf(srv.server)).length;
    await adjustPaint(page, { productId: paint, kind: 'takeIn', quantity: 1, warehouse: 'Default', label: '' });
    await eventually(drained, { timeoutMs: 60_000, what: 'the take-in to be sent' });
    expect(await takeInsBy(before)).toEqual([vera.userId]);
    expect((await stack.invoke('sync.status', {})).paused).toBeNull();
  });

  it('en: offline, the refusal in English', async () => {
    await stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await testId('sb-connection').waitFor();
    await syncTo('offline');
    await adjustPaint(page, { productId: paint, kind: 'takeIn', quantity: 2, warehouse: 'Default', label: '' });
    await typeKeys(bela.keys.api_key, bela.keys.session_key);
    await expect.poll(() => notice().innerText()).toContain('These keys can be saved only once Stockdesk is online');
    expect(await notice().innerText()).toContain('the signed-in clerk’s unsent entries (1) stay theirs');
    await notice().scrollIntoViewIfNeeded();
    await screenshot(page, 'en-keys-form-offline');
    expect(await current()).toEqual(['Kiss Vera']);
    const before = (await auditOf(srv.server)).length;
    await syncTo('online');
    await eventually(drained, { timeoutMs: 60_000, what: 'the outbox to drain' });
    expect(await takeInsBy(before)).toEqual([vera.userId]);
    await stack.invoke('settings.update', { language: 'hu' });
  });

  it('the status bar’s clerk picker with long names: the name and role read whole or end in … with the whole in its title (hu, en)', async () => {
    const long = [await addClerk(srv.server, 'warehouse', 'Kovácsné Szabó Erzsébet'), await addClerk(srv.server, 'manager', 'Szentgyörgyváryné Kiss-Bodnár Annamária')];
    for (const k of long) await stack.invoke('clerks.add', { apiKey: k.keys.api_key, sessionKey: k.keys.session_key });
    // A smaller screen than the tests' usual 1440 px, where the bar is crowded.
    await page.setViewportSize({ width: 1024, height: 768 });
    for (const [lang, role] of [['hu', 'vezető'], ['en', 'manager']] as const) {
      await stack.invoke('settings.update', { language: lang });
      await page.goto(`${base()}#/sync`);
      await page.reload();
      const picker = testId('sb-clerk-picker');
      await expect.poll(() => picker.getAttribute('title')).toBe(`Szentgyörgyváryné Kiss-Bodnár Annamária · ${role}`);
      // Everything after the picker stays on the bar: the count of entries waiting to be sent.
      const bar = (await page.locator('footer.statusbar').boundingBox())!;
      const outbox = (await testId('sb-outbox').boundingBox())!;
      expect(outbox.x + outbox.width).toBeLessThanOrEqual(bar.x + bar.width);
      // The select ends its text with … when it is narrower than the name (never a bare cut).
      expect(await picker.evaluate((e) => getComputedStyle(e).textOverflow)).toBe('ellipsis');
      await screenshot(page, `${lang}-clerk-picker-long-names`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await stack.invoke('settings.update', { language: 'hu' });
  });

  it('left no errors in the page console', () => {
    expect(browser.errors).toEqual([]);
  });
});
