/**
 * Issue 15, item 1: a body that is not well-formed XML 1.0 gets 400 MALFORMED_REQUEST naming line
 * and column, and no text field in either format stores control characters or lone surrogates.
 * Each case goes over real HTTP and then asks the server, through the API, that nothing was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { orderParams } from '../product/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const X = 'text/xml; charset=utf-8';
const J = 'application/json';

/** A setProduct body in XML whose product_name is `name`, written as is (references and all). */
const xmlProduct = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<command><setProduct><api_key>${s.keys.api_key}</api_key><session_key>${s.keys.session_key}</session_key>` +
  `<product_name>${name}</product_name><currency>HUF</currency><vat>27</vat><unit>db</unit></setProduct></command>`;

const jsonProduct = (name: string) =>
  JSON.stringify({ setProduct: { ...s.keys, product_name: name, currency: 'HUF', vat: 27, unit: 'db' } });

interface Answer {
  status: number;
  code: string | undefined;
  message: string;
  details: Array<{ field: string; message: string }>;
}

const unescape = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

async function post(body: string | Buffer, contentType: string): Promise<Answer> {
  const r = await s.raw('/api/product', body, contentType);
  if ((r.contentType ?? '').includes('xml')) {
    return {
      status: r.status,
      code: /<code>([A-Z_]+)<\/code>/.exec(r.body)?.[1],
      message: unescape(/<message>([^<]*)<\/message>/.exec(r.body)?.[1] ?? ''),
      details: [...r.body.matchAll(/<detail><field>([^<]*)<\/field><message>([^<]*)<\/message><\/detail>/g)].map((m) => ({ field: m[1]!, message: m[2]! })),
    };
  }
  const j = JSON.parse(r.body) as { error?: { code: string; message: string; details: Answer['details'] } };
  return { status: r.status, code: j.error?.code, message: j.error?.message ?? '', details: j.error?.details ?? [] };
}

/** Every product the account has whose name contains `needle` (the server's own state). */
async function productsNamed(needle: string): Promise<string[]> {
  const r = await s.ok('getProduct', { filter: '%' });
  return r.products.map((p) => p.product_name).filter((n) => n.includes(needle));
}

describe('XML that is not well-formed is refused with line and column', () => {
  const refused: Array<[string, string, RegExp]> = [
    ['&#0; (was stored as "zz")', 'z&#0;z', /character reference &#0;/],
    ['&#1; (was dropped, colliding with "ab")', 'a&#1;b', /character reference &#1;/],
    ['&#xD800; (a lone surrogate, was dropped)', 'a&#xD800;b', /character reference &#xD800;/],
    ['&#x110000; (beyond Unicode, was stored literally)', 'q&#x110000;q', /character reference &#x110000;/],
    ['&foo; (an undeclared entity, was stored literally)', 'q&foo;q', /entity reference &foo;/],
    ['&toString; (found Object.prototype\'s function and stored its source)', 'q&toString;q', /entity reference &toString;/],
    ['&__proto__; (found Object.prototype and stored "[object Object]")', 'q&__proto__;q', /entity reference &__proto__;/],
    ['a bare & (was stored literally)', 'Kovacs & Fia', /bare "&"/],
    ['a raw NUL byte (was stored)', 'nul\u0000byte', /U\+0000/],
    ['a raw control character', 'bell\u0007', /U\+0007/],
    ['a bare < in text', 'a < b', /invalid tag/],
    ['"]]>" in text', 'a ]]> b', /"]]>"/],
  ];
  for (const [name, text, why] of refused) {
    it(name, async () => {
      const a = await post(xmlProduct(text), X);
      expect(a.status, a.message).toBe(400);
      expect(a.code).toBe('MALFORMED_REQUEST');
      expect(a.message).toMatch(why);
      // The body's second line holds the product name: the position points into it.
      expect(a.message).toMatch(/line 2, column \d+/);
      // What the old code stored: the text with the bad characters dropped or kept.
      const stored = await productsNamed(text.slice(0, 1));
      expect(stored).not.toContain(text.split('&#0;').join('').split('&#1;').join('').split('&#xD800;').join('').split('\u0000').join(''));
      expect(stored).not.toContain(text);
    });
  }

  it('an XML declaration that is not first, and a comment with "--", are refused', async () => {
    const late = await post(`<command><?xml version="1.0"?><getWarehouses><api_key>${s.keys.api_key}</api_key><session_key>${s.keys.session_key}</session_key></getWarehouses></command>`, X);
    expect([late.status, late.code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(late.message).toMatch(/line 1, column 10/);
    const dashes = await post(`<command><!-- a -- b --><getWarehouses/></command>`, X);
    expect([dashes.status, dashes.code]).toEqual([400, 'MALFORMED_REQUEST']);
  });

  it('an element left open names where it was opened', async () => {
    const a = await post(xmlProduct('x').replace('</setProduct></command>', ''), X);
    expect([a.status, a.code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(a.message).toMatch(/<setProduct> opened at line 2, column 10 is not closed/);
  });

  it('an attribute value with a bare & or < is refused', async () => {
    const a = await post(xmlProduct('x').replace('<product_name>', '<product_name lang="a & b">'), X);
    expect([a.status, a.code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(a.message).toMatch(/bare "&" at line 2/);
  });

  it('legal references and CDATA still decode exactly', async () => {
    const a = await post(xmlProduct('Kov&#xE1;cs &amp; Fia &lt;K&#246;r&gt; &quot;&apos; <![CDATA[& <x>]]>'), X);
    expect(a.status, a.message).toBe(200);
    expect(await productsNamed('Fia')).toContain(`Kovács & Fia <Kör> "' & <x>`);
  });
});

