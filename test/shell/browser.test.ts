/**
 * The production renderer bundle in Debian's Chromium (the one the E2E suite uses), served by the
 * harness with the real core behind it: no CSP violation, the token taken out of the address bar,
 * window.stockdesk installed by the web bridge, calls and pushed events through it.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHarness, type WebHarness } from '@main/web/harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

describe('renderer in a real browser through the harness', () => {
  let h: WebHarness;
  let browser: Browser;

  beforeAll(async () => {
    if (!CHROMIUM) throw new Error('Chromium not found: install Debian\'s chromium (.ci/run does) or set CHROMIUM_PATH');
    h = await startWebHarness({ dataDir: mkdtempSync(join(tmpdir(), 'stockdesk-browser-')), demo: true, log: () => undefined });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('runs the app under the CSP, with the bridge, the core and its events', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`));
    });
    await page.goto(h.url);
    await page.waitForFunction(() => document.querySelector('#root')?.childElementCount);

    expect(page.url()).not.toContain('token=');
    const result = await page.evaluate(async () => {
      const api = (window as unknown as { stockdesk: { platform: string; invoke(c: string, r: unknown): Promise<unknown>; on(e: string, l: (p: unknown) => void): () => void } }).stockdesk;
      const events: string[] = [];
      api.on('sync.status', () => events.push('sync.status'));
      const settings = await api.invoke('settings.get', {});
      await api.invoke('sync.now', {});
      const refused = await api.invoke('products.search', { query: 5 }).catch((e: { code?: string; details?: unknown[] }) => ({ code: e.code, details: e.details?.length }));
      await new Promise((r) => setTimeout(r, 300));
      return { platform: api.platform, settings, refused, events };
    });
    expect(result.platform).toBe('web');
    expect(result.settings).toMatchObject({ demo: true, hasCredentials: true });
    expect(result.refused).toEqual({ code: 'VALIDATION_ERROR', details: 1 });
    expect(result.events).toContain('sync.status');

    // A reload keeps the token (sessionStorage), not the URL.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#root')?.childElementCount);
    expect(await page.evaluate(() => (window as unknown as { stockdesk?: { platform: string } }).stockdesk?.platform)).toBe('web');
    expect(problems).toEqual([]);
  });

  it('refuses a page opened without the token', async () => {
    const page = await browser.newPage();
    await page.goto(new URL(h.url).origin + '/');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => 'stockdesk' in window)).toBe(false);
  });
});
