/**
 * The HTTP service on plain node:http: two POST endpoints per area and a health check need no
 * framework, and owning the body reading keeps the size limit and content types in one place.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { areaOfPath, CAPABILITIES, encodeError, guessFormat, ProtocolError } from '@shared/protocol';
import { dispatch, type DispatchDeps } from './dispatch';
import { BytesPool } from './jsonBytes';

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

/** `done` runs once the socket has taken the bytes (not at all if the connection dies first). */
function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, extra: Record<string, string> = {}, done?: () => void) {
  // Encoded once: measuring the string and then writing it would walk a large answer twice.
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': bytes.length, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...extra });
  res.end(bytes, done);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? 'too-large' : Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

export function createApiServer(deps: DispatchDeps): Server {
  const pool = new BytesPool();
  return createServer({ requestTimeout: 60_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    try {
      if (path === '/api/health') {
        if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'application/json', JSON.stringify({ status: 'error', message: 'Use GET for /api/health.' }), { Allow: 'GET, HEAD' });
        const body = JSON.stringify({ status: 'ok', version: deps.config.version, capabilities: CAPABILITIES, server_time: deps.clock.now().toISOString() });
        return send(res, 200, 'application/json; charset=utf-8', body);
      }
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
      const body = await readBody(req, deps.config.maxBodyBytes);
      if (body === 'too-large') {
        const e = encodeError(guessFormat(contentType), null, new ProtocolError('PAYLOAD_TOO_LARGE', `The request body is larger than ${deps.config.maxBodyBytes} bytes; send fewer rows per call.`));
        return send(res, e.status, e.contentType, e.body, { Connection: 'close' });
      }
      const out = await dispatch(deps, area, body, contentType);
      if (!('json' in out)) return send(res, out.status, out.contentType, out.body);
      const large = pool.encode(out.json);
      send(res, out.status, out.contentType, large.bytes, {}, large.release);
    } catch (err) {
      deps.log.error({ err }, 'unhandled request failure');
      if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ status: 'error', method: null, error: { code: 'INTERNAL_ERROR', message: 'The server could not complete the request.', details: [] } }));
      else res.destroy();
    }
  });
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
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
