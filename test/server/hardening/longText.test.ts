/**
 * Issue 15, item 3: a text value longer than a request may carry (20,000 characters; no field takes
 * more than 10,000) is refused before the body is parsed whole: in JSON by a pre-scan of the raw
 * string tokens before JSON.parse, in XML while a text's references are decoded (it stops at the
 * limit instead of decoding up to a million of them). The refusal is 400 VALIDATION_ERROR naming
 * the field, in both formats, and nothing is stored. Text that is long only in its raw form (9,000
 * "é" written as JSON escapes or XML character references) is still accepted whole. Attributes,
 * which requests never use, are capped per tag and in length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const J = 'application/json';
const X = 'text/xml; charset=utf-8';
const jsonCmd = (method: string, inner: string) => `{"${method}":{"api_key":"${s.keys.api_key}","session_key":"${s.keys.session_key}"${inner}}}`;
const xmlCmd = (method: string, inner: string) =>
  `<command><${method}><api_key>${s.keys.api_key}</api_key><session_key>${s.keys.session_key}</session_key>${inner}</${method}></command>`;
const productJson = (description: string) => jsonCmd('setProduct', `,"product_name":"Hosszú leírás","currency":"HUF","vat":27,"unit":"db","description":"${description}"`);
const productXml = (description: string) =>
  xmlCmd('setProduct', `<product_name>Hosszú leírás</product_name><currency>HUF</currency><vat>27</vat><unit>db</unit><description>${description}</description>`);

interface Refusal {
  status: number;
  code: string;
  message: string;
  fields: string[];
}

function refusalOf(r: { status: number; body: string }): Refusal {
  if (r.body.startsWith('{')) {
    const e = (JSON.parse(r.body) as { error: { code: string; message: string; details: Array<{ field: string }> } }).error;
    return { status: r.status, code: e.code, message: e.message, fields: e.details.map((d) => d.field) };
  }
  const text = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return {
    status: r.status,
    code: /<code>([A-Z_]+)<\/code>/.exec(r.body)?.[1] ?? '',
    message: text(/<message>([^<]*)<\/message>/.exec(r.body)?.[1] ?? ''),
    fields: [...r.body.matchAll(/<field>([^<]*)<\/field>/g)].map((m) => m[1]!),
  };
}

/** Posts a body that must be refused, and checks nothing was stored. */
async function refused(body: string, contentType: string): Promise<Refusal> {
  const before = await storeChecksum(s.app.store);
  const r = await s.raw('/api/product', body, contentType);
  expect(await storeChecksum(s.app.store), 'a refused body changed the database').toBe(before);
  return refusalOf(r);
}

const TOO_LONG = (field: string) => new RegExp(`^${field} is longer than 20000 characters; no field takes more than 10000\\.$`);

describe('a text value over 20,000 characters is refused before the body is parsed whole', () => {
  it('JSON: a long string, plain or written as escapes, names its field', async () => {
    for (const text of ['x'.repeat(20_001), '\\u00e9'.repeat(25_000), 'x'.repeat(5 * 1024 * 1024 - 2000)]) {
      const e = await refused(productJson(text), J);
      expect(e, `${text.slice(0, 12)}… × ${text.length}`).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: ['description'] });
      expect(e.message).toMatch(TOO_LONG('description'));
    }
  });

  it('JSON: anywhere in the body, named by the key it stands under, even inside a list', async () => {
    const e = await refused(jsonCmd('getProduct', `,"filter":"a","x":{"y":["b","${'z'.repeat(30_000)}"]}`), J);
    expect(e).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: ['y'] });
    expect(e.message).toMatch(TOO_LONG('y'));
  });

  it('XML: a text of references stops being decoded at the limit (was 100,000 references decoded, then MALFORMED)', async () => {
    for (const text of ['&amp;'.repeat(200_000), '&#233;'.repeat(25_000), `${'x'.repeat(15_000)}${'&#x151;'.repeat(6_000)}`]) {
      const e = await refused(productXml(text), X);
      expect(e, `${text.slice(0, 12)}… × ${text.length}`).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: ['description'] });
      expect(e.message).toMatch(TOO_LONG('description'));
    }
  });

  it('text long only in its raw form is accepted whole, in both formats', async () => {
    const stored: number[] = [];
    for (const [body, type] of [[productJson('\\u00e9'.repeat(9_000)), J], [productXml('&#233;'.repeat(9_000)), X], [productXml(`${'&amp;'.repeat(5_000)}${'ő'.repeat(4_000)}`), X]] as const) {
      const r = await s.raw('/api/product', body, type);
      expect(r.status, r.body.slice(0, 300)).toBe(200);
      const id = Number(/"id":(\d+)|<id>(\d+)<\/id>/.exec(r.body)!.slice(1).find(Boolean));
      stored.push(id);
    }
    const row = async (id: number) => (await s.app.store.get<{ description: string }>('SELECT description FROM products WHERE id = ?', [id]))!.description;
    expect(await row(stored[0]!)).toBe('é'.repeat(9_000));
    expect(await row(stored[1]!)).toBe('é'.repeat(9_000));
    expect(await row(stored[2]!)).toBe(`${'&'.repeat(5_000)}${'ő'.repeat(4_000)}`);
  });
});

describe('XML attributes, which requests never use, are bounded', () => {
  it('a tag with more than 1,000 attributes is refused, naming the tag', async () => {
    const attrs = Array.from({ length: 1_001 }, (_, i) => `a${i}="b"`).join(' ');
    const e = await refused(xmlCmd('getProduct', `<filter ${attrs}>a</filter>`), X);
    expect(e).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
    expect(e.message).toMatch(/^XML tag <filter> has more than 1000 attributes \(line 1, column \d+\); commands use none\.$/);
  });

  it('an attribute value longer than 20,000 characters is refused', async () => {
    const e = await refused(xmlCmd('getProduct', `<filter a="${'&amp;'.repeat(5_000)}">a</filter>`), X);
    expect(e).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
    expect(e.message).toMatch(/^XML attribute value at line 1, column \d+ is longer than 20000 characters; commands use no attributes\.$/);
  });

  it('a few attributes are still ignored', async () => {
    const r = await s.raw('/api/product', xmlCmd('getProduct', '<filter lang="hu" a="&amp;b">a</filter>'), X);
    expect(r.status, r.body.slice(0, 300)).toBe(200);
  });
});
