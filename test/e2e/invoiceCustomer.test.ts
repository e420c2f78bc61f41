/**
 * An invoice goes to its own customer's address, in Chromium on the real screens with the real core
 * and server, in Hungarian and English; each step checks the screen and the server's own state:
 * - a new invoice never inherits the draft of an invoice from an order (nor its customer's address);
 * - changing the customer replaces an address that came from the previous customer, and keeps one
 *   the clerk typed herself; the confirmation names the customer and the address side by side, and
 *   the server queues the mail to that address (`getInvoice` → `email_status.to`);
 * - a draft belongs to the clerk who typed it: Anna never gets Mária's order draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductRow } from '@shared/ipc';
import { businessDate } from '@server/services/finance/calendar';
import { addClerk, type Clerk } from '../server/roles/users';
import { eventually, openDesk, screenshot, type Desk, type RestartableServer, type Stack } from './helpers';

const ACCOUNT = '11773016-11111018-00000000';
const KOVACS = 'Kovács és Fiú Kft.';
const KOVACS_MAIL = 'szamla@kovacsesfiu.example';
const SZABO = 'Szabó Éva';
const SZABO_MAIL = 'szabo.eva@example.hu';
const NAGY = 'Nagy Építő Zrt.';
const TYPED_MAIL = 'konyveles@pelda.hu';

const WORDS = {
  hu: {
    orders: 'Rendelések', invoices: 'Számlák', newInvoice: 'Új számla', invoiceOrder: 'Számlázás', customer: 'Vevő', email: 'Küldés e-mailben ide',
    issue: /Számla kiállítása/, send: 'Kiállítás és küldés', restored: 'A nem mentett bevitelt visszaállítottuk.', use: (m: string) => `${m} használata`, newOrder: 'Új rendelés',
  },
  en: {
    orders: 'Orders', invoices: 'Invoices', newInvoice: 'New invoice', invoiceOrder: 'Invoice', customer: 'Customer', email: 'Send by e-mail to',
    issue: /Issue invoice/, send: 'Issue and send', restored: 'Your unsaved entry was restored.', use: (m: string) => `Use ${m}`, newOrder: 'New order',
  },
} as const;
type Lang = keyof typeof WORDS;

let desk: Desk;
let srv: RestartableServer;
let stack: Stack;
let page: Page;
let drill: ProductRow;
let anna: Clerk;
let maria: Clerk;

const base = () => stack.harness.url.split('#')[0]!;
const contactId = (name: string) => srv.server.account.contactIds[name]!;

async function drained() {
  const s = await stack.invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
}

async function setLanguage(lang: Lang) {
  await stack.invoke('settings.update', { language: lang });
  await page.goto(`${base()}#/invoices`);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: WORDS[lang].invoices }).waitFor();
}

/** An order for Kovács, finalized and on the server: what the clerk then invoices on the screen. */
async function orderForKovacs(): Promise<number> {
  const { id } = await stack.invoke('orders.save', {
    order: {
      warehouse: 'Budapest Raktár', shipping_aim: 'Sale', method: 'transfer', issued_date: businessDate(new Date()), selected_account: ACCOUNT,
      contact_id: contactId(KOVACS), currency: 'HUF', finalize_order: 1, items: [{ product_id: drill.id, quantity: 1 }],
    },
  });
  await eventually(drained, { timeoutMs: 60_000, what: 'the order to be sent' });
  return eventually(async () => (await stack.invoke('orders.get', { id }))?.serverId ?? undefined, { what: 'the order’s server id' });
}

/** Issue the form on screen; with an address the confirmation is read and accepted. Returns the server's invoice. */
async function issueOnScreen(lang: Lang, o: { confirm: string[] } | null) {
  const w = WORDS[lang];
  const before = page.url();
  await page.getByRole('button', { name: w.issue }).click();
  if (o) {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const part of o.confirm) expect(text).toContain(part);
    await dialog.getByRole('button', { name: w.send }).click();
  }
  await eventually(() => page.url() !== before && /#\/invoices\/-?\d+$/.test(page.url()), { what: 'the issued invoice’s page' });
  const local = Number(/#\/invoices\/(-?\d+)$/.exec(page.url())![1]);
  await eventually(drained, { timeoutMs: 60_000, what: 'the invoice to be sent' });
  const serverId = await eventually(async () => (await stack.invoke('invoices.get', { id: local }))?.row.serverId ?? undefined, { what: 'the invoice’s server id' });
  return srv.server.ok('getInvoice', { invoice_id: serverId });
}

async function pickCustomer(lang: Lang, name: string) {
  const box = page.getByRole('combobox', { name: WORDS[lang].customer, exact: true });
  await box.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name.split(' ')[0]!) }).first().waitFor();
  await page.getByRole('option', { name: new RegExp(name.replace(/[.]/g, '\\.')) }).click();
  await expect.poll(() => box.inputValue()).toBe(name);
}

/** The drill as the invoice's line, searched in the product picker. */
async function addDrill() {
  await page.locator('#invoice-product').fill(drill.name);
  await page.getByRole('option', { name: new RegExp(drill.name) }).first().click();
  await expect.poll(() => page.locator('input[name="items.0.name"]').inputValue()).toBe(drill.name);
}

const emailBox = (lang: Lang) => page.getByLabel(WORDS[lang].email, { exact: true });

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  ({ srv, stack, page } = desk);
  drill = (await stack.invoke('products.search', { query: 'Bosch GSB 13 RE', offset: 0, limit: 5 })).rows[0]!;
  anna = await addClerk(srv.server, 'billing', 'Számlázó Anna');
  maria = await addClerk(srv.server, 'billing', 'Számlázó Mária');
}, 120_000);

