/**
 * `npm run web` for real: the CLI's ready line, the renderer it builds and serves, and the real
 * core (src/main/core/entry.ts) behind the bridge, with and without the embedded demo server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { META_CSP } from '@main/csp';
import { startWebHarness } from '@main/web/harness';
import { ensureRenderer, sourceStamp } from '@main/web/renderer';
import { fakeRenderer } from './fixtures/renderer';

const tmp = () => mkdtempSync(join(tmpdir(), 'stockdesk-harness-'));

async function post(url: string, token: string, channel: string, request: unknown) {
  const origin = new URL(url).origin;
  const res = await fetch(`${origin}/bridge/invoke`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ channel, request }) });
  return (await res.json()) as { ok: boolean; result?: Record<string, unknown>; error?: { code: string } };
}

describe('npm run web (CLI)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => void child?.kill('SIGKILL'));

  it('prints one JSON ready line, serves the built renderer and bridges to the real core', async () => {
    const dataDir = join(tmp(), 'desk');
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web/cli.ts', '--data', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).once('line', resolve);
      child!.once('exit', (code) => reject(new Error(`cli exited ${code}`)));
    });
    const ready = JSON.parse(first) as { web: string; token: string; dataDir: string };
    expect(Object.keys(ready).sort()).toEqual(['dataDir', 'token', 'web']);
    expect(ready.web).toBe(`${new URL(ready.web).origin}/#token=${ready.token}`);
    expect(ready.dataDir).toBe(dataDir);

    // The production renderer bundle, with its CSP meta tag and assets.
    const html = await (await fetch(ready.web)).text();
    expect(html).toContain(`content="${META_CSP}"`);
    const script = /<script[^>]+src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const js = await fetch(`${new URL(ready.web).origin}/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);

    const settings = await post(ready.web, ready.token, 'settings.get', {});
    expect(settings).toEqual({ ok: true, result: { serverUrl: null, format: 'json', language: 'hu', demo: false, hasCredentials: false } });

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('renderer build for the harness', () => {
  it('builds once per source state, safely when two harnesses start together', async () => {
    const base = tmp();
    const [a, b] = await Promise.all([ensureRenderer(base), ensureRenderer(base)]);
    expect(a).toBe(join(base, sourceStamp()));
    expect(b).toBe(a);
    expect(existsSync(join(a, 'index.html'))).toBe(true);
    expect(readdirSync(base)).toEqual([sourceStamp()]);
    expect(await ensureRenderer(base)).toBe(a);
  }, 120_000);
});

describe('web harness with the real core', () => {
  it('points the core at --server', async () => {
    const h = await startWebHarness({ dataDir: tmp(), rendererDir: fakeRenderer(), server: 'http://127.0.0.1:9', log: () => undefined });
    try {
      expect(await h.invoke('settings.get', {})).toMatchObject({ ok: true, result: { serverUrl: 'http://127.0.0.1:9', demo: false } });
    } finally {
      await h.close();
    }
  });

  it('refuses to start on a bad --server, saying why', async () => {
    await expect(startWebHarness({ dataDir: tmp(), rendererDir: fakeRenderer(), server: 'not a url', log: () => undefined })).rejects.toThrow(/serverUrl/);
  });

  it('--demo: starts the embedded demo server, syncs, and pushes events to the page', async () => {
    const h = await startWebHarness({ dataDir: tmp(), rendererDir: fakeRenderer(), demo: true, log: () => undefined });
    try {
      const u = new URL(h.url);
      const ws = new WebSocket(`ws://${u.host}/bridge/events`, ['stockdesk', `token.${h.token}`], { headers: { Origin: u.origin } });
      const events: string[] = [];
      ws.on('message', (d) => events.push((JSON.parse(String(d)) as { event: string }).event));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

      expect(await post(h.url, h.token, 'settings.get', {})).toMatchObject({ ok: true, result: { demo: true, hasCredentials: true } });
      expect(await post(h.url, h.token, 'sync.now', {})).toMatchObject({ ok: true });
      const products = await post(h.url, h.token, 'products.search', { query: '' });
      expect((products.result as { total: number }).total).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(events).toContain('sync.status');
      ws.close();
    } finally {
      await h.close();
    }
  });
});
