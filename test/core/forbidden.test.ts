/**
 * A clerk whose role may not do something (issue 19: the server answers 403 FORBIDDEN). The desk
 * must park such an entry for a person, worded by its reason, and go on with the rest — not treat
 * the 403 as a server fault and retry it with growing backoff, holding the queue behind it.
 * Real HTTP server (SQLite or PostgreSQL), real core.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { startTestCore, type TestCore } from '../helpers/core';
import { addClerk } from '../server/roles/users';

let s: TestServer;
let c: TestCore;
beforeAll(async () => {
  s = await startTestServer();
  c = await startTestCore(s);
});
afterAll(async () => {
  await c?.close();
  await s?.close();
});

describe('the clerk behind the keys', () => {
  it('the desk learns the clerk’s name and role once per set of keys, and forgets them when the keys change', async () => {
    expect((await c.ok('sync.status', {})).clerk).toEqual({ name: null, role: 'manager' });
    const bela = await addClerk(s, 'billing', 'Nagy Béla');
    await c.ok('settings.setCredentials', { apiKey: bela.keys.api_key, sessionKey: bela.keys.session_key });
    expect((await c.ok('sync.status', {})).clerk).toBeNull();
    await c.sync();
    expect((await c.ok('sync.status', {})).clerk).toEqual({ name: 'Nagy Béla', role: 'billing' });
    await c.sync();
    expect(c.net.calls.filter((x) => x.method === 'getSession')).toHaveLength(2);
  });
});

describe('a write the clerk’s role does not allow', () => {
  it('is parked for a person with the role refusal as data, and the next entry still goes', async () => {
    const vera = await addClerk(s, 'warehouse', 'Kiss Vera');
    await c.ok('settings.setCredentials', { apiKey: vera.keys.api_key, sessionKey: vera.keys.session_key });
    const before = (await s.ok('getProduct', { filter: 'Tiltott szűrő' })).products.length;
    // setProduct is a manager's (src/shared/protocol/roles.ts); a stock take-in is the warehouse's.
    await c.ok('products.save', { product: { product_name: 'Tiltott szűrő', currency: 'HUF', vat: 27, unit: 'db' } });
    await c.sync();
    const parked = await c.ok('outbox.list', { states: ['needs_attention'] });
    expect(parked.map((e) => [e.method, e.errorCode, e.reason?.reason])).toEqual([['setProduct', 'FORBIDDEN', 'role_forbidden']]);
    expect(parked[0]!.reason?.figures).toMatchObject({ role: 'warehouse', user: 'Kiss Vera', method: 'setProduct' });
    const status = await c.ok('sync.status', {});
    expect(status.outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 1 });
    // The server's own state: nothing was written, and the audit trail has no line for it.
    expect((await s.ok('getProduct', { filter: 'Tiltott szűrő' })).products.length).toBe(before);
  });
});
