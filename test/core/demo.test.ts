import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, RequestOf, ResultOf } from '@shared/ipc/channels';
import { createCore, type Core } from '@main/core/core';
import { memoryCredentialStore } from '@main/core/credentials';
import { seededRandom } from '@main/core/random';

/** The embedded demo server, and the screens' everyday calls against it. */
describe('demo.start and everyday channels', () => {
  let dir: string;
  let core: Core;
  const ok = async <C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>> => {
    const r = await core.invoke(channel, request);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.result as ResultOf<C>;
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stockdesk-demo-'));
    core = createCore({ dataDir: dir, credentialStore: memoryCredentialStore(), random: seededRandom(3) });
    await core.start();
  });
  afterAll(async () => {
    await core?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts the server on loopback, stores its keys and mirrors the demo account', async () => {
    const s = await ok('demo.start', {});
    expect(s).toMatchObject({ demo: true, hasCredentials: true });
    expect(s.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await ok('sync.now', {});
    const st = await ok('sync.status', {});
    expect(st).toMatchObject({ online: true, mirrored: true });
    expect((await ok('warehouses.list', {})).some((w) => w.name === 'Default')).toBe(true);
    expect((await ok('contacts.search', { query: '', kind: 'supplier' })).length).toBeGreaterThan(0);
  });

  it('counts by scanning, and round-trips a sheet through CSV', async () => {
    const product = (await ok('products.search', { query: '', limit: 500 })).rows.find((p) => !p.service && p.ean);
    expect(product).toBeDefined();
    const sheet = await ok('count.open', { warehouse: 'default' });
    expect(sheet.warehouse).toBe('Default');
    await ok('count.scan', { sheetId: sheet.id, code: product!.ean! });
    const scanned = await ok('count.scan', { sheetId: sheet.id, code: product!.ean! });
    expect(scanned.productId).toBe(product!.id);
    expect(scanned.sheet.lines.find((l) => l.productId === product!.id)?.counted).toBe(2);
    expect((await ok('count.scan', { sheetId: sheet.id, code: 'no-such-code' })).productId).toBeNull();
    const csv = await ok('count.exportCsv', { sheetId: sheet.id });
    expect(csv.filename).toMatch(/^count-Default-\d{4}-\d{2}-\d{2}\.csv$/);
    const edited = csv.csv.replace(new RegExp(`^(${product!.id};.*);2\\r$`, 'm'), '$1;7,5\r');
    const other = await ok('count.open', { warehouse: 'Default' });
    const imported = await ok('count.importCsv', { sheetId: other.id, csv: `${edited}999999;;;x;db;0;1\r\n` });
    expect(imported.imported).toBe(1);
    expect(imported.errors).toEqual([{ line: edited.split('\r\n').length, problem: 'unknown_product', value: '999999', message: 'no product with this id, EAN or item number' }]);
    expect(imported.sheet.lines.find((l) => l.productId === product!.id)?.counted).toBe(7.5);
    expect((await ok('count.list', {})).map((x) => x.id)).toEqual([other.id, sheet.id]);
    await ok('count.discard', { sheetId: sheet.id });
    expect(await ok('count.get', { sheetId: sheet.id })).toBeNull();
  });

  it('a sheet exported with the clerk\u2019s column titles and file name reads back through the same titles', async () => {
    const product = (await ok('products.search', { query: '', limit: 500 })).rows.find((p) => !p.service && p.ean)!;
    const sheet = await ok('count.open', { warehouse: 'Default' });
    await ok('count.scan', { sheetId: sheet.id, code: product.ean! });
    const columns = ['Termékazonosító', 'Cikkszám', 'EAN', 'Termék', 'Raktárhely', 'Egység', 'Nyilvántartott', 'Számolt'];
    const csv = await ok('count.exportCsv', { sheetId: sheet.id, columns, fileName: 'leltar' });
    expect(csv.filename).toMatch(/^leltar-Default-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.csv.split('\r\n')[0]).toBe(columns.join(';'));
    expect(csv.csv).not.toMatch(/product_id|counted/);
    // The clerk moves the counted column first, as a spreadsheet allows; the titles still say which is which.
    const rows = csv.csv.trimEnd().split('\r\n').map((r) => r.split(';'));
    const moved = rows.map((r) => [r[7], ...r.slice(0, 7)].join(';')).join('\r\n').replace(new RegExp(`^1;${product.id};`, 'm'), `4;${product.id};`);
    const other = await ok('count.open', { warehouse: 'Default' });
    const imported = await ok('count.importCsv', { sheetId: other.id, csv: moved, columns });
    expect(imported.errors).toEqual([]);
    expect(imported.imported).toBe(1);
    expect(imported.sheet.lines.find((l) => l.productId === product.id)?.counted).toBe(4);
    await ok('count.discard', { sheetId: sheet.id });
    await ok('count.discard', { sheetId: other.id });
  });

  it('keeps drafts across a restart of the core', async () => {
    await ok('drafts.set', { key: 'order:new', value: { lines: [1, 2] } });
    await core.stop();
    core = createCore({ dataDir: dir, credentialStore: memoryCredentialStore(), random: seededRandom(4) });
    await core.start();
    expect(await ok('drafts.get', { key: 'order:new' })).toEqual({ lines: [1, 2] });
    await ok('drafts.clear', { key: 'order:new' });
    expect(await ok('drafts.get', { key: 'order:new' })).toBeNull();
    // The demo server came back with the core, on a new port, with its keys.
    expect(await ok('settings.get', {})).toMatchObject({ demo: true, hasCredentials: true });
  });

  it('refuses bad requests at the boundary with field details', async () => {
    const r = await core.invoke('stock.adjust', { productId: 1, warehouse: '', quantity: 0, contactId: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('VALIDATION_ERROR');
      expect(r.error.details.map((d) => d.field).sort()).toEqual(['quantity', 'warehouse']);
    }
    expect(await core.invoke('no.such', {})).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    expect(await core.invoke('shell.print', {})).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });
});
