import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAttachments } from '@server/repos/attachments';
import { ftsQuery, probeTrigrams } from '@server/repos/products';
import { downloadPhoto, isPublicAddress } from '@server/services/product/photo';
import { onPostgres, startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';
import { product, quantities } from './fixtures';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let s: TestServer;
let photos: Server;
let photoUrl: string;
beforeAll(async () => {
  s = await startTestServer({ config: { allowPrivatePhotoHosts: true, photoTimeoutMs: 1500, photoMaxBytes: 1000 } });
  photos = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/cat.png')) return res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    if (path === '/page.html') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html></html>');
    if (path === '/huge.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(5000));
    if (path === '/svg') return res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg/>');
    if (path === '/slow.png') return setTimeout(() => res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG), 4000).unref();
    if (path === '/redirect') return res.writeHead(302, { Location: '/cat.png' }).end();
    if (path === '/redirect-away') return res.writeHead(302, { Location: `http://127.0.0.2:${(photos.address() as AddressInfo).port}/cat.png` }).end();
    if (path === '/redirect-file') return res.writeHead(302, { Location: 'file:///etc/passwd' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => photos.listen(0, '127.0.0.1', r));
  photoUrl = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
});
afterAll(async () => {
  photos.closeAllConnections();
  photos.close();
  await s.close();
});

const FULL = {
  product_name: 'Makita HP457D akkus ütvefúró', action: 1, list_price: 45990, wholesale_price: 38000.5, purchase_price: 31000, currency: 'HUF', vat: 27,
  unit: 'db', discount1: 5, discount2: 2.5, discount3: 1, manufacturer: 'Makita', item_number: 'MAK-HP457D', ean_number: '0088381612340',
  foreign_item_number: 'HP457DWE', vtsz_number: '8467 21', product_group: 'Elektromos kéziszerszám', description: 'Két akkuval, kofferben.',
  notes: 'Belső megjegyzés', size: '25×8×22 cm', color: 'kékeszöld', net_weight: 1.7, accounting_number: '2611', service: 0, country_code: 'CN',
  envfee_code: 2, depreciation: 12.5,
};

describe('setProduct and getProduct', () => {
  it.each(['json', 'xml'] as const)('stores and returns every documented field (%s)', async (format) => {
    // One EAN names one product (eanUnique.test.ts): each format's product has its own code.
    const ean = format === 'json' ? FULL.ean_number : '0088381612357';
    const r = await s.ok('setProduct', { ...FULL, tags: ['szerszám', 'akció'], item_number: `MAK-${format}`, ean_number: ean }, { format });
    expect(r.created).toBe(1);
    const got = await s.ok('getProduct', { filter: `MAK-${format}` }, { format });
    expect(got.products).toHaveLength(1);
    const { updated_at: _u, photo_attachment_id: _p, ...rest } = got.products[0]!;
    expect(rest).toEqual({ id: r.id, ...FULL, item_number: `MAK-${format}`, ean_number: ean, tags: ['szerszám', 'akció'], collective_product: [] });
    expect(got.more).toBe(0);
  });

  it('accepts tags as XML <tag> children, a JSON list of {tag} objects and a comma-separated string', async () => {
    const xml = await product(s, { tags: ['egy', 'kettő'] }, 'xml');
    const objects = await product(s, { tags: [{ tag: 'egy' }, { tag: 'kettő' }] });
    const text = await product(s, { tags: 'egy, kettő' });
    const r = await s.ok('getProduct', { filter: 'kettő' });
    for (const id of [xml, objects, text]) expect(r.products.find((p) => p.id === id)?.tags).toEqual(['egy', 'kettő']);
  });

  it('updates in place: absent fields are kept, empty text clears, required fields are required', async () => {
    const id = await product(s, { manufacturer: 'Bosch', color: 'zöld' });
    const u = await s.ok('setProduct', { id, product_name: 'Átnevezett', currency: 'EUR', vat: 18, unit: 'kg', color: '' });
    expect(u).toEqual({ id, created: 0 });
    const p = (await s.ok('getProduct', { filter: 'Átnevezett' })).products.find((x) => x.id === id)!;
    expect(p).toMatchObject({ product_name: 'Átnevezett', currency: 'EUR', vat: 18, unit: 'kg', manufacturer: 'Bosch', list_price: 1000 });
    expect(p.color).toBeUndefined();
    const bad = await s.call('setProduct', { id, currency: 'HUF', vat: 27, unit: 'db' });
    expect(bad.status).toBe(400);
    if (!bad.ok) expect(bad.error.details).toContainEqual({ field: 'product_name', message: 'is required' });
    const missing = await s.call('setProduct', { id: 999999, product_name: 'x', currency: 'HUF', vat: 27, unit: 'db' });
    expect(missing.status).toBe(404);
  });

  it('checks collective components, envfee codes and service stock', async () => {
    const a = await product(s);
    const b = await product(s);
    const kit = await s.ok('setProduct', { product_name: 'Szerszámkészlet', currency: 'HUF', vat: 27, unit: 'szett', collective_product: [{ id: a, qty: 2 }, { id: b, qty: 1 }] }, { format: 'xml' });
    const got = (await s.ok('getProduct', { filter: 'Szerszámkészlet' })).products[0]!;
    expect(got.id).toBe(kit.id);
    expect(got.collective_product).toEqual([{ id: a, qty: 2 }, { id: b, qty: 1 }]);
    const unknown = await s.call('setProduct', { product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', collective_product: [{ id: 987654, qty: 1 }] });
    expect(unknown.status).toBe(404);
    if (!unknown.ok) expect(unknown.error.details[0]!.field).toBe('collective_product[0].id');
    const self = await s.call('setProduct', { id: a, product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', collective_product: [{ id: a, qty: 1 }] });
    expect(self.status).toBe(400);
    const fee = await s.call('setProduct', { product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', envfee_code: 99 });
    expect(fee.ok ? '' : fee.error.details[0]!.field).toBe('envfee_code');
    await s.ok('setQuantity', { product_id: a, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    const toService = await s.call('setProduct', { id: a, product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', service: 1 });
    expect(toService.status).toBe(409);
  });

  it('places an automatic take-in from the takein_ fields in the same transaction', async () => {
    const r = await s.ok('setProduct', {
      product_name: 'Tokaji Aszú 5 puttonyos', currency: 'HUF', vat: 27, unit: 'üveg', takein_quantity: 24, takein_contact_id: s.account.supplierContactId,
      takein_price: 6500, takein_date: '2026-11-20', takein_warehouse: 'Default', takein_batch_no: 'T-2019', takein_expire_date: '2036-12-31', takein_country_code: 'HU',
    }, { format: 'xml' });
    expect(r.takein_receipt_id).toBeGreaterThan(0);
    expect(await quantities(s, r.id)).toMatchObject({ deliverable: 24, pending: 0, available: 24 });
    const before = await storeChecksum(s.app.store);
    const bad = await s.call('setProduct', { product_name: 'Rossz', currency: 'HUF', vat: 27, unit: 'db', takein_quantity: 5, takein_contact_id: 424242 });
    expect(bad.status).toBe(404);
    const svc = await s.call('setProduct', { product_name: 'Szerviz', currency: 'HUF', vat: 27, unit: 'óra', service: 1, takein_quantity: 5 });
    expect(svc.status).toBe(409);
    expect(await storeChecksum(s.app.store)).toBe(before);
  });
});

describe('getProduct filter semantics', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      drill: await product(s, { product_name: 'ŐSZI ÜTVEFÚRÓ', manufacturer: 'Fűrész Kft', item_number: 'ITM_001', product_group: 'Gép', tags: ['Tűz'] }),
      other: await product(s, { product_name: 'Osztó doboz', manufacturer: 'Bosch', item_number: 'ITMX001', foreign_item_number: 'FX-9', ean_number: '5990000000016' }),
    };
  });
  const find = async (filter: string) => (await s.ok('getProduct', { filter })).products.map((p) => p.id).filter((id) => Object.values(ids).includes(id));

  it('is case-insensitive for accented capitals, keeps accents distinct', async () => {
    expect(await find('őszi')).toEqual([ids.drill]);
    expect(await find('ŰRÉSZ')).toEqual([ids.drill]);
    expect(await find('oszi')).toEqual([]);
    expect(await find('tŰz')).toEqual([ids.drill]);
  });

  it('treats only % as a wildcard, anchored per field, and _ literally', async () => {
    expect(await find('ITM_001')).toEqual([ids.drill]);
    // In name order (docs/api-product.md): "Osztó doboz" sorts before "ŐSZI ÜTVEFÚRÓ".
    expect(await find('itm%001')).toEqual([ids.other, ids.drill]);
    expect(await find('Bosch%')).toEqual([ids.other]);
    expect(await find('%doboz')).toEqual([ids.other]);
    expect(await find('osch%doboz')).toEqual([]);
    expect(await find('fx-9')).toEqual([ids.other]);
    expect(await find('5990000000016')).toEqual([ids.other]);
    expect(await find('gép')).toEqual([ids.drill]);
    expect((await s.ok('getProduct', { filter: '%' })).products.length).toBeGreaterThanOrEqual(2);
  });

  it('returns at most 1000 records in name order and pages on with after_id, still in name order', async () => {
    const now = s.clock.now();
    await s.app.store.transaction(async (tx) => {
      for (let i = 0; i < 1005; i++) {
        await tx.run(`INSERT INTO products (account_id, product_name, currency, vat, unit, search, created_at, updated_at) VALUES (?, ?, 'HUF', '27', 'db', ?, ?, ?)`,
          [s.account.accountId, `Tömeg ${i}`, `\u001ftömeg ${i}\u001f`, now.toISOString(), now.toISOString()]);
      }
    });
    // SQLite's FTS5 table is rebuilt after the bulk insert (onPostgres: the pg_trgm index needs nothing).
    if (!onPostgres) await s.app.store.run("INSERT INTO products_fts (products_fts) VALUES ('rebuild')");
    const first = await s.ok('getProduct', { filter: 'tömeg' });
    expect(first.products).toHaveLength(1000);
    expect(first.more).toBe(1);
    const idsSeen = first.products.map((p) => p.id);
    const names = (r: typeof first) => r.products.map((p) => p.product_name);
    const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    expect(names(first)).toEqual([...names(first)].sort(byName));
    expect(names(first).slice(0, 4)).toEqual(['Tömeg 0', 'Tömeg 1', 'Tömeg 10', 'Tömeg 100']);
    const next = await s.ok('getProduct', { filter: 'TÖMEG', after_id: idsSeen.at(-1)! });
    expect(next.products).toHaveLength(5);
    expect(next.more).toBe(0);
    expect(names(next)).toEqual(['Tömeg 995', 'Tömeg 996', 'Tömeg 997', 'Tömeg 998', 'Tömeg 999']);
    expect(new Set([...idsSeen, ...next.products.map((p) => p.id)]).size).toBe(1005);
    // Every product ('%', as mirrors pull) still pages in id order.
    const all = await s.ok('getProduct', { filter: '%' });
    expect(all.products.map((p) => p.id)).toEqual(all.products.map((p) => p.id).sort((a, b) => a - b));
  });

  it('treats SQL in a filter as text', async () => {
    for (const filter of ["' OR 1=1 --", "%'; DROP TABLE products; --", '" OR ""="', '\\', '%\\%']) {
      const r = await s.ok('getProduct', { filter });
      expect(r.products).toEqual([]);
    }
    expect(await find('%\\_%')).toEqual([]);
    expect(await find('%_%')).toEqual([ids.drill]);
  });
});

describe('photo', () => {
  it('downloads the photo and stores it as a product attachment', async () => {
    const r = await s.ok('setProduct', { product_name: 'Fotós', currency: 'HUF', vat: 27, unit: 'db', photo: `${photoUrl}/redirect` });
    const att = await listAttachments(s.app.store, s.account.accountId, 'product', r.id);
    expect(att).toMatchObject([{ kind: 'photo', mimeType: 'image/png', filename: 'cat.png', size: PNG.length }]);
    const p = (await s.ok('getProduct', { filter: 'Fotós' })).products[0]!;
    expect(p).toMatchObject({ photo: `${photoUrl}/redirect`, photo_attachment_id: att[0]!.id });
  });

  it.each([
    ['/page.html', /text\/html/],
    ['/huge.png', /limit/],
    ['/svg', /svg/],
    ['/slow.png', /timed out/],
    ['/missing.png', /HTTP 404/],
    ['/redirect-file', /http and https/],
  ])('refuses %s with VALIDATION_ERROR on photo and saves nothing', async (path, why) => {
    const before = await storeChecksum(s.app.store);
    const r = await s.call('setProduct', { product_name: 'Nem menthető', currency: 'HUF', vat: 27, unit: 'db', photo: `${photoUrl}${path}` });
    expect(r.status).toBe(400);
    if (!r.ok) {
      expect(r.error.details[0]!.field).toBe('photo');
      expect(r.error.details[0]!.message).toMatch(why);
    }
    expect(await storeChecksum(s.app.store)).toBe(before);
  });

  it('refuses file paths and non-http URLs', async () => {
    for (const photo of ['/etc/passwd', 'file:///etc/passwd', 'ftp://example.com/a.png', 'gopher://x']) {
      const r = await s.call('setProduct', { product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', photo });
      expect(r.ok ? '' : r.error.details[0]!.field).toBe('photo');
    }
  });

  it('never fetches from private, loopback, link-local, CGNAT, multicast or unspecified addresses by default', async () => {
    const strict = await startTestServer();
    try {
      for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '169.254.169.254', '10.1.2.3', '192.168.1.1', '172.16.0.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '[fe80::1]', '[fc00::1]', '[::]', '2130706433', '0x7f.0.0.1', '017700000001', '127.1']) {
        const r = await strict.call('setProduct', { product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', photo: `http://${host}:9/a.png` });
        expect(r.status, host).toBe(400);
        if (!r.ok) expect(r.error.details[0]!.message, host).toMatch(/private, loopback or reserved/);
      }
    } finally {
      await strict.close();
    }
  });

  it('classifies addresses', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '100.100.0.1', '0.0.0.0', '255.255.255.255', '224.1.1.1', '::1', '::', 'fe80::1', 'fd12::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a00:1', '64:ff9b::7f00:1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '2a00:1450:4001::1', '::ffff:8.8.8.8', '172.32.0.1']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('checks every redirect hop before connecting to it', async () => {
    const onlyFirst = (ip: string) => ip === '127.0.0.1';
    await expect(downloadPhoto(`${photoUrl}/redirect-away`, { timeoutMs: 1000, maxBytes: 1000, allowAddress: onlyFirst })).rejects.toThrow(/127\.0\.0\.2/);
    await expect(downloadPhoto(`${photoUrl}/redirect`, { timeoutMs: 1000, maxBytes: 1000, allowAddress: onlyFirst })).resolves.toMatchObject({ mimeType: 'image/png' });
    // A name that resolves to several addresses is refused if any of them is refused.
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }, { address: '10.0.0.1', family: 4 }];
    await expect(downloadPhoto('http://photos.test/cat.png', { timeoutMs: 1000, maxBytes: 1000, allowAddress: (ip) => ip !== '10.0.0.1', lookup })).rejects.toThrow(/10\.0\.0\.1/);
  });
});

describe('service products', () => {
  it('carry no stock', async () => {
    const id = await product(s, { service: 1, unit: 'óra' });
    const r = await s.call('setQuantity', { product_id: id, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' });
    expect(r.status).toBe(409);
    if (!r.ok) expect(r.error.message).toMatch(/service and carries no stock/);
  });
});

describe('getProduct updated_since', () => {
  it('returns products changed at or after the time, for mirrors', async () => {
    s.clock.advance(3_600_000);
    const since = s.clock.now().toISOString();
    const id = await product(s, { product_name: 'Frissen módosított' });
    const r = await s.ok('getProduct', { filter: '%', updated_since: since }, { format: 'xml' });
    expect(r.products.map((p) => p.id)).toEqual([id]);
    expect(r.server_time).toBe(since);
  });
});

describe('trigram narrowing stays exact', () => {
  it('finds only real matches when the probe trigrams also occur elsewhere', async () => {
    const exact = await product(s, { product_name: 'Csavar abcdefghij' });
    const decoy = await product(s, { product_name: 'abc xyz def ghi hij' });
    const r = await s.ok('getProduct', { filter: 'abcdefghij' });
    expect(r.products.map((p) => p.id)).toContain(exact);
    expect(r.products.map((p) => p.id)).not.toContain(decoy);
    expect(probeTrigrams(['abcdefghij', 'xy'])).toEqual(['abc', 'def', 'hij']);
    expect(probeTrigrams(['abcdefgh'])).toEqual(['abc', 'fgh']);
    // The FTS5 probe query is SQLite's (onPostgres: PostgreSQL narrows through its pg_trgm index);
    // a trigram counted as absent must not hide the product added next, on either engine.
    if (!onPostgres) {
      expect(await ftsQuery(s.app.store, ['ab', 'c'])).toBeNull();
      expect(await ftsQuery(s.app.store, ['qqqzzzqqq'])).toBe('');
    }
    const late = await product(s, { product_name: 'qqqzzzqqq' });
    expect((await s.ok('getProduct', { filter: 'QQQZZZQQQ' })).products.map((p) => p.id)).toEqual([late]);
  });
});
