/**
 * Large JSON answers leave the server through pooled buffers (src/server/http/jsonBytes.ts): over
 * real HTTP, several at once, each must arrive whole, be the answer to its own request, and read
 * the same as the XML answer to the same call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaPath, encodeRequest } from '@shared/protocol';
import { isLargeJson } from '@server/http/jsonBytes';
import { insertProduct } from '@server/repos/products';
import { startTestServer, type TestServer } from '../../helpers/server';

const MAKERS = ['Győri Szerszám', 'Pécsi Porcelán', 'Kőbányai Vas', 'Szűcs és Társa', 'Óbudai Fűrész'];
const PER_MAKER = 260;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  const now = s.clock.now();
  await s.app.store.transaction(async (tx) => {
    for (const maker of MAKERS) {
      for (let i = 0; i < PER_MAKER; i++) {
        await insertProduct(tx, s.account.accountId, {
          name: `${maker} termék ${i}`, action: 0, listPrice: String(1000 + i), currency: 'HUF', vat: '27', unit: 'db', manufacturer: maker,
          itemNumber: `${maker.slice(0, 3).toUpperCase()}-${i}`, tags: ['nagy'], service: 0, components: [],
        }, now);
      }
    }
  });
});
afterAll(() => s.close());

async function postJson(filter: string): Promise<string> {
  const req = encodeRequest('json', 'getProduct', { filter }, s.keys);
  const res = await fetch(s.url + areaPath('product'), { method: 'POST', body: req.body, headers: { 'content-type': req.contentType } });
  expect(res.status).toBe(200);
  expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(await res.clone().text()));
  return res.text();
}

describe('large JSON answers over HTTP', () => {
  it('arrive whole and answer their own request when several are in flight at once', async () => {
    expect(isLargeJson({ status: 'success', result: { products: new Array(PER_MAKER).fill({}) } })).toBe(true);
    const rounds = await Promise.all([...MAKERS, ...MAKERS].map((maker) => postJson(maker)));
    rounds.forEach((body, i) => {
      const maker = MAKERS[i % MAKERS.length]!;
      // Byte-exact JSON.stringify output: parsing and writing it again changes nothing.
      expect(JSON.stringify(JSON.parse(body))).toBe(body);
      const products = (JSON.parse(body) as { result: { products: Array<{ manufacturer: string }> } }).result.products;
      expect(products).toHaveLength(PER_MAKER);
      expect(new Set(products.map((p) => p.manufacturer))).toEqual(new Set([maker]));
    });
  });

  it('read the same as the XML answer to the same call', async () => {
    const json = await s.ok('getProduct', { filter: MAKERS[2]! });
    const xml = await s.ok('getProduct', { filter: MAKERS[2]! }, { format: 'xml' });
    expect(json.products).toHaveLength(PER_MAKER);
    expect(json).toEqual(xml);
  });

  it('keep serving small answers and errors between large ones', async () => {
    const [big, small, bad] = await Promise.all([
      postJson(MAKERS[0]!),
      s.ok('getQuantity', { product_id: 1, warehouse: '*' }),
      s.call('getProduct', { filter: 'x' }, { keys: { api_key: 'sdk_nope', session_key: 'sds_nope' } }),
    ]);
    expect((JSON.parse(big) as { result: { products: unknown[] } }).result.products).toHaveLength(PER_MAKER);
    expect(small.quantities.length).toBeGreaterThan(0);
    expect(bad.ok).toBe(false);
  });
});
