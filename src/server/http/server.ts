/**
 * The HTTP service on plain node:http: two POST endpoints per area and a health check need no
 * framework, and owning the body reading keeps the size limit and content types in one place.
 */
import { authRefusals } from '../services/auth';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { areaOfPath, CAPABILITIES, FEED_PATH, encodeError, guessFormat, ProtocolError, type Area } from '@shared/protocol';
import { dispatch, type DispatchDeps } from './dispatch';
import { BytesPool } from './jsonBytes';
import { FeedHub } from '../feed/hub';
import { serveFeed } from '../feed/route';

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /**
   * Stops listening (new connections are refused), closes idle keep-alive connections, answers
   * requests arriving on open connections with 503, lets those in flight finish (each answer closes
   * its connection), and resolves once no connection and no handler is left (docs/api.md, "Shutting down").
   */
  close(): Promise<void>;
}

/** What /api/health reports as `engine`: the storage the server runs on (the names of db/sql.ts's Store.engine on the async branch). */
export type StorageEngine = 'sqlite' | 'postgres';

export interface ApiServerDeps extends DispatchDeps {
  engine: StorageEngine;
}

/** Seconds a client is told to wait (Retry-After) before sending again what a closing server refused. */
export const RETRY_AFTER_S = 2;

/** How a server is drained, kept beside it rather than on it. */
interface Drain {
  /** From now on: refuse new requests, close every connection as its answer goes out. */
  begin(): void;
  /** Requests taken in and not yet both answered and done with the database. */
  inFlight(): number;
  /** Resolves once inFlight() is 0. */
  settled(): Promise<void>;
}

const drains = new WeakMap<Server, Drain>();
const feeds = new WeakMap<Server, FeedHub>();

/** The change feed of a server from createApiServer (tests and the bench count its streams). */
export const feedOf = (server: Server): FeedHub | undefined => feeds.get(server);

/** Requests in flight on a server from createApiServer (0 for any other). */
export const inFlight = (server: Server): number => drains.get(server)?.inFlight() ?? 0;

// Below this a string answer is measured and handed to the socket as it is (node encodes it in the
// write); above it, it is encoded once, as measuring and then writing would walk it twice.
const SMALL_ANSWER = 16 * 1024;

/** `done` runs once the socket has taken the bytes (not at all if the connection dies first). */
function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, extra?: Record<string, string>, done?: () => void) {
  const bytes = typeof body === 'string' && body.length > SMALL_ANSWER ? Buffer.from(body, 'utf8') : body;
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes, 'utf8') : bytes.length;
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': length, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...extra });
  res.end(bytes, done);
}

/** Bodies declared longer than this are copied into one buffer as they arrive (readBody). */
const COPY_FROM_BYTES = 64 * 1024;

/** How long the rest of a refused body is read and thrown away before the connection is cut. */
export const DISCARD_MS = 2_000;

/**
 * Calls `then` with the whole body, or 'too-large' as soon as it is known to be past the limit
 * (declared, or streamed chunk by chunk); the caller answers and then discards the rest (`linger`).
 * Listeners rather than a promise: this runs for every request, and the body is usually one chunk.
 *
 * A large body with a declared length is copied into one buffer chunk by chunk as it arrives:
 * joining 5 MiB at the end was one stretch of several milliseconds, most of it the kernel mapping
 * the fresh buffer's pages, right before the body's decoding.
 */
function readBody(req: IncomingMessage, limit: number, then: (body: Buffer | 'too-large') => void, fail: (e: Error) => void): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    then('too-large');
    return;
  }
  let whole: Buffer | null = Number.isInteger(declared) && declared > COPY_FROM_BYTES ? Buffer.allocUnsafe(declared) : null;
  let first: Buffer | null = null;
  let chunks: Buffer[] | null = null;
  let size = 0;
  const onData = (c: Buffer) => {
    if (whole && size + c.length <= whole.length) {
      c.copy(whole, size);
      size += c.length;
      return;
    }
    if (whole) {
      // More than declared (node's parser does not let this happen): back to a list of chunks.
      first = whole.subarray(0, size);
      whole = null;
    }
    size += c.length;
    if (size > limit) {
      first = null;
      chunks = null;
      req.off('data', onData);
      req.off('end', onEnd);
      then('too-large');
    } else if (!first) first = c;
    else (chunks ??= [first]).push(c);
  };
  const onEnd = () => then(whole ? whole.subarray(0, size) : chunks ? Buffer.concat(chunks, size) : (first ?? Buffer.alloc(0)));
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', fail);
}

