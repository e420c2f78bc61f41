/**
 * `npm run server` as operators start it: SIGTERM or SIGINT sent to npm (what a process manager or
 * Ctrl-C in a terminal does) must reach the server, which then shuts down gracefully, instead of
 * ending npm and leaving the server running without it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sleep, until } from '../../helpers/wait';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;
const started: number[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-npm-'));
});
afterEach(() => {
  // The server's own pid, from its line: a leftover one is ended here, by its id.
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run server and signals', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s to npm stops the server gracefully', async (signal) => {
    const npm = spawn('npm', ['run', 'server', '--', '--port', '0', '--db', join(dir, 'server.db')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, STOCKDESK_LOG_LEVEL: 'error' } });
    let out = '';
    npm.stdout.on('data', (b: Buffer) => (out += b.toString()));
    npm.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    await until(`the server to listen (${out})`, () => out.includes('"listening"'), 60_000, 20);
    const pid = Number(/"pid":(\d+)/.exec(out)?.[1]);
    expect(pid).toBeGreaterThan(0);
    started.push(pid);
    const url = String(/"listening":"([^"]+)"/.exec(out)![1]);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    npm.kill(signal);
    await exited;
    await until(`the server process ${pid} to end (${out})`, () => !alive(pid), 15_000, 50);
    expect(out).toContain(`{"stopped":"${signal}"`);
    await sleep(50);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 120_000);
});
