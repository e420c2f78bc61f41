/**
 * Backups and restore as a clerk meets them (issue 19, "The desk's data is safe"), in Chromium
 * against the real core and a real server: offline, the clerk books two take-ins and makes a backup
 * in Settings; online, both reach the server; the mirror file is damaged and the desk restarted; the
 * desk starts empty and says so; the clerk restores the backup after seeing what it holds; the
 * restored outbox sends both again with their request_ids — and the server, by its own database,
 * applied each exactly once.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChannelName, RequestOf, ResultOf } from '@shared/ipc/channels';
import { startWebHarness, type WebHarness } from '@main/web/harness';
import { DEMO_KEYS } from '../helpers/server';
import { eventually, launchBrowser, screenshot, startRestartableServer, type Browser, type RestartableServer } from './helpers';
import { adjustPaint, PAINT as DEMO_PAINT } from './productScreen';

// Demo product 48: 21 in Default bin B-03.
const PAINT = DEMO_PAINT.code;

let srv: RestartableServer;
let harness: WebHarness;
let browser: Browser & { errors: string[] };
let page: Page;
let dataDir: string;
let paint = 0;
let backupName = '';
const logs: string[] = [];

const testId = (id: string) => page.getByTestId(id);

async function invoke<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>> {
  const r = await harness.invoke(channel, request);
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.result as ResultOf<C>;
}

/** The desk (harness + core) on the same data folder, as a restart of the app finds it. */
async function startDesk(o: { server?: string; keys?: boolean } = {}) {
  harness = await startWebHarness({ dataDir, server: o.server, log: (m) => logs.push(m) });
  // Signed in before the page loads, as openDesk does: the status bar reads the settings once.
  if (o.keys) await invoke('settings.setCredentials', { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key });
  await page.goto(harness.url);
  await testId('sb-connection').waitFor();
}

/** What the server itself holds for the paint in Default, bin B-03. */
async function serverStock(): Promise<number> {
  const r = await srv.server.ok('getQuantities', { product_ids: [paint] });
  return r.stock.find((s) => s.warehouse === 'Default' && s.stock_label === 'B-03')?.deliverable ?? 0;
}

/** The server's own ledger: stock moves of the paint. */
async function serverMoves(): Promise<number> {
  return Number((await srv.server.app.store.get<{ n: number | string }>('SELECT count(*) AS n FROM stock_moves WHERE product_id = ?', [paint]))!.n);
}

