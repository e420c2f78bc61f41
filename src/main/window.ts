/**
 * The window's security settings and the handlers that keep its contents on the app's own pages.
 * Pure or nearly (they take the Electron objects as arguments) so the security test can check them
 * without Electron.
 */
import type { BrowserWindowConstructorOptions, Event, HandlerDetails, Session, WebContents, WindowOpenHandlerResponse } from 'electron';
import { CSP, withCsp } from './csp';

export interface WindowOptionsExtra {
  /** devTools are only available in development builds. */
  packaged?: boolean;
  bounds?: { x?: number; y?: number; width: number; height: number };
}

export function windowOptions(preloadPath: string, extra: WindowOptionsExtra = {}): BrowserWindowConstructorOptions {
  const packaged = extra.packaged ?? true;
  return {
    width: 1280,
    height: 800,
    ...extra.bounds,
    minWidth: 960,
    minHeight: 600,
    title: 'Stockdesk',
    show: false,
    backgroundColor: '#f5f6f8',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: !packaged,
    },
  };
}

type Listener = (event: Event, ...rest: never[]) => void;
/** The part of WebContents the hardening touches; a fake in tests. */
export type HardenableContents = Pick<WebContents, 'setWindowOpenHandler'> & { on(event: string, listener: Listener): unknown };

export function hardenContents(contents: HardenableContents, isAppUrl: (url: string) => boolean): void {
  const keepOnApp = (event: Event, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', keepOnApp as Listener);
  contents.on('will-redirect', keepOnApp as Listener);
  // Subframes too: 'will-navigate' only covers the main frame.
  contents.on('will-frame-navigate', ((event: Event & { url: string }) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  }) as Listener);
  contents.on('will-attach-webview', ((event: Event) => event.preventDefault()) as Listener);
  contents.setWindowOpenHandler((_details: HandlerDetails): WindowOpenHandlerResponse => ({ action: 'deny' }));
}

export type HardenableSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'> & {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>;
};

/** Denies every permission (camera, notifications, HID…) and puts the CSP on every response. */
export function hardenSession(session: HardenableSession, policy: string = CSP): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders, policy) });
  });
}
