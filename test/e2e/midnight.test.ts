/**
 * A clerk's day crosses midnight in Budapest. With server, core and page on one clock set to the
 * evening of 28 November 2026: at 00:00:14 on the 29th (23:00:14 UTC on the 28th) a take-in with the
 * date left empty is dated the 29th at the server and the screen says which day "today" is; an
 * export at 00:05 is named after the 29th; the next night a take-in made offline at 23:59 on the
 * 29th and sent at 01:30 (when UTC too says the 30th) keeps the 29th. In Hungarian and in English,
 * each on a desk of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLOCK_FILE_ENV, ShiftedClock } from '../helpers/shiftedClock';
import { eventually, openDesk, screenshot, type Desk } from './helpers';

const BUDAPEST = 'Budapest Raktár';
const MAKITA = '5990040000007';
const SUPPLIER = 'Polska';
const CORE_ENTRY = fileURLToPath(new URL('../helpers/shiftedCore.entry.ts', import.meta.url));

const L = {
  hu: { takeIn: 'Bevételezés', io: 'Importálás és exportálás', today: 'Üresen hagyva a mai nap: 2026. 11. 29.', pending: /függő/ },
  en: { takeIn: 'Stock take-in', io: 'Import and export', today: 'Left empty: today, 29/11/2026', pending: /pending/ },
} as const;

for (const lang of ['hu', 'en'] as const) {
  const l = L[lang];
  describe(`${lang}: a take-in across midnight in Budapest`, () => {
    let desk: Desk;
    let page: Page;
    let clock: ShiftedClock;
    let makita = 0;
    const dir = mkdtempSync(join(tmpdir(), 'stockdesk-midnight-'));
    const testId = (id: string) => page.getByTestId(id);

    /** Server, core and page say `iso` from now on, and run on from there. */
    async function setTime(iso: string) {
      clock.set(iso);
      await page.clock.setSystemTime(clock.now());
    }

    async function open(key: string, heading: string) {
      await page.keyboard.press(key);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }

    /** The server's newest take-in of the product, from its own stock history. */
    async function lastTakeIn() {
      const h = await desk.srv.server.ok('getStockHistory', { product_id: makita });
      return h.movements.find((m) => m.kind === 'takein');
    }

    async function takeInOneMakita() {
      await open('F2', l.takeIn);
      await testId('takein-warehouse').selectOption(BUDAPEST);
      await testId('takein-supplier').fill(SUPPLIER);
      await page.getByRole('option', { name: new RegExp(SUPPLIER) }).first().click();
      // Typed and Enter, as by hand: a scanner's timing is read from the page's clock, which the test moved.
      await testId('scan-input').fill(MAKITA);
      await testId('scan-input').press('Enter');
      await expect.poll(() => page.locator('[data-testid="takein-lines"] tbody tr').count()).toBe(1);
    }

    beforeAll(async () => {
      process.env[CLOCK_FILE_ENV] = join(dir, 'offset');
      // 23:58:30 in Budapest on Saturday 28 November 2026 (UTC+1).
      clock = new ShiftedClock(join(dir, 'offset'), '2026-11-28T22:58:30.000Z');
      desk = await openDesk({ language: lang, clock, coreEntry: CORE_ENTRY });
      page = desk.page;
      makita = (await desk.stack.invoke('products.lookup', { code: MAKITA }))!.id;
    });

    afterAll(async () => {
      await desk?.close();
      delete process.env[CLOCK_FILE_ENV];
      rmSync(dir, { recursive: true, force: true });
    });

    it("at 00:00:14 on the 29th a take-in with the date left empty is dated the 29th; the screen says today is the 29th", async () => {
      expect((await desk.stack.invoke('sync.status', {})).timeZone).toBe('Europe/Budapest');
      const before = (await lastTakeIn())?.receipt_id;
      await setTime('2026-11-28T23:00:14.000Z');
      // The screen is drawn afresh at this time, as a clerk would open it after midnight.
      await page.reload();
      await testId('sb-connection').waitFor();
      await takeInOneMakita();
      expect(await testId('takein-date').inputValue()).toBe('');
      await expect.poll(() => page.getByText(l.today, { exact: true }).count()).toBe(1);
      await screenshot(page, `${lang}-midnight-takein`);
      await page.keyboard.press('Control+Enter');
      await testId('takein-posted').waitFor();
      await desk.stack.invoke('sync.now', {}).catch(() => undefined);
      await eventually(async () => (await lastTakeIn())?.receipt_id !== before, { what: "the server's take-in" });
      expect(await lastTakeIn()).toMatchObject({ quantity: 1, date: '2026-11-29' });
      await screenshot(page, `${lang}-midnight-takein-posted`);
    });

    it("an export at 00:05 on the 29th carries the 29th in its file name", async () => {
      await setTime('2026-11-28T23:05:00.000Z');
      await page.getByRole('link', { name: l.io }).click();
      await page.getByRole('heading', { level: 1, name: l.io }).waitFor();
      const download = page.waitForEvent('download');
      await testId('catalogue-export-csv').click();
      expect((await download).suggestedFilename()).toMatch(/-2026-11-29\.csv$/);
    });

    it('made offline at 23:59 on the 29th and sent at 01:30 on the 30th, a take-in keeps the 29th at the server', async () => {
      const before = (await lastTakeIn())?.receipt_id;
      await desk.srv.stop();
      await desk.stack.invoke('sync.now', {}).catch(() => undefined);
      await eventually(async () => (await testId('sb-connection').getAttribute('class'))?.includes('offline'), { what: 'the offline status' });
      await setTime('2026-11-29T22:59:00.000Z');
      await takeInOneMakita();
      await page.keyboard.press('Control+Enter');
      await testId('takein-posted').waitFor();
      const [entry] = await desk.stack.invoke('outbox.list', { states: ['queued', 'retry_wait'] });
      expect(entry).toMatchObject({ method: 'setQuantity', params: { date: '2026-11-29' } });

      // 01:30 on the 30th (00:30 UTC, the 30th there too); the line is back.
      await setTime('2026-11-30T00:30:00.000Z');
      await desk.srv.start();
      await desk.stack.invoke('sync.now', {}).catch(() => undefined);
      await eventually(async () => (await desk.stack.invoke('outbox.list', { states: ['queued', 'retry_wait', 'in_flight'] })).length === 0 && (await lastTakeIn())?.receipt_id !== before, { what: 'the take-in sent' });
      expect(await lastTakeIn()).toMatchObject({ quantity: 1, date: '2026-11-29' });
      expect((await desk.stack.invoke('outbox.list', { states: ['needs_attention'] }))).toEqual([]);
    });
  });
}