describe('text fields refuse control characters and lone surrogates in JSON too', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['NUL', 'z\u0000z', /control character U\+0000 at character 2/],
    ['U+0001', 'a\u0001b', /control character U\+0001/],
    ['escape U+001B', 'x\u001bz', /control character U\+001B/],
    ['a lone high surrogate', 'a\ud800b', /lone surrogate \(U\+D800\)/],
    ['a lone low surrogate', 'a\udc00b', /lone surrogate \(U\+DC00\)/],
  ];
  for (const [name, text, why] of cases) {
    it(name, async () => {
      const a = await post(jsonProduct(text), J);
      expect(a.status, a.message).toBe(400);
      expect(a.code).toBe('VALIDATION_ERROR');
      expect(a.details).toContainEqual({ field: 'product_name', message: expect.stringMatching(why) as string });
      expect(a.message).toMatch(/product_name contains/);
      expect(await productsNamed(text.slice(0, 1))).not.toContain(text);
    });
  }

  it('tab, line feed, carriage return and real surrogate pairs are text', async () => {
    const a = await post(jsonProduct('Tab\there 😀'), J);
    expect(a.status, a.message).toBe(200);
    expect(await productsNamed('Tab')).toContain('Tab\there 😀');
  });

  it('an optional text field and a custom field are held to the same rule', async () => {
    const desc = await post(JSON.stringify({ setProduct: { ...s.keys, product_name: 'Leírás', currency: 'HUF', vat: 27, unit: 'db', description: 'ok\u0002' } }), J);
    expect(desc.status).toBe(400);
    expect(desc.details[0]?.field).toBe('description');
    const p = await s.ok('setProduct', { product_name: 'Egyedi', currency: 'HUF', vat: 27, unit: 'db', list_price: 10 });
    const order = { ...orderParams(s, [{ product_id: p.id, quantity: 1 }]), custom_fields: { Note: 'x\u0000' } };
    const custom = await post(JSON.stringify({ setOrder: { ...s.keys, ...order } }), J);
    expect(custom.status).toBe(400);
    expect(custom.details.map((d) => d.field)).toContain('custom_fields.Note');
    expect(await productsNamed('Leírás')).toEqual([]);
    const orders = await s.ok('getOrderStatus', { order_id: 1 }).catch(() => null);
    expect(orders).toBeNull();
  });
});
