/**
 * The default transport's `sent`: false only when nothing can have reached the server, true as
 * soon as the request may have (the queue's exactly-once rests on it).
 */
import http from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NavTransportError, nodeTransport } from '@server/nav/client/transport';

const servers: Array<Server | http.Server> = [];
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function listen(server: Server | http.Server): Promise<string> {
  servers.push(server);
  server.on('connection', (s: Socket) => sockets.add(s));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/invoiceService/v3/manageInvoice`;
}

async function failure(p: Promise<unknown>): Promise<NavTransportError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NavTransportError);
  return err as NavTransportError;
}

describe('nodeTransport', () => {
  it('answers any HTTP answer, with its status and body', async () => {
    const url = await listen(
      http.createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString('utf8')));
        req.on('end', () => {
          res.writeHead(401, { 'content-type': 'application/xml' });
          res.end(`${req.headers['content-type']}|${req.headers.accept}|${body}`);
        });
      }),
    );
    expect(await nodeTransport().post(url, '<x>ő</x>', 5000)).toEqual({
      status: 401,
      body: 'application/xml; charset=UTF-8|application/xml|<x>ő</x>',
    });
  });

  it('a refused connection: sent false', async () => {
    const probe = createServer();
    const url = await listen(probe);
    await new Promise((done) => probe.close(done));
    servers.pop();
    const err = await failure(nodeTransport().post(url, '<x/>', 5000));
    expect(err).toMatchObject({ sent: false, code: 'ECONNREFUSED' });
  });

  it('a name that does not resolve: sent false', async () => {
    const err = await failure(nodeTransport().post('http://nav-double.invalid/invoiceService/v3/x', '<x/>', 5000));
    expect(err.sent).toBe(false);
  });

  it('a connection cut after the body arrived: sent true', async () => {
    const url = await listen(
      createServer((socket: Socket) => {
        socket.once('data', () => socket.destroy());
      }),
    );
    expect((await failure(nodeTransport().post(url, '<x/>', 5000))).sent).toBe(true);
  });

  it('no answer within the timeout: sent true', async () => {
    const url = await listen(createServer(() => undefined));
    const started = Date.now();
    const err = await failure(nodeTransport().post(url, '<x/>', 300));
    expect(err).toMatchObject({ sent: true, code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an answer cut in the middle: sent true', async () => {
    const url = await listen(
      createServer((socket: Socket) => {
        socket.once('data', () => {
          socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/xml\r\ncontent-length: 100\r\n\r\n<ManageInvoiceResponse');
          setTimeout(() => socket.destroy(), 20);
        });
      }),
    );
    expect((await failure(nodeTransport().post(url, '<x/>', 5000))).sent).toBe(true);
  });

  it('not http(s): sent false, said plainly', async () => {
    const err = await failure(nodeTransport().post('ftp://example.hu/x', '<x/>', 1000));
    expect(err).toMatchObject({ sent: false, message: expect.stringMatching(/https/) });
  });
});
