/**
 * The desk's self-update as a clerk meets it (issue 19, "Updates"), in Chromium against the real core
 * through the browser harness, which runs the same updater as the app with a feed of the test's own:
 * a build that reads this desk's data is downloaded and offered with "Restart now"; restarting hands
 * over to the installer exactly once; a build that could not open the data is never downloaded and
 * the clerk is told whom to ask — in Hungarian and in English.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startWebHarness, type WebHarness } from '@main/web/harness';
import type { UpdateFeed } from '@main/updates/controller';
import type { OfferedRelease } from '@main/updates/policy';
import { MIRROR_VERSION } from '@main/core/mirror/migrations';
import { launchBrowser, screenshot, type Browser } from './helpers';

let harness: WebHarness | undefined;
let browser: (Browser & { errors: string[] }) | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await browser?.close();
  await harness?.close();
  browser = undefined;
  harness = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fakeFeed(offer: OfferedRelease) {
  const calls = { check: 0, download: 0, install: 0 };
  const feed: UpdateFeed = {
    async check() {
      calls.check++;
      return offer;
    },
    async download(onProgress) {
      calls.download++;
      onProgress(100);
    },
    install() {
      calls.install++;
    },
  };
  return { feed, calls };
}

async function openDesk(feed: UpdateFeed, language: 'hu' | 'en'): Promise<Page> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stockdesk-e2e-updates-'));
  dirs.push(dataDir);
  harness = await startWebHarness({ dataDir, updateFeed: feed, log: () => undefined });
  const r = await harness.invoke('settings.update', { language });
  if (!r.ok) throw new Error(r.error.message);
  browser = await launchBrowser();
  await browser.page.goto(harness.url);
  await browser.page.getByTestId('sb-connection').waitFor();
  return browser.page;
}

describe('updates', () => {
  it('hu: a build that reads this desk’s data is downloaded and offered; "Restart now" hands over once', async () => {
    const { feed, calls } = fakeFeed({ version: '9.9.0', mirror: { version: MIRROR_VERSION + 1, migratesFrom: 0 } });
    const page = await openDesk(feed, 'hu');
    const notice = page.getByTestId('update-notice');
    await expect.poll(() => notice.getAttribute('data-phase')).toBe('ready');
    expect(await notice.innerText()).toContain('A Stockdesk 9.9.0 letöltődött. A Stockdesk bezárásakor települ, vagy most, ha újraindítja.');
    expect(calls).toMatchObject({ check: 1, download: 1, install: 0 });
    await screenshot(page, 'hu-update-ready');
    await page.getByTestId('update-restart').click();
    // No server, so nothing is being sent: the installer takes over at once, and only once.
    await expect.poll(() => calls.install).toBe(1);
    await expect.poll(() => notice.getAttribute('data-phase')).toBe('waitingForSync');
    expect(await notice.innerText()).toContain('A Stockdesk újraindul az új verzióval (9.9.0)');
    expect(browser!.errors).toEqual([]);
  });

  it('en: a build that cannot open this desk’s data is not downloaded; the clerk is told, and can put it away', async () => {
    const { feed, calls } = fakeFeed({ version: '9.9.0', mirror: { version: MIRROR_VERSION - 1, migratesFrom: 0 } });
    const page = await openDesk(feed, 'en');
    const notice = page.getByTestId('update-notice');
    await expect.poll(() => notice.getAttribute('data-phase')).toBe('refused');
    expect(await notice.innerText()).toContain('Stockdesk 9.9.0 is available, but it cannot open this computer’s data, which a newer Stockdesk wrote, so it is not installed.');
    expect(calls).toMatchObject({ check: 1, download: 0, install: 0 });
    await screenshot(page, 'en-update-refused');
    await page.getByTestId('update-later').click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(browser!.errors).toEqual([]);
  });
});
