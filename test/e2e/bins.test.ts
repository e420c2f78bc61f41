/**
 * Bins (stock labels) in the desk's stock model, in Hungarian, on two harness desks against one
 * server: a desk never derives a bin's quantity from the warehouse total the server answers with,
 * a count's conflict states the server's own figure for that bin, take-in shows and offers the
 * bins a product is kept in, and a whole-warehouse count lists product × bin lines and posts each
 * difference to its bin. Every step is checked on screen and at the server through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_KEYS } from '../helpers/server';
import { eventually, launchBrowser, scan, screenshot, startRestartableServer, startStack, waitForMirror, type Browser, type RestartableServer, type Stack } from './helpers';

const BUDAPEST = 'Budapest Raktár';
const DEFAULT = 'Default';
const LADDER = 'SD-1023'; // Alumínium létra: none in Default, 39 in Budapest bin B-01
const BOSCH = 'SD-1002'; // Bosch GSB 13 RE: 12 in Budapest bin A-02
const STANLEY = 'SD-1011'; // Stanley FatMax: 35 in Budapest bin A-01, nothing unbinned
const SUPPLIER = 'Polska';

let srv: RestartableServer;
let deskA: Stack;
let deskB: Stack;
let browser: Browser & { errors: string[] };
let a: Page;
let b: Page;
const ids = { ladder: 0, bosch: 0, stanley: 0 };

/** The server's own figure for one bin: getQuantity with stock_label; without a bin, getQuantities' unlabelled row. */
async function serverBin(productId: number, warehouse: string, bin: string): Promise<number> {
  if (bin) {
    const r = await srv.server.ok('getQuantity', { product_id: productId, warehouse, stock_label: bin });
    return r.quantities[0]?.deliverable ?? 0;
  }
  const r = await srv.server.ok('getQuantities', { product_ids: [productId] });
  return r.stock.find((s) => s.warehouse === warehouse && s.stock_label === '')?.deliverable ?? 0;
}

async function serverTotal(productId: number, warehouse: string): Promise<number> {
  return (await srv.server.ok('getQuantity', { product_id: productId, warehouse })).quantities[0]?.deliverable ?? 0;
}

async function open(page: Page, key: string, heading: RegExp | string) {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function pickContact(page: Page, input: string, name: string) {
  await page.getByTestId(input).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).first().click();
}

/** Builds a take-in receipt on a desk's screen: warehouse, bin, supplier, one scanned product with its quantity. */
async function fillTakeIn(page: Page, o: { warehouse: string; bin: string; code: string; productId: number; quantity: number }) {
  await open(page, 'F2', 'Bevételezés');
  await page.getByTestId('takein-warehouse').selectOption(o.warehouse);
  await page.getByTestId('takein-label').fill(o.bin);
  await pickContact(page, 'takein-supplier', SUPPLIER);
  await page.getByTestId('scan-input').click();
  await scan(page, o.code);
  const qty = page.locator(`[data-testid="takein-lines"] tr[data-product-id="${o.productId}"] input`).first();
  await qty.fill(String(o.quantity));
  await expect.poll(() => qty.inputValue()).toBe(String(o.quantity));
}

