/**
 * HAProxy (Debian's /usr/sbin/haproxy) in front of server instances, for the multi-instance test and
 * the HAProxy bench case: round-robin per request, health-checked on /api/health, its config in a
 * temporary directory, a free port, started and stopped by the caller. Every answer carries
 * `X-Served-By: s<i>` (the index of the instance that answered) so a test can see the spread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from './wait';

export const HAPROXY_BIN = process.env.STOCKDESK_HAPROXY ?? '/usr/sbin/haproxy';

export interface Haproxy {
  url: string;
  child: ChildProcess;
  /** Soft stop (SIGUSR1: finish what is in flight), then removes the config directory. */
  stop(): Promise<void>;
  stderr(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function haproxyConfig(port: number, backends: string[]): string {
  const servers = backends.map((b, i) => {
    const u = new URL(b);
    return `  server s${i} ${u.hostname}:${u.port} check inter 500 fall 3 rise 1`;
  });
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // Without it a check must finish within `inter`: a busy instance (2 shared cores) would be taken
    // out for answering its health check late. A stopped one still fails at once (refused).
    '  timeout check 5s',
    // An instance that refuses a connection (stopped, draining) gets the request sent to another.
    '  retries 2',
    '  option redispatch',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  http-response set-header X-Served-By %[srv_name]',
    ...servers,
    '',
  ].join('\n');
}

/** Starts HAProxy over `backends` (base URLs) and resolves once every backend has answered through it. */
export async function startHaproxy(backends: string[]): Promise<Haproxy> {
  if (!existsSync(HAPROXY_BIN)) throw new Error(`HAProxy is not installed at ${HAPROXY_BIN}: apt-get install -y haproxy (or set STOCKDESK_HAPROXY).`);
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-haproxy-'));
  const port = await freePort();
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, backends));
  // -db: stay in the foreground, so the child is HAProxy itself and its signals reach it.
  const child = spawn(HAPROXY_BIN, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-20_000)));
  let gone = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => ((gone = true), resolve())));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!gone) {
      child.kill('SIGUSR1');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const seen = new Set<string>();
    await until(`HAProxy on ${url} reaching all ${backends.length} instances (stderr: ${err.slice(-500)})`, async () => {
      if (gone) throw new Error(`HAProxy exited: ${err.slice(-2000)}`);
      try {
        const res = await fetch(`${url}/api/health`);
        await res.arrayBuffer();
        const by = res.headers.get('x-served-by');
        if (res.status === 200 && by) seen.add(by);
      } catch {
        // not listening yet
      }
      return seen.size === backends.length;
    }, 15_000, 20);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, child, stop, stderr: () => err };
}
