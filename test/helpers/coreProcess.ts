/**
 * The core as its own process, the way the app runs it: `node --import tsx src/main/core/entry.ts`
 * as a child with an IPC channel, speaking the entry's message protocol. For crash tests: it can
 * be killed with SIGKILL at any moment and started again on the same data dir.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChannelName, IpcResponse, RequestOf, ResultOf } from '@shared/ipc/channels';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export class CoreProcess {
  private child: ChildProcess | null = null;
  private next = 1;
  private pending = new Map<number, (r: IpcResponse<unknown>) => void>();
  stderr = '';

  constructor(private readonly dataDir: string, private readonly env: Record<string, string> = {}) {}

  /** Starts the process and resolves once it reports ready. */
  start(): Promise<void> {
    const child = fork(`${ROOT}src/main/core/entry.ts`, ['--data-dir', this.dataDir], {
      cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, STOCKDESK_CREDENTIALS: 'file', STOCKDESK_LOG_LEVEL: 'error', ...this.env },
    });
    this.child = child;
    child.stderr!.on('data', (b: Buffer) => (this.stderr = (this.stderr + b.toString()).slice(-20_000)));
    return new Promise((resolve, reject) => {
      child.on('message', (m: { type?: string; id?: number; response?: IpcResponse<unknown>; message?: string }) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'fatal') reject(new Error(m.message));
        else if (m.type === 'result' && typeof m.id === 'number') {
          this.pending.get(m.id)?.(m.response!);
          this.pending.delete(m.id);
        }
      });
      child.on('exit', (code, signal) => {
        for (const p of this.pending.values()) p({ ok: false, error: { code: 'INTERNAL_ERROR', message: `core exited (${code ?? signal})`, details: [] } });
        this.pending.clear();
        reject(new Error(`core exited before it was ready (${code ?? signal}): ${this.stderr.slice(-2000)}`));
      });
    });
  }

  invoke<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<IpcResponse<ResultOf<C>>> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve as (r: IpcResponse<unknown>) => void);
      this.child!.send({ type: 'invoke', id, channel, request });
    });
  }

  ok = async <C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>> => {
    const r = await this.invoke(channel, request);
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
    return r.result;
  };

  /** SIGKILL: no chance to finish anything. Resolves once the process is gone. */
  kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      child.send({ type: 'shutdown' });
    });
  }
}
