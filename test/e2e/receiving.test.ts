/**
 * Receiving against a purchase order on the real screen (Chromium on the browser harness, the real
 * core, a real server): part of the order received online, the rest while the server is down (queued
 * in the outbox, sent exactly once when it is back), and an order closed short after a confirmation.
 * Every step is checked on screen and at the server (getPO).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, openDesk, scan, screenshot, type Desk } from './helpers';
import { purchaseOrder } from './purchaseOrder';

let desk: Desk;
let page: Page;

const SCREEN = /^(Átvétel szkenneléssel|Receiving \(scan\))$/;

async function openScreen() {
  await page.getByRole('link', { name: SCREEN }).click();
  await page.getByRole('heading', { level: 1, name: SCREEN }).waitFor();
}

const serverPO = (code: string) => desk.srv.server.ok('getPO', { project_code: code });
const lineAt = (po: Awaited<ReturnType<typeof serverPO>>, id: number) => po.lines.find((l) => l.product_id === id)!;
const cell = (what: string, id: number) => page.getByTestId(`receiving-${what}-${id}`).innerText();

async function setQty(id: number, qty: number) {
  const q = page.getByTestId(`receiving-qty-${id}`);
  await q.fill(String(qty));
  await expect.poll(() => q.inputValue()).toBe(String(qty));
}

beforeAll(async () => {
  desk = await openDesk({ language: 'hu' });
  page = desk.page;
}, 180_000);

afterAll(async () => {
  await desk?.close();
});

describe('áruátvétel beszerzési rendelésre (hu)', () => {
  let a = 0;
  let b = 0;
  let code = '';
  let poId = 0;

  it('részátvétel online: a beolvasás a várt sorokra számít, a többlet és az idegen termék figyelmeztet', async () => {
    const made = await purchaseOrder(desk, [{ code: 'RCV-A', name: 'Raklapfólia 500 mm', qty: 10 }, { code: 'RCV-B', name: 'Hullámkarton doboz', qty: 4 }]);
    [a, b] = made.ids as [number, number];
    code = made.code;
    poId = made.po;
    await openScreen();
    await page.getByTestId(`receiving-pick-${poId}`).click();
    await page.getByTestId('receiving-order').waitFor();
    expect(await page.getByTestId('receiving-order-status').innerText()).toBe('Nyitott');
    expect(await cell('remaining', a)).toBe('10');

    await page.getByTestId('scan-input').click();
    await scan(page, 'RCV-A');
    await page.getByTestId(`receiving-qty-${a}`).waitFor();
    await scan(page, 'RCV-A');
    await expect.poll(() => page.getByTestId(`receiving-qty-${a}`).inputValue()).toBe('2');
    await scan(page, 'RCV-B');
    await page.getByTestId(`receiving-qty-${b}`).waitFor();
    // A product that is not on the order is warned about and not counted.
    await scan(page, 'SD-1002');
    await expect.poll(() => page.getByTestId('receiving-warning').innerText()).toMatch(/nem szerepel a\(z\) PO-/);
    // Over-receipt: warned, and nothing is sent while it stands.
    await setQty(b, 5);
    await expect.poll(() => page.getByTestId('receiving-over').innerText()).toMatch(/Több Hullámkarton doboz.*hátralévő: 4/);
    expect(await page.getByTestId(`receiving-line-${b}`).innerText()).toMatch(/1 többlet/);
    await page.getByTestId('receiving-post').click();
    expect(await page.getByTestId('receiving-status').count()).toBe(0);
    await screenshot(page, 'hu-receiving-over');
    await setQty(b, 1);
    await setQty(a, 6);
    await page.getByTestId(`receiving-batch-${a}`).fill('L-77');
    await page.getByTestId(`receiving-expiry-${a}`).fill('2027. 03. 31.');
    await page.getByTestId('receiving-bin').fill('A-01');
    expect(await cell('scanned', a)).toBe('6');
    await screenshot(page, 'hu-receiving-scanned');
    await page.getByTestId('receiving-post').click();
    const status = page.getByTestId('receiving-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    expect(await status.innerText()).toMatch(/A szerver megerősítette/);

    // The server: per-line received, partially received, the goods in bin A-01 with their batch.
    const po = await serverPO(code);
    expect(po.receiving_status).toBe('partially_received');
    expect(lineAt(po, a)).toMatchObject({ received_quantity: 6, remaining: 4 });
    expect(lineAt(po, b)).toMatchObject({ received_quantity: 1, remaining: 3 });
    expect((await desk.srv.server.ok('getQuantity', { product_id: a, warehouse: 'Default', stock_label: 'A-01' })).quantities[0]!.deliverable).toBe(6);
    // The screen follows the server's figures.
    await expect.poll(() => cell('received', a), { timeout: 30_000 }).toBe('6');
    expect(await cell('remaining', a)).toBe('4');
    expect(await cell('remaining', b)).toBe('3');
    expect(await page.getByTestId('receiving-order-status').innerText()).toBe('Részben beérkezett');
    await screenshot(page, 'hu-receiving-partial');
  });

  it('a maradék a szerver leállása alatt: a kimenő sorban vár, a képernyő sorban lévőként mutatja, majd pontosan egyszer teljesül', async () => {
    await desk.srv.stop();
    await page.getByTestId('scan-input').click();
    await scan(page, 'RCV-A');
    await page.getByTestId(`receiving-qty-${a}`).waitFor();
    await scan(page, 'RCV-B');
    await page.getByTestId(`receiving-qty-${b}`).waitFor();
    await setQty(a, 4);
    await setQty(b, 3);
    await page.getByTestId('receiving-post').click();
    const status = page.getByTestId('receiving-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('queued');
    expect(await status.innerText()).toMatch(/Az átvétel rögzítve/);
    // The mirror: the order's lines show the queued receipt, the stock shows it pending.
    await expect.poll(() => cell('pending', a), { timeout: 30_000 }).toBe('4');
    expect(await cell('remaining', a)).toBe('0');
    expect(await cell('remaining', b)).toBe('0');
    const mirrored = (await desk.stack.invoke('products.get', { id: a }))!.quantities;
    expect(mirrored.find((q) => q.warehouse === 'Default' && q.stockLabel === 'A-01')).toMatchObject({ deliverable: 10, pendingLocal: 4 });
    await expect.poll(() => page.getByTestId('receiving-offline').count(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, 'hu-receiving-offline-queued');

    await desk.srv.start();
    await desk.stack.invoke('sync.now', {}).catch(() => undefined);
    await eventually(async () => (await serverPO(code)).receiving_status === 'received', { what: 'the rest received at the server', timeoutMs: 60_000 });
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    const po = await serverPO(code);
    expect(po.status).toBe('received');
    expect(lineAt(po, a)).toMatchObject({ received_quantity: 10, remaining: 0 });
    expect(lineAt(po, b)).toMatchObject({ received_quantity: 4, remaining: 0 });
    // Exactly once: 10 of a arrived in all, in two receipts.
    expect(po.receipts.filter((r) => r.product_id === a).map((r) => r.quantity)).toEqual([6, 4]);
    expect((await desk.srv.server.ok('getQuantity', { product_id: a, warehouse: 'Default', stock_label: 'A-01' })).quantities[0]!.deliverable).toBe(10);
    // The screen: the order has left the open list.
    await expect.poll(() => page.getByTestId('receiving-finished').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('receiving-orders').innerText()).not.toContain(code);
    await screenshot(page, 'hu-receiving-done');
  });

  it('angolul (en): a rendelés lezárása hiánnyal, megerősítés után', async () => {
    await desk.stack.invoke('settings.update', { language: 'en' });
    const made = await purchaseOrder(desk, [{ code: 'RCV-C', name: 'Stretch film 23 my', qty: 5 }]);
    const [c] = made.ids as [number];
    await page.reload();
    await openScreen();
    await page.getByTestId('receiving-orders').waitFor();
    await screenshot(page, 'en-receiving-orders');
    // The order's code scanned picks it.
    await page.getByTestId('scan-input').click();
    await scan(page, made.code);
    await page.getByTestId('receiving-order').waitFor();
    await scan(page, 'RCV-C');
    await scan(page, 'RCV-C');
    await expect.poll(() => page.getByTestId(`receiving-qty-${c}`).inputValue()).toBe('2');
    await screenshot(page, 'en-receiving-scanned');
    await page.getByTestId('receiving-close').click();
    await expect.poll(() => page.getByTestId('receiving-close-missing').innerText()).toMatch(/Not delivered: 3 × Stretch film 23 my/);
    await screenshot(page, 'en-receiving-close-confirm');
    await page.getByTestId('receiving-close-confirm').click();
    const status = page.getByTestId('receiving-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    const po = await serverPO(made.code);
    expect(po.receiving_status).toBe('closed_short');
    expect(po.lines[0]).toMatchObject({ quantity: 5, received_quantity: 2, remaining: 0 });
    await expect.poll(() => page.getByTestId('receiving-finished').innerText(), { timeout: 30_000 }).toMatch(/no longer open/);
    await screenshot(page, 'en-receiving-closed');
  });
});
