/**
 * The browser harness's stand-in for Electron IPC: POST /bridge/invoke and a WebSocket on
 * /bridge/events, loopback only, behind a random token the printed URL carries in its fragment
 * (fragments never reach a server or a log). Static renderer files need no token: they hold no data.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventName, IpcResponse } from '@shared/ipc/channels';
import { sendStatic, staticFile } from './static';

export const INVOKE_PATH = '/bridge/invoke';
export const EVENTS_PATH = '/bridge/events';
/** WebSocket subprotocols: this one is echoed; `token.<hex>` carries the token (browsers cannot set headers on a WebSocket). */
export const WS_PROTOCOL = 'stockdesk';
/** Big enough for a base64 PDF to save or a stock-count CSV. */
const MAX_BODY = 32 * 1024 * 1024;

export interface BridgeOptions {
  rendererDir: string;
  /** Files served at a path when the renderer has none there (the app icon as /favicon.ico). */
  fallbacks?: Record<string, string>;
  token: string;
  route: (channel: unknown, payload: unknown) => Promise<IpcResponse<unknown>>;
}

export interface Bridge {
  url: string;
  port: number;
  broadcast(event: EventName, payload: unknown): void;
  close(): Promise<void>;
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify(body));
}

/** How long the rest of a refused body is read and thrown away before the connection is cut. */
const DISCARD_MS = 2_000;

/**
 * Says so, then reads and discards the rest of the body for a moment before cutting the connection
 * (nginx's lingering close). Closing at once, with the client's data still arriving, makes the
 * kernel answer with RST, and a client still writing would see ECONNRESET instead of this 413.
 * No `Connection: close`: Node would then destroy the socket as soon as the answer is written.
 */
function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  res.on('finish', () => {
    const cut = setTimeout(() => req.socket.destroy(), DISCARD_MS);
    cut.unref();
    req.once('end', () => clearTimeout(cut));
    req.resume();
  });
  json(res, 413, { error: 'request too large' });
}

/** null when the body outgrows MAX_BODY (declared or streamed). */
function readBody(req: IncomingMessage): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      if (size > MAX_BODY) return;
      size += c.length;
      if (size > MAX_BODY) {
        req.pause();
        resolve(null);
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startBridge(o: BridgeOptions, port = 0): Promise<Bridge> {
  let allowedHosts: string[] = [];

  /** DNS rebinding and cross-site requests: the Host must be our loopback address, the Origin (when sent) our own. */
  const trusted = (req: IncomingMessage): boolean => {
    if (!allowedHosts.includes((req.headers.host ?? '').toLowerCase())) return false;
    const from = req.headers.origin;
    return from === undefined || allowedHosts.some((h) => from === `http://${h}`);
  };
  const bearer = (req: IncomingMessage): string => {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') ? h.slice(7) : '';
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      console.error('stockdesk web: request failed', e);
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!trusted(req)) return json(res, 403, { error: 'forbidden origin or host' });
    if (url.pathname === INVOKE_PATH) {
      if (req.method !== 'POST') return json(res, 405, { error: 'POST only' });
      if (!sameSecret(bearer(req), o.token)) return json(res, 401, { error: 'missing or wrong token' });
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return json(res, 415, { error: 'application/json only' });
      const text = await readBody(req);
      if (text === null) return tooLarge(req, res);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return json(res, 400, { error: 'body is not JSON' });
      }
      const { channel, request } = (typeof body === 'object' && body !== null ? body : {}) as { channel?: unknown; request?: unknown };
      return json(res, 200, await o.route(channel, request));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'GET only' });
    const file = staticFile(o.rendererDir, url.pathname) ?? o.fallbacks?.[url.pathname] ?? null;
    if (!file) return json(res, 404, { error: 'not found' });
    sendStatic(res, file, req.method);
  }

  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const token = offered.find((p) => p.startsWith('token.'))?.slice(6) ?? '';
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== EVENTS_PATH) return refuse('404 Not Found');
    if (!trusted(req)) return refuse('403 Forbidden');
    if (!sameSecret(token, o.token)) return refuse('401 Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // Events flow one way; anything the page sends is ignored.
      ws.on('message', () => undefined);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  allowedHosts = [`127.0.0.1:${actual}`, `localhost:${actual}`];

  return {
    url: `http://127.0.0.1:${actual}/`,
    port: actual,
    broadcast(event, payload) {
      const frame = JSON.stringify({ event, payload });
      for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets) ws.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
