/**
 * Graceful shutdown of `npm run server` (docs/api.md, "Shutting down"): on SIGTERM the process
 * stops listening, answers a request that arrives afterwards on an open connection with 503 and
 * Retry-After, finishes every request already in flight (one still sending its body, one whose
 * handler is downloading a photo), closes idle keep-alive connections at once, closes the database
 * and exits 0; past the deadline it exits 1 anyway, saying so.
 */
import { createServer, request, Agent, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeRequest } from '@shared/protocol';
import { DEMO_KEYS } from '../../helpers/server';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess';
import { sleep, until } from '../../helpers/wait';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let dir: string;
let dbPath: string;
let photos: Server;
let photoUrl: string;
/** Photo requests the test has not answered yet. */
const held: Array<() => void> = [];
let server: ServerProcess | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-shutdown-'));
  dbPath = join(dir, 'server.db');
  photos = createServer((_req, res) => held.push(() => res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG)));
  await new Promise<void>((r) => photos.listen(0, '127.0.0.1', r));
  photoUrl = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await server?.kill();
  server = undefined;
  held.length = 0;
  photos.closeAllConnections();
  photos.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = (extra: string[] = []) =>
  startServerProcess(['--port', '0', '--db', dbPath, '--demo', '--allow-private-photo-hosts', ...extra], {
    STOCKDESK_DEMO_API_KEY: DEMO_KEYS.api_key, STOCKDESK_DEMO_SESSION_KEY: DEMO_KEYS.session_key,
  });

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

const read = (res: IncomingMessage) =>
  new Promise<Answer>((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => (body += c));
    res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    res.on('error', reject);
  });

/** A setProduct whose body is sent in two parts: `rest()` sends the second. */
function slowBody(agent: Agent, name: string) {
  const { body, contentType } = encodeRequest('json', 'setProduct', { product_name: name, currency: 'HUF', vat: 27, unit: 'db' }, DEMO_KEYS);
  const url = new URL('/api/product', server!.url);
  const req = request(url, { method: 'POST', agent, headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } });
  // Settled, not rejected: a failed assertion elsewhere must not leave an unhandled rejection.
  const answer = new Promise<Answer | Error>((resolve) => {
    req.on('response', (res) => read(res).then(resolve, resolve));
    req.on('error', resolve);
  });
  req.write(body.slice(0, 20));
  return { answer, rest: () => req.end(body.slice(20)) };
}

/** Sends `text` on a raw connection and collects everything that comes back until it closes. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (c: string) => (received += c));
  let isClosed = false;
  socket.on('close', () => (isClosed = true));
  socket.on('error', () => {});
  /** What came back once the connection closed, or what came so far after `ms`. */
  const closed = (ms: number) => until('the connection to close', () => isClosed, ms).then(() => received, () => `(still open) ${received}`);
  return { socket, closed };
}

/** Resolves with the answer's status and body, or the transport error's message. */
const post = async (url: string, method: 'setProduct', params: Record<string, unknown>): Promise<{ status: number; body: string } | string> => {
  const { body, contentType } = encodeRequest('json', method, params, DEMO_KEYS);
  try {
    const res = await fetch(`${url}/api/product`, { method: 'POST', body, headers: { 'content-type': contentType } });
    return { status: res.status, body: await res.text() };
  } catch (e) {
    return (e as Error).message;
  }
};

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the requests in flight, refuses new ones, closes idle connections and the database, and exits 0', async () => {
    server = await start();
    const agent = new Agent({ keepAlive: true });
    // An idle keep-alive connection: it must be closed at once, not after the keep-alive timeout.
    const idleAgent = new Agent({ keepAlive: true });
    const idle = await new Promise<Socket>((resolve, reject) => {
      const req = request(new URL('/api/health', server!.url), { agent: idleAgent }, (res) => void read(res).then(() => resolve(req.socket as Socket), reject));
      req.on('error', reject).end();
    });
    const idleClosed = new Promise<number>((resolve) => idle.once('close', () => resolve(Date.now())));

    // A request whose headers have not all arrived when the signal comes: not yet taken in.
    const late = rawConnection(server.url);
    late.socket.write('POST /api/product HTTP/1.1\r\nHost: stockdesk\r\n');
    // A request still sending its body.
    const bodyInFlight = slowBody(agent, 'Lassú törzs');
    // A request whose handler is downloading a photo.
    const photoInFlight = post(server.url, 'setProduct', { product_name: 'Lassú fotó', currency: 'HUF', vat: 27, unit: 'db', photo: `${photoUrl}/slow.png` });
    await until('the server to ask for the photo', () => held.length === 1, 20_000);
    await sleep(100);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.line('stopping', 10_000);

    // A new connection is refused at connect.
    const fresh = await fetch(`${server.url}/api/health`).then(() => 'served', (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message);
    expect(fresh).toBe('ECONNREFUSED');
    // The idle connection was closed without waiting for the keep-alive timeout (5 s).
    expect(await Promise.race([idleClosed.then((t) => t - signalled), sleep(6_000).then(() => 'still open')])).toBeLessThan(2_000);

    // The late request's headers complete now: 503 with Retry-After, and the connection closes.
    const { body, contentType } = encodeRequest('json', 'setProduct', { product_name: 'Késő', currency: 'HUF', vat: 27, unit: 'db' }, DEMO_KEYS);
    late.socket.write(`Content-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const lateAnswer = await late.closed(5_000);
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(lateAnswer).toMatch(/\r\nRetry-After: \d+\r\n/i);
    expect(lateAnswer).toMatch(/\r\nConnection: close\r\n/i);
    expect(lateAnswer).toContain('shutting down');

    // The requests in flight get their whole answers.
    bodyInFlight.rest();
    const slow = (await bodyInFlight.answer) as Answer;
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.body)).toMatchObject({ status: 'success', result: { created: 1 } });
    expect(slow.headers.connection).toBe('close');
    held.shift()!();
    const photo = (await photoInFlight) as { status: number; body: string };
    expect(photo.status).toBe(200);
    expect(JSON.parse(photo.body)).toMatchObject({ status: 'success', result: { created: 1 } });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(server.lines.at(-1)).toMatchObject({ stopped: 'SIGTERM' });
    agent.destroy();
    idleAgent.destroy();

    // Closed cleanly: the last connection's close folded the WAL into the file and removed it.
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const names = db.prepare("SELECT product_name FROM products WHERE product_name IN ('Lassú törzs', 'Lassú fotó', 'Késő') ORDER BY product_name").pluck().all();
      expect(names).toEqual(['Lassú fotó', 'Lassú törzs']);
    } finally {
      db.close();
    }
  }, 90_000);

  it('exits 1 at the deadline when a request is still in flight, and says so', async () => {
    server = await start(['--shutdown-timeout-ms', '500']);
    const stuck = post(server.url, 'setProduct', { product_name: 'Soha', currency: 'HUF', vat: 27, unit: 'db', photo: `${photoUrl}/never.png` }).then((r) => (typeof r === 'string' ? 'cut off' : 'answered'));
    await until('the server to ask for the photo', () => held.length === 1, 20_000);
    const signalled = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(500);
    expect(took).toBeLessThan(4_000);
    expect(await stuck).toBe('cut off');
    expect(server.stderr()).toMatch(/shutdown deadline of 500 ms passed with 1 request\(s\) in flight/);
  }, 90_000);
});
