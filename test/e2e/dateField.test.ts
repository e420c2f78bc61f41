/**
 * The kit's date field on the invoice header, against the real core and a real server: the date
 * reads in the clerk's language (not the browser's), a date picked from the calendar with the
 * keyboard is the one the server holds, and an impossible date is refused in the field with what to
 * type, nothing being sent until it is put right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductRow } from '@shared/ipc';
import { businessDate } from '@server/services/finance/calendar';
import { eventually, openDesk, scan, screenshot, type Desk } from './helpers';

const TODAY = businessDate(new Date());
let desk: Desk;
let page: Page;
let drill: ProductRow;
let kovacs: number;

const base = () => desk.stack.harness.url.split('#')[0]!;
const huDate = (iso: string) => `${iso.slice(0, 4)}. ${iso.slice(5, 7)}. ${iso.slice(8, 10)}.`;
const shift = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function outboxDrained() {
  const s = await desk.stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
}

async function kovacsInvoices(): Promise<number[]> {
  const { invoices } = await desk.srv.server.ok('getInvoices', { date_from: shift(TODAY, -40), date_to: shift(TODAY, 1) });
  return invoices.filter((i) => i.contact_id === kovacs).map((i) => i.id);
}

/** A new invoice for Kovács with one drill on it, as far as the header's dates. */
async function newInvoice(heading: string, customer: string, addProduct: string) {
  await page.goto(`${base()}#/invoices/new`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('combobox', { name: customer, exact: true }).fill('Kovács');
  await page.getByRole('option', { name: /Kovács és Fiú/ }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: addProduct }).focus();
  await scan(page, drill.ean!);
  await page.getByTestId('invoice-line-0').waitFor();
}

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  page = desk.page;
  drill = (await desk.stack.invoke('products.search', { query: 'Bosch GSB 13 RE', offset: 0, limit: 5 })).rows[0]!;
  kovacs = desk.srv.server.account.contactIds['Kovács és Fiú Kft.']!;
});

afterAll(() => desk?.close());

describe('dátummező (hu)', () => {
  it('a naptárból billentyűzettel választott kelt napot tartja a szerver', async () => {
    await newInvoice('Új számla', 'Vevő', 'Termék hozzáadása');
    const issued = page.getByRole('textbox', { name: 'Kiállítás dátuma', exact: true });
    // Hungarian, whatever the browser's own locale is.
    expect(await issued.inputValue()).toBe(huDate(TODAY));
    await page.getByTestId('invoice-issued-date-open').click();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    // Hungarian month and weekday names, the week from Monday, today selected and focused.
    expect(await page.getByRole('dialog', { name: 'Naptár' }).locator('h2').innerText()).toMatch(/^\d{4}\. [a-zá-ű]+$/);
    expect(await grid.getByRole('columnheader').first().getAttribute('abbr')).toBe('hétfő');
    const selected = grid.locator('[aria-selected="true"]');
    expect(await selected.getAttribute('data-date')).toBe(TODAY);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(TODAY);
    await screenshot(page, 'hu-datefield-calendar');
    // Three days back: left, left, left; up and down cancel out.
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'ArrowLeft']) await page.keyboard.press(key);
    const picked = shift(TODAY, -3);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(picked);
    await page.keyboard.press('Enter');
    await grid.waitFor({ state: 'detached' });
    expect(await issued.inputValue()).toBe(huDate(picked));
    // The focus is back in the field.
    expect(await issued.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await screenshot(page, 'hu-datefield-invoice-header');

    // Escape closes without a pick and gives the focus back too.
    await page.getByTestId('invoice-fulfillment-date-open').click();
    await page.getByRole('grid').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('grid').waitFor({ state: 'detached' });
    expect(await page.getByTestId('invoice-fulfillment-date').evaluate((el) => el === document.activeElement)).toBe(true);

    const before = await kovacsInvoices();
    await page.getByRole('button', { name: /Számla kiállítása/ }).click();
    await page.waitForURL(/#\/invoices\/-?\d+/);
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the invoice to be sent' });
    const added = (await kovacsInvoices()).filter((id) => !before.includes(id));
    expect(added).toHaveLength(1);
    const inv = await desk.srv.server.ok('getInvoice', { invoice_id: added[0]! });
    expect(inv.issued_date.slice(0, 10)).toBe(picked);
    expect(inv.fulfillment_date.slice(0, 10)).toBe(TODAY);
  });

  it('a lehetetlen dátumra (2026. 02. 30.) a mező megmondja, mit írjon; amíg áll, semmi sem megy a szerverre', async () => {
    await newInvoice('Új számla', 'Vevő', 'Termék hozzáadása');
    const issued = page.getByRole('textbox', { name: 'Kiállítás dátuma', exact: true });
    await issued.fill('');
    await issued.pressSequentially('2026. 02. 30.', { delay: 20 });
    await page.keyboard.press('Tab');
    const error = page.getByText(/Ilyen nap nincs a naptárban/);
    await error.waitFor();
    expect(await error.innerText()).toBe('Ilyen nap nincs a naptárban: valódi dátumot írjon be így: éééé. hh. nn. (például 2026. 11. 26.)');
    expect(await issued.getAttribute('aria-invalid')).toBe('true');
    expect(await issued.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    await screenshot(page, 'hu-datefield-impossible');

    const before = await kovacsInvoices();
    await page.getByRole('button', { name: /Számla kiállítása/ }).click();
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/#\/invoices\/new/);
    expect((await desk.stack.invoke('sync.status', {})).outbox.queued).toBe(0);
    expect(await kovacsInvoices()).toEqual(before);

    // Put right, typed as ISO this time: the error goes and the server holds that day.
    const fixed = shift(TODAY, -1);
    await issued.fill(fixed);
    await page.keyboard.press('Tab');
    await expect.poll(() => error.count()).toBe(0);
    expect(await issued.inputValue()).toBe(huDate(fixed));
    await page.getByRole('button', { name: /Számla kiállítása/ }).click();
    await page.waitForURL(/#\/invoices\/-?\d+/);
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the invoice to be sent' });
    const added = (await kovacsInvoices()).filter((id) => !before.includes(id));
    expect(added).toHaveLength(1);
    expect((await desk.srv.server.ok('getInvoice', { invoice_id: added[0]! })).issued_date.slice(0, 10)).toBe(fixed);
  });
});

describe('date field (en)', () => {
  it('reads day first with an English calendar from Monday', async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await newInvoice('New invoice', 'Customer', 'Add product');
    const issued = page.getByTestId('invoice-issued-date');
    expect(await issued.inputValue()).toBe(`${TODAY.slice(8, 10)}/${TODAY.slice(5, 7)}/${TODAY.slice(0, 4)}`);
    await page.keyboard.press('Escape');
    await screenshot(page, 'en-datefield-invoice-header');
    await page.getByTestId('invoice-issued-date-open').click();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    expect(await grid.getByRole('columnheader').first().getAttribute('abbr')).toBe('Monday');
    expect(await page.getByRole('dialog', { name: 'Calendar' }).locator('h2').innerText()).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    await screenshot(page, 'en-datefield-calendar');
    await page.keyboard.press('Escape');
  });
});
