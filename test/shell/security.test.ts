// The window's and the renderer's security settings: any regression here fails the build.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { cspDevPlugin } from '../../build/cspDevPlugin.ts';
import { CSP, CSP_DIRECTIVES, DEV_CSP, META_CSP, withCsp } from '@main/csp';
import { APP_HOST, APP_URL, appUrlPolicy, originOf } from '@main/origin';
import { resolveAppAsset } from '@main/paths';
import { hardenContents, hardenSession, windowOptions, type HardenableContents, type HardenableSession } from '@main/window';

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name ?? '', values]));

describe('windowOptions', () => {
  const web = windowOptions('/app/out/preload/index.cjs').webPreferences ?? {};

  it('isolates and sandboxes the renderer', () => {
    expect(web.contextIsolation).toBe(true);
    expect(web.sandbox).toBe(true);
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
    expect(web.webviewTag).toBe(false);
    expect(web.webSecurity).toBe(true);
    expect(web.allowRunningInsecureContent).toBe(false);
    expect(web.experimentalFeatures).toBe(false);
    expect(web.navigateOnDragDrop).toBe(false);
    expect(web.spellcheck).toBe(false);
    expect(web.preload).toBe('/app/out/preload/index.cjs');
  });

  it('offers devTools only to unpackaged builds, and a packaged one is the default', () => {
    expect(web.devTools).toBe(false);
    expect(windowOptions('p', { packaged: true }).webPreferences?.devTools).toBe(false);
    expect(windowOptions('p', { packaged: false }).webPreferences?.devTools).toBe(true);
  });

  it('takes saved bounds without letting them touch webPreferences', () => {
    const o = windowOptions('p', { bounds: { x: 10, y: 20, width: 1000, height: 700 } });
    expect([o.x, o.y, o.width, o.height]).toEqual([10, 20, 1000, 700]);
    expect(o.webPreferences?.sandbox).toBe(true);
  });
});

describe('CSP', () => {
  const d = directives(CSP);

  it('allows only the app itself, with the exceptions pdf.js and previews need', () => {
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'none'"]);
  });

  it('never allows inline or eval script, and no remote host anywhere', () => {
    expect(CSP).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|https?:|wss?:|\*/);
  });

  it('loosens only what Vite dev needs in DEV_CSP, and never eval', () => {
    const dev = directives(DEV_CSP);
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws:']);
    expect(DEV_CSP).not.toMatch(/unsafe-eval/);
    expect(dev.get('object-src')).toEqual(["'none'"]);
  });

  it('is the meta tag of src/renderer/index.html (minus frame-ancestors, which meta cannot carry)', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    expect(meta?.[1]).toBe(META_CSP);
    expect(directives(META_CSP).has('frame-ancestors')).toBe(false);
    expect(directives(META_CSP).size).toBe(CSP_DIRECTIVES.length - 1);
  });

  it('is relaxed in the meta tag only under the dev server', () => {
    const plugin = cspDevPlugin();
    expect(plugin.apply).toBe('serve');
    const html = readFileSync('src/renderer/index.html', 'utf8');
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const out = transform(html);
    expect(out).not.toBe(html);
    expect(out).toContain("script-src 'self' 'unsafe-inline'");
  });

  it('replaces whatever policy a response carried', () => {
    const h = withCsp({ 'content-security-policy': ["default-src *"], 'Content-Type': 'text/html' });
    expect(h['Content-Security-Policy']).toEqual([CSP]);
    expect(h['content-security-policy']).toBeUndefined();
    expect(h['Content-Type']).toEqual(['text/html']);
  });
});