/** Every text the posted panel's stock cell shows from now on, so a figure that flashes by is caught too. */
async function recordPostedStock(page: Page, productId: number) {
  await page.evaluate((id) => {
    const w = window as unknown as { __seen: string[] };
    w.__seen = [];
    const note = () => {
      const el = document.querySelector(`[data-testid="takein-posted"] [data-testid="stock-${id}"]`);
      if (el) w.__seen.push((el as HTMLElement).innerText.trim());
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, productId);
}

const seenTexts = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

beforeAll(async () => {
  srv = await startRestartableServer();
  const keys = { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key };
  [deskA, deskB] = await Promise.all([startStack({ serverUrl: srv.url, keys }), startStack({ serverUrl: srv.url, keys })]);
  await Promise.all([waitForMirror(deskA), waitForMirror(deskB)]);
  ids.ladder = (await deskA.invoke('products.lookup', { code: LADDER }))!.id;
  ids.bosch = (await deskA.invoke('products.lookup', { code: BOSCH }))!.id;
  ids.stanley = (await deskA.invoke('products.lookup', { code: STANLEY }))!.id;
  browser = await launchBrowser();
  a = browser.page;
  b = await browser.context.newPage();
  await a.goto(deskA.harness.url);
  await b.goto(deskB.harness.url);
  await a.getByTestId('sb-connection').waitFor();
  await b.getByTestId('sb-connection').waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await deskA?.close();
  await deskB?.close();
  await srv?.close();
});

describe('két pult, egy szerver: egy raktárhely készletét a pult sosem a raktár összesből számolja', () => {
  it('a demó adatai: Bosch 12 az A-02-n, Stanley 35 az A-01-en, létra a Default raktárban nincs', async () => {
    expect(await serverBin(ids.bosch, BUDAPEST, 'A-02')).toBe(12);
    expect(await serverBin(ids.bosch, BUDAPEST, '')).toBe(0);
    expect(await serverBin(ids.stanley, BUDAPEST, 'A-01')).toBe(35);
    expect(await serverTotal(ids.ladder, DEFAULT)).toBe(0);
  });

  it('„B” pult 31 létrát vesz be a Default raktár X raktárhelyére', async () => {
    await fillTakeIn(b, { warehouse: DEFAULT, bin: 'X', code: LADDER, productId: ids.ladder, quantity: 31 });
    await b.keyboard.press('Control+Enter');
    await b.getByTestId('takein-posted').waitFor();
    await eventually(async () => (await serverBin(ids.ladder, DEFAULT, 'X')) === 31, { what: 'desk B’s take-in at the server' });
    await expect.poll(() => b.getByTestId('takein-posted').getByTestId(`stock-${ids.ladder}`).innerText(), { timeout: 30_000 }).toBe('31');
  });

  it('„A” pult (X-ről nem tud) 5 létrát vesz be raktárhely nélkül: 5-öt mutat, nem 36-ot, és nem villan fel a régi 0', async () => {
    await fillTakeIn(a, { warehouse: DEFAULT, bin: '', code: LADDER, productId: ids.ladder, quantity: 5 });
    await recordPostedStock(a, ids.ladder);
    await a.keyboard.press('Control+Enter');
    const posted = a.getByTestId('takein-posted');
    await posted.waitFor();
    await eventually(async () => (await serverBin(ids.ladder, DEFAULT, '')) === 5, { what: 'desk A’s take-in at the server' });
    expect(await serverBin(ids.ladder, DEFAULT, 'X')).toBe(31);
    expect(await serverTotal(ids.ladder, DEFAULT)).toBe(36);
    // The server answered with the total 36; the desk must show the unbinned 5 and X's 31 apart.
    await expect.poll(() => posted.getByTestId(`stock-${ids.ladder}`).innerText(), { timeout: 30_000 }).toBe('5');
    await expect.poll(() => posted.getByTestId(`bins-${ids.ladder}`).innerText()).toMatch(/X: 31/);
    await expect.poll(() => posted.getByTestId('takein-posted-notice').innerText()).toMatch(/A szerver megerősítette/);
    await screenshot(a, 'hu-bins-takein-posted');
    // Never the stock from before the post without its pending part ("0"), never the total.
    expect((await seenTexts(a)).filter((x) => x === '0' || x.startsWith('36'))).toEqual([]);
  });

  it('„A” pult a Default teljes raktárát leltározza: a létra raktárhelyenként külön sorban, a valós várt mennyiséggel', async () => {
    await open(a, 'F4', 'Leltár');
    await a.getByTestId('count-warehouse').selectOption(DEFAULT);
    await a.getByTestId('count-label').fill('');
    await a.getByTestId('count-start').click();
    await a.getByRole('heading', { level: 1, name: `Leltár: ${DEFAULT}` }).waitFor();
    const line = (bin: string) => a.locator(`[data-testid="count-table"] [data-product-id="${ids.ladder}"][data-bin="${bin}"]`);
    await expect.poll(() => line('').locator('[role="cell"]').nth(5).innerText()).toBe('5');
    await expect.poll(() => line('X').locator('[role="cell"]').nth(5).innerText()).toBe('31');
    expect(await a.getByTestId(`bin-${ids.ladder}`).innerText()).toBe('raktárhely nélkül');
    await a.getByTestId(`counted-${ids.ladder}`).fill('4');
    await a.getByTestId(`counted-${ids.ladder}`).press('Enter');
    await expect.poll(() => a.getByTestId(`diff-${ids.ladder}`).innerText()).toBe('-1');
    await a.getByTestId(`counted-${ids.ladder}-X`).fill('30');
    await a.getByTestId(`counted-${ids.ladder}-X`).press('Enter');
    await expect.poll(() => a.getByTestId(`diff-${ids.ladder}-X`).innerText()).toBe('-1');
  });

  it('közben „B” pult még 3 létrát vesz be raktárhely nélkül; „A” könyvel: az ütközés a szerver valós 8-át mondja, a számoltra állítás elfogadva', async () => {
    await fillTakeIn(b, { warehouse: DEFAULT, bin: '', code: LADDER, productId: ids.ladder, quantity: 3 });
    await b.keyboard.press('Control+Enter');
    await eventually(async () => (await serverBin(ids.ladder, DEFAULT, '')) === 8, { what: 'desk B’s second take-in at the server' });

    await a.keyboard.press('Control+Enter');
    await pickContact(a, 'count-contact', SUPPLIER);
    await a.getByTestId('count-post-confirm').click();
    await a.getByText('Leltár könyvelve: 2 készletmozgás').waitFor();
    // The unbinned line expected 5, the server now has 8 (the X line waits behind it, same product).
    await open(a, 'F8', 'Szinkronizálás');
    const card = a.locator('[data-testid^="attention-"]').first();
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toMatch(/Nyilvántartott a leltárkor: 5, számolt: 4, a szerveren most: 8\./);
    expect(await serverBin(ids.ladder, DEFAULT, '')).toBe(8);
    await card.getByRole('button', { name: 'Beállítás a számoltra (4)' }).click();
    await eventually(async () => (await serverBin(ids.ladder, DEFAULT, '')) === 4, { what: 'apply as counted at the server' });
    await eventually(async () => (await serverBin(ids.ladder, DEFAULT, 'X')) === 30, { what: 'the X line’s difference at the server' });
    await eventually(async () => (await a.getByTestId('sb-attention').count()) === 0, { what: 'the conflict to clear' });
  });

  it('„A” pult terméklapja raktárhelyenként a szerverrel egyező készletet mutat (4 és X: 30), szinkron után is', async () => {
    await a.getByTestId('sync-now').click();
    await open(a, 'F6', 'Termékek');
    await a.getByTestId('product-search').fill('Alumínium létra');
    await a.locator(`[data-testid="product-list"] [data-product-id="${ids.ladder}"]`).click();
    const rows = a.getByTestId('product-quantities').locator('tbody tr');
    await expect.poll(async () => (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim()).filter((r) => r.startsWith('Alapértelmezett raktár'))).toEqual([
      'Alapértelmezett raktár · raktárhely nélkül 4 0 4 0',
      'Alapértelmezett raktár · X 30 0 30 0',
    ]);
    await screenshot(a, 'hu-bins-product');
  });
});

describe('bevételezés: a dátum után kézzel beírt kód nem vész el, a régi figyelmeztetés könyveléskor eltűnik', () => {
  it('ismeretlen kód figyelmeztet; a dátum után kézzel gépelt cikkszám tétel lesz; könyvelés után a figyelmeztetés eltűnik', async () => {
    const before = await serverBin(ids.ladder, DEFAULT, '');
    await open(a, 'F2', 'Bevételezés');
    await a.getByTestId('takein-warehouse').selectOption(DEFAULT);
    await a.getByTestId('takein-label').fill('');
    await pickContact(a, 'takein-supplier', SUPPLIER);
    await a.getByTestId('scan-input').click();
    await scan(a, 'NINCS-ILYEN-99');
    await a.getByText('NINCS-ILYEN-99').first().waitFor();
    // The clerk types the date from its first part, then the EAN by hand, as people type (not a scanner).
    const ean = (await deskA.invoke('products.get', { id: ids.ladder }))!.ean!;
    const date = a.getByTestId('takein-date');
    await date.click();
    await a.keyboard.type('2026. 11. 25.', { delay: 60 });
    await a.keyboard.type(ean, { delay: 60 });
    await a.keyboard.press('Enter');
    const line = a.locator(`[data-testid="takein-lines"] tr[data-product-id="${ids.ladder}"]`);
    await line.waitFor();
    expect(await line.locator('input').first().inputValue()).toBe('1');
    expect(await date.inputValue()).toBe('2026. 11. 25.');
    // Back in the date field, an item number typed by hand (it starts with letters) is not lost either.
    await date.click();
    await a.keyboard.type(LADDER, { delay: 60 });
    await a.keyboard.press('Enter');
    await expect.poll(() => line.locator('input').first().inputValue()).toBe('2');
    await a.keyboard.press('Control+Enter');
    await a.getByTestId('takein-posted').waitFor();
    await eventually(async () => (await serverBin(ids.ladder, DEFAULT, '')) === before + 2, { what: 'the hand-typed take-in at the server' });
    await expect.poll(() => a.getByText('NINCS-ILYEN-99').count()).toBe(0);
    await expect.poll(() => a.getByTestId('takein-posted-notice').innerText(), { timeout: 30_000 }).toMatch(/A szerver megerősítette: 1 készletmozgás/);
  });
});

describe('Budapest Raktár: bevételezés és teljes leltár raktárhelyekkel', () => {
  it('bevételezéskor a Bosch mellett ott a 12 az A-02-n, és a pult felkínálja az A-02-t', async () => {
    await fillTakeIn(a, { warehouse: BUDAPEST, bin: '', code: BOSCH, productId: ids.bosch, quantity: 4 });
    const lines = a.getByTestId('takein-lines');
    await expect.poll(() => lines.getByTestId(`stock-${ids.bosch}`).innerText()).toBe('0');
    await expect.poll(() => lines.getByTestId(`bins-${ids.bosch}`).innerText()).toMatch(/A-02: 12/);
    await expect.poll(() => a.getByTestId('takein-bin-suggestion').innerText()).toMatch(/A-02/);
    await a.getByTestId('suggest-bin-A-02').waitFor();
    await screenshot(a, 'hu-bins-takein');
    // This time the clerk means it: 4 without a bin (the 4 unbinned + 12 in A-02).
    await a.keyboard.press('Control+Enter');
    await a.getByTestId('takein-posted').waitFor();
    await eventually(async () => (await serverBin(ids.bosch, BUDAPEST, '')) === 4, { what: 'the Bosch take-in at the server' });
    expect(await serverBin(ids.bosch, BUDAPEST, 'A-02')).toBe(12);
    await expect.poll(() => a.getByTestId('takein-posted').getByTestId(`stock-${ids.bosch}`).innerText(), { timeout: 30_000 }).toBe('4');
  });

  it('a teljes raktár leltára termék × raktárhely sorokat mutat, és az eltérést a saját raktárhelyére könyveli', async () => {
    await open(a, 'F4', 'Leltár');
    await a.getByTestId('count-warehouse').selectOption(BUDAPEST);
    await a.getByTestId('count-label').fill('');
    await a.getByTestId('count-start').click();
    await a.getByRole('heading', { level: 1, name: `Leltár: ${BUDAPEST}` }).waitFor();
    await a.getByTestId('count-whole').waitFor();
    const expected = (id: number, bin: string) => a.locator(`[data-testid="count-table"] [data-product-id="${id}"][data-bin="${bin}"]`).locator('[role="cell"]').nth(5).innerText();
    await a.getByRole('searchbox').fill('Bosch GSB');
    await expect.poll(() => expected(ids.bosch, '')).toBe('4');
    await expect.poll(() => expected(ids.bosch, 'A-02')).toBe('12');
    await a.getByRole('searchbox').fill('FatMax');
    await expect.poll(() => expected(ids.stanley, 'A-01')).toBe('35');
    await a.getByRole('searchbox').fill('');
    // A scan of Bosch counts in its first line; typing counts the A-02 line.
    await a.getByTestId('scan-input').click();
    for (let i = 0; i < 4; i++) await scan(a, BOSCH);
    await expect.poll(() => a.getByTestId(`counted-${ids.bosch}`).inputValue()).toBe('4');
    await a.getByTestId(`counted-${ids.bosch}-A-02`).fill('11');
    await a.getByTestId(`counted-${ids.bosch}-A-02`).press('Enter');
    await expect.poll(() => a.getByTestId(`diff-${ids.bosch}-A-02`).innerText()).toBe('-1');
    await a.getByTestId(`counted-${ids.stanley}-A-01`).fill('35');
    await a.getByTestId(`counted-${ids.stanley}-A-01`).press('Enter');
    await a.getByRole('searchbox').fill('Bosch GSB');
    await screenshot(a, 'hu-bins-count-sheet');
    await a.getByRole('searchbox').fill('');
    await a.keyboard.press('Control+Enter');
    await pickContact(a, 'count-contact', SUPPLIER);
    await a.getByTestId('count-post-confirm').click();
    await a.getByText('Leltár könyvelve: 1 készletmozgás').waitFor();
    await eventually(async () => (await serverBin(ids.bosch, BUDAPEST, 'A-02')) === 11, { what: 'the A-02 difference at the server' });
    expect(await serverBin(ids.bosch, BUDAPEST, '')).toBe(4);
    expect(await serverTotal(ids.bosch, BUDAPEST)).toBe(15);
    expect(await serverBin(ids.stanley, BUDAPEST, 'A-01')).toBe(35);
  });

  it('ugyanez angolul: a leltárlap raktárhelyekkel', async () => {
    await a.getByRole('link', { name: /Beállítások|Settings/ }).click();
    await a.getByTestId('settings-language').selectOption('en');
    await a.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await deskA.invoke('sync.now', {});
    await open(a, 'F4', 'Stock count');
    await a.getByTestId('count-warehouse').selectOption(BUDAPEST);
    await a.getByTestId('count-start').click();
    await a.getByRole('heading', { level: 1, name: `Stock count: ${BUDAPEST}` }).waitFor();
    await a.getByRole('searchbox').fill('Bosch GSB');
    await expect.poll(() => a.getByTestId(`bin-${ids.bosch}`).innerText()).toBe('no bin');
    await a.getByTestId(`counted-${ids.bosch}-A-02`).fill('11');
    await a.getByTestId(`counted-${ids.bosch}-A-02`).press('Enter');
    await screenshot(a, 'en-bins-count-sheet');
    // Take-in in English: the other bins under the stock figure and the suggestion.
    await open(a, 'F2', 'Stock take-in');
    await a.getByTestId('takein-warehouse').selectOption(BUDAPEST);
    await a.getByTestId('takein-label').fill('');
    await a.getByTestId('scan-input').click();
    await scan(a, BOSCH);
    await expect.poll(() => a.getByTestId('takein-lines').getByTestId(`bins-${ids.bosch}`).innerText()).toMatch(/In other bins: A-02: 11/);
    await expect.poll(() => a.getByTestId('takein-bin-suggestion').innerText()).toMatch(/already kept in bins: A-02/);
    await screenshot(a, 'en-bins-takein');
    await a.getByTestId('suggest-bin-A-02').click();
    expect(await a.getByTestId('takein-label').inputValue()).toBe('A-02');
    await expect.poll(() => a.getByTestId('takein-lines').getByTestId(`stock-${ids.bosch}`).innerText()).toBe('11');
    expect(browser.errors).toEqual([]);
  });
});
