/**
 * Issue 15, item 2: the 413 reaches the client. The server used to answer 413 on seeing the
 * Content-Length and close without reading the body, so a client still writing got a reset
 * (curl) or EPIPE (node's fetch, three times in four). Now it answers, then reads and discards the
 * body for a bounded time: with and without `Expect: 100-continue`, chunked or not. Each case also
 * checks through the API that nothing was stored and that the server goes on answering.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';

let s: TestServer;
let host: string;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  const u = new URL(s.url);
  host = u.hostname;
  port = Number(u.port);
});
afterAll(() => s.close());

const SIX_MB = 6 * 1024 * 1024;
const bigJson = () => `{"setProduct":{"api_key":"${s.keys.api_key}","session_key":"${s.keys.session_key}","product_name":"${'x'.repeat(SIX_MB)}","currency":"HUF","vat":27,"unit":"db"}}`;

/** Everything the server sends on a raw socket until it closes or `ms` pass; write errors are reported, not thrown. */
function rawExchange(head: string, body: (sock: Socket) => Promise<void>, ms = 5_000, untilClosed = false): Promise<{ answer: string; writeError: string | null; closedBy: string }> {
  return new Promise((resolve) => {
    const sock = connect(port, host);
    let answer = '';
    let writeError: string | null = null;
    let settled = false;
    const finish = (closedBy: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(t);
      sock.destroy();
      resolve({ answer, writeError, closedBy });
    };
    const t = setTimeout(() => finish('timeout'), ms);
    sock.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      // A whole final answer (after any 100 Continue) ends the exchange; the connection may stay open.
      const final = answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const head = final.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(final.slice(0, head))?.[1];
      if (!untilClosed && head !== -1 && length !== undefined && final.length - head - 4 >= Number(length)) setTimeout(() => finish('answered'), 50);
    });
    sock.on('error', (e: NodeJS.ErrnoException) => {
      writeError ??= e.code ?? e.message;
    });
    sock.on('close', () => finish('server'));
    sock.on('connect', () => {
      sock.write(head);
      body(sock).then(() => undefined, (e: Error) => (writeError ??= e.message));
    });
  });
}

/** Writes `total` bytes in 64 KiB pieces, waiting for the socket to take each. */
async function pump(sock: Socket, total: number, chunked = false): Promise<void> {
  const piece = Buffer.alloc(64 * 1024, 0x78);
  for (let sent = 0; sent < total && !sock.destroyed; sent += piece.length) {
    const data = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
    const ok = sock.write(data);
    if (!ok) await new Promise<void>((r) => sock.once('drain', () => r()));
  }
  if (chunked && !sock.destroyed) sock.write('0\r\n\r\n');
}

const headOf = (extra: string) => `POST /api/product HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/json\r\n${extra}\r\n`;

