/**
 * Issue 15, item 4: the clumsy answers, tidied. Over real HTTP, each checked against the server's
 * own state through the API afterwards. (The slow-client timeouts are in tooLarge.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';
import { orderParams, product } from '../product/fixtures';

let s: TestServer;
let productId: number;
beforeAll(async () => {
  s = await startTestServer();
  productId = await product(s, { product_name: 'Alap termék', list_price: 100 });
  await s.ok('setQuantity', { product_id: productId, quantity: 50, contact_id: s.account.supplierContactId, warehouse: 'Default' });
});
afterAll(() => s.close());

/** Hungarian letters in ISO-8859-2 (the same bytes in windows-1250); ASCII as is. */
const LATIN2: Record<string, number> = { á: 0xe1, é: 0xe9, í: 0xed, ó: 0xf3, ö: 0xf6, ő: 0xf5, ú: 0xfa, ü: 0xfc, ű: 0xfb, Á: 0xc1, É: 0xc9, Ő: 0xd5, Ű: 0xdb };
function latin2(text: string): Buffer {
  return Buffer.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : LATIN2[c]!)));
}

async function post(body: string | Buffer, contentType: string, path = '/api/product') {
  const r = await s.raw(path, body, contentType);
  const xml = (r.contentType ?? '').includes('xml');
  const code = xml ? /<code>([A-Z_]+)<\/code>/.exec(r.body)?.[1] : (JSON.parse(r.body) as { error?: { code: string } }).error?.code;
  const message = xml ? (/<message>([^<]*)<\/message>/.exec(r.body)?.[1] ?? '') : ((JSON.parse(r.body) as { error?: { message: string } }).error?.message ?? '');
  const details = xml ? [] : ((JSON.parse(r.body) as { error?: { details: Array<{ field: string; message: string }> } }).error?.details ?? []);
  return { status: r.status, code, message, details, raw: r.body };
}

const names = async () => (await s.ok('getProduct', { filter: '%' })).products.map((p) => p.product_name);

