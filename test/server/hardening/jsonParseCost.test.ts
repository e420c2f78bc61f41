/**
 * Issue 15, item 3: JSON.parse is one native call the server cannot slice, so a JSON body is
 * pre-scanned for what makes it slow before JSON.parse sees it: besides the value and key counts,
 * objects wider than 100 keys (JSON.parse builds them several times slower per key: 100 objects
 * of 1,000 keys took 30 ms) may hold 2,000 keys between them, and a number token is at most 40
 * characters (100,000 numbers of 50 digits took 24 ms). Each refusal says what to fix; the
 * database is unchanged; a request with 1,000 custom fields is not caught by the width rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const jsonCmd = (method: string, inner: string) => `{"${method}":{"api_key":"${s.keys.api_key}","session_key":"${s.keys.session_key}"${inner}}}`;
const orderHead = `,"warehouse":"Default","shipping_aim":"Sale","method":"transfer","issued_date":"2026-11-22","contact_id":1,"currency":"HUF","selected_account":"x"`;

async function post(body: string): Promise<{ status: number; code: string; message: string }> {
  const before = await storeChecksum(s.app.store);
  const r = await s.raw('/api/product', body, 'application/json');
  expect(await storeChecksum(s.app.store), 'the body changed the database').toBe(before);
  const e = (JSON.parse(r.body) as { error?: { code: string; message: string } }).error;
  return { status: r.status, code: e?.code ?? '', message: e?.message ?? '' };
}

describe('a JSON body is refused before JSON.parse when parsing it would be slow', () => {
  it('30 order lines of 1,000 keys each: over 2,000 keys in objects of over 100', async () => {
    const line = `{${Array.from({ length: 1000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    const e = await post(jsonCmd('setOrder', `${orderHead},"items":[${Array(30).fill(line).join(',')}]`));
    expect(e).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The JSON body has more than 2000 fields in objects of over 100 fields; a command has a few dozen, and at most 1000 custom fields. Check how the body is built.',
    });
  });

  it('1,000 custom fields are still read (and judged by the business rules, not the width rule)', async () => {
    const fields = Array.from({ length: 1000 }, (_, i) => `"f${i}":"v"`).join(',');
    const e = await post(jsonCmd('setOrder', `${orderHead},"items":[],"custom_fields":{${fields}}`));
    expect(e.status).toBe(400);
    expect(e.message).not.toMatch(/objects of over 100 fields/);
  });

  it('a number of more than 40 characters', async () => {
    const e = await post(jsonCmd('getProduct', `,"filter":"a","x":[${Array(2000).fill('1'.repeat(50)).join(',')}]`));
    expect(e).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'A number in the JSON body is longer than 40 characters; amounts, quantities and ids are short.',
    });
  });
});
