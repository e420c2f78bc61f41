/**
 * The goods receipt (PO) while the server cannot be reached: the open orders and the order she picks
 * are the ones this desk last read, marked with when; a whole-order receipt waits in the outbox and
 * applies once when the connection is back, and the screen then shows what the server holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, openDesk, screenshot, type Desk } from './helpers';
import { purchaseOrder } from './purchaseOrder';
import { sqliteStore } from '@server/db/sqlite/store';

const L = {
  hu: { receipt: 'Áruátvétel (rendelés)', takeIn: 'Bevételezés', weight: 'Bruttó tömeg (kg)', typed: '7,5', open: 'nyitott', received: 'átvéve', kept: /utoljára.*\d/i },
  en: { receipt: 'Goods receipt (PO)', takeIn: 'Stock take-in', weight: 'Gross weight (kg)', typed: '7.5', open: 'open', received: 'received', kept: /last read.*\d/i },
} as const;

let desk: Desk;
let page: Page;
const testId = (id: string) => page.getByTestId(id);

async function open(key: string, heading: string) {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

beforeAll(async () => {
  desk = await openDesk();
  page = desk.page;
});

afterAll(() => desk?.close());

describe('the goods receipt (PO) offline', () => {
  for (const lang of ['hu', 'en'] as const) {
    const l = L[lang];
    it(`${lang}: the order as last read, marked so; the receipt waits and applies once when the server is back`, async () => {
      await desk.stack.invoke('settings.update', { language: lang });
      await desk.stack.invoke('drafts.clear', { key: 'warehouse.poReceipt' });
      await page.reload();
      await testId('sb-connection').waitFor();
      const made = await purchaseOrder(desk, [{ code: `OFF-PO-${lang}`, name: `Hullámkarton ${lang}`, qty: 6 }]);

      // Online, the open orders are read (and kept) as the screen opens.
      await open('F3', l.receipt);
      await testId(`po-open-${made.po}`).waitFor();
      await open('F2', l.takeIn);

      await desk.srv.stop();
      try {
        await desk.stack.invoke('sync.now', {}).catch(() => undefined);
        await eventually(async () => (await testId('sb-connection').getAttribute('class'))?.includes('offline'), { what: 'the offline status' });

        // Offline: the list is the one last read, and says so; the order opens from it.
        await open('F3', l.receipt);
        await expect.poll(() => testId('po-open-kept').count(), { timeout: 10_000 }).toBe(1);
        expect(await testId('po-open-kept').innerText()).toMatch(l.kept);
        await testId(`po-open-${made.po}`).click();
        await testId('po-summary').waitFor();
        expect(await testId('po-kept').innerText()).toMatch(l.kept);
        expect(await testId('po-status').innerText()).toBe(l.open);
        await page.getByLabel(l.weight).fill(l.typed);
        await testId('po-receive').click();
        await testId('po-queued').waitFor();
        await screenshot(page, `${lang}-po-receipt-offline-queued`);
        // Not received at the server while it is down.
        expect(await testId('po-status').innerText()).toBe(l.open);
      } finally {
        await desk.srv.start();
      }

      await desk.stack.invoke('sync.now', {}).catch(() => undefined);
      await expect.poll(() => testId('po-status').innerText(), { timeout: 60_000 }).toBe(l.received);
      await expect.poll(() => testId('po-kept').count(), { timeout: 30_000 }).toBe(0);
      await screenshot(page, `${lang}-po-receipt-offline-received`);
      // The server received it exactly once: all six, in one receipt.
      const po = await desk.srv.server.ok('getPO', { project_code: made.code });
      expect(po.status).toBe('received');
      expect(po.lines.map((x) => x.received_quantity)).toEqual([6]);
      expect(po.receipts.map((r) => r.quantity)).toEqual([6]);
      // With the weight she typed while the server was down.
      const storage = desk.srv.server.storage;
      const store = 'store' in storage ? storage.store : sqliteStore(storage.db);
      expect(await store.all<{ gross_weight: string }>('SELECT gross_weight FROM stock_receipts WHERE po_id = ?', [made.po])).toEqual([{ gross_weight: '7.5' }]);
      expect(desk.browser.errors).toEqual([]);
    });
  }
});
