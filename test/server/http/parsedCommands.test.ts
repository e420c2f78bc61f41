/**
 * Read commands decoded and validated once per exact body (http/parsedCommands.ts): a body seen
 * before answers as it did, yet is authenticated and routed every time; nothing else is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireSession, insertSession, listSessions } from '@server/repos/credentials';
import { MAX_KEPT_BODY_BYTES, MAX_KEPT_COMMANDS, ParsedCommands, type ParsedCommand } from '@server/http/parsedCommands';
import type { MethodName, Params } from '@shared/protocol';
import { startTestServer, type TestServer } from '../../helpers/server';

const command = (method: MethodName, params: Record<string, unknown>): ParsedCommand => ({
  format: 'json', method, credentials: { api_key: 'k', session_key: 's' }, params: params as Params<MethodName>,
});
const body = (text: string) => Buffer.from(text, 'utf8');

/** Offers the command for body twice (a body is kept on its second sighting); returns what the second offer gave. */
const offerTwice = (c: ParsedCommands, b: Buffer, contentType: string | undefined, cmd: ParsedCommand, isWrite = false) => {
  c.keep(c.find(b, contentType), cmd, isWrite);
  return c.keep(c.find(b, contentType), cmd, isWrite);
};

describe('ParsedCommands', () => {
  it('keeps a read on its second sighting, by its exact bytes and content type, frozen to the leaves', () => {
    const c = new ParsedCommands();
    const b = body('{"getQuantity":{"product_id":1}}');
    const cmd = command('getQuantity', { product_id: 1, nested: { list: [1] } });
    c.keep(c.find(b, 'application/json'), cmd, false);
    // Seen once: noted, not kept, not frozen.
    expect(c.find(b, 'application/json').kept).toBeUndefined();
    expect(Object.isFrozen(cmd.params)).toBe(false);
    const kept = c.keep(c.find(b, 'application/json'), cmd, false);
    expect(c.find(body('{"getQuantity":{"product_id":1}}'), 'application/json').kept).toBe(kept);
    expect(c.find(body('{"getQuantity":{"product_id":1} }'), 'application/json').kept).toBeUndefined();
    expect(c.find(b, 'text/plain').kept).toBeUndefined();
    expect(c.find(b, undefined).kept).toBeUndefined();
    expect(Object.isFrozen(kept.params)).toBe(true);
    expect(Object.isFrozen((kept.params as unknown as { nested: { list: number[] } }).nested.list)).toBe(true);
    expect(() => {
      (kept.params as unknown as Record<string, unknown>).product_id = 2;
    }).toThrow(TypeError);
  });

  it('keeps no write and no body longer than MAX_KEPT_BODY_BYTES, however often they come', () => {
    const c = new ParsedCommands();
    const write = body('{"setQuantity":{}}');
    offerTwice(c, write, 'application/json', command('setQuantity', {}), true);
    expect(c.find(write, 'application/json').kept).toBeUndefined();
    const long = body(`{"getProduct":{"filter":"${'x'.repeat(MAX_KEPT_BODY_BYTES)}"}}`);
    offerTwice(c, long, 'application/json', command('getProduct', {}));
    expect(c.find(long, 'application/json')).toEqual({ key: null, kept: undefined });
  });

  it('keeps at most MAX_KEPT_COMMANDS, the oldest going first', () => {
    const c = new ParsedCommands();
    const nth = (i: number) => body(`{"getQuantity":{"product_id":${i}}}`);
    for (let i = 0; i <= MAX_KEPT_COMMANDS; i++) offerTwice(c, nth(i), 'application/json', command('getQuantity', { product_id: i }));
    expect(c.find(nth(0), 'application/json').kept).toBeUndefined();
    expect(c.find(nth(1), 'application/json').kept?.params).toEqual({ product_id: 1 });
    expect(c.find(nth(MAX_KEPT_COMMANDS), 'application/json').kept?.params).toEqual({ product_id: MAX_KEPT_COMMANDS });
  });
});

describe('a body sent again, over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const getQuantity = (keys: { api_key: string; session_key: string }) => JSON.stringify({ getQuantity: { ...keys, product_id: 1, warehouse: '*' } });

  it('answers as the first time, and is authenticated every time', async () => {
    const key = 'sds_parsed_command_session_01';
    const sessionId = await insertSession(s.app.store, s.account.accountId, key, 'parsed', s.clock.now(), new Date(s.clock.now().getTime() + 3_600_000));
    const text = getQuantity({ api_key: s.keys.api_key, session_key: key });
    const first = await s.raw('/api/product', text, 'application/json');
    // The second sighting keeps it; the third is answered from the kept form.
    for (let i = 0; i < 2; i++) expect(await s.raw('/api/product', text, 'application/json')).toEqual(first);
    expect(first.status).toBe(200);
    await expireSession(s.app.store, sessionId, s.clock.now());
    const refused = await s.raw('/api/product', text, 'application/json');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).error.code).toBe('AUTH_FAILED');
    expect((await listSessions(s.app.store, s.account.accountId)).find((x) => x.id === sessionId)?.revoked_at).toBeTruthy();
  });

  it('is routed every time: the same bytes at another area are refused', async () => {
    const text = getQuantity(s.keys);
    for (let i = 0; i < 2; i++) expect((await s.raw('/api/product', text, 'application/json')).status).toBe(200);
    const elsewhere = await s.raw('/api/finance', text, 'application/json');
    expect(JSON.parse(elsewhere.body).error).toMatchObject({ code: 'UNKNOWN_METHOD', message: expect.stringMatching(/not a method of \/api\/finance/) });
  });

  it('an invalid body gets its error every time, authentication first', async () => {
    const bad = JSON.stringify({ getQuantity: { ...s.keys, product_id: 'one', warehouse: '*' } });
    for (let i = 0; i < 2; i++) expect(JSON.parse((await s.raw('/api/product', bad, 'application/json')).body).error.code).toBe('VALIDATION_ERROR');
    const badKeys = JSON.stringify({ getQuantity: { api_key: 'sdk_nobody', session_key: 'sds_nobody', product_id: 'one', warehouse: '*' } });
    for (let i = 0; i < 2; i++) expect(JSON.parse((await s.raw('/api/product', badKeys, 'application/json')).body).error.code).toBe('AUTH_FAILED');
  });
});