afterAll(() => desk?.close());

describe.each(['hu', 'en'] as const)('%s: the invoice goes to its own customer', (lang) => {
  const w = WORDS[lang];

  it('an invoice from an order, mailed to Kovács, leaves nothing behind for the next new invoice', async () => {
    await setLanguage(lang);
    const orderId = await orderForKovacs();
    await page.goto(`${base()}#/orders`);
    await page.getByRole('heading', { level: 1, name: w.orders }).waitFor();
    await page.getByTestId(`order-row-${orderId}`).getByRole('link', { name: w.invoiceOrder, exact: true }).click();
    await page.getByRole('button', { name: w.use(KOVACS_MAIL) }).click();
    await expect.poll(() => emailBox(lang).inputValue()).toBe(KOVACS_MAIL);
    const fromOrder = await issueOnScreen(lang, { confirm: [`${KOVACS} — ${KOVACS_MAIL}`] });
    expect(fromOrder.contact_id).toBe(contactId(KOVACS));
    expect(fromOrder.email_status.to).toBe(KOVACS_MAIL);

    // Invoices → New invoice: a fresh form, not the order's invoice nor its customer's address.
    await page.getByRole('link', { name: w.invoices, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: w.invoices }).waitFor();
    await page.getByRole('link', { name: w.newInvoice }).click();
    await page.getByRole('heading', { level: 1, name: w.newInvoice }).waitFor();
    await page.getByRole('combobox', { name: w.customer, exact: true }).waitFor();
    expect(await page.getByText(w.restored).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: w.customer, exact: true }).inputValue()).toBe('');
    expect(await emailBox(lang).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: w.use(KOVACS_MAIL) }).count()).toBe(0);
  });

  it('changing the customer replaces the address that came from the previous one; the server mails the new customer', async () => {
    await pickCustomer(lang, KOVACS);
    await page.getByRole('button', { name: w.use(KOVACS_MAIL) }).click();
    await pickCustomer(lang, SZABO);
    await expect.poll(() => emailBox(lang).inputValue()).toBe(SZABO_MAIL);
    await screenshot(page, `${lang}-invoice-customer-changed`);
    // Nagy Építő has no address: Szabó's goes, nothing of hers is left to send to.
    await pickCustomer(lang, NAGY);
    await expect.poll(() => emailBox(lang).inputValue()).toBe('');
    await pickCustomer(lang, SZABO);
    await page.getByRole('button', { name: w.use(SZABO_MAIL) }).click();
    await addDrill();
    const sent = await issueOnScreen(lang, { confirm: [`${SZABO} — ${SZABO_MAIL}`] });
    expect(sent.contact_id).toBe(contactId(SZABO));
    expect(sent.email_status.to).toBe(SZABO_MAIL);
  });

  it('an address the clerk typed herself stays when she changes the customer', async () => {
    await page.goto(`${base()}#/invoices/new`);
    await page.getByRole('heading', { level: 1, name: w.newInvoice }).waitFor();
    await pickCustomer(lang, KOVACS);
    await emailBox(lang).fill(TYPED_MAIL);
    await pickCustomer(lang, SZABO);
    expect(await emailBox(lang).inputValue()).toBe(TYPED_MAIL);
    await addDrill();
    const sent = await issueOnScreen(lang, { confirm: [`${SZABO} — ${TYPED_MAIL}`] });
    expect(sent.email_status.to).toBe(TYPED_MAIL);
  });
});

describe('a draft belongs to one clerk', () => {
  it('Mária’s unsaved order is hers: Anna, signed in on the same desk, starts a blank order; Mária gets hers back', async () => {
    await stack.invoke('clerks.add', { apiKey: maria.keys.api_key, sessionKey: maria.keys.session_key });
    await stack.invoke('clerks.add', { apiKey: anna.keys.api_key, sessionKey: anna.keys.session_key });
    const ids = await stack.invoke('clerks.list', {});
    const idOf = (c: Clerk) => ids.find((x) => x.name === c.name)!.id;
    await stack.invoke('clerks.switch', { id: idOf(maria) });
    await setLanguage('hu');
    await page.goto(`${base()}#/orders/new`);
    await page.getByRole('heading', { level: 1, name: 'Új rendelés' }).waitFor();
    await pickCustomer('hu', KOVACS);
    // Leaving the screen writes the draft at once.
    await page.goto(`${base()}#/orders`);
    await page.getByRole('heading', { level: 1, name: 'Rendelések' }).waitFor();
    await eventually(async () => ((await stack.invoke('drafts.get', { key: 'billing.order.new' })) as { contact_name?: string } | null)?.contact_name === KOVACS, { what: 'Mária’s draft to be kept' });

    await stack.invoke('clerks.switch', { id: idOf(anna) });
    await page.goto(`${base()}#/orders/new`);
    await page.getByRole('heading', { level: 1, name: 'Új rendelés' }).waitFor();
    await page.getByRole('combobox', { name: 'Vevő', exact: true }).waitFor();
    expect(await page.getByText(WORDS.hu.restored).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Vevő', exact: true }).inputValue()).toBe('');
    expect(await stack.invoke('drafts.get', { key: 'billing.order.new' })).toBeNull();

    await stack.invoke('clerks.switch', { id: idOf(maria) });
    await page.goto(`${base()}#/orders`);
    await page.goto(`${base()}#/orders/new`);
    await page.getByText(WORDS.hu.restored).waitFor();
    expect(await page.getByRole('combobox', { name: 'Vevő', exact: true }).inputValue()).toBe(KOVACS);
  });
});
