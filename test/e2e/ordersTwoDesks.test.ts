/**
 * Orders every desk can see: two desks on one server. Desk A enters an order; desk B, with its
 * orders list open, sees it arrive live, finds it by number and by customer, and invoices it; the
 * server's getOrder says it is invoiced once, with that invoice's number; desk A's list then shows
 * it invoiced with the number, and desk A is refused a second invoice of it. Hungarian and English,
 * with screenshots of desk B invoicing desk A's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_KEYS } from '../helpers/server';
import { eventually, launchBrowser, screenshot, startRestartableServer, startStack, waitForMirror, type Browser, type RestartableServer, type Stack } from './helpers';

const MAKITA = '5990040000007';
const BUDAPEST = 'Budapest Raktár';

let srv: RestartableServer;
let deskA: Stack;
let deskB: Stack;
let browser: Browser & { errors: string[] };
let b: Page;
let makita: number;

beforeAll(async () => {
  srv = await startRestartableServer();
  const keys = { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key };
  [deskA, deskB] = await Promise.all([startStack({ serverUrl: srv.url, keys }), startStack({ serverUrl: srv.url, keys })]);
  await Promise.all([waitForMirror(deskA), waitForMirror(deskB)]);
  makita = (await deskA.invoke('products.lookup', { code: MAKITA }))!.id;
  browser = await launchBrowser();
  b = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await deskA?.close();
  await deskB?.close();
  await srv?.close();
});

const WORDS = {
  hu: { live: 'Online · élő', orders: 'Rendelések', invoiceIt: 'Számlázás', title: (id: number) => `Számla a #${id} rendelésről`, issue: /Számla kiállítása/, invoiced: 'Számlázva', noMatch: 'Egy rendelés sem felel meg' },
  en: { live: 'Online · live', orders: 'Orders', invoiceIt: 'Invoice', title: (id: number) => `Invoice for order #${id}`, issue: /Issue invoice/, invoiced: 'Invoiced', noMatch: 'No order matches' },
} as const;

async function openOrders(stack: Stack, language: 'hu' | 'en') {
  await stack.invoke('settings.update', { language });
  await b.goto(stack.harness.url);
  await b.reload();
  await b.getByTestId('sb-connection').waitFor();
  await b.keyboard.press('F7');
  await b.getByRole('heading', { level: 1, name: WORDS[language].orders }).waitFor();
}

/** Desk A enters an order through its outbox; its server id once sent. */
async function orderAtDeskA(quantity: number): Promise<number> {
  // Enough in stock for the invoice to ship it, whatever the demo data holds.
  await deskA.invoke('stock.takeIn', { warehouse: BUDAPEST, contactId: srv.server.account.supplierContactId, lines: [{ productId: makita, quantity }] });
  const { id } = await deskA.invoke('orders.save', { order: {
    warehouse: BUDAPEST, shipping_aim: 'Sale', method: 'transfer', issued_date: new Date().toISOString().slice(0, 10), selected_account: srv.server.account.bankAccount,
    contact_id: srv.server.account.customerContactId, currency: 'HUF', items: [{ product_id: makita, quantity }],
  } });
  let serverId = 0;
  await eventually(async () => {
    const o = await deskA.invoke('orders.get', { id });
    serverId = o?.serverId ?? 0;
    return serverId > 0;
  }, { what: 'desk A’s order on the server', timeoutMs: 20_000 });
  return serverId;
}

describe('orders across desks', () => {
  it.each(['hu', 'en'] as const)('desk B sees desk A’s order live, finds it by number and customer, invoices it once; desk A shows it invoiced (%s)', async (language) => {
    const w = WORDS[language];
    await openOrders(deskB, language);
    await eventually(async () => (await b.getByTestId('sb-connection').getAttribute('data-live')) === 'live', { what: 'desk B live', timeoutMs: 15_000 });

    const orderId = await orderAtDeskA(language === 'hu' ? 2 : 1);
    const customer = (await srv.server.ok('getOrder', { order_id: orderId })).contact_name;
    expect(customer).not.toBe('');
    // Desk B's open list shows it without a sync pressed.
    const row = b.getByTestId(`order-row-${orderId}`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.innerText()).toContain(customer);

    // Found by its number, and by a part of the customer's name typed without accents.
    await b.getByTestId('orders-search').fill(String(orderId));
    await expect.poll(() => b.locator('[data-testid^="order-row-"]').count()).toBe(1);
    await row.waitFor();
    await b.getByTestId('orders-search').fill('99999999');
    await expect.poll(() => b.locator('[data-testid^="order-row-"]').count()).toBe(0);
    expect(await b.getByText(w.noMatch).count()).toBe(1);
    const part = customer.split(' ')[0]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    await b.getByTestId('orders-search').fill(part);
    await row.waitFor();

    // Desk B invoices desk A's order.
    await row.getByRole('link', { name: w.invoiceIt }).click();
    await b.getByRole('heading', { level: 1, name: w.title(orderId) }).waitFor();
    await screenshot(b, `orders-desk-b-invoices-desk-a-${language}`);
    await b.getByRole('button', { name: w.issue }).click();
    await eventually(async () => (await deskB.invoke('sync.status', {})).outbox.queued === 0 && (await srv.server.ok('getOrder', { order_id: orderId })).invoice_ids.length === 1, { what: 'the invoice on the server', timeoutMs: 30_000 });

    // The server: invoiced once, with that invoice's number.
    const onServer = await srv.server.ok('getOrder', { order_id: orderId });
    expect(onServer.invoice_ids).toHaveLength(1);
    const invoice = await srv.server.ok('getInvoice', { invoice_id: onServer.invoice_ids[0]! });
    expect(onServer).toMatchObject({ status: 'shipped', invoice_id: invoice.id, invoice_number: invoice.invoice_number });
    expect((await srv.server.ok('getOrderStatus', { order_id: orderId })).invoice_ids).toEqual([invoice.id]);
    await screenshot(b, `orders-desk-b-invoiced-${language}`);

    // Desk A's list shows it invoiced, with the number, and offers no second invoice.
    await openOrders(deskA, language);
    const rowA = b.getByTestId(`order-row-${orderId}`);
    await expect.poll(() => rowA.innerText(), { timeout: 15_000 }).toContain(invoice.invoice_number!);
    expect(await rowA.innerText()).toContain(w.invoiced);
    expect(await rowA.getByRole('link', { name: w.invoiceIt }).count()).toBe(0);
    await screenshot(b, `orders-desk-a-sees-invoiced-${language}`);
    // Desk A's core knows the other desk's invoice: asked to invoice the order again it would refuse, naming it.
    expect((await deskA.invoke('orders.list', {})).find((o) => o.serverId === orderId)?.invoice).toMatchObject({ id: invoice.id, number: invoice.invoice_number });
    expect((await srv.server.ok('getOrder', { order_id: orderId })).invoice_ids).toHaveLength(1);
    expect(browser.errors).toEqual([]);
  });
});
