import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { startTestCore, type TestCore } from '../helpers/core';

describe('settings and the connection', () => {
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

  it('a new interface language leaves the connection alone: still online, no new health check', async () => {
    expect((await c.ok('sync.status', {})).online).toBe(true);
    c.net.calls.length = 0;
    expect((await c.ok('settings.update', { language: 'hu' })).language).toBe('hu');
    expect((await c.ok('sync.status', {})).online).toBe(true);
    expect(c.net.calls).toEqual([]);
  });

  it('a new wire format reconnects', async () => {
    await c.ok('settings.update', { format: 'xml' });
    expect((await c.ok('sync.status', {})).online).toBe(false);
    await c.ok('sync.now', {});
    expect((await c.ok('sync.status', {})).online).toBe(true);
  });
});
