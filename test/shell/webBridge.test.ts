// @vitest-environment jsdom
// The renderer's side of the harness bridge: token from the fragment, calls, errors, shell actions, events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge, installWebBridge, takeToken } from '../../src/renderer/bridge/webBridge';

const TOKEN = 'ab'.repeat(32);

class FakeSocket {
  static last: FakeSocket | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.last = this;
  }
}

let calls: Array<{ url: string; init: RequestInit }> = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  }));
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStorage.clear();
  delete (window as { stockdesk?: unknown }).stockdesk;
});
afterEach(() => vi.unstubAllGlobals());

describe('takeToken', () => {
  it('takes the token out of the address bar and keeps it for reloads', () => {
    history.replaceState(null, '', `/#token=${TOKEN}`);
    expect(takeToken()).toBe(TOKEN);
    expect(location.hash).toBe('');
    expect(takeToken()).toBe(TOKEN);
  });

  it('ignores fragments that are routes, not tokens', () => {
    history.replaceState(null, '', '/#/products');
    expect(takeToken()).toBeNull();
    expect(location.hash).toBe('#/products');
  });
});

describe('createWebBridge', () => {
  const origin = 'http://127.0.0.1:4567';

  it('posts calls with the token and resolves with the result', async () => {
    answer(200, { ok: true, result: { rows: [], total: 0 } });
    const api = createWebBridge(TOKEN, origin);
    expect(api.platform).toBe('web');
    await expect(api.invoke('products.search', { query: 'x' })).resolves.toEqual({ rows: [], total: 0 });
    expect(calls[0]?.url).toBe(`${origin}/bridge/invoke`);
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ channel: 'products.search', request: { query: 'x' } });
  });

  it('rejects with an Error carrying code, message and details', async () => {
    const details = [{ field: 'query', message: 'too long' }];
    answer(200, { ok: false, error: { code: 'VALIDATION_ERROR', message: 'query too long', details } });
    const err = await createWebBridge(TOKEN, origin).invoke('products.search', { query: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: 'VALIDATION_ERROR', message: 'query too long', details });
  });

  it('says plainly when the token is wrong or the harness is gone', async () => {
    answer(401, { error: 'missing or wrong token' });
    await expect(createWebBridge(TOKEN, origin).invoke('settings.get', {})).rejects.toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/token/) });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    await expect(createWebBridge(TOKEN, origin).invoke('settings.get', {})).rejects.toMatchObject({ message: expect.stringMatching(/not reachable/) });
  });

  it('prints and downloads in the browser once the harness approves', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    answer(200, { ok: true, result: { printed: true } });
    const api = createWebBridge(TOKEN, origin);
    await expect(api.invoke('shell.print', {})).resolves.toEqual({ printed: true });
    expect(print).toHaveBeenCalledTimes(1);

    answer(200, { ok: true, result: { saved: true, path: 'SZ-0001.pdf' } });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const clicks: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    await api.invoke('shell.savePdf', { filename: 'x/SZ-0001', pdf: btoa('%PDF-1.7') });
    expect(clicks).toEqual([{ download: 'SZ-0001.pdf', href: 'blob:x' }]);

    answer(200, { ok: false, error: { code: 'VALIDATION_ERROR', message: 'not a PDF', details: [] } });
    await expect(api.invoke('shell.savePdf', { filename: 'a', pdf: 'eA==' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(clicks).toHaveLength(1);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('subscribes to events over the socket with the token as a subprotocol', () => {
    const api = createWebBridge(TOKEN, origin);
    const socket = FakeSocket.last as FakeSocket;
    expect(socket.url).toBe('ws://127.0.0.1:4567/bridge/events');
    expect(socket.protocols).toEqual(['stockdesk', `token.${TOKEN}`]);
    const seen: unknown[] = [];
    const off = api.on('outbox.changed', (p) => seen.push(p));
    socket.onmessage?.({ data: JSON.stringify({ event: 'outbox.changed', payload: { queued: 1 } }) });
    socket.onmessage?.({ data: JSON.stringify({ event: 'sync.status', payload: {} }) });
    socket.onmessage?.({ data: 'not json' });
    off();
    socket.onmessage?.({ data: JSON.stringify({ event: 'outbox.changed', payload: { queued: 2 } }) });
    expect(seen).toEqual([{ queued: 1 }]);
  });
});

describe('installWebBridge', () => {
  it('leaves an Electron preload in place', () => {
    const electron = { platform: 'electron' };
    (window as { stockdesk?: unknown }).stockdesk = electron;
    expect(installWebBridge()).toBe(true);
    expect((window as { stockdesk?: unknown }).stockdesk).toBe(electron);
  });

  it('installs itself with a token, and does nothing without one', () => {
    history.replaceState(null, '', '/');
    expect(installWebBridge()).toBe(false);
    expect((window as { stockdesk?: unknown }).stockdesk).toBeUndefined();
    history.replaceState(null, '', `/#token=${TOKEN}`);
    expect(installWebBridge()).toBe(true);
    expect((window as { stockdesk?: { platform: string } }).stockdesk?.platform).toBe('web');
  });
});
