/**
 * Shared end-to-end helpers: Debian's Chromium driven by playwright-core (never a downloaded
 * browser), the browser harness (`npm run web`) with the real core, and a real Command API server
 * that can be stopped and started again on the same port, so "offline" is a refused connection.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import type { ChannelName, RequestOf, ResultOf } from '@shared/ipc/channels';
import { startServer, type App } from '@server/app';
import { startWebHarness, type WebHarness } from '@main/web/harness';
import { buildRenderer } from '@main/web/renderer';
import { enrol, enrolPage, reportCoreErrors } from './diagnostics';
import { DEMO_KEYS, RealTimeClock, TEST_ENGINE, startTestServer, type TestClock, type TestServer } from '../helpers/server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Screenshots, and the PDFs and CSVs the tests save and read back. The pass against PostgreSQL keeps
 * its own in a subfolder: on a machine with 4 or more cores the two end-to-end passes run side by side
 * (scripts/test-all.mjs), and one must not read back a file the other just overwrote.
 */
export const SCREENSHOTS = fileURLToPath(new URL(TEST_ENGINE === 'postgres' ? './screenshots/postgres/' : './screenshots/', import.meta.url));

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile; the page's console errors are collected for the test to check. */
export async function launchBrowser(o: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<Browser & { errors: string[] }> {
  const profile = mkdtempSync(join(tmpdir(), 'stockdesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: o.viewport ?? { width: 1440, height: 900 },
    locale: o.locale ?? 'hu-HU',
    timezoneId: 'Europe/Budapest',
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  // A failed test says what this page showed (diagnostics.ts).
  const unenrolPage = enrolPage(page);
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return {
    context,
    page,
    errors,
    async close() {
      unenrolPage();
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The real server on a port that survives a stop: `stop()` closes the listener (connections are
 * refused, exactly what a clerk sees when the line is down), `start()` opens it again on the same
 * port with the same database.
 */
export interface RestartableServer {
  server: TestServer;
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** `clock`: real time unless a test moves it (a ShiftedClock, test/helpers/shiftedClock.ts). */
export async function startRestartableServer(o: { clock?: TestClock } = {}): Promise<RestartableServer> {
  const server = await startTestServer({ clock: o.clock ?? new RealTimeClock() });
  // The pass against PostgreSQL must be one: the server the desk talks to says what it runs on.
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { engine?: string };
  if (health.engine !== TEST_ENGINE) {
    await server.close();
    throw new Error(`The test server reports engine ${String(health.engine)} at /api/health; this pass asked for ${TEST_ENGINE} (STOCKDESK_TEST_ENGINE).`);
  }
  const port = Number(new URL(server.url).port);
  let live: App | null = server.app;
  const stop = async () => {
    if (live) await live.close();
    live = null;
  };
  const start = async () => {
    if (live) return;
    live = await startServer({ ...server.storage, clock: server.clock, log: pino({ level: 'silent' }), config: { host: '127.0.0.1', port, dbPath: server.dbPath } });
  };
  return {
    server,
    url: server.url,
    port,
    stop,
    start,
    // What server.close() does, but for whichever listener is live now (the first may be long closed).
    async close() {
      await stop();
      await server.closeStorage();
    },
  };
}

export interface Stack {
  harness: WebHarness;
  dataDir: string;
  invoke<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>>;
  close(): Promise<void>;
}

/**
 * A production build of the renderer in its own folder. Vite takes the mode from NODE_ENV, which
 * Vitest sets to "test": a build made under Vitest carries React's development build.
 */
export async function buildProductionRenderer(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-renderer-'));
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildRenderer(dir);
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The browser harness and its core, pointed at `serverUrl` with the given keys, or at the built-in demo. */
export async function startStack(o: { serverUrl?: string; keys?: { apiKey: string; sessionKey: string }; demo?: boolean; rendererDir?: string; openFile?: () => Promise<string | null>; coreEntry?: string }): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stockdesk-e2e-'));
  const logs: string[] = [];
  const harness = await startWebHarness({ dataDir, server: o.serverUrl, demo: o.demo, rendererDir: o.rendererDir, openFile: o.openFile, coreEntry: o.coreEntry, log: (m) => logs.push(m) });
  const invoke = async <C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>> => {
    const r = await harness.invoke(channel, request);
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message} ${JSON.stringify(r.error.details)}`);
    return r.result as ResultOf<C>;
  };
  // A failed test prints what this desk was doing (diagnostics.ts).
  const unenrol = enrol({ dataDir, logs, invoke: async (channel, request) => {
    const r = await harness.invoke(channel, request);
    return r.ok ? r.result : r.error;
  } });
  if (o.keys) await invoke('settings.setCredentials', o.keys);
  return {
    harness,
    dataDir,
    invoke,
    async close() {
      unenrol();
      // Errors the core logged (a sync run that threw, an entry the desk could not apply) are a
      // defect even when the test's own checks passed: said here, where the data folder still exists.
      reportCoreErrors(dataDir);
      await harness.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a value other than undefined/false, or fails with the last value seen. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, o: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<T> {
  const until = Date.now() + (o.timeoutMs ?? 30_000);
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v;
      last = v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${o.what ?? 'a condition'}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, o.intervalMs ?? 200));
  }
}

/** Waits until the core has pulled the whole catalogue once. */
export function waitForMirror(stack: Stack, timeoutMs = 60_000) {
  return eventually(async () => (await stack.invoke('sync.status', {})).mirrored, { timeoutMs, what: 'the first mirror pull' });
}

const sessions = new WeakMap<Page, CDPSession>();

/**
 * Types like a keyboard-wedge scanner: the keys carry device timestamps 4 ms apart, as a scanner's
 * do, however long the busy test machine takes to deliver them (the app reads event.timeStamp).
 */
export async function scan(page: Page, code: string, msPerKey = 4): Promise<void> {
  let cdp = sessions.get(page);
  if (!cdp) sessions.set(page, (cdp = await page.context().newCDPSession(page)));
  const t0 = Date.now() / 1000;
  const keys = [...code].map((ch) => ({ key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : /[a-z]/i.test(ch) ? `Key${ch.toUpperCase()}` : '', vk: ch.toUpperCase().charCodeAt(0) }));
  keys.push({ key: 'Enter', text: '\r', code: 'Enter', vk: 13 });
  for (const [i, k] of keys.entries()) {
    const timestamp = t0 + (i * msPerKey) / 1000;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k.key, code: k.code, text: k.text, unmodifiedText: k.text, windowsVirtualKeyCode: k.vk, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, code: k.code, windowsVirtualKeyCode: k.vk, timestamp: timestamp + 0.001 });
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export interface Desk {
  srv: RestartableServer;
  stack: Stack;
  browser: Browser & { errors: string[] };
  page: Page;
  /** Browser, core and server, in that order. */
  close(): Promise<void>;
}

/**
 * The setup most screen tests share: a restartable demo server, the real core mirrored from it (in
 * `language` when given, set before the page loads), and Chromium on the harness with the status
 * bar drawn.
 */
export async function openDesk(o: { language?: RequestOf<'settings.update'>['language']; openFile?: () => Promise<string | null>; clock?: TestClock; coreEntry?: string } = {}): Promise<Desk> {
  const opened: Array<{ close(): Promise<void> }> = [];
  try {
    const srv = await startRestartableServer({ clock: o.clock });
    opened.unshift(srv);
    // openFile: what the OS open dialog would answer (the harness reads that file, as the shell does).
    const stack = await startStack({ serverUrl: srv.url, keys: { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key }, openFile: o.openFile, coreEntry: o.coreEntry });
    opened.unshift(stack);
    await waitForMirror(stack);
    if (o.language) await stack.invoke('settings.update', { language: o.language });
    const browser = await launchBrowser();
    opened.unshift(browser);
    const page = browser.page;
    // The page's Date follows the test's clock too (timers stay real).
    if (o.clock) await page.clock.setSystemTime(o.clock.now());
    await page.goto(stack.harness.url);
    await page.getByTestId('sb-connection').waitFor();
    return { srv, stack, browser, page, close: () => closeAll(opened) };
  } catch (e) {
    // A setup that failed half way must not leave a server, a core or a Chromium behind.
    await closeAll(opened).catch(() => undefined);
    throw e;
  }
}

async function closeAll(opened: ReadonlyArray<{ close(): Promise<void> }>): Promise<void> {
  for (const o of opened) await o.close();
}
