/**
 * The Low stock screen on the real stack (Chromium on the browser harness, the real core, a real
 * server): a minimum level set in the rule dialog, stock wasted below it, the product appears with its
 * figures, and a purchase order made from the ticked line goes through the outbox exactly once and is
 * confirmed with its code. Every step is checked on screen and at the server (getReorderRules, getPOs, getPO).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { eventually, openDesk, screenshot, type Desk } from './helpers';

const BUDAPEST = 'Budapest Raktár';
const BOSCH = 'SD-1002'; // Bosch GSB 13 RE: 12 in Budapest bin A-02
const SUPPLIER = 'Tisza Nagykereskedés';

let desk: Desk;
let page: Page;
let bosch = 0;

async function openLowStock() {
  await page.getByRole('link', { name: /^(Alacsony készlet|Low stock)$/ }).click();
  await page.getByRole('heading', { level: 1, name: /^(Alacsony készlet|Low stock)$/ }).waitFor();
}

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  page = desk.page;
  bosch = (await desk.stack.invoke('products.lookup', { code: BOSCH }))!.id;
}, 180_000);

afterAll(async () => {
  await desk?.close();
});

describe('alacsony készlet és beszerzési rendelés (hu)', () => {
  it('minimumszint, selejtezés alá, a listából beszerzési rendelés: a képernyőn és a szerveren', async () => {
    // The mirror's answer held back: until it comes the screen claims nothing. It said "nothing is below
    // its minimum" and "never read from the server" before (CI, session 16, caught the first).
    const held: Route[] = [];
    await page.route('**/bridge/invoke', (route) => ((route.request().postData() ?? '').includes('"reorder.lowStock"') ? void held.push(route) : route.continue()));
    await openLowStock();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const empty = page.getByTestId('lowstock-empty');
    expect(await empty.innerText()).toBe('Betöltés…');
    expect(await page.getByTestId('lowstock-rules-at').count()).toBe(0);
    for (const route of held) await route.continue();
    await page.unroute('**/bridge/invoke');
    await expect.poll(() => empty.innerText()).toMatch(/Még nincs minimumszint beállítva/);
    expect(await page.getByTestId('lowstock-rules-at').innerText()).toMatch(/A minimumszinteket utoljára .* olvastuk be a szerverről/);
    expect(await page.getByTestId('lowstock-help').innerText()).toMatch(/Elérhető = raktáron − véglegesített rendelések foglalása \+ nyitott beszerzési/);

    // The rule, through the dialog: the product by its code, Budapest, minimum 10, reorder 15 (typed with a decimal comma), the supplier.
    await page.getByTestId('lowstock-add-rule').click();
    await page.getByTestId('rule-product-search').fill(BOSCH);
    await page.getByTestId('rule-product-search').press('Enter');
    await page.getByTestId('rule-product').waitFor();
    await page.getByTestId('rule-warehouse').selectOption(BUDAPEST);
    await page.getByTestId('rule-min').fill('10');
    await page.getByTestId('rule-reorder').fill('15,5');
    await page.getByTestId('rule-supplier').fill('Tisza');
    await page.getByRole('option', { name: new RegExp(SUPPLIER) }).first().click();
    await screenshot(page, 'hu-reorder-rule');
    await page.getByTestId('rule-save').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await eventually(async () => (await desk.srv.server.ok('getReorderRules', { product_id: bosch })).rules[0], { what: 'the rule at the server', timeoutMs: 60_000 });
    const rule = (await desk.srv.server.ok('getReorderRules', { product_id: bosch })).rules[0]!;
    expect(rule).toMatchObject({ warehouse: BUDAPEST, min_quantity: 10, reorder_quantity: 15.5, incoming: 0 });
    expect(rule.supplier!.name).toMatch(SUPPLIER);
    // 12 on hand in Budapest: not below 10.
    await expect.poll(() => page.getByTestId('lowstock-empty').innerText(), { timeout: 30_000 }).toMatch(/Semmi sincs a minimumszint alatt/);

    // Wasting 5 (as the product panel's stock dialog does): 7 left, below the minimum.
    const contactId = desk.srv.server.account.supplierContactId;
    await desk.stack.invoke('stock.adjust', { productId: bosch, warehouse: BUDAPEST, stockLabel: 'A-02', quantity: -5, contactId });
    const row = page.getByTestId(`lowstock-row-${bosch}`);
    await row.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId(`lowstock-onhand-${bosch}`).innerText()).toBe('7');
    expect(await page.getByTestId(`lowstock-available-${bosch}`).innerText()).toMatch(/^7 db$/);
    expect(await page.getByTestId(`lowstock-suggested-${bosch}`).innerText()).toBe('15,5');
    expect(await row.innerText()).toMatch(BUDAPEST);
    await eventually(async () => (await desk.srv.server.ok('getQuantity', { product_id: bosch, warehouse: BUDAPEST, stock_label: 'A-02' })).quantities[0]!.deliverable === 7, { what: 'the wasting at the server', timeoutMs: 60_000 });

    // Tick it: the rule's supplier and warehouse are proposed; order 20 instead of the suggestion.
    await page.getByTestId(`lowstock-pick-${bosch}`).check();
    await page.getByTestId(`lowstock-qty-${bosch}`).fill('20');
    expect(await page.getByTestId('lowstock-warehouse').inputValue()).toBe(BUDAPEST);
    expect(await page.getByTestId('lowstock-supplier').inputValue()).toMatch(SUPPLIER);
    await screenshot(page, 'hu-low-stock');
    await page.getByTestId('lowstock-create').click();
    const status = page.getByTestId('po-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    const text = await status.innerText();
    const code = /PO-\d{4}-\d{6}/.exec(text)?.[0];
    expect(text).toMatch(/A szerver visszaigazolta: PO-\d{4}-\d{6} beszerzési rendelés/);
    expect(code).toBeDefined();

    // At the server: exactly one such order, its line, and the rule counting it as incoming.
    const open = await desk.srv.server.ok('getPOs', { status: 'open' });
    const mine = open.purchase_orders.filter((p) => p.project_code === code);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ warehouse: BUDAPEST, outstanding: 20 });
    expect(mine[0]!.supplier.name).toMatch(SUPPLIER);
    const po = await desk.srv.server.ok('getPO', { project_code: code! });
    expect(po.lines.map((l) => [l.product_id, l.quantity, l.received_quantity])).toEqual([[bosch, 20, 0]]);
    expect((await desk.srv.server.ok('getReorderRules', { product_id: bosch })).rules[0]!.incoming).toBe(20);
    // 7 on hand + 20 incoming: no longer low.
    await expect.poll(() => page.getByTestId('lowstock-empty').isVisible(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'hu-low-stock-ordered');
    const outbox = await desk.stack.invoke('outbox.list', { states: ['done'] });
    expect(outbox.filter((e) => e.method === 'setPurchaseOrder')).toHaveLength(1);
  });

  it('in English: the list with a product below its minimum', async () => {
    // A second product below a rule over all warehouses, to show the screen in English.
    const other = (await desk.stack.invoke('products.lookup', { code: 'SD-1006' }))!;
    await desk.stack.invoke('reorder.setRule', { productId: other.id, warehouse: '', min: 50, reorder: 30, supplierId: null, remove: false });
    await desk.stack.invoke('settings.update', { language: 'en' });
    await page.reload();
    await openLowStock();
    const row = page.getByTestId(`lowstock-row-${other.id}`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toMatch(/All warehouses/);
    // 40 on hand over all warehouses, minimum 50: the reorder quantity 30 is more than the 10 missing.
    expect(await page.getByTestId(`lowstock-available-${other.id}`).innerText()).toMatch(/^40 db$/);
    expect(await page.getByTestId(`lowstock-suggested-${other.id}`).innerText()).toBe('30');
    expect(await page.getByTestId(`lowstock-qty-${other.id}`).inputValue()).toBe('30');
    expect(await page.getByTestId('lowstock-help').innerText()).toMatch(/Available = on hand − reserved by finalized orders \+ still to come/);
    await screenshot(page, 'en-low-stock');
    await page.getByTestId(`lowstock-edit-${other.id}`).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'en-reorder-rule');
    await page.keyboard.press('Escape');
    // The product's panel shows its minimum levels too.
    await page.getByRole('link', { name: /^Products/ }).click();
    await page.getByTestId('product-search').fill('SD-1006');
    await expect.poll(() => page.getByTestId('product-list').getAttribute('data-total'), { timeout: 30_000 }).toBe('1');
    await page.locator(`[data-testid="product-list"] [data-product-id="${other.id}"]`).click();
    const rules = page.getByTestId('product-rules');
    await expect.poll(() => rules.innerText(), { timeout: 30_000 }).toMatch(/All warehouses: minimum 50, reorder 30/);
    await screenshot(page, 'en-product-rules');
  });
});
