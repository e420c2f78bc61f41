/**
 * window.stockdesk in a plain browser (`npm run web`): calls go to the harness over
 * POST /bridge/invoke, events come over the /bridge/events WebSocket, both with the token from
 * the URL the harness printed (`#token=…`). Installed only where the preload has not already put
 * the Electron API in place. Self-contained on purpose: it depends on the contract's types only.
 */
import type { ChannelName, EventName, IpcErrorBody, IpcResponse, StockdeskApi } from '@shared/ipc/channels';

const TOKEN_KEY = 'stockdesk.token';
type Listener = (payload: never) => void;

/** An Error the screens can read `code` and `details` from (no context bridge here to strip them). */
function bridgeError(body: IpcErrorBody): Error & IpcErrorBody {
  return Object.assign(new Error(body.message), { name: 'StockdeskError', code: body.code, details: body.details });
}

/**
 * The token from `#token=…`, kept in sessionStorage so a reload still works, and taken out of the
 * address bar before the hash router reads the fragment as a route.
 */
export function takeToken(loc: Pick<Location, 'hash' | 'pathname' | 'search'> = location, storage: Storage = sessionStorage): string | null {
  const m = /^#token=([0-9a-f]{16,128})$/i.exec(loc.hash);
  if (m?.[1]) {
    storage.setItem(TOKEN_KEY, m[1]);
    history.replaceState(null, '', `${loc.pathname}${loc.search}`);
    return m[1];
  }
  return storage.getItem(TOKEN_KEY);
}

function base64ToBlob(b64: string, type: string): Blob {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

function download(filename: string, b64: string, type = 'application/pdf'): void {
  const url = URL.createObjectURL(base64ToBlob(b64, type));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function createWebBridge(token: string, origin: string = location.origin): StockdeskApi {
  const listeners = new Map<EventName, Set<Listener>>();
  let retry = 500;

  const connect = () => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/bridge/events`, ['stockdesk', `token.${token}`]);
    ws.onopen = () => (retry = 500);
    ws.onmessage = (e: MessageEvent<string>) => {
      let frame: { event?: EventName; payload?: unknown };
      try {
        frame = JSON.parse(e.data) as typeof frame;
      } catch {
        return;
      }
      for (const l of (frame.event && listeners.get(frame.event)) || []) l(frame.payload as never);
    };
    // The harness may be restarting: reconnect, slower each time.
    ws.onclose = () => {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10_000);
    };
  };
  connect();

  const call = async (channel: ChannelName, request: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${origin}/bridge/invoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ channel, request: request ?? {} }),
      });
    } catch {
      throw bridgeError({ code: 'INTERNAL_ERROR', message: 'The Stockdesk web harness is not reachable; is `npm run web` still running?', details: [] });
    }
    if (res.status === 401) {
      throw bridgeError({ code: 'INTERNAL_ERROR', message: 'This page has no valid harness token: open the address `npm run web` printed.', details: [] });
    }
    if (!res.ok) throw bridgeError({ code: 'INTERNAL_ERROR', message: `The web harness refused the call (HTTP ${res.status}).`, details: [] });
    const response = (await res.json()) as IpcResponse<unknown>;
    if (!response.ok) throw bridgeError(response.error);
    // Shell channels: the harness approved; the browser does the printing and saving.
    if (channel === 'shell.print') window.print();
    if (channel === 'shell.savePdf') {
      const { path } = response.result as { path: string };
      download(path, (request as { pdf: string }).pdf);
    }
    if (channel === 'shell.saveFile') {
      const { path } = response.result as { path: string };
      download(path, (request as { data: string }).data, path.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv');
    }
    return response.result;
  };

  return {
    platform: 'web',
    invoke: call as StockdeskApi['invoke'],
    on: ((event: EventName, listener: Listener) => {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    }) as StockdeskApi['on'],
  };
}

/** Puts the bridge on window.stockdesk unless Electron's preload already did; false without a token. */
export function installWebBridge(): boolean {
  const w = window as unknown as { stockdesk?: StockdeskApi };
  if (w.stockdesk) return true;
  const token = takeToken();
  if (!token) return false;
  w.stockdesk = createWebBridge(token);
  return true;
}
