import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, CHANNEL_NAMES } from '@shared/ipc/channels';
import { ApiClient } from '@main/core/api/client';
import { fileCredentialStore, hostCredentialStore, memoryCredentialStore, type CredentialsRequest } from '@main/core/credentials';
import { HANDLERS } from '@main/core/handlers';
import { backoffDelay } from '@main/core/outbox/backoff';
import { seededRandom } from '@main/core/random';
import { startTestServer, type TestServer } from '../helpers/server';

describe('the API client: every outcome typed', () => {
  let s: TestServer;
  let odd: Server;
  let oddUrl: string;
  beforeAll(async () => {
    s = await startTestServer();
    // A proxy-like server: 503 pages, garbage, a hang.
    odd = createServer((req, res) => {
      req.resume();
      if (req.url === '/api/health') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', capabilities: ['request_id', 'made_up'] }));
      const mode = req.headers['x-mode'];
      if (mode === 'hang') return;
      if (mode === 'garbage') return res.writeHead(200).end('<html>hello</html>');
      res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
    });
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    odd?.closeAllConnections();
    await new Promise((r) => odd?.close(r));
    await s?.close();
  });
  const client = (o: { url?: string; format?: 'json' | 'xml'; session?: string; mode?: string; timeoutMs?: number } = {}) =>
    new ApiClient({
      baseUrl: o.url ?? s.url, format: o.format ?? 'json', apiKey: s.keys.api_key, sessionKey: o.session ?? s.keys.session_key, timeoutMs: o.timeoutMs ?? 5_000,
      fetch: (u, i) => fetch(u, { ...i, headers: { ...(i.headers as Record<string, string>), 'x-mode': o.mode ?? '' } }),
    });

  it('ok in JSON and XML alike', async () => {
    for (const format of ['json', 'xml'] as const) {
      const o = await client({ format }).call('getWarehouses', {});
      expect(o.kind).toBe('ok');
    }
  });

  it('rejected with the server code, message and field details', async () => {
    const o = await client({ format: 'xml' }).call('getQuantity', { product_id: 999_999, warehouse: 'Default' });
    expect(o).toMatchObject({ kind: 'rejected', code: 'NOT_FOUND' });
    const v = await client().call('setQuantity', { product_id: 1, quantity: 0, contact_id: 1, warehouse: 'Default' });
    expect(v).toMatchObject({ kind: 'rejected', code: 'VALIDATION_ERROR', details: [{ field: 'quantity' }] });
  });

  it('auth, network, server and unreadable answers', async () => {
    expect((await client({ session: 'nope' }).call('getWarehouses', {})).kind).toBe('auth');
    expect((await client({ url: 'http://127.0.0.1:9' }).call('getWarehouses', {})).kind).toBe('network');
    expect(await client({ url: oddUrl }).call('getWarehouses', {})).toMatchObject({ kind: 'server', status: 503 });
    expect(await client({ url: oddUrl, mode: 'garbage' }).call('getWarehouses', {})).toMatchObject({ kind: 'server', status: 200 });
    const hung = await client({ url: oddUrl, mode: 'hang', timeoutMs: 200 }).call('getWarehouses', {});
    expect(hung).toMatchObject({ kind: 'network', message: 'The server did not answer in time.' });
  });

  it('health lists only the capabilities it knows', async () => {
    const h = await client({ url: oddUrl }).health();
    expect(h.ok && [...h.capabilities]).toEqual(['request_id']);
    expect((await client({ url: 'http://127.0.0.1:9' }).health()).ok).toBe(false);
  });
});

describe('small parts', () => {
  it('serves every core channel of the contract', () => {
    const core = CHANNEL_NAMES.filter((c) => CHANNELS[c].target === 'core');
    expect(Object.keys(HANDLERS).sort()).toEqual([...core].sort());
  });

  it('backoff: full jitter under a doubling cap', () => {
    const r = seededRandom(1);
    const cfg = { baseMs: 1000, capMs: 300_000 };
    for (let a = 1; a <= 20; a++) {
      const d = backoffDelay(a, cfg, r);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(Math.min(300_000, 1000 * 2 ** (a - 1)));
    }
    expect(backoffDelay(3, cfg, { next: () => 0.999 })).toBe(3996);
  });

  it('credential stores: memory, a 0600 file, and the host over messages', async () => {
    const m = memoryCredentialStore();
    await m.save({ apiKey: 'a', sessionKey: 'b' });
    expect(await m.load()).toEqual({ apiKey: 'a', sessionKey: 'b' });
    const dir = mkdtempSync(join(tmpdir(), 'stockdesk-cred-'));
    const f = fileCredentialStore(join(dir, 'c', 'credentials.json'));
    expect(await f.load()).toBeNull();
    await f.save({ apiKey: 'k', sessionKey: 's' });
    expect(statSync(join(dir, 'c', 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(await f.load()).toEqual({ apiKey: 'k', sessionKey: 's' });
    await f.clear();
    expect(await f.load()).toBeNull();
    rmSync(dir, { recursive: true, force: true });

    let saved: unknown = null;
    const host = hostCredentialStore((msg: CredentialsRequest) => {
      queueMicrotask(() => {
        if (msg.op === 'save') {
          saved = msg.credentials;
          host.receive({ type: 'credentials', id: msg.id, ok: true });
        } else if (msg.op === 'load') host.receive({ type: 'credentials', id: msg.id, ok: true, credentials: saved as never });
        else host.receive({ type: 'credentials', id: msg.id, ok: false, message: 'no key store' });
      });
    });
    await host.save({ apiKey: 'x', sessionKey: 'y' });
    expect(await host.load()).toEqual({ apiKey: 'x', sessionKey: 'y' });
    await expect(host.clear()).rejects.toThrow('no key store');
  });
});
