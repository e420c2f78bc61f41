/**
 * Hostile input against the product area and the service as a whole: malformed bodies, XML
 * attacks, oversized and deeply nested bodies, wrong types and impossible values, SQL-looking
 * text, other accounts' ids, dead credentials, wrong content types and verbs. Every request must
 * get the right 4xx with a clear message, leave the database byte-for-byte unchanged, and the
 * server must go on answering its health check after each batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@server/admin/commands';
import { encodeRequest, type Credentials, type Format } from '@shared/protocol';
import { startTestServer, type TestServer } from '../helpers/server';
import { storeChecksum } from '../helpers/dbChecksum';
import { orderParams, product, stock } from './product/fixtures';

interface Case {
  name: string;
  path?: string;
  body: string | Buffer;
  contentType?: string;
  verb?: string;
  status: number;
  code?: string;
}

let s: TestServer;
let ids: { product: number; order: number; otherProduct: number; otherOrder: number; otherCode: string };
let otherKeys: Credentials;
let expiredKeys: Credentials;
let revokedSessionKeys: Credentials;
let revokedApiKeys: Credentials;
let sent = 0;

beforeAll(async () => {
  s = await startTestServer();
  const now = s.clock.now();
  const acct = (await runAdmin(s.app.store, ['account', 'create', '--name', 'Idegen Kft.'], now) as { account_id: number }).account_id;
  const key = (await runAdmin(s.app.store, ['key', 'issue', '--account', String(acct)], now) as { api_key: string }).api_key;
  const sess = (await runAdmin(s.app.store, ['session', 'open', '--account', String(acct)], now) as { session_key: string }).session_key;
  otherKeys = { api_key: key, session_key: sess };
  await runAdmin(s.app.store, ['contact', 'add', '--account', String(acct), '--name', 'Idegen szállító', '--kind', 'supplier'], now);
  await runAdmin(s.app.store, ['bank', 'add', '--account', String(acct), '--number', '10400000-00000000-00000009'], now);
  const otherProduct = (await s.ok('setProduct', { product_name: 'Idegen termék', currency: 'HUF', vat: 27, unit: 'db', list_price: 10 }, { keys: otherKeys })).id;
  const me = s.account.accountId;
  const short = await runAdmin(s.app.store, ['session', 'open', '--account', String(me), '--ttl', '1m'], now) as { session_key: string };
  expiredKeys = { api_key: s.keys.api_key, session_key: short.session_key };
  const revoked = await runAdmin(s.app.store, ['session', 'open', '--account', String(me)], now) as { session_key: string; session_id: number };
  await runAdmin(s.app.store, ['session', 'expire', '--id', String(revoked.session_id)], now);
  revokedSessionKeys = { api_key: s.keys.api_key, session_key: revoked.session_key };
  const k2 = await runAdmin(s.app.store, ['key', 'issue', '--account', String(me)], now) as { api_key: string; key_id: number };
  await runAdmin(s.app.store, ['key', 'revoke', '--id', String(k2.key_id)], now);
  revokedApiKeys = { api_key: k2.api_key, session_key: s.keys.session_key };
  s.clock.advance(5 * 60_000);

  const p = await product(s, { product_name: 'Célpont' });
  await stock(s, p, 10);
  const o = await s.ok('setOrder', orderParams(s, [{ product_id: p, quantity: 1 }]));
  const other = await s.call('getWarehouses', {}, { keys: otherKeys });
  expect(other.ok).toBe(true);
  ids = { product: p, order: o.order_id, otherProduct, otherOrder: 0, otherCode: '' };
  // The other account's own order and back-order, so its ids exist.
  await s.ok('setQuantity', { product_id: otherProduct, quantity: 1, contact_id: await contactOf(acct), warehouse: 'Default' }, { keys: otherKeys });
  const oo = await s.ok('setOrder', {
    ...orderParams(s, [{ product_id: otherProduct, quantity: 5 }], { finalize_order: 1, order_all: 1 }), contact_id: await contactOf(acct), selected_account: '10400000-00000000-00000009',
  }, { keys: otherKeys });
  ids.otherOrder = oo.order_id;
  ids.otherCode = oo.purchase_order!.project_code;
});
afterAll(() => s.close());

async function contactOf(accountId: number): Promise<number> {
  return ((await s.app.store.get('SELECT id FROM contacts WHERE account_id = ? ORDER BY id LIMIT 1', [accountId])) as { id: number }).id;
}

const json = (method: string, params: Record<string, unknown>, keys: Credentials | null = null) =>
  JSON.stringify({ [method]: { ...(keys ?? s.keys), ...params } });
const xml = (method: string, inner: string, keys: Credentials | null = null) => {
  const k = keys ?? s.keys;
  return `<?xml version="1.0" encoding="UTF-8"?><command><${method}><api_key><![CDATA[${k.api_key}]]></api_key><session_key>${k.session_key}</session_key>${inner}</${method}></command>`;
};
const J = 'application/json';
const X = 'text/xml; charset=utf-8';

async function expectRejected(c: Case): Promise<void> {
  const before = await storeChecksum(s.app.store);
  const r = await s.raw(c.path ?? '/api/product', c.body, c.contentType, c.verb);
  sent++;
  expect(r.status, `${c.name}: ${r.body.slice(0, 300)}`).toBe(c.status);
  if (c.verb !== 'HEAD') {
    const isXml = (r.contentType ?? '').includes('xml');
    const code = isXml ? /<code>([A-Z_]+)<\/code>/.exec(r.body)?.[1] : (JSON.parse(r.body) as { error?: { code?: string } }).error?.code;
    const parsed = isXml ? undefined : (JSON.parse(r.body) as { message?: string; error?: { message?: string } });
    const message = isXml ? /<message>([^<]*)<\/message>/.exec(r.body)?.[1] : (parsed?.error?.message ?? parsed?.message);
    if (c.code) expect(code, c.name).toBe(c.code);
    expect((message ?? '').length, `${c.name} needs a clear message`).toBeGreaterThan(15);
    expect(r.body, `${c.name} leaks internals`).not.toMatch(/at \w+ \(|\.ts:\d+|node_modules|SQLITE_|sqlite3/);
  }
  expect(await storeChecksum(s.app.store), `${c.name} changed the database`).toBe(before);
}

async function healthy(): Promise<void> {
  const r = await s.raw('/api/health', '', undefined, 'GET');
  expect(r.status).toBe(200);
  const q = await s.call('getQuantity', { product_id: ids.product, warehouse: 'Default' });
  expect(q.ok).toBe(true);
}

async function batch(cases: Case[]): Promise<void> {
  for (const c of cases) await expectRejected(c);
  await healthy();
}

const bad = (name: string, body: string, status: number, code: string, contentType = J): Case => ({ name, body, status, code, contentType });

describe('hostile input', () => {
  it('malformed XML and JSON', async () => {
    await batch([
      bad('empty json', '', 400, 'MALFORMED_REQUEST'),
      bad('whitespace', '   \n ', 400, 'MALFORMED_REQUEST'),
      bad('not json', 'hello', 400, 'MALFORMED_REQUEST', 'text/plain'),
      bad('truncated json', '{"getProduct": {"filter": "a"', 400, 'MALFORMED_REQUEST'),
      bad('trailing comma', '{"getProduct": {"filter": "a",}}', 400, 'MALFORMED_REQUEST'),
      bad('json array', '[{"getProduct": {}}]', 400, 'MALFORMED_REQUEST'),
      bad('json null', 'null', 400, 'MALFORMED_REQUEST'),
      bad('json number', '42', 400, 'MALFORMED_REQUEST'),
      bad('json string', '"getProduct"', 400, 'MALFORMED_REQUEST'),
      bad('two methods', json('getProduct', { filter: 'a' }).replace(/}$/, ', "getWarehouses": {}}'), 400, 'MALFORMED_REQUEST'),
      bad('no method', '{}', 400, 'MALFORMED_REQUEST'),
      bad('unknown method', json('dropDatabase', {}), 404, 'UNKNOWN_METHOD'),
      bad('method case', json('GetProduct', { filter: 'a' }), 404, 'UNKNOWN_METHOD'),
      bad('params as array', JSON.stringify({ getProduct: [1, 2] }), 400, 'MALFORMED_REQUEST'),
      bad('params as string', JSON.stringify({ getProduct: 'x' }), 400, 'MALFORMED_REQUEST'),
      bad('__proto__ key', `{"setProduct": {"api_key": "${s.keys.api_key}", "session_key": "${s.keys.session_key}", "__proto__": {"admin": true}, "product_name": "x", "currency": "HUF", "vat": 27, "unit": "db"}}`, 400, 'MALFORMED_REQUEST'),
      bad('constructor key', json('setProduct', { constructor: { prototype: {} }, product_name: 'x', currency: 'HUF', vat: 27, unit: 'db' }), 400, 'MALFORMED_REQUEST'),
      bad('unclosed xml', '<command><getProduct><filter>a</filter></getProduct>', 400, 'MALFORMED_REQUEST', X),
      bad('mismatched xml', '<command><getProduct></getWarehouses></command>', 400, 'MALFORMED_REQUEST', X),
      bad('text outside root', 'junk<command><getWarehouses/></command>', 400, 'MALFORMED_REQUEST', X),
      bad('two roots', '<command><getWarehouses/></command><command/>', 400, 'MALFORMED_REQUEST', X),
      bad('wrong root', '<request><getWarehouses/></request>', 400, 'MALFORMED_REQUEST', X),
      bad('empty command', '<command/>', 400, 'MALFORMED_REQUEST', X),
      bad('method twice', xml('getWarehouses', '').replace('</command>', '<getWarehouses/></command>'), 400, 'MALFORMED_REQUEST', X),
      bad('unclosed comment', '<command><!-- <getWarehouses/></command>', 400, 'MALFORMED_REQUEST', X),
      bad('unclosed cdata', '<command><getProduct><filter><![CDATA[x</filter></getProduct></command>', 400, 'MALFORMED_REQUEST', X),
      bad('bad tag name', '<command><1abc/></command>', 400, 'MALFORMED_REQUEST', X),
      bad('__proto__ element', xml('setProduct', '<__proto__><x>1</x></__proto__>'), 400, 'MALFORMED_REQUEST', X),
      bad('unknown xml method', xml('deleteEverything', ''), 404, 'UNKNOWN_METHOD', X),
      bad('xml says json', '<command><getWarehouses/></command>', 400, 'MALFORMED_REQUEST', J),
      bad('json says xml', json('getWarehouses', {}), 400, 'MALFORMED_REQUEST', X),
      { name: 'invalid utf-8', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), contentType: J, status: 400, code: 'MALFORMED_REQUEST' },
      { name: 'utf-16 bytes', body: Buffer.from(json('getWarehouses', {}), 'utf16le'), contentType: J, status: 400, code: 'MALFORMED_REQUEST' },
      bad('unknown field', json('getProduct', { filter: 'a', drop: 1 }), 400, 'VALIDATION_ERROR'),
      bad('unknown xml field', xml('getWarehouses', '<admin>1</admin>'), 400, 'VALIDATION_ERROR', X),
    ]);
  });

  it('XXE, entity expansion and other XML attacks', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><command><getProduct><filter>&lol3;</filter></getProduct></command>`;
    await batch([
      bad('xxe file', `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><command><getProduct><filter>&xxe;</filter></getProduct></command>`, 400, 'MALFORMED_REQUEST', X),
      bad('xxe http', `<!DOCTYPE x [<!ENTITY xxe SYSTEM "http://127.0.0.1:1/x">]><command><getWarehouses/></command>`, 400, 'MALFORMED_REQUEST', X),
      bad('parameter entity', `<!DOCTYPE x [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><command><getWarehouses/></command>`, 400, 'MALFORMED_REQUEST', X),
      bad('billion laughs', laughs, 400, 'MALFORMED_REQUEST', X),
      bad('external dtd', `<!DOCTYPE command SYSTEM "http://127.0.0.1:1/evil.dtd"><command><getWarehouses/></command>`, 400, 'MALFORMED_REQUEST', X),
      bad('doctype inside', `<command><!DOCTYPE x><getWarehouses/></command>`, 400, 'MALFORMED_REQUEST', X),
      bad('entity inside', `<command><getWarehouses><!ENTITY x "y"></getWarehouses></command>`, 400, 'MALFORMED_REQUEST', X),
      bad('xinclude', xml('getProduct', '<filter><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/></filter>'), 400, 'VALIDATION_ERROR', X),
    ]);
  });

  it('oversized and deeply nested bodies', async () => {
    const fifty = 'x'.repeat(50 * 1024 * 1024);
    await batch([
      { name: '50 MB json', body: `{"getProduct":{"filter":"${fifty}"}}`, contentType: J, status: 413, code: 'PAYLOAD_TOO_LARGE' },
      { name: '50 MB xml', body: `<command><getProduct><filter>${fifty}</filter></getProduct></command>`, contentType: X, status: 413, code: 'PAYLOAD_TOO_LARGE' },
      bad('deep json, no method', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 404, 'UNKNOWN_METHOD'),
      bad('deep json', `{"getProduct":{"filter":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`, 400, 'MALFORMED_REQUEST'),
      bad('deep json in params', json('setProduct', { product_name: JSON.parse(`${'['.repeat(200)}1${']'.repeat(200)}`) as unknown }), 400, 'MALFORMED_REQUEST'),
      bad('deep xml', `<command><getProduct>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</getProduct></command>`, 400, 'MALFORMED_REQUEST', X),
      bad('long filter', json('getProduct', { filter: 'x'.repeat(201) }), 400, 'VALIDATION_ERROR'),
      bad('long product name', json('setProduct', { product_name: 'n'.repeat(256), currency: 'HUF', vat: 27, unit: 'db' }), 400, 'VALIDATION_ERROR'),
      bad('101 tags', json('setProduct', { product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }), 400, 'VALIDATION_ERROR'),
      bad('1001 product ids', json('getQuantities', { product_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }), 400, 'VALIDATION_ERROR'),
      bad('10k order lines of unknown products', json('setOrder', orderParams(s, Array.from({ length: 10_000 }, (_, i) => ({ product_id: 900_000 + i, quantity: 1 })))), 404, 'NOT_FOUND'),
    ]);
  });

  it('wrong types and impossible values in every product method', async () => {
    const P = ids.product;
    const sup = s.account.supplierContactId;
    const baseProduct = { product_name: 'x', currency: 'HUF', vat: 27, unit: 'db' };
    const baseQty = { product_id: P, quantity: 1, contact_id: sup, warehouse: 'Default' };
    const baseOrder = orderParams(s, [{ product_id: P, quantity: 1 }]);
    const v = (method: string, params: Record<string, unknown>, name: string): Case => bad(`${method} ${name}`, json(method, params), 400, 'VALIDATION_ERROR');
    const cases: Case[] = [
      v('getProduct', {}, 'no filter'),
      v('getProduct', { filter: { a: 1 } }, 'object filter'),
      v('getProduct', { filter: ['a'] }, 'array filter'),
      v('getProduct', { filter: 'a', after_id: -1 }, 'negative after_id'),
      v('getProduct', { filter: 'a', after_id: 'abc' }, 'text after_id'),
      v('getProduct', { filter: 'a', updated_since: 'yesterday' }, 'bad timestamp'),
      v('getProduct', { filter: 'a', updated_since: '2026-13-45T99:99' }, 'impossible timestamp'),
      v('getProduct', { filter: true }, 'boolean filter'),
      ...[
        ['vat', 'huszonhét'], ['vat', -1], ['vat', 101], ['vat', 'NaN'], ['vat', 'Infinity'], ['vat', '1e309'], ['vat', '0x1B'], ['vat', '27,5'], ['vat', true], ['vat', null],
        ['currency', 'forint'], ['currency', 'HU'], ['currency', 123], ['list_price', -5], ['list_price', 1e13], ['list_price', '12.3.4'],
        ['ean_number', '123'], ['ean_number', 'abcdefghijklm'], ['vtsz_number', 'DROP TABLE'], ['country_code', 'HUN'], ['country_code', '1'],
        ['service', 2], ['service', -1], ['action', 'yes'], ['envfee_code', -3], ['envfee_code', 1.5], ['discount1', 150], ['net_weight', -1],
        ['collective_product', [{ id: 'a', qty: 1 }]], ['collective_product', [{ id: 1 }]], ['collective_product', [{ id: 1, qty: 0 }]], ['collective_product', 'abc'],
        ['tags', { tag: { deep: 1 } }], ['tags', [1, [2]]], ['id', -1], ['id', 1.5], ['id', 'x'], ['takein_quantity', -1], ['takein_date', '2026-02-30'],
        ['takein_expire_date', '31/12/2026'], ['takein_product_type', 2], ['takein_fxrate', -1], ['product_name', ''], ['product_name', '   '], ['unit', ''],
        ['unit', 'u'.repeat(21)], ['request_id', 'bad id!'], ['request_id', 'r'.repeat(65)], ['photo', 'p'.repeat(2001)],
      ].map(([f, val]) => v('setProduct', { ...baseProduct, [f as string]: val }, `${String(f)}=${JSON.stringify(val).slice(0, 20)}`)),
      ...[
        ['product_id', 0], ['product_id', -7], ['product_id', 'abc'], ['product_id', 1e20], ['quantity', 0], ['quantity', 'many'], ['quantity', 2e9], ['quantity', '-1e10'],
        ['contact_id', null], ['warehouse', ''], ['warehouse', 'w'.repeat(101)], ['date', '2026-00-10'], ['date', '0000-00-00'], ['date', '2026-2-3'],
        ['expire_date', '2027-02-29'], ['product_type', 5], ['start_serial_number', -1], ['fxrate', -2], ['price', -0.01], ['expected_quantity', 'x'], ['country_code', 'hun'],
        ['currency', 'E'], ['stock_label', 's'.repeat(101)], ['gross_weight', -1],
      ].map(([f, val]) => v('setQuantity', { ...baseQty, [f as string]: val }, `${String(f)}=${JSON.stringify(val).slice(0, 20)}`)),
      v('getQuantity', { product_id: P }, 'no warehouse'),
      v('getQuantity', { warehouse: 'Default' }, 'no product'),
      v('getQuantity', { product_id: 'null', warehouse: 'Default' }, 'text product'),
      v('getQuantity', { product_id: P, warehouse: { name: 'x' } }, 'object warehouse'),
      ...[
        ['shipping_aim', 'Theft'], ['method', 'bitcoin'], ['issued_date', '2026-02-29'], ['issued_date', 'today'], ['currency', 'XX'], ['language', 'hu'],
        ['finalize_order', 3], ['finalize_order', -1], ['order_all', 2], ['fx_rate', -1], ['contact_id', 0], ['items', 'none'], ['items', [{ product_id: P }]],
        ['items', [{ product_id: P, quantity: -1 }]], ['items', [{ product_id: P, quantity: 0 }]], ['items', [{ product_id: P, quantity: 1, discount: 101 }]],
        ['items', [{ product_id: P, quantity: 1, custom_price: -1 }]], ['items', [{ product_id: P, quantity: 1, bogus: 1 }]], ['custom_fields', { '1bad': 'x' }],
        ['custom_fields', { Megjegyzes: { deep: { deeper: 1 } } }], ['selected_account', ''], ['warehouse', ''], ['id', 0], ['task_id', -1],
      ].map(([f, val]) => v('setOrder', { ...baseOrder, [f as string]: val }, `${String(f)}=${JSON.stringify(val).slice(0, 24)}`)),
      v('setOrderItem', { order_id: ids.order }, 'no products'),
      v('setOrderItem', { order_id: ids.order, products: [] }, 'empty products'),
      v('setOrderItem', { order_id: ids.order, products: [{ product_id: P, new_quantity: -1 }] }, 'negative quantity'),
      v('setOrderItem', { order_id: 'x', products: [{ product_id: P, new_quantity: 1 }] }, 'text order'),
      v('setOrderItem', { order_id: ids.order, products: [{ product_id: P, new_quantity: 1.0005 }] }, 'four decimals'),
      v('getOrderStatus', {}, 'no order id'),
      v('getOrderStatus', { order_id: -1 }, 'negative order id'),
      v('getOrderStatus', { order_id: 1.5 }, 'fractional order id'),
      v('getPO', {}, 'no project code'),
      v('getPO', { project_code: '' }, 'empty project code'),
      v('getPO', { project_code: 'p'.repeat(65) }, 'long project code'),
      v('setPOTakeIn', {}, 'no PO'),
      v('setPOTakeIn', { PO: 'PO-2026-000001' }, 'code instead of id'),
      v('setPOTakeIn', { PO: 1, country_code: 'Hungary' }, 'bad country'),
      v('setPOTakeIn', { PO: 1, package_type: 'box' }, 'text package type'),
      v('setWarehouse', {}, 'no name'),
      v('setWarehouse', { name: 'x', postal_code: 'p'.repeat(17) }, 'long postal code'),
      v('setWarehouse', { name: '*' }, 'star name'),
      v('setWarehouseItem', { order_id: ids.order, product_id: P }, 'no quantity'),
      v('setWarehouseItem', { order_id: ids.order, product_id: P, quantity: -2 }, 'negative quantity'),
      v('getQuantities', { after_id: -1 }, 'negative after_id'),
      v('getQuantities', { product_ids: ['a'] }, 'text ids'),
      v('getWarehouses', { anything: 1 }, 'unexpected field'),
      bad('xml wrong type', xml('getQuantity', '<product_id>abc</product_id><warehouse>Default</warehouse>'), 400, 'VALIDATION_ERROR', X),
      bad('xml impossible date', xml('setQuantity', `<product_id>${P}</product_id><quantity>1</quantity><contact_id>${sup}</contact_id><warehouse>Default</warehouse><date>2026-02-30</date>`), 400, 'VALIDATION_ERROR', X),
      bad('xml NaN', xml('setQuantity', `<product_id>${P}</product_id><quantity>NaN</quantity><contact_id>${sup}</contact_id><warehouse>Default</warehouse>`), 400, 'VALIDATION_ERROR', X),
      bad('xml nested item junk', xml('setOrder', '<items><item><product_id><x>1</x></product_id></item></items>'), 400, 'VALIDATION_ERROR', X),
    ];
    await batch(cases);
    expect(cases.length).toBeGreaterThan(120);
  });

  it('SQL-looking text is data, never SQL', async () => {
    const injections = ["' OR 1=1 --", "%'; DROP TABLE products; --", "'); DELETE FROM stock_moves; --", '" OR ""="', '1; UPDATE products SET vat = 0', "\\'; --", '%%%_\\%', "Robert'); DROP TABLE warehouses;--", 'UNION SELECT key_hash FROM api_keys', '\u0000\u001f'];
    for (const filter of injections) {
      const before = await storeChecksum(s.app.store);
      const r = await s.ok('getProduct', { filter });
      sent++;
      expect(r.products, filter).toEqual([]);
      expect(await storeChecksum(s.app.store)).toBe(before);
    }
    await batch([
      ...injections.slice(0, 5).map((w) => bad(`warehouse ${w}`, json('getQuantity', { product_id: ids.product, warehouse: w }), 404, 'NOT_FOUND')),
      ...injections.slice(0, 3).map((c) => bad(`project code ${c}`, json('getPO', { project_code: c }), 404, 'NOT_FOUND')),
      bad('sql in currency', json('setProduct', { product_name: 'x', currency: "HUF'; --", vat: 27, unit: 'db' }), 400, 'VALIDATION_ERROR'),
      bad('sql in selected_account', json('setOrder', { ...orderParams(s, [{ product_id: ids.product, quantity: 1 }]), selected_account: "' OR '1'='1" }), 400, 'VALIDATION_ERROR'),
    ]);
  });

  it("other accounts' ids", async () => {
    await batch([
      bad('their product stock', json('getQuantity', { product_id: ids.otherProduct, warehouse: '*' }), 404, 'NOT_FOUND'),
      bad('their product update', json('setProduct', { id: ids.otherProduct, product_name: 'x', currency: 'HUF', vat: 27, unit: 'db' }), 404, 'NOT_FOUND'),
      bad('their product take-in', json('setQuantity', { product_id: ids.otherProduct, quantity: 5, contact_id: s.account.supplierContactId, warehouse: 'Default' }), 404, 'NOT_FOUND'),
      bad('their order status', json('getOrderStatus', { order_id: ids.otherOrder }), 404, 'NOT_FOUND'),
      bad('their order lines', json('setOrderItem', { order_id: ids.otherOrder, products: [{ product_id: ids.product, new_quantity: 1 }] }), 404, 'NOT_FOUND'),
      bad('their order allocation', json('setWarehouseItem', { order_id: ids.otherOrder, product_id: ids.product, quantity: 1 }), 404, 'NOT_FOUND'),
      bad('their order by id', json('setOrder', { ...orderParams(s, [{ product_id: ids.product, quantity: 1 }]), id: ids.otherOrder }), 404, 'NOT_FOUND'),
      bad('their product on my order', json('setOrder', orderParams(s, [{ product_id: ids.otherProduct, quantity: 1 }])), 404, 'NOT_FOUND'),
      bad('their PO code', json('getPO', { project_code: ids.otherCode }), 404, 'NOT_FOUND'),
      bad('their PO receipt', json('setPOTakeIn', { PO: ((await s.app.store.get('SELECT id FROM purchase_orders WHERE project_code = ? AND account_id <> ?', [ids.otherCode, s.account.accountId])) as { id: number }).id }), 404, 'NOT_FOUND'),
      bad('their product as component', json('setProduct', { product_name: 'x', currency: 'HUF', vat: 27, unit: 'db', collective_product: [{ id: ids.otherProduct, qty: 1 }] }), 404, 'NOT_FOUND'),
      bad('their contact', json('setQuantity', { product_id: ids.product, quantity: 1, contact_id: await contactOf(((await s.app.store.get("SELECT id FROM accounts WHERE name = 'Idegen Kft.'")) as { id: number }).id), warehouse: 'Default' }), 404, 'NOT_FOUND'),
      bad('their bank account', json('setOrder', { ...orderParams(s, [{ product_id: ids.product, quantity: 1 }]), selected_account: '10400000-00000000-00000009' }), 400, 'VALIDATION_ERROR'),
    ]);
  });

  it('missing, wrong, expired and revoked credentials', async () => {
    const params = { filter: '%' };
    const with_ = (keys: Credentials) => JSON.stringify({ getProduct: { ...keys, ...params } });
    await batch([
      bad('no keys', JSON.stringify({ getProduct: params }), 401, 'AUTH_FAILED'),
      bad('no session', JSON.stringify({ getProduct: { ...params, api_key: s.keys.api_key } }), 401, 'AUTH_FAILED'),
      bad('no api key', JSON.stringify({ getProduct: { ...params, session_key: s.keys.session_key } }), 401, 'AUTH_FAILED'),
      bad('wrong session', with_({ ...s.keys, session_key: 'sds_guess' }), 401, 'AUTH_FAILED'),
      bad('wrong api key', with_({ ...s.keys, api_key: 'sdk_guess' }), 401, 'AUTH_FAILED'),
      bad('keys swapped', with_({ api_key: s.keys.session_key, session_key: s.keys.api_key }), 401, 'AUTH_FAILED'),
      bad('mixed accounts', with_({ api_key: s.keys.api_key, session_key: otherKeys.session_key }), 401, 'AUTH_FAILED'),
      bad('expired session', with_(expiredKeys), 401, 'AUTH_FAILED'),
      bad('revoked session', with_(revokedSessionKeys), 401, 'AUTH_FAILED'),
      bad('revoked api key', with_(revokedApiKeys), 401, 'AUTH_FAILED'),
      bad('expired session write', JSON.stringify({ setWarehouse: { ...expiredKeys, name: 'Lopott' } }), 401, 'AUTH_FAILED'),
      bad('revoked key write', JSON.stringify({ setQuantity: { ...revokedApiKeys, product_id: ids.product, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' } }), 401, 'AUTH_FAILED'),
      bad('keys as objects', JSON.stringify({ getProduct: { ...params, api_key: { $ne: '' }, session_key: { $ne: '' } } }), 401, 'AUTH_FAILED'),
      bad('sql in key', with_({ api_key: "' OR 1=1 --", session_key: "' OR 1=1 --" }), 401, 'AUTH_FAILED'),
      bad('xml without keys', '<command><getWarehouses/></command>', 401, 'AUTH_FAILED', X),
      bad('xml expired', xml('getWarehouses', '', expiredKeys), 401, 'AUTH_FAILED', X),
    ]);
  });

  it('wrong content types, verbs and paths', async () => {
    const body = json('getWarehouses', {});
    await batch([
      { name: 'text/html', body, contentType: 'text/html', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { name: 'multipart', body, contentType: 'multipart/form-data; boundary=x', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { name: 'image', body, contentType: 'image/png', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { name: 'latin-1 charset', body, contentType: 'application/json; charset=iso-8859-1', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { name: 'utf-16 xml charset', body: xml('getWarehouses', ''), contentType: 'text/xml; charset=utf-16', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      ...['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].map((verb): Case => ({ name: verb, body, contentType: J, verb, status: 405, code: 'METHOD_NOT_ALLOWED' })),
      { name: 'HEAD', body: '', verb: 'HEAD', status: 405 },
      { name: 'unknown path', path: '/api/products', body, contentType: J, status: 404, code: 'NOT_FOUND' },
      { name: 'traversal path', path: '/api/../api/product/../../etc/passwd', body, contentType: J, status: 404, code: 'NOT_FOUND' },
      { name: 'finance path', path: '/api/finance', body, contentType: J, status: 404, code: 'UNKNOWN_METHOD' },
      { name: 'crm path', path: '/api/crm', body: json('setQuantity', { product_id: ids.product, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' }), contentType: J, status: 404, code: 'UNKNOWN_METHOD' },
      { name: 'health POST', path: '/api/health', body, contentType: J, status: 405 },
    ]);
  });

  it('sent at least 200 hostile requests and the server still serves', async () => {
    expect(sent).toBeGreaterThanOrEqual(200);
    await healthy();
    for (const format of ['json', 'xml'] as Format[]) {
      const r = encodeRequest(format, 'getWarehouses', {}, s.keys);
      expect((await s.raw('/api/product', r.body, r.contentType)).status).toBe(200);
    }
  });
});