describe('the 413 reaches the client', () => {
  it("node's fetch gets the 413 every time (was EPIPE three times in four)", async () => {
    const before = await storeChecksum(s.app.store);
    const body = bigJson();
    for (let i = 0; i < 8; i++) {
      const r = await fetch(`${s.url}/api/product`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(413);
      const j = (await r.json()) as { error: { code: string; message: string } };
      expect(j.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(j.error.message).toMatch(/larger than 5242880 bytes/);
    }
    expect(await storeChecksum(s.app.store)).toBe(before);
  });

  it('a client writing a declared 6 MB body reads the 413 without a reset', async () => {
    const r = await rawExchange(headOf(`Content-Length: ${SIX_MB}\r\n`), (sock) => pump(sock, SIX_MB));
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.answer).toMatch(/PAYLOAD_TOO_LARGE/);
    expect(r.writeError).toBeNull();
  });

  it('a client that asked for Connection: close still reads the 413 without a reset', async () => {
    const r = await rawExchange(headOf(`Content-Length: ${SIX_MB}\r\nConnection: close\r\n`), (sock) => pump(sock, SIX_MB));
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.writeError).toBeNull();
  });

  it('a chunked body that grows past the limit gets the 413 as soon as it does, without a reset', async () => {
    const r = await rawExchange(headOf('Transfer-Encoding: chunked\r\n'), (sock) => pump(sock, SIX_MB, true));
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.writeError).toBeNull();
  });

  it('Expect: 100-continue with a body declared too large gets 413 instead of 100 Continue', async () => {
    const r = await rawExchange(headOf(`Content-Length: ${SIX_MB}\r\nExpect: 100-continue\r\n`), async () => {}, 3_000);
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.answer).not.toMatch(/100 Continue/);
  });

  it('Expect: 100-continue with a body within the limit is continued and answered', async () => {
    const body = JSON.stringify({ getWarehouses: { ...s.keys } });
    const r = await rawExchange(headOf(`Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n`), async (sock) => {
      await new Promise((res) => setTimeout(res, 100));
      sock.write(body);
    });
    expect(r.answer).toMatch(/^HTTP\/1\.1 100 Continue/);
    expect(r.answer).toMatch(/HTTP\/1\.1 200 OK/);
  });

  it('a client that never sends the rest is cut off after the discard time', async () => {
    const t0 = Date.now();
    const r = await rawExchange(headOf(`Content-Length: ${SIX_MB}\r\n`), async (sock) => {
      sock.write('x'.repeat(1000));
    }, 8_000, true);
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.closedBy).toBe('server');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_500);
    expect(Date.now() - t0).toBeLessThan(6_000);
  });

  it.runIf(existsSync('/usr/bin/curl'))("curl -H 'Expect:' gets the 413 (was a reset)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sd-413-'));
    try {
      writeFileSync(join(dir, 'body.json'), bigJson());
      for (const expect_ of ['Expect:', 'Expect: 100-continue']) {
        const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          execFile('/usr/bin/curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', expect_, '-H', 'Content-Type: application/json', '--data-binary', `@${join(dir, 'body.json')}`, `${s.url}/api/product`], (err, stdout, stderr) =>
            resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
          );
        });
        expect(out.stderr, expect_).toBe('');
        expect(out.stdout, expect_).toBe('413');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the server answers normally afterwards', async () => {
    const r = await s.ok('getWarehouses', {});
    expect(r.warehouses.length).toBeGreaterThan(0);
  });
});

describe('slow clients are cut off (item 4)', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ config: { headersTimeoutMs: 500, requestTimeoutMs: 1_000 } });
  });
  afterAll(() => slow.close());

  function dribble(text: string, everyMs: number, limitMs: number): Promise<{ answer: string; afterMs: number }> {
    const u = new URL(slow.url);
    return new Promise((resolve) => {
      const sock = connect(Number(u.port), u.hostname);
      const t0 = Date.now();
      let answer = '';
      let i = 0;
      const tick = setInterval(() => {
        if (i < text.length && !sock.destroyed) sock.write(text[i++]!);
      }, everyMs);
      const stop = setTimeout(() => sock.destroy(), limitMs);
      sock.on('data', (d: Buffer) => (answer += d.toString('latin1')));
      sock.on('error', () => {});
      sock.on('close', () => {
        clearInterval(tick);
        clearTimeout(stop);
        resolve({ answer, afterMs: Date.now() - t0 });
      });
    });
  }

  it('headers sent a byte at a time: 408 and closed after the headers timeout', async () => {
    const r = await dribble(`POST /api/product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Pad: ${'a'.repeat(200)}\r\n\r\n`, 50, 6_000);
    expect(r.afterMs).toBeLessThan(4_000);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body sent a byte at a time: closed after the request timeout', async () => {
    const body = JSON.stringify({ getWarehouses: { ...slow.keys } });
    const head = `POST /api/product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const r = await dribble(head + body, 20, 8_000);
    expect(r.afterMs).toBeLessThan(5_000);
    expect(r.answer).not.toMatch(/200 OK/);
  });
});
