/**
 * Who made it (issue 19: "the desk shows it in lists, history and the sent log"): a warehouse clerk
 * signed in with her own keys moves stock on the transfer screen, and the stock history names her;
 * an invoice and a payment a billing clerk recorded at another desk show his name in the invoice
 * list, the invoice and its payments. Every name on screen is checked against what the server says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { businessDate } from '@server/services/finance/calendar';
import { addClerk, auditOf, type Clerk } from '../server/roles/users';
import { eventually, openDesk, scan, screenshot, type Desk } from './helpers';
import { openByLink } from './productScreen';

const BUDAPEST = 'Budapest Raktár';
const GYOR = 'Győr Raktár';
const BOSCH = 'SD-1002'; // Bosch GSB 13 RE: 12 in Budapest bin A-02
const ACCOUNT = '11773016-11111018-00000000';

let desk: Desk;
let page: Page;
let bosch = 0;
let vera: Clerk;
let bela: Clerk;
let invoiceId = 0;

const openScreen = (name: RegExp) => openByLink(page, name);

async function showHistory() {
  await openScreen(/^(Készletmozgások|Stock history)$/);
  await page.locator('#history-product').fill(BOSCH);
  await page.locator('#history-product').press('Enter');
  await page.getByTestId('history-product').waitFor();
}

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  page = desk.page;
  bosch = (await desk.stack.invoke('products.lookup', { code: BOSCH }))!.id;
  vera = await addClerk(desk.srv.server, 'warehouse', 'Kiss Vera');
  bela = await addClerk(desk.srv.server, 'billing', 'Tóth Béla');
}, 180_000);

afterAll(async () => {
  await desk?.close();
});

describe('ki rögzítette (hu)', () => {
  it('a saját kulcsaival dolgozó raktáros áttárolását a készletmozgások az ő nevével mutatják, ahogy a szerver', async () => {
    await desk.stack.invoke('settings.setCredentials', { apiKey: vera.keys.api_key, sessionKey: vera.keys.session_key });
    await desk.stack.invoke('sync.now', {});
    await eventually(async () => (await desk.stack.invoke('sync.status', {})).clerk?.name === 'Kiss Vera', { what: 'the desk to learn its clerk' });
    await page.reload();
    await openScreen(/^(Áttárolás|Stock transfer)$/);
    await page.getByTestId('transfer-from').selectOption(BUDAPEST);
    await page.getByTestId('transfer-from-bin').fill('A-02');
    await page.getByTestId('transfer-to').selectOption(GYOR);
    await page.getByTestId('transfer-to-bin').fill('G-01');
    await page.getByTestId('scan-input').click();
    await scan(page, BOSCH);
    await page.getByTestId(`transfer-qty-${bosch}`).fill('2');
    await page.getByTestId('transfer-post').click();
    await expect.poll(() => page.getByTestId('transfer-status').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');

    const atServer = (await desk.srv.server.ok('getStockHistory', { product_id: bosch })).movements.filter((m) => m.kind === 'transfer');
    expect(atServer.map((m) => [m.quantity, m.created_by])).toEqual([[2, 'Kiss Vera'], [-2, 'Kiss Vera']]);

    await showHistory();
    const table = page.getByTestId('history-table');
    await expect.poll(() => table.innerText(), { timeout: 30_000 }).toMatch(/Áttárolás/);
    expect(await table.locator('thead').innerText()).toMatch(/Rögzítette/);
    const transfers = table.locator('tbody tr', { hasText: 'Áttárolás' });
    expect(await transfers.count()).toBe(2);
    for (let i = 0; i < 2; i++) expect(await transfers.nth(i).getByTestId('movement-posted-by').innerText()).toBe('Kiss Vera');
    // The demo's own take-ins were made with the account's keys, by no user: the cell stays empty.
    const takein = table.locator('tbody tr', { hasText: 'Bevételezés' }).first();
    if (await takein.count()) expect(await takein.getByTestId('movement-posted-by').innerText()).toBe('');
    await screenshot(page, 'hu-history-posted-by');
  });

  it('a másik pultnál kiállított számla és befizetés a számlázó nevével: a listában, a számlán és a befizetéseknél', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const due = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const nagy = desk.srv.server.account.contactIds['Nagy Építő Zrt.']!;
    const inv = await desk.srv.server.ok('setInvoice', {
      crdr: 'outgoing', method: 'transfer', issued_date: today, fulfillment_date: today, payment_date: due, selected_account: ACCOUNT,
      contact_id: nagy, currency: 'HUF', customer_vat_type: 'DOMESTIC', language: 'hu_HU',
      items: [{ name: 'Zsaluzóanyag bérlése', unit_price: 185000, unit: 'hó', quantity: 1, vat: 27 }],
    }, { keys: bela.keys });
    invoiceId = inv.invoice_id;
    await desk.srv.server.ok('setBalance', { invoice_id: invoiceId, amount: 50000 }, { keys: bela.keys });
    const atServer = await desk.srv.server.ok('getInvoice', { invoice_id: invoiceId });
    expect(atServer.created_by).toBe('Tóth Béla');
    expect(atServer.payments.map((p) => p.created_by)).toEqual(['Tóth Béla']);

    // The desk's manager (the account's own keys) reads invoices.
    await desk.stack.invoke('settings.setCredentials', { apiKey: desk.srv.server.keys.api_key, sessionKey: desk.srv.server.keys.session_key });
    await desk.stack.invoke('sync.now', {});
    await eventually(async () => (await desk.stack.invoke('sync.status', {})).clerk?.role === 'manager', { what: 'the desk to learn the keys are a manager’s' });
    await eventually(async () => (await desk.stack.invoke('invoices.get', { id: invoiceId }))?.row.createdBy === 'Tóth Béla', { what: 'the invoice at the desk', timeoutMs: 60_000 });
    await page.reload();
    await page.getByTestId('sb-connection').waitFor();
    // The link's name carries its shortcut (F9).
    await openScreen(/^(Számlák|Invoices)/);
    const row = page.getByTestId(`invoice-row-${invoiceId}`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('invoice-created-by').innerText()).toBe('Tóth Béla');
    expect(await page.locator('table thead').first().innerText()).toMatch(/Kiállította/);
    await screenshot(page, 'hu-invoices-created-by');

    await row.dblclick();
    await expect.poll(() => page.getByTestId('invoice-created-by').innerText(), { timeout: 30_000 }).toBe('Tóth Béla');
    await expect.poll(() => page.getByTestId('payment-created-by').first().innerText(), { timeout: 30_000 }).toBe('Tóth Béla');
    await screenshot(page, 'hu-invoice-created-by');
  });

  it('a számlázó által itt rögzített rendelés a rendeléslistában az ő nevével; a szerver naplója is őt mondja', async () => {
    await desk.stack.invoke('clerks.add', { apiKey: bela.keys.api_key, sessionKey: bela.keys.session_key });
    expect((await desk.stack.invoke('sync.status', {})).clerk?.name).toBe('Tóth Béla');
    const { id } = await desk.stack.invoke('orders.save', {
      order: {
        warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: businessDate(new Date()), selected_account: desk.srv.server.account.bankAccount,
        contact_id: desk.srv.server.account.customerContactId, currency: 'HUF', items: [{ product_id: bosch, quantity: 1 }],
      },
    });
    await desk.stack.invoke('sync.now', {});
    await eventually(async () => (await desk.stack.invoke('sync.status', {})).outbox.queued === 0, { what: 'the order at the server' });
    const trail = await auditOf(desk.srv.server);
    expect(trail.filter((a) => a.method === 'setOrder').map((a) => a.user_id)).toEqual([bela.userId]);
    await page.reload();
    await page.getByTestId('sb-connection').waitFor();
    await openScreen(/^(Rendelések|Orders)/);
    const serverId = (await desk.stack.invoke('orders.get', { id }))!.id;
    const row = page.getByTestId(`order-row-${serverId}`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('order-made-by').innerText()).toBe('Rögzítette: Tóth Béla');
    await screenshot(page, 'hu-orders-made-by');
  });

  it('angolul is (en)', async () => {
    // The stock history is a warehouse screen: the account's own (manager) keys sign in again.
    const owner = (await desk.stack.invoke('clerks.list', {})).find((c) => c.role === 'manager')!;
    await desk.stack.invoke('clerks.switch', { id: owner.id });
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await showHistory();
    await expect.poll(() => page.getByTestId('history-table').locator('thead').innerText(), { timeout: 30_000 }).toMatch(/Posted by/);
    await screenshot(page, 'en-history-posted-by');
    await page.goto(`${desk.stack.harness.url.split('#')[0]!}#/invoices/${invoiceId}`);
    await expect.poll(() => page.getByTestId('invoice-created-by').innerText(), { timeout: 30_000 }).toBe('Tóth Béla');
    expect(await page.locator('dl').first().innerText()).toMatch(/Issued by/);
    await screenshot(page, 'en-invoice-created-by');
    await openScreen(/^(Rendelések|Orders)/);
    await expect.poll(() => page.getByTestId('order-made-by').first().innerText(), { timeout: 30_000 }).toBe('Entered by: Tóth Béla');
    await screenshot(page, 'en-orders-made-by');
    await desk.stack.invoke('settings.update', { language: 'hu' });
  });

  it('nem maradt hiba a lap konzolján', () => {
    expect(desk.browser.errors).toEqual([]);
  });
});
