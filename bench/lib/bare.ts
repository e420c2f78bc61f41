/** The bare node:http baseline server, run inside a bench child (kept apart from the load side's imports). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The baseline: a bare node:http server answering a constant body (set by the parent over IPC,
 * so it is the same size as the real answer), reporting its CPU use on request.
 */
export function serveBare(): void {
  let body = '{}';
  process.on('message', (m: { body?: string; cpu?: boolean }) => {
    if (typeof m.body === 'string') body = m.body;
    process.send!(m.cpu ? { cpu: process.cpuUsage() } : { ready: true });
  });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
}
