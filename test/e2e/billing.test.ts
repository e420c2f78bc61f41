/**
 * A billing clerk's day in the browser harness, against the real core and a real server: offline,
 * an order is entered by scan and search, finalized and invoiced, and the invoice shows its local
 * draft preview; back online the outbox drains, the invoice gets its number and its real PDF opens
 * in the viewer (read back through the text layer); a partial payment changes the balance; a storno
 * cancels it; a due-notification letter opens for an overdue customer. Screenshots of every
 * billing screen in Hungarian and English go to test/e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { computeTotals, subMoney } from '@shared/money';
import type { ProductRow } from '@shared/ipc';
import { formatter } from '@documents/format';
import { businessDate } from '@server/services/finance/calendar';
import { eventually, openDesk, scan, screenshot, type Browser, type Desk, type RestartableServer, type Stack } from './helpers';

const MAKITA = '5990040000007'; // demo product: 2 on hand in Budapest Raktár
const BUDAPEST = 'Budapest Raktár';
const ACCOUNT = '11773016-11111018-00000000';
// The desk and the server run on real time; the server's business day is Budapest's.
const TODAY = businessDate(new Date());

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let browser: Browser & { errors: string[] };
let page: Page;
let makita: ProductRow;
let service: ProductRow;
const state = { localInvoice: 0, invoiceId: 0, number: '', total: '', stornoLocal: 0 };

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ').trim();
const digits = (s: string) => s.replace(/[^\d-]/g, '');

async function open(key: string, heading: RegExp | string) {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function outboxDrained() {
  const s = await stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
}

/** The text a reader would select in the viewer: pdf.js's text layer of every page. */
async function viewerText(): Promise<string> {
  const viewer = page.locator('.pdf-viewer');
  await expect.poll(() => viewer.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
  return plain((await page.locator('.pdf-viewer .textLayer').allInnerTexts()).join(' '));
}

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  ({ srv, stack, browser, page } = desk);
  makita = (await stack.invoke('products.lookup', { code: MAKITA }))!;
  service = (await stack.invoke('products.search', { query: 'Kiszállítás és beüzemelés', offset: 0, limit: 5 })).rows[0]!;
});

afterAll(() => desk?.close());