describe('charsets: ISO-8859-2 and windows-1250 accepted, others 415 naming the charset', () => {
  it('an XML declaration of ISO-8859-2 with Latin-2 bytes: ő and ű arrive intact', async () => {
    const name = 'Kőműves Űrsula fűrésze';
    const body = latin2(`<?xml version="1.0" encoding="ISO-8859-2"?><command><setProduct><api_key>${s.keys.api_key}</api_key><session_key>${s.keys.session_key}</session_key><product_name>${name}</product_name><currency>HUF</currency><vat>27</vat><unit>db</unit></setProduct></command>`);
    expect(new TextDecoder('iso-8859-2').decode(body)).toContain(name);
    const r = await post(body, 'text/xml');
    expect(r.status, r.message).toBe(200);
    expect(await names()).toContain(name);
  });

  it('charset=windows-1250 on a JSON body: decoded as windows-1250', async () => {
    const name = 'Őszi ülőgarnitúra';
    const body = latin2(JSON.stringify({ setProduct: { ...s.keys, product_name: name, currency: 'HUF', vat: 27, unit: 'db' } }));
    const r = await post(body, 'application/json; charset=windows-1250');
    expect(r.status, r.message).toBe(200);
    expect(await names()).toContain(name);
  });

  it('charset=iso-8859-2 in the Content-Type of an XML body', async () => {
    const name = 'Ékszerdoboz ő';
    const body = latin2(`<command><setProduct><api_key>${s.keys.api_key}</api_key><session_key>${s.keys.session_key}</session_key><product_name>${name}</product_name><currency>HUF</currency><vat>27</vat><unit>db</unit></setProduct></command>`);
    const r = await post(body, 'text/xml; charset=ISO-8859-2');
    expect(r.status, r.message).toBe(200);
    expect(await names()).toContain(name);
  });

  it('another charset gets 415 with one message naming it, for ASCII and for non-ASCII bytes alike', async () => {
    const before = await storeChecksum(s.app.store);
    const ascii = JSON.stringify({ setProduct: { ...s.keys, product_name: 'Plain', currency: 'HUF', vat: 27, unit: 'db' } });
    const a = await post(ascii, 'application/json; charset=iso-8859-5');
    const b = await post(latin2(ascii.replace('Plain', 'Kőműves')), 'application/json; charset=iso-8859-5');
    for (const r of [a, b]) {
      expect(r.status).toBe(415);
      expect(r.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(r.message).toMatch(/The charset "iso-8859-5" is not supported; send the body as UTF-8/);
    }
    expect(a.message).toBe(b.message);
    const x = await post(`<?xml version="1.0" encoding="KOI8-R"?><command><getWarehouses/></command>`, 'text/xml');
    expect([x.status, x.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(x.message).toMatch(/The charset "KOI8-R" is not supported/);
    expect(await storeChecksum(s.app.store)).toBe(before);
  });
});

describe('method names that are Object.prototype members are unknown methods', () => {
  for (const name of ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__defineGetter__', '__proto__']) {
    it(name, async () => {
      const j = await post(`{"${name}":{"api_key":"${s.keys.api_key}","session_key":"${s.keys.session_key}"}}`, 'application/json');
      expect([j.status, j.code], j.message).toEqual([404, 'UNKNOWN_METHOD']);
      expect(j.message).toContain(`Unknown method "${name}"`);
      if (name !== '__proto__') {
        const x = await post(`<command><${name}><api_key>${s.keys.api_key}</api_key></${name}></command>`, 'text/xml');
        expect([x.status, x.code], x.message).toEqual([404, 'UNKNOWN_METHOD']);
      }
    });
  }

  it('XML messages quote with plain quotes, not &quot;', async () => {
    const x = await post(`<command><toString/></command>`, 'text/xml');
    expect(x.raw).toContain('Unknown method "toString"');
    expect(x.raw).not.toContain('&quot;');
  });
});

describe('setOrder refuses what can never be invoiced or mailed', () => {
  it('currency XYZ is refused, and no order is made', async () => {
    const before = await storeChecksum(s.app.store);
    const r = await post(JSON.stringify({ setOrder: { ...s.keys, ...orderParams(s, [{ product_id: productId, quantity: 1 }], { currency: 'XYZ', fx_rate: 2 }) } }), 'application/json');
    expect([r.status, r.code], r.message).toEqual([400, 'VALIDATION_ERROR']);
    expect(r.details).toContainEqual({ field: 'currency', message: 'must be one of HUF, EUR, USD, GBP' });
    expect(await storeChecksum(s.app.store)).toBe(before);
    expect((await s.ok('getQuantity', { product_id: productId, warehouse: 'Default' })).quantities[0]!.pending).toBe(0);
  });

  it('issuer_email "x" is refused; a real address and an empty one are accepted', async () => {
    const before = await storeChecksum(s.app.store);
    const r = await post(JSON.stringify({ setOrder: { ...s.keys, ...orderParams(s, [{ product_id: productId, quantity: 1 }], { issuer_email: 'x' }) } }), 'application/json');
    expect([r.status, r.code], r.message).toEqual([400, 'VALIDATION_ERROR']);
    expect(r.details).toContainEqual({ field: 'issuer_email', message: 'must be an e-mail address like name@example.hu' });
    expect(await storeChecksum(s.app.store)).toBe(before);
    const ok = await s.ok('setOrder', orderParams(s, [{ product_id: productId, quantity: 1 }], { issuer_email: 'rendeles@pelda.hu' }));
    const empty = await s.ok('setOrder', orderParams(s, [{ product_id: productId, quantity: 1 }], { issuer_email: '' }));
    expect(ok.order_id).toBeGreaterThan(0);
    expect(empty.order_id).toBeGreaterThan(ok.order_id);
  });
});

describe('surrounding spaces: one rule, documented (docs/api.md, "Text values")', () => {
  it('a date and selected_account with surrounding spaces match after trimming, in JSON as in XML', async () => {
    const params = orderParams(s, [{ product_id: productId, quantity: 2 }], { issued_date: ' 2026-11-22 ', selected_account: ` ${s.account.bankAccount}  ` });
    const j = await s.ok('setOrder', params);
    const x = await s.ok('setOrder', params, { format: 'xml' });
    for (const id of [j.order_id, x.order_id]) {
      const st = await s.ok('getOrderStatus', { order_id: id });
      expect(st.issued_date).toBe('2026-11-22');
    }
  });
});

describe("getQuantity's detail names what was asked for", () => {
  it('an unknown warehouse is "no warehouse with this name"', async () => {
    const r = await s.call('getQuantity', { product_id: productId, warehouse: 'Nincs ilyen raktár' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.details).toEqual([{ field: 'warehouse', message: 'no warehouse with this name in your account' }]);
    const w = await s.ok('getWarehouses', {});
    expect(w.warehouses.map((x) => x.name)).not.toContain('Nincs ilyen raktár');
  });
});
