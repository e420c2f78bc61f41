/**
 * A fault-injecting HTTP proxy on loopback, for replay tests. Each request meets one fate, drawn
 * from a seeded generator: forwarded normally; dropped before it reaches the server (the client's
 * connection is destroyed); its response dropped after the server applied it; or its connection
 * reset halfway through the response. Every forwarded request may be delayed first. Connections
 * are never kept alive, so every fault lands on exactly one request.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '@main/core/random';

export interface FaultRates {
  dropRequest: number;
  dropResponse: number;
  reset: number;
  /** Added before forwarding, uniformly in [0, maxLatencyMs). */
  maxLatencyMs: number;
}

/** What the proxy saw of a request, for a rule to decide on. */
export interface SeenRequest {
  method: string;
  path: string;
  body: string;
}

/** A fate chosen by a rule: lose the request before the server, or lose the server's answer. */
export type Fate = 'dropRequest' | 'dropResponse';

export interface FaultProxy {
  url: string;
  /** Faults apply only while enabled. */
  enabled: boolean;
  /** While down, every connection is refused (destroyed at once): the network is gone. */
  down: boolean;
  /**
   * Decides a request's fate before the random rates do (deterministic tests): return a fate, or
   * null to leave it to the rates. Applies even while `enabled` is false.
   */
  rule: ((req: SeenRequest) => Fate | null) | null;
  /** Every request reaching the proxy, with the time it arrived (ms since the epoch). */
  log: Array<SeenRequest & { at: number }>;
  stats: { forwarded: number; droppedRequests: number; droppedResponses: number; resets: number; refused: number };
  /** When each refused connection came (ms since the epoch), while `down`. */
  refusedAt: number[];
  close(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startFaultProxy(target: string, rates: FaultRates, seed = 7): Promise<FaultProxy> {
  const random = seededRandom(seed);
  const upstream = new URL(target);
  const stats = { forwarded: 0, droppedRequests: 0, droppedResponses: 0, resets: 0, refused: 0 };
  const proxy: FaultProxy = { url: '', enabled: true, down: false, rule: null, log: [], refusedAt: [], stats, close: async () => {} };

  const forward = (req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers[k] = v;
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...headers, connection: 'close' } }, async (res) => {
        try {
          const b = await readAll(res);
          const h: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string' && k !== 'connection' && k !== 'transfer-encoding') h[k] = v;
          resolve({ status: res.statusCode ?? 502, headers: h, body: b });
        } catch (e) {
          reject(e);
        }
      });
      out.on('error', reject);
      out.end(body);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (proxy.down) {
      stats.refused++;
      proxy.refusedAt.push(Date.now());
      req.socket.destroy();
      return;
    }
    const body = await readAll(req);
    const seen: SeenRequest = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') };
    proxy.log.push({ ...seen, at: Date.now() });
    const fate = proxy.rule?.(seen) ?? null;
    const roll = random.next();
    const faulty = proxy.enabled;
    if (fate === 'dropRequest' || (faulty && roll < rates.dropRequest)) {
      stats.droppedRequests++;
      req.socket.destroy();
      return;
    }
    if (faulty && rates.maxLatencyMs > 0) await new Promise((r) => setTimeout(r, random.next() * rates.maxLatencyMs));
    let answer;
    try {
      answer = await forward(req, body);
    } catch {
      res.writeHead(502).end();
      return;
    }
    stats.forwarded++;
    if (fate === 'dropResponse' || (faulty && roll < rates.dropRequest + rates.dropResponse)) {
      stats.droppedResponses++;
      req.socket.destroy();
      return;
    }
    const headers = { ...answer.headers, 'content-length': String(answer.body.length), connection: 'close' };
    if (!fate && faulty && roll < rates.dropRequest + rates.dropResponse + rates.reset) {
      stats.resets++;
      res.writeHead(answer.status, headers);
      res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
      setImmediate(() => req.socket.destroy());
      return;
    }
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  };

  const server: Server = createServer({ keepAlive: false }, (req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return proxy;
}