/**
 * After a refusal written before the body was read: reads and discards the rest of the body for
 * at most DISCARD_MS, then cuts the connection (nginx's lingering close). Closing at once, with
 * the client's data still arriving, makes the kernel answer with RST, and the client sees
 * ECONNRESET or EPIPE instead of the 413. So the answer carries no `Connection: close` (node would
 * destroy the socket the moment it is written); a body drained in time leaves the connection usable.
 */
function linger(req: IncomingMessage, res: ServerResponse): void {
  // A client that asked to close would have its socket destroyed as soon as the answer is out:
  // it is kept open for the drain and ended once the body is read.
  const closeAfter = !res.shouldKeepAlive;
  res.shouldKeepAlive = true;
  res.on('finish', () => {
    if (req.complete) {
      if (closeAfter) req.socket.end();
      return;
    }
    const cut = setTimeout(() => req.socket.destroy(), DISCARD_MS);
    cut.unref();
    req.once('end', () => {
      clearTimeout(cut);
      if (closeAfter) req.socket.end();
    });
    req.once('error', () => clearTimeout(cut));
    req.resume();
  });
}

export function createApiServer(deps: ApiServerDeps): Server {
  const pool = new BytesPool();
  const feed = new FeedHub(deps.db, deps.config.feed, deps.log);
  let feedStopped: Promise<void> | null = null;
  // A request counts from its headers until its answer is written (or its connection is gone) and
  // its dispatch has settled: a handler may outlive a client that hung up, and the database must
  // not be closed under it.
  let draining = false;
  let pending = 0;
  const open = new Set<ServerResponse>();
  const waiters: Array<() => void> = [];
  /** Counts a request in; it counts out when every part added (the answer first) has ended. */
  const track = () => {
    pending++;
    let parts = 1;
    const end = () => {
      if (--parts > 0) return;
      if (--pending === 0) for (const w of waiters.splice(0)) w();
      // An answer that went out on a kept-alive connection leaves it idle: close it now.
      if (draining) setImmediate(() => server.closeIdleConnections());
    };
    return { end, add: () => (parts++, end) };
  };

  const failed = (res: ServerResponse, err: unknown) => {
    deps.log.error({ err }, 'unhandled request failure');
    if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ status: 'error', method: null, error: { code: 'INTERNAL_ERROR', message: 'The server could not complete the request.', details: [] } }));
    else res.destroy();
  };
  const answer = (res: ServerResponse, out: Awaited<ReturnType<typeof dispatch>>) => {
    if (!('json' in out)) return send(res, out.status, out.contentType, out.body, out.retryAfterS ? { 'Retry-After': String(out.retryAfterS) } : undefined);
    const large = pool.encode(out.json);
    send(res, out.status, out.contentType, large.bytes, undefined, large.release);
  };
  const tooLarge = (req: IncomingMessage, res: ServerResponse, contentType: string | undefined) => {
    const e = encodeError(guessFormat(contentType), null, new ProtocolError('PAYLOAD_TOO_LARGE', `The request body is larger than ${deps.config.maxBodyBytes} bytes; send fewer rows per call.`));
    linger(req, res);
    send(res, e.status, e.contentType, e.body);
  };
  /**
   * A request that arrived after the server began closing: its body is read (so the client is not
   * cut off mid-send and sees the answer), then 503 with Retry-After, and the connection closes.
   */
  const closing = (req: IncomingMessage, res: ServerResponse) => {
    const refuse = () => {
      if (res.headersSent) return;
      const e = encodeError(guessFormat(req.headers['content-type']), null, new ProtocolError('INTERNAL_ERROR', 'This server is shutting down and takes no new requests; send the request again in a moment (another instance, or this one once restarted, will answer it).'));
      send(res, 503, e.contentType, e.body, { 'Retry-After': String(RETRY_AFTER_S), Connection: 'close' });
    };
    req.on('end', refuse);
    req.on('error', () => req.socket.destroy());
    req.resume();
  };
  const command = (req: IncomingMessage, res: ServerResponse, area: Area, contentType: string | undefined, request: ReturnType<typeof track>) =>
    readBody(req, deps.config.maxBodyBytes, (body) => {
      // Runs in the request's 'end' listener: nothing may escape it.
      try {
        if (body === 'too-large') return tooLarge(req, res, contentType);
        const settled = request.add();
        // A write has committed by the time dispatch settles: the feed reads what it recorded.
        dispatch(deps, area, body, contentType).then((out) => answer(res, out)).catch((err: unknown) => failed(res, err)).finally(() => {
          settled();
          feed.poke();
        });
      } catch (err) {
        failed(res, err);
      }
    }, (err) => failed(res, err));

  const server = createServer({
    // A client that sends its headers or its body a byte at a time is cut off (408) after these
    // (docs/api.md, "Limits"); node checks them every connectionsCheckingInterval.
    headersTimeout: deps.config.headersTimeoutMs,
    requestTimeout: deps.config.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, deps.config.headersTimeoutMs / 4)),
    keepAliveTimeout: 5_000,
  }, (req, res) => {
    // Health checks included: a load balancer takes a closing instance out of rotation.
    if (draining) return closing(req, res);
    const request = track();
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      request.end();
    });
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    try {
      if (path === '/api/health') {
        if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'application/json', JSON.stringify({ status: 'error', message: 'Use GET for /api/health.' }), { Allow: 'GET, HEAD' });
        // auth_refusals: refused authentications since this process started (services/auth.ts); a steady rise is worth a look.
        const body = JSON.stringify({ status: 'ok', version: deps.config.version, engine: deps.engine, capabilities: CAPABILITIES, server_time: deps.clock.now().toISOString(), auth_refusals: authRefusals() });
        return send(res, 200, 'application/json; charset=utf-8', body);
      }
      if (path === FEED_PATH) return void serveFeed(req, res, deps, feed).catch((err: unknown) => failed(res, err));
      const area = areaOfPath(path);
      const contentType = req.headers['content-type'];
      if (!area) {
        const e = encodeError(guessFormat(contentType), null, new ProtocolError('NOT_FOUND', `There is no API at ${path}; post commands to /api/product, /api/finance or /api/crm.`));
        return send(res, e.status, e.contentType, e.body);
      }
      if (req.method !== 'POST') {
        const e = encodeError(guessFormat(contentType), null, new ProtocolError('METHOD_NOT_ALLOWED', `${path} accepts only POST requests with an XML or JSON command body.`));
        return send(res, e.status, e.contentType, e.body, { Allow: 'POST' });
      }
      command(req, res, area, contentType, request);
    } catch (err) {
      failed(res, err);
    }
  });
  // `Expect: 100-continue`: a body declared too large is refused before the client sends it; any
  // other request is told to continue and handled as usual.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > deps.config.maxBodyBytes && areaOfPath((req.url ?? '/').split('?')[0]!) && req.method === 'POST') {
      return tooLarge(req, res, req.headers['content-type']);
    }
    res.writeContinue();
    server.emit('request', req, res);
  });
  drains.set(server, {
    begin() {
      draining = true;
      // Streams never end by themselves: they are closed so that the drain can finish.
      feedStopped ??= feed.stop();
      // Answers still to come tell their clients the connection ends with them.
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    inFlight: () => pending,
    settled: () => Promise.all([feedStopped, pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))]).then(() => undefined),
  });
  feeds.set(server, feed);
  return server;
}

export function listen(server: Server, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const addr = server.address() as AddressInfo;
      const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      resolve({
        server,
        port: addr.port,
        url: `http://${shownHost}:${addr.port}`,
        close: async () => {
          const drain = drains.get(server);
          drain?.begin();
          await new Promise<void>((done) => {
            // Node calls back (with ERR_SERVER_NOT_RUNNING) at once when already closed.
            server.close(() => done());
            server.closeIdleConnections();
          });
          await drain?.settled();
        },
      });
    });
  });
}
