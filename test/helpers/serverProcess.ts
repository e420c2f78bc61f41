/**
 * The Command API server as operators run it: `npm run server`'s command (`tsx src/server/cli.ts`)
 * as a child process, for tests of its flags, environment, signals and exit codes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { until } from './wait';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = ['--import', 'tsx', 'src/server/cli.ts'];

/** Runs the CLI to its end (a refusal at start, an admin command). */
export function runCli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, STOCKDESK_LOG_LEVEL: 'error', ...env } });
}

export interface ServerProcess {
  child: ChildProcess;
  /** From its `{"listening": …}` line. */
  url: string;
  /** Every JSON line it printed on stdout so far. */
  lines: Array<Record<string, unknown>>;
  stderr(): string;
  /** Resolves with the exit code (or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until a stdout line has `key`, and returns it. */
  line(key: string, ms?: number): Promise<Record<string, unknown>>;
  /** SIGKILL if still running (test cleanup). */
  kill(): Promise<void>;
}

export function startServerProcess(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  return startEntryProcess('src/server/cli.ts', args, env);
}

/**
 * Another server entry (relative to the repository root) run the same way, e.g. the PostgreSQL
 * instance fixture test/helpers/pgInstance.entry.ts; it must print a `{"listening": url}` line.
 */
export async function startEntryProcess(entry: string, args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, STOCKDESK_LOG_LEVEL: 'error', ...env } });
  const lines: Array<Record<string, unknown>> = [];
  let out = '';
  let err = '';
  child.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const text = out.slice(0, nl).trim();
      out = out.slice(nl + 1);
      if (text.startsWith('{')) lines.push(JSON.parse(text) as Record<string, unknown>);
    }
  });
  child.stderr!.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-20_000)));
  let gone: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve((gone = { code, signal }))));
  const line = async (key: string, ms = 60_000) => {
    await until(`a "${key}" line from the server (stderr: ${err.slice(-500)})`, () => gone !== null || lines.some((l) => key in l), ms, 20);
    const found = lines.find((l) => key in l);
    if (!found) throw new Error(`the server exited (${JSON.stringify(gone)}) without a "${key}" line: ${err.slice(-2000)}`);
    return found;
  };
  const kill = async () => {
    if (gone) return;
    child.kill('SIGKILL');
    await exited;
  };
  try {
    const listening = await line('listening');
    return { child, url: String(listening.listening), lines, stderr: () => err, exited, line, kill };
  } catch (e) {
    await kill();
    throw e;
  }
}