async function open(key: string, heading: RegExp | string) {
  await page.keyboard.press(key);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function openSettings(heading: string) {
  await page.getByRole('link', { name: /Beállítások|Settings/ }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await testId('backup-panel').waitFor();
}

async function connection(): Promise<string> {
  return (await testId('sb-connection').getAttribute('class')) ?? '';
}

const takeIn = (quantity: number) => adjustPaint(page, { productId: paint, kind: 'takeIn', quantity, warehouse: 'Default', label: 'B-03' });

async function drained() {
  const s = await invoke('sync.status', {});
  return s.online && s.outbox.queued === 0 && s.outbox.inFlight === 0 && s.outbox.needsAttention === 0;
}

beforeAll(async () => {
  srv = await startRestartableServer();
  dataDir = mkdtempSync(join(tmpdir(), 'stockdesk-e2e-backup-'));
  browser = await launchBrowser();
  page = browser.page;
  await startDesk({ server: srv.url, keys: true });
  await eventually(async () => (await invoke('sync.status', {})).mirrored, { timeoutMs: 60_000, what: 'the first mirror pull' });
  paint = (await invoke('products.lookup', { code: PAINT }))!.id;
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  await srv?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('backup → damage → restore: nothing is lost and nothing is applied twice', () => {
  it('offline, the clerk books two take-ins (5 and 2 into Default B-03) and backs up in Settings', async () => {
    expect(await serverStock()).toBe(21);
    await srv.stop();
    await open('F8', /Szinkronizálás|Sync centre/);
    await testId('sync-now').click();
    await eventually(async () => (await connection()).includes('offline'), { what: 'the offline status' });
    await takeIn(5);
    await takeIn(2);
    await expect.poll(() => testId('sb-outbox').innerText()).toBe('Küldésre vár: 2');

    await openSettings('Beállítások');
    await testId('backup-create').click();
    await testId('backup-created').waitFor();
    const row = page.locator('[data-testid="backup-list"] tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('2 el nem küldött, 0 elutasított');
    expect(await row.innerText()).toContain('Kézi');
    backupName = (await row.getAttribute('data-name')) ?? '';
    expect(backupName).toMatch(/^mirror-\d{8}T\d{9}Z-manual\.db$/);
    await testId('backup-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-backup-list');
  });

  it('online, both reach the server once', async () => {
    await srv.start();
    await open('F8', /Szinkronizálás|Sync centre/);
    await testId('sync-now').click();
    await eventually(drained, { timeoutMs: 60_000, what: 'the outbox to drain' });
    expect(await serverStock()).toBe(28);
  });

  it('the mirror file is damaged while the desk is closed; restarted, the desk starts empty and says what happened', async () => {
    const movesAfterDrain = await serverMoves();
    // The app closes its window with its core. A page left open on the closed harness would retry
    // the events socket against a closed port every half second, and Chromium logs each refusal as
    // a console error (stop 27's fifth local PostgreSQL pass failed on two of them).
    await page.goto('about:blank');
    await harness.close();
    // Overwrite the first page (the header and the schema) with garbage.
    const fd = openSync(join(dataDir, 'mirror.db'), 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 0);
    closeSync(fd);
    await startDesk();
    // The start screen says what happened and leads to the backups.
    const notice = testId('first-run-damaged');
    expect(await notice.innerText()).toMatch(/A gép adatai nem voltak olvashatók/);
    await notice.getByRole('link', { name: 'Biztonsági mentések' }).click();
    await page.getByRole('heading', { level: 1, name: 'Beállítások' }).waitFor();
    await testId('backup-panel').waitFor();
    await expect.poll(() => testId('backup-damaged').innerText()).toMatch(/^A gép adatai nem voltak olvashatók.*damaged-\d{8}T\d{9}Z\.db/);
    expect((await invoke('settings.get', {})).serverUrl).toBeNull();
    expect(await serverMoves()).toBe(movesAfterDrain);
  });

  it('the restore dialog shows what the backup holds before the clerk confirms', async () => {
    const row = page.locator(`[data-testid="backup-list"] tbody tr[data-name="${backupName}"]`);
    await row.getByTestId('backup-restore').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('restore-dialog').waitFor();
    expect(await dialog.getByTestId('restore-unsent').innerText()).toBe('El nem küldött módosítások: 2');
    expect(await dialog.getByTestId('restore-refused').innerText()).toBe('A szerver által elutasított, Önre váró módosítások: 0');
    expect(await dialog.innerText()).toContain('nem könyveli kétszer');
    await screenshot(page, 'hu-backup-restore-dialog');
  });

  it('restored, the outbox sends both again with their request_ids, and the server applied each exactly once', async () => {
    const movesBefore = await serverMoves();
    const backup = new Database(join(dataDir, 'backups', backupName), { readonly: true });
    const requestIds = (backup.prepare("SELECT request_id FROM outbox WHERE state IN ('queued', 'retry_wait', 'in_flight') ORDER BY id").all() as Array<{ request_id: string }>).map((r) => r.request_id);
    backup.close();
    expect(requestIds).toHaveLength(2);

    await page.getByRole('dialog').getByRole('button', { name: 'Visszaállítás' }).click();
    await testId('backup-restored').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await testId('backup-damaged').count())).toBe(0);
    expect((await invoke('settings.get', {})).serverUrl).toBe(srv.url);
    await eventually(drained, { timeoutMs: 60_000, what: 'the restored outbox to drain' });
    const done = await invoke('outbox.list', { states: ['done'] });
    expect(done.filter((e) => e.summaryData?.kind === 'takeIn').length).toBeGreaterThanOrEqual(2);

    // The server's own state: stock moved by 7 once, no new ledger lines, one stored answer per request_id.
    expect(await serverStock()).toBe(28);
    expect(await serverMoves()).toBe(movesBefore);
    const stored = await srv.server.app.store.all<{ request_id: string; n: number | string }>(`SELECT request_id, count(*) AS n FROM idempotency WHERE request_id IN (${requestIds.map(() => '?').join(', ')}) GROUP BY request_id`, requestIds);
    expect(stored.map((r) => Number(r.n))).toEqual([1, 1]);
    // The desk agrees with the server.
    await eventually(async () => {
      const p = await invoke('products.get', { id: paint });
      return p?.quantities.find((q) => q.warehouse === 'Default' && q.stockLabel === 'B-03')?.deliverable === 28;
    }, { what: 'the desk to show 28 in B-03' });
    // The damaged file was kept, and the mirror it replaced was the empty one.
    const list = await invoke('backup.list', {});
    expect(list.damagedMirror).toBeNull();
    expect(list.backups.map((b) => b.reason)).toContain('restore');
    expect(browser.errors).toEqual([]);
  });

  it('en: the backup list and the restore dialog', async () => {
    await testId('settings-language').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const row = page.locator(`[data-testid="backup-list"] tbody tr[data-name="${backupName}"]`);
    expect(await row.innerText()).toContain('2 unsent, 0 refused');
    expect(await row.innerText()).toContain('By hand');
    await testId('backup-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'en-backup-list');
    await row.getByTestId('backup-restore').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('restore-unsent').innerText()).toBe('Changes not yet sent: 2');
    await screenshot(page, 'en-backup-restore-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('exports a support bundle from Settings, without keys or customer names', async () => {
    await testId('support-export').click();
    const saved = await testId('support-saved').innerText();
    const path = /^Saved: (.+\.tar\.gz)$/.exec(saved)?.[1] ?? '';
    expect(path.startsWith(join(dataDir, 'support'))).toBe(true);
    const text = gunzipSync(readFileSync(path)).toString('utf8');
    expect(text).toContain('outbox.json');
    expect(text).toContain('logs/core.log');
    const names = (await srv.server.app.store.all<{ name: string }>('SELECT name FROM contacts')).map((r) => r.name);
    for (const word of [DEMO_KEYS.api_key, DEMO_KEYS.session_key, ...names]) expect(text, `the bundle must not contain “${word}”`).not.toContain(word);
    await invoke('settings.update', { language: 'hu' });
  });

  // A clerk's day found the backup panel saying the core's English (and Node's ENOENT) on a Hungarian screen.
  it('hu: a copy to the clerk’s folder that failed, and a backup that cannot be read, are said in Hungarian', async () => {
    // The folder dialog cannot run in a browser; the core takes the folder exactly as the dialog's answer would give it.
    const share = mkdtempSync(join(tmpdir(), 'stockdesk-e2e-share-'));
    await invoke('backup.configure', { extraDir: share });
    rmSync(share, { recursive: true, force: true });
    writeFileSync(join(dataDir, 'backups', 'mirror-20261120T090000000Z-manual.db'), Buffer.alloc(8192, 0x5a));
    await page.reload();
    await openSettings('Beállítások');
    await testId('backup-create').click();
    await testId('backup-created').waitFor();
    const copyFailed = await testId('backup-extra-error').innerText();
    expect(copyFailed).toBe(`A saját mappába másolás nem sikerült: ${share}: a mappa nincs meg, vagy nem érhető el.`);
    const unreadable = page.locator('[data-testid="backup-list"] tbody tr[data-name="mirror-20261120T090000000Z-manual.db"]').getByTestId('backup-unreadable');
    expect(await unreadable.innerText()).toBe('Nem olvasható');
    expect(await unreadable.getAttribute('title')).toBe('Ez a mentés nem nyitható meg.');
    // The core's own state: the backup was made in the data folder, the copy's failure is remembered.
    const list = await invoke('backup.list', {});
    expect(list.extraError).toContain(share);
    expect(list.backups.find((b) => b.name === 'mirror-20261120T090000000Z-manual.db')?.problem).toBeTruthy();
    await testId('backup-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'hu-backup-copy-failed');
    await testId('settings-language').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await testId('backup-extra-error').innerText()).toBe(`The copy to your own folder failed: ${share}: the folder is not there or cannot be reached.`);
    await screenshot(page, 'en-backup-copy-failed');
    await testId('settings-language').selectOption('hu');
    await invoke('backup.configure', { extraDir: null });
    expect(browser.errors).toEqual([]);
  });
});
