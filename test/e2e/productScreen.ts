/**
 * How the e2e tests reach a screen (from the sidebar or by its key), and the stock change a clerk
 * books on the product screen (F6 → the product → adjust), which the outbox, sync-centre, clerk and
 * backup tests all start from. One copy each, so a change to the screens is followed in one place.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Demo product 48: 21 in Default bin B-03, nothing in Default outside a bin, 5 in Budapest outside a bin. */
export const PAINT = { code: 'SD-1049', name: 'Beltéri falfesték fehér 10 l' };
/** The demo supplier the take-ins name, as typed into the contact picker. */
export const SUPPLIER = 'Polska';

/** Opens a screen from the sidebar, as a clerk does, and waits for its heading. */
export async function openByLink(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Opens a screen by its function key and waits for its heading. */
export async function openByKey(page: Page, key: string, heading: RegExp | string): Promise<void> {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** A wasting or take-in of the demo paint, booked as the clerk does it; resolves once the screen says it waits to be sent. */
export async function adjustPaint(page: Page, o: { productId: number; kind: 'waste' | 'takeIn'; quantity: number; warehouse: string; label: string }): Promise<void> {
  const testId = (id: string) => page.getByTestId(id);
  await openByKey(page, 'F6', /Termékek|Products/);
  await testId('product-search').fill(PAINT.name);
  await expect.poll(() => testId('product-list').getAttribute('data-total')).toBe('1');
  await page.locator(`[data-testid="product-list"] [data-product-id="${o.productId}"]`).click();
  await testId('adjust-open').click();
  if (o.kind === 'takeIn') await page.locator('input[name="adjust-kind"]').nth(1).check();
  await testId('adjust-quantity').fill(String(o.quantity));
  await testId('adjust-warehouse').selectOption(o.warehouse);
  await testId('adjust-label').fill(o.label);
  await testId('adjust-contact').fill(SUPPLIER);
  await page.getByRole('option', { name: new RegExp(SUPPLIER) }).first().click();
  await testId('adjust-submit').click();
  await page.getByText(/A készletmozgás küldésre vár|Stock change queued for the server/).waitFor();
}