describe('a billing clerk, offline and back', () => {
  it('offline: enters an order by scan and search, sees the live totals, finalizes it', async () => {
    await srv.stop();
    await stack.invoke('sync.now', {}).catch(() => undefined);
    await eventually(async () => !(await stack.invoke('sync.status', {})).online, { what: 'offline' });

    await open('F7', 'Rendelések');
    await page.getByRole('link', { name: 'Új rendelés' }).click();
    await page.getByRole('heading', { level: 1, name: 'Új rendelés' }).waitFor();
    await page.getByRole('combobox', { name: 'Vevő', exact: true }).fill('Kovács');
    await page.getByRole('option', { name: /Kovács és Fiú/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByLabel('Raktár', { exact: true }).selectOption(BUDAPEST);
    await page.getByRole('combobox', { name: 'Bankszámla', exact: true }).fill(ACCOUNT);
    // A scan while the focus is on the bank account field: it goes to the lines, not into the field.
    await scan(page, MAKITA);
    await page.getByText(makita.name, { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Bankszámla', exact: true }).inputValue()).toBe(ACCOUNT);
    await page.getByRole('combobox', { name: 'Termék hozzáadása' }).fill('Kiszállítás');
    await page.getByRole('option', { name: new RegExp(service.name) }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText(service.name, { exact: true }).waitFor();

    const expected = computeTotals(
      [makita, service].map((p) => ({ quantity: '1', unitPrice: String(p.listPrice), vatRate: String(p.vat) })),
      'HUF',
    ).totals;
    expect(digits(await page.getByTestId('total-gross').innerText())).toBe(expected.gross);
    expect(digits(await page.getByTestId('total-vat').innerText())).toBe(expected.vat);
    await screenshot(page, 'billing-order-entry-hu');

    await page.keyboard.press('Control+Enter');
    // Offline nothing is finalized on the server yet: the desk says it is waiting to be sent.
    await page.getByText('A véglegesítés küldésre vár.', { exact: false }).waitFor();
    expect(await page.getByText('A rendelést véglegesítettük.').count()).toBe(0);
    await screenshot(page, 'billing-order-done-hu');
    state.total = expected.gross;
  });

  it('offline: issues the invoice from the order and sees its draft preview, not yet numbered', async () => {
    await page.getByRole('link', { name: 'Számlázás' }).click();
    await page.getByRole('heading', { level: 1, name: 'Számla még el nem küldött rendelésről' }).waitFor();
    expect(digits(await page.getByTestId('total-gross').innerText())).toBe(state.total);
    await screenshot(page, 'billing-invoice-issue-hu');
    await page.getByRole('button', { name: /Számla kiállítása/ }).click();
    // Not issued until the server numbers it: the desk says it is waiting to be sent.
    await page.getByText(/A számla küldésre vár/).waitFor();
    expect(await page.getByText('A számlát kiállítottuk.').count()).toBe(0);
    state.localInvoice = Number(/#\/invoices\/(-\d+)/.exec(page.url())?.[1]);
    expect(state.localInvoice).toBeLessThan(0);
    expect(await page.getByTestId('invoice-number').innerText()).toContain('Még nincs sorszáma');
    await page.getByRole('note').filter({ hasText: 'Piszkozat előnézet' }).waitFor();
    const text = await viewerText();
    expect(text).toContain('Kovács és Fiú Kft.');
    expect(digits(text)).toContain(state.total);
    await screenshot(page, 'billing-invoice-draft-hu');
  });

  it('online again: the outbox drains, the invoice gets its number and its real PDF opens', async () => {
    await srv.start();
    await stack.invoke('sync.now', {});
    await eventually(outboxDrained, { timeoutMs: 90_000, what: 'the outbox to drain' });
    const { invoices } = await srv.server.ok('getInvoices', { date_from: TODAY, date_to: TODAY });
    expect(invoices).toHaveLength(1);
    const inv = invoices[0]!;
    state.invoiceId = inv.id;
    state.number = inv.invoice_number!;
    expect(String(inv.total)).toBe(state.total);

    await expect.poll(() => page.getByTestId('invoice-number').innerText(), { timeout: 30_000 }).toContain(state.number);
    await expect.poll(() => page.getByRole('note').filter({ hasText: 'Piszkozat' }).count(), { timeout: 30_000 }).toBe(0);
    const fmt = formatter('hu_HU');
    await expect.poll(async () => (await viewerText()).includes(state.number), { timeout: 30_000 }).toBe(true);
    const text = await viewerText();
    expect(text).toContain(plain(fmt.amount(state.total, 'HUF')));
    await screenshot(page, 'billing-invoice-pdf-hu');
  });

  it('offline again, the numbered PDF opens from the desk’s cache; save and print go through the shell', async () => {
    await srv.stop();
    await stack.invoke('sync.now', {}).catch(() => undefined);
    await eventually(async () => !(await stack.invoke('sync.status', {})).online, { what: 'offline' });
    await page.reload();
    await expect.poll(async () => (await viewerText()).includes(state.number), { timeout: 30_000 }).toBe(true);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Mentés fájlba' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByText(/^Mentve/).waitFor();
    // The harness answers shell.print and the page calls window.print(); the print CSS keeps only the pages.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('button', { name: 'Nyomtatás' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await srv.start();
    await stack.invoke('sync.now', {});
    await eventually(async () => (await stack.invoke('sync.status', {})).online, { what: 'online' });
  });

  it('a partial payment changes the balance', async () => {
    const half = String(Math.floor(Number(state.total) / 2));
    await page.getByRole('button', { name: 'Befizetés rögzítése' }).click();
    const amount = page.getByRole('textbox', { name: 'Összeg (HUF)' });
    await amount.fill(half);
    await screenshot(page, 'billing-payment-hu');
    await page.getByRole('button', { name: 'Rögzítés', exact: true }).click();
    const rest = subMoney(state.total, half, 'HUF');
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the payment to be sent' });
    expect(String((await srv.server.ok('getInvoice', { invoice_id: state.invoiceId })).balance)).toBe(rest);
    await expect.poll(async () => digits(await page.getByTestId('invoice-balance').innerText()), { timeout: 30_000 }).toBe(rest);
    await expect.poll(() => page.getByTestId('invoice-status').innerText()).toBe('Részben fizetve');
  });

  it('a storno cancels it, after saying what will be cancelled', async () => {
    await page.getByRole('button', { name: 'Sztornó…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sztornózza ezt a számlát?' });
    const what = plain(await dialog.getByTestId('storno-what').innerText());
    expect(what).toContain(state.number);
    expect(what).toContain('Kovács és Fiú Kft.');
    expect(digits(what)).toContain(state.total);
    await screenshot(page, 'billing-storno-dialog-hu');
    await dialog.getByRole('button', { name: 'Sztornó kiállítása' }).click();
    await page.getByText('A számlát kiállítottuk.').waitFor();
    await eventually(outboxDrained, { timeoutMs: 60_000, what: 'the storno to be sent' });
    const original = await srv.server.ok('getInvoice', { invoice_id: state.invoiceId });
    expect(original.status).toBe('cancelled');
    expect(original.balance).toBe(0);
    // The core learns of the original's new status from its next pull of the invoice list.
    await stack.invoke('sync.now', {});
    await page.goto(`${stack.harness.url.split('#')[0]}#/invoices/${state.invoiceId}`);
    await expect.poll(() => page.getByTestId('invoice-status').innerText(), { timeout: 30_000 }).toBe('Sztornózva');
    await open('F9', 'Számlák');
    await expect.poll(() => page.locator('table.billing-invoices tbody tr').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'billing-invoices-hu');
  });

  it('a due-notification letter opens for an overdue customer, in the chosen language', async () => {
    const nagy = srv.server.account.contactIds['Nagy Építő Zrt.']!;
    const overdue = await srv.server.ok('setInvoice', {
      crdr: 'outgoing', method: 'transfer', issued_date: '2026-10-01', fulfillment_date: '2026-10-01', payment_date: '2026-10-09', selected_account: ACCOUNT,
      contact_id: nagy, currency: 'HUF', customer_vat_type: 'DOMESTIC', language: 'hu_HU',
      items: [{ name: 'Zsaluzóanyag bérlése', unit_price: 185000, unit: 'hó', quantity: 1, vat: 27 }],
    });
    await stack.invoke('sync.now', {});
    await eventually(async () => (await stack.invoke('dues.list', {})).some((d) => d.contactId === nagy), { timeoutMs: 60_000, what: 'the dues pull' });
    await open('F10', 'Kintlévőségek');
    const row = page.getByTestId(`due-row-${nagy}`);
    await row.click();
    // The demo has older debts of this customer too: the row shows what the server says is owed.
    const owed = (await srv.server.ok('getDueCustomers', {})).customers.find((c) => c.contact_id === nagy)!.currencies[0]!;
    const huf = new Intl.NumberFormat('hu-HU', { style: 'currency', currency: 'HUF', maximumFractionDigits: 0, useGrouping: 'always' });
    expect(plain(await row.innerText())).toContain(plain(huf.format(owed.outstanding)));
    expect(plain(await row.innerText())).toContain(plain(huf.format(owed.overdue)));
    await page.getByLabel('A levél nyelve').selectOption('en_US');
    await page.getByRole('button', { name: 'Felszólítás: Nagy Építő Zrt.' }).click();
    const text = await viewerText();
    expect(text).toContain(overdue.invoice_number);
    expect(text).toContain('Nagy Építő Zrt.');
    expect(await page.getByTestId('letter-subject').innerText()).toMatch(/\S/);
    await screenshot(page, 'billing-dues-letter-hu');
  });

  it('printing shows only the pages', async () => {
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('.pdf-print-root img').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator('.shell').isVisible()).toBe(false);
    expect(await page.locator('.pdf-print-root').isVisible()).toBe(true);
    await screenshot(page, 'billing-print-hu');
    await page.emulateMedia({ media: 'screen' });
  });

  it('the same screens in English', async () => {
    await stack.invoke('settings.update', { language: 'en' });
    const base = stack.harness.url.split('#')[0];
    const visit = async (hash: string, heading: RegExp | string) => {
      await page.goto(`${base}#${hash}`);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    };
    await visit('/orders', 'Orders');
    await screenshot(page, 'billing-orders-en');
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByRole('combobox', { name: 'Customer', exact: true }).fill('Müller');
    await page.getByRole('option', { name: /Müller Handels/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByRole('textbox', { name: /^Rate \(HUF/ }).fill('395,5');
    await scan(page, MAKITA);
    await page.getByText(makita.name, { exact: true }).waitFor();
    await page.getByRole('textbox', { name: `Unit price of ${makita.name}` }).fill('89,90');
    await page.getByRole('textbox', { name: `Discount of ${makita.name}` }).fill('5');
    // 89.90 − 5 % = 85.405 → 85.41 net; VAT 27 %: 23.0607 → 23.06; gross 108.47.
    await expect.poll(() => page.getByTestId('total-gross').innerText()).toBe('€108.47');
    await screenshot(page, 'billing-order-entry-en');
    await visit('/invoices', 'Invoices');
    await screenshot(page, 'billing-invoices-en');
    await visit(`/invoices/${state.invoiceId}`, new RegExp(state.number));
    await viewerText();
    await screenshot(page, 'billing-invoice-pdf-en');
    await visit('/invoices/new', 'New invoice');
    await page.getByRole('combobox', { name: 'Customer', exact: true }).fill('Kovács');
    await page.getByRole('option', { name: /Kovács és Fiú/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Name of line 1' }).fill('Helyszíni felmérés');
    await page.getByRole('textbox', { name: 'Unit price of Helyszíni felmérés' }).fill('25000');
    await screenshot(page, 'billing-invoice-issue-en');
    await visit('/dues', 'Due payments');
    await page.locator('[data-testid^="due-row-"]').first().click();
    await page.getByRole('button', { name: /Open letter to/ }).click();
    await viewerText();
    await screenshot(page, 'billing-dues-letter-en');
  });

  it('left no errors in the page console', () => {
    expect(browser.errors).toEqual([]);
  });
});
