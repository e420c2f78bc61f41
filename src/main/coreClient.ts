/**
 * The host's side of the core protocol, independent of how the core runs (Electron utilityProcess
 * or Node child process): request ids, pending calls, push events, the core's own requests to the
 * host, and restarting the core when it dies.
 */
import { EVENT_NAMES, type EventName, type IpcErrorBody, type IpcResponse } from '@shared/ipc/channels';

/** A running core, whichever kind of process it is. */
export interface CoreProcess {
  /** The OS process id, where there is one (logs, tests that crash it on purpose). */
  readonly pid?: number;
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

/** A request the core makes of its host (e.g. credentials); the answer goes back as `reply`. */
export type HostRequestHandler = (message: Record<string, unknown>, reply: (message: unknown) => void) => void;

export interface CoreClientOptions {
  /** Starts a core; a standby one loads its code and waits for {type:'activate'} (entry.ts `--standby`). */
  spawn: (o: { standby: boolean }) => CoreProcess;
  /**
   * Keep one standby core warm, spawned once the first core is ready and right after each
   * promotion, and promote it when the running core dies: a restart then skips loading the code (1–1.5 s of the 2 s it may take under
   * tsx), at the cost of a second, idle process.
   */
  standby?: boolean;
  onEvent: (event: EventName, payload: unknown) => void;
  /** By message `type`. */
  hostRequests?: Record<string, HostRequestHandler>;
  /**
   * Waits before the 1st, 2nd… restart in a row; the last repeats. Short: the clerk's queue waits
   * while the core is down, and a restart must be back replaying within 2 s (with 500 ms, 1 s,
   * 2 s, 5 s, 10 s, restarts took 2.3–12.4 s). A crash loop still costs at most one start a second.
   */
  restartDelaysMs?: number[];
  /** A core that stays up this long is healthy again: the next crash restarts it at the first delay. */
  stableAfterMs?: number;
  /** No answer in this long is an error (the call itself may still finish in the core). */
  timeoutMs?: number;
  /** How long `stop()` waits for the core to close its mirror after {type:'shutdown'} before killing it. */
  shutdownGraceMs?: number;
  log?: (message: string) => void;
}

const internal = (message: string): IpcResponse<never> => ({ ok: false, error: { code: 'INTERNAL_ERROR', message, details: [] } });

interface Pending {
  resolve: (r: IpcResponse<unknown>) => void;
  timer: NodeJS.Timeout;
}

export class CoreClient {
  private proc: CoreProcess | null = null;
  private spare: CoreProcess | null = null;
  private readonly queue: unknown[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private crashes = 0;
  private startedAt = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The core's own words when it could not start; shown to the calls that die with it. */
  private fatal: string | null = null;
  private exitWaiters: Array<() => void> = [];
  private readonly o: Required<Omit<CoreClientOptions, 'hostRequests' | 'standby'>> & Pick<CoreClientOptions, 'hostRequests' | 'standby'>;

  constructor(options: CoreClientOptions) {
    this.o = { restartDelaysMs: [0, 250, 500, 750], stableAfterMs: 30_000, timeoutMs: 5 * 60_000, shutdownGraceMs: 3000, log: console.error, ...options };
    this.start();
  }

  /** The running core's process id (logs; tests that crash it on purpose). */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  invoke(channel: string, request: unknown): Promise<IpcResponse<unknown>> {
    if (this.stopped) return Promise.resolve(internal('The local core has been shut down.'));
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(internal(`The local core did not answer ${channel} in time.`));
      }, this.o.timeoutMs);
      this.pending.set(id, { resolve, timer });
      this.post({ type: 'invoke', id, channel, request });
    });
  }

  /** Ends the core for good (app quit, harness closed): lets it close the mirror, kills it if it hangs. */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.failPending('The local core has been shut down.');
    this.spare?.kill();
    this.spare = null;
    const proc = this.proc;
    if (!proc) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => proc.kill(), this.o.shutdownGraceMs);
      this.exitWaiters.push(() => {
        clearTimeout(kill);
        resolve();
      });
      proc.send({ type: 'shutdown' });
    });
  }

  private post(message: unknown): void {
    if (this.proc) this.proc.send(message);
    else this.queue.push(message);
  }

  private spawn(standby: boolean): CoreProcess {
    const proc = this.o.spawn({ standby });
    proc.onMessage((m) => this.receive(m, proc));
    proc.onExit((code) => this.exited(proc, code));
    return proc;
  }

  private start(): void {
    const spare = this.spare;
    this.spare = null;
    if (spare) spare.send({ type: 'activate' });
    const proc = spare ?? this.spawn(false);
    this.proc = proc;
    this.startedAt = Date.now();
    for (const m of this.queue.splice(0)) proc.send(m);
    // The next standby starts loading at once: loading takes 1–3 s under tsx, and a second crash
    // soon after the first must find it warm. (The very first one waits for ready: no standby
    // should slow the app's own start.)
    if (spare && this.o.standby && !this.stopped) this.spare = this.spawn(true);
  }

  private exited(proc: CoreProcess, code: number | null): void {
    if (this.spare === proc) {
      // The standby died before it was needed; a new one is made when the running core is next ready.
      this.spare = null;
      return;
    }
    if (this.proc !== proc) return;
    this.proc = null;
    for (const w of this.exitWaiters.splice(0)) w();
    // Calls already sent died with it; they may or may not have been applied, so the screen decides.
    this.failPending(this.fatal ? `The local core could not start: ${this.fatal}` : 'The local core stopped while handling this request; it is restarting. Try again.');
    this.fatal = null;
    if (this.stopped) return;
    if (Date.now() - this.startedAt >= this.o.stableAfterMs) this.crashes = 0;
    const delays = this.o.restartDelaysMs;
    const delay = delays[Math.min(this.crashes, delays.length - 1)] ?? 1000;
    this.crashes++;
    this.o.log(`stockdesk: core exited (code ${String(code)}); restarting in ${delay} ms`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopped) this.start();
    }, delay);
  }

  private failPending(message: string): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve(internal(message));
      this.pending.delete(id);
    }
  }

  private receive(message: unknown, proc: CoreProcess): void {
    if (!isRecord(message) || typeof message.type !== 'string') return this.o.log('stockdesk: core sent a message without a type');
    if (message.type === 'result') {
      const p = typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
      if (!p) return;
      this.pending.delete(message.id as number);
      clearTimeout(p.timer);
      p.resolve(toResponse(message.response));
      return;
    }
    if (message.type === 'ready') {
      if (this.o.standby && proc === this.proc && !this.spare && !this.stopped) this.spare = this.spawn(true);
      return;
    }
    if (message.type === 'fatal') {
      this.fatal = String(message.message ?? 'unknown error').slice(0, 500);
      return this.o.log(`stockdesk: core could not start: ${this.fatal}`);
    }
    if (message.type === 'event') {
      if (EVENT_NAMES.includes(message.event as EventName)) this.o.onEvent(message.event as EventName, message.payload);
      return;
    }
    const handler = this.o.hostRequests?.[message.type];
    if (handler) return handler(message, (reply) => (this.proc === proc ? proc.send(reply) : undefined));
    this.o.log(`stockdesk: core sent an unknown message type ${message.type.slice(0, 40)}`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON transport drops an undefined result, so a missing one is null. */
function toResponse(v: unknown): IpcResponse<unknown> {
  if (isRecord(v) && v.ok === true) return { ok: true, result: v.result ?? null };
  if (isRecord(v) && v.ok === false && isRecord(v.error)) {
    const e = v.error as Partial<IpcErrorBody>;
    if (typeof e.code === 'string' && typeof e.message === 'string') return { ok: false, error: { code: e.code, message: e.message, details: Array.isArray(e.details) ? e.details : [] } };
  }
  return internal('The local core sent a malformed answer.');
}