describe('the app origin', () => {
  it('is app://stockdesk in builds, the dev server in development', () => {
    const own = appUrlPolicy(APP_URL);
    expect(own('app://stockdesk/index.html#/products')).toBe(true);
    expect(own('app://stockdesk/assets/x.js')).toBe(true);
    for (const url of ['app://evil/index.html', 'file:///etc/passwd', 'https://stockdesk.hu/', 'http://127.0.0.1:5173/', 'app://user:pw@stockdesk/', 'not a url', 'javascript:alert(1)']) {
      expect(own(url), url).toBe(false);
    }
    const dev = appUrlPolicy('http://localhost:5173/');
    expect(dev('http://localhost:5173/src/main.tsx')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev('http://localhost.evil.com:5173/')).toBe(false);
    expect(originOf('data:text/html,hi')).toBeNull();
  });

  it('serves only files under the renderer root', () => {
    const root = '/app/out/renderer';
    expect(resolveAppAsset(root, 'app://stockdesk/', APP_HOST)).toBe('/app/out/renderer/index.html');
    expect(resolveAppAsset(root, 'app://stockdesk/assets/a.js', APP_HOST)).toBe('/app/out/renderer/assets/a.js');
    expect(resolveAppAsset(root, 'app://stockdesk/products', APP_HOST)).toBe('/app/out/renderer/index.html');
    expect(resolveAppAsset(root, 'app://stockdesk/..%2f..%2fmain%2findex.js', APP_HOST)).toBeNull();
    // URL parsing collapses dot segments at the root: the result stays inside it.
    expect(resolveAppAsset(root, 'app://stockdesk/%2e%2e/%2e%2e/etc/passwd.txt', APP_HOST)).toBe('/app/out/renderer/etc/passwd.txt');
    expect(resolveAppAsset(root, 'app://stockdesk/a%00.js', APP_HOST)).toBeNull();
    expect(resolveAppAsset(root, 'app://stockdesk/assets/logo%2Esvg', APP_HOST)).toBe('/app/out/renderer/assets/logo.svg');
    expect(resolveAppAsset(root, 'app://other/index.html', APP_HOST)).toBeNull();
  });
});

type Handler = (...args: unknown[]) => unknown;
function fakeContents() {
  const handlers = new Map<string, Handler>();
  let openHandler: Handler | undefined;
  const contents = {
    on: (event: string, listener: Handler) => handlers.set(event, listener),
    setWindowOpenHandler: (h: Handler) => (openHandler = h),
  } as unknown as HardenableContents;
  const fire = (event: string, ...args: unknown[]) => {
    const h = handlers.get(event);
    if (!h) throw new Error(`no ${event} handler`);
    return h(...args);
  };
  return { contents, fire, open: (details: unknown) => openHandler?.(details) };
}
const fakeEvent = (extra: Record<string, unknown> = {}) => ({ preventDefault: vi.fn(), ...extra });

describe('hardenContents', () => {
  const { contents, fire, open } = fakeContents();
  hardenContents(contents, appUrlPolicy(APP_URL));

  it('keeps navigation and redirects on the app', () => {
    for (const event of ['will-navigate', 'will-redirect']) {
      const away = fakeEvent();
      fire(event, away, 'https://evil.example/');
      expect(away.preventDefault, event).toHaveBeenCalled();
      const home = fakeEvent();
      fire(event, home, 'app://stockdesk/index.html#/invoices');
      expect(home.preventDefault, event).not.toHaveBeenCalled();
    }
  });

  it('keeps subframes on the app too', () => {
    const away = fakeEvent({ url: 'file:///etc/passwd' });
    fire('will-frame-navigate', away);
    expect(away.preventDefault).toHaveBeenCalled();
    const home = fakeEvent({ url: 'app://stockdesk/index.html' });
    fire('will-frame-navigate', home);
    expect(home.preventDefault).not.toHaveBeenCalled();
  });

  it('denies every new window and every webview', () => {
    expect(open({ url: 'app://stockdesk/index.html' })).toEqual({ action: 'deny' });
    expect(open({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const wv = fakeEvent();
    fire('will-attach-webview', wv, {}, {});
    expect(wv.preventDefault).toHaveBeenCalled();
  });
});

describe('hardenSession', () => {
  let request: Handler = () => undefined;
  let check: Handler = () => true;
  let device: Handler = () => true;
  let headers: Handler = () => undefined;
  const session = {
    setPermissionRequestHandler: (h: Handler) => (request = h),
    setPermissionCheckHandler: (h: Handler) => (check = h),
    setDevicePermissionHandler: (h: Handler) => (device = h),
    webRequest: { onHeadersReceived: (h: Handler) => (headers = h) },
  } as unknown as HardenableSession;
  hardenSession(session);

  it('denies every permission request and check', () => {
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'hid']) {
      const cb = vi.fn();
      request({}, permission, cb, {});
      expect(cb, permission).toHaveBeenCalledWith(false);
      expect(check({}, permission, 'app://stockdesk', {})).toBe(false);
    }
    expect(device({ deviceType: 'usb' })).toBe(false);
  });

  it('puts the CSP on every response', () => {
    const cb = vi.fn();
    headers({ responseHeaders: { 'Content-Security-Policy': ['default-src *'] } }, cb);
    expect(cb).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [CSP] } });
  });
});
