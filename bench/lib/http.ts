/** What the HTTP benchmarks share on the load side: autocannon's typed entry, bench children, CPU measures. */
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../scripts/server-bundle.mjs';

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
export interface CannonRequest {
  /** Builds each request as it is sent (autocannon calls it per request). */
  setupRequest?: (req: { body?: string }) => { body?: string };
}
export type Autocannon = (opts: { url: string; method: string; body: string; headers: Record<string, string>; connections: number; duration: number; pipelining?: number; requests?: CannonRequest[] }) => Promise<CannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// Children run bundled the way `npm run build` ships the server (scripts/server-bundle.mjs), not
// through tsx: its loader keeps every function's name by defining it at runtime, a cost the shipped
// server does not pay. Each child file is bundled once per run.
const bundles = new Map<string, Promise<string>>();

function bundled(file: string): Promise<string> {
  let out = bundles.get(file);
  if (!out) {
    const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', '.build', `${basename(file, extname(file))}.mjs`);
    bundles.set(file, (out = bundleServer(file, target, { sourcemap: false, logLevel: 'warning' }).then(() => target)));
  }
  return out;
}

/** A bench server in a child process (the bundled file), resolved with what it reports once it listens. */
export async function startChild(file: string, args: string[], execArgv: string[] = []): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  const script = await bundled(file);
  return new Promise((resolve, reject) => {
    const child = fork(script, args, { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
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
