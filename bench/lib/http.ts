/** What the HTTP benchmarks share: autocannon's typed entry and the bare node:http baseline server. */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
export type Autocannon = (opts: { url: string; method: string; body: string; headers: Record<string, string>; connections: number; duration: number; pipelining?: number }) => Promise<CannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

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

/** A bench server in a child process (tsx), resolved with what it reports once it listens. */
export function startChild(file: string, args: string[]): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = fork(file, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (info) => resolve({ child, info: info as Record<string, unknown> }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server (${args[0]}) exited with ${code}`)));
  });
}

/** Sends a message to a bench child and resolves with its answer. */
export const askChild = <T>(child: ChildProcess, message: object) =>
  new Promise<T>((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });

/** The child's CPU time so far, in ms. */
export async function childCpuMs(child: ChildProcess): Promise<number> {
  const { cpu } = await askChild<{ cpu: NodeJS.CpuUsage }>(child, { cpu: true });
  return (cpu.user + cpu.system) / 1000;
}

/** A load run and the server's CPU µs per request: on a busy machine it says more than throughput does. */
export async function cpuPerRequest(child: ChildProcess, run: () => Promise<CannonResult>): Promise<{ r: CannonResult; us: number }> {
  const before = await childCpuMs(child);
  const r = await run();
  return { r, us: ((await childCpuMs(child)) - before) * 1000 / Math.max(1, r.requests.total) };
}

/** Lets the children go (they exit when their IPC channel closes) without the exits counting as failures. */
export function stopChildren(...children: ChildProcess[]): void {
  for (const c of children) {
    c.removeAllListeners('exit');
    c.disconnect();
  }
}

export const loadAverageNote = () => `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
