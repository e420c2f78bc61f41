/**
 * The web harness over real HTTP and WebSocket: token, Host and Origin checks, the contract's
 * validation, routing to a core child process, events, restarts. Against the stand-in core (same
 * message protocol, scripted behaviour) and, at the end, the real src/main/core/entry.ts.
 */
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CoreClient } from '@main/coreClient';
import { credentialRequests } from '@main/coreLaunch';
import type { Credentials } from '@main/credentials';
import { CSP } from '@main/csp';
import { spawnChildCore } from '@main/web/coreChild';
import { startWebHarness, type WebHarness } from '@main/web/harness';
import { fakeRenderer } from './fixtures/renderer';

const STAND_IN = join(import.meta.dirname, 'fixtures', 'standInCore.ts');
const PDF = Buffer.from('%PDF-1.7\n%fake\n').toString('base64');
const tmp = () => mkdtempSync(join(tmpdir(), 'stockdesk-bridge-'));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
/** node:http rather than fetch: fetch will not send a forged Host header. */
function raw(url: string, o: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Raw> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: u.port, method: o.method ?? 'GET', path: o.path, headers: o.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/** A body over the limit: declared up front (answered before it is sent), or streamed without a length. */
function tooBig(h: WebHarness, declared: boolean): Promise<{ status: number }> {
  const u = new URL(h.url);
  const size = 33 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json', Authorization: `Bearer ${h.token}` };
    if (declared) headers['Content-Length'] = size;
    const req = httpRequest({ host: '127.0.0.1', port: u.port, method: 'POST', path: '/bridge/invoke', headers }, (res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
      req.destroy();
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (!req.destroyed && sent < (declared ? 1 : size + chunk.length)) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

function connect(h: WebHarness, o: { token?: string; origin?: string; path?: string } = {}): Promise<{ ws: WebSocket; frames: unknown[] } | { status: number }> {
  const u = new URL(h.url);
  const protocols = ['stockdesk', ...(o.token === '' ? [] : [`token.${o.token ?? h.token}`])];
  const ws = new WebSocket(`ws://127.0.0.1:${u.port}${o.path ?? '/bridge/events'}`, protocols, { headers: { Origin: o.origin ?? u.origin } });
  const frames: unknown[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d))));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, frames }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', reject);
  });
}

describe('web harness bridge (stand-in core)', () => {
  let h: WebHarness;
  let port = '';
  let origin = '';
  let dataDir = '';
  const invoke = (body: unknown, headers: Record<string, string> = {}) =>
    raw(h.url, { method: 'POST', path: '/bridge/invoke', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${h.token}`, Origin: origin, ...headers }, body: JSON.stringify(body) });
  const call = async (channel: string, request: unknown) => JSON.parse((await invoke({ channel, request })).body) as Record<string, unknown>;

  beforeAll(async () => {
    dataDir = join(tmp(), 'data');
    h = await startWebHarness({ dataDir, rendererDir: fakeRenderer(), coreEntry: STAND_IN, log: () => undefined });
    const u = new URL(h.url);
    port = u.port;
    origin = u.origin;
  });
  afterAll(() => h?.close());

  it('prints a loopback URL carrying a long random token in its fragment', () => {
    expect(h.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
    expect(h.url.endsWith(h.token)).toBe(true);
    expect(h.dataDir).toBe(dataDir);
  });

  it('serves the renderer without a token, under the CSP, and nothing outside it', async () => {
    const index = await raw(h.url, { path: '/' });
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['content-security-policy']).toBe(CSP);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await raw(h.url, { path: '/assets/pdf.worker.min.mjs' })).headers['content-type']).toMatch(/text\/javascript/);
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/../../etc/passwd', '/nope.js', '/assets%00.js']) {
      expect((await raw(h.url, { path })).status, path).toBe(404);
    }
    expect((await raw(h.url, { method: 'DELETE', path: '/' })).status).toBe(405);
    const icon = await raw(h.url, { path: '/favicon.ico' });
    expect([icon.status, icon.headers['content-type']]).toEqual([200, 'image/x-icon']);
  });

  it('refuses calls without the right token', async () => {
    for (const auth of [undefined, '', 'Bearer', `Bearer ${'0'.repeat(64)}`, `Bearer ${h.token.slice(1)}`, `Basic ${h.token}`, h.token]) {
      const headers: Record<string, string> = auth === undefined ? {} : { Authorization: auth };
      const r = await raw(h.url, { method: 'POST', path: '/bridge/invoke', headers: { 'Content-Type': 'application/json', ...headers }, body: '{"channel":"settings.get","request":{}}' });
      expect(r.status, String(auth)).toBe(401);
    }
  });

  it('refuses foreign origins and hosts, even with the token', async () => {
    expect((await invoke({ channel: 'settings.get', request: {} }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await invoke({ channel: 'settings.get', request: {} }, { Origin: 'null' })).status).toBe(403);
    expect((await invoke({ channel: 'settings.get', request: {} }, { Origin: `http://127.0.0.1:${Number(port) + 1}` })).status).toBe(403);
    // DNS rebinding: a foreign name resolving to 127.0.0.1.
    expect((await invoke({ channel: 'settings.get', request: {} }, { Host: `evil.example:${port}` })).status).toBe(403);
    expect((await raw(h.url, { path: '/', headers: { Host: `evil.example:${port}` } })).status).toBe(403);
    expect((await invoke({ channel: 'settings.get', request: {} }, { Origin: `http://localhost:${port}`, Host: `localhost:${port}` })).status).toBe(200);
    // No Origin at all (not a browser) is fine with the token.
    const noOrigin = await raw(h.url, { method: 'POST', path: '/bridge/invoke', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${h.token}` }, body: '{"channel":"settings.get"}' });
    expect(noOrigin.status).toBe(200);
  });

  it('accepts JSON POSTs only', async () => {
    expect((await raw(h.url, { path: '/bridge/invoke', headers: { Authorization: `Bearer ${h.token}` } })).status).toBe(405);
    expect((await invoke('x', { 'Content-Type': 'text/plain' })).status).toBe(415);
    const bad = await raw(h.url, { method: 'POST', path: '/bridge/invoke', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${h.token}` }, body: '{"channel":' });
    expect(bad.status).toBe(400);
    expect((await tooBig(h, true)).status).toBe(413);
    expect((await tooBig(h, false)).status).toBe(413);
  });

  it('validates against the contract before the core sees anything', async () => {
    expect(await call('fs.readFile', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', message: 'Unknown channel fs.readFile.' } });
    const bad = await call('products.search', { query: 5, limit: 9999, extra: true });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    expect((bad.error as { details: Array<{ field: string }> }).details.map((d) => d.field).sort()).toEqual(['extra', 'limit', 'query']);
    expect(await call('drafts.get', null)).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    // What reaches the core is the parsed request, defaults applied.
    expect(await call('drafts.get', { key: 'take-in' })).toMatchObject({ ok: true, result: { request: { key: 'take-in' } } });
  });

  it('launches the core with the data dir and file credentials, as a plain Node process', async () => {
    expect(await call('settings.get', {})).toEqual({ ok: true, result: { dataArg: dataDir, dataEnv: dataDir, credentials: 'file', binding: null } });
  });

  it('approves shell channels for the browser to carry out, without the core', async () => {
    expect(await call('shell.print', {})).toEqual({ ok: true, result: { printed: true } });
    expect(await call('shell.savePdf', { filename: 'SZ-2024/0001', pdf: PDF })).toEqual({ ok: true, result: { saved: true, path: '0001.pdf' } });
    expect(await call('shell.savePdf', { filename: 'a.pdf', pdf: Buffer.from('<html>').toString('base64') })).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('pushes contract events to sockets with the token, and only those', async () => {
    expect(await connect(h, { token: '' })).toEqual({ status: 401 });
    expect(await connect(h, { token: 'f'.repeat(64) })).toEqual({ status: 401 });
    expect(await connect(h, { origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(await connect(h, { path: '/bridge/other' })).toEqual({ status: 404 });
    const ok = await connect(h);
    if (!('ws' in ok)) throw new Error('no socket');
    expect(ok.ws.protocol).toBe('stockdesk');
    await call('sync.now', { });
    await new Promise((r) => setTimeout(r, 200));
    expect(ok.frames).toEqual([{ event: 'sync.status', payload: { online: true, marker: {} } }]);
    ok.ws.close();
  });

  it('restarts a core that died, failing only the call it died on', async () => {
    const before = (await call('drafts.get', { key: 'a' })).result as { pid: number };
    expect(await call('drafts.set', { key: 'crash', value: 1 })).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    const after = (await call('drafts.get', { key: 'a' })) as { ok: boolean; result: { pid: number } };
    expect(after.ok).toBe(true);
    expect(after.result.pid).not.toBe(before.pid);
  });

  it('closes: the core and the port both go', async () => {
    const h2 = await startWebHarness({ dataDir: tmp(), rendererDir: fakeRenderer(), coreEntry: STAND_IN, log: () => undefined });
    const { result } = (await h2.invoke('drafts.get', { key: 'x' })) as unknown as { result: { pid: number } };
    expect(result.pid).toBeGreaterThan(0);
    expect(() => process.kill(result.pid, 0)).not.toThrow();
    await h2.close();
    expect(() => process.kill(result.pid, 0)).toThrow();
    await expect(raw(h2.url, { path: '/' })).rejects.toThrow();
  });
});

describe('Electron-style host credentials over a real child process', () => {
  it("answers the core's credential requests from the host's store", async () => {
    let saved: Credentials | null = null;
    const client = new CoreClient({
      spawn: () => spawnChildCore({ entry: STAND_IN, dataDir: tmp(), credentials: 'host', sqliteBinding: '/opt/stockdesk/native/better_sqlite3.node' }),
      onEvent: () => undefined,
      hostRequests: credentialRequests({ load: () => saved, save: (c) => void (saved = c), clear: () => void (saved = null) }),
      log: () => undefined,
    });
    const creds = { apiKey: 'k-1', sessionKey: 's-1' };
    expect(await client.invoke('settings.setCredentials', creds)).toEqual({ ok: true, result: { saved: { type: 'credentials', id: 1, ok: true }, loaded: { type: 'credentials', id: 2, ok: true, credentials: creds } } });
    expect(await client.invoke('settings.get', {})).toMatchObject({ ok: true, result: { credentials: 'host', binding: '/opt/stockdesk/native/better_sqlite3.node' } });
    await client.stop();
  });
});
