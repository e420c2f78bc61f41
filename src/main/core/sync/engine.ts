/**
 * The sync engine: one worker that sends the outbox and pulls the server, never both at once (a
 * pull between pages lets the outbox go first). Online means /api/health answers; it is checked
 * on a timer while offline and right after every network failure. Status changes are pushed.
 */
import type { Capability } from '@shared/protocol';
import type { SyncProgress, SyncStatus } from '@shared/ipc/types';
import type { ApiClient } from '../api/client';
import type { Db } from '../mirror/db';
import { getKv, setKv } from '../mirror/settings';
import { counts, headEntry, makeDue } from '../outbox/repo';
import { refreshStale, step, type ReplayDeps } from '../outbox/replay';
import { backoffDelay, type BackoffConfig } from '../outbox/backoff';
import type { CoreClock, CoreLog, Random } from '../types';
import { pull, PullFailed } from './pull';

export interface EngineConfig {
  healthIntervalMs: number;
  pullIntervalMs: number;
  backoff: BackoffConfig;
  callTimeoutMs: number;
}

export const DEFAULT_ENGINE: EngineConfig = { healthIntervalMs: 15_000, pullIntervalMs: 5 * 60_000, backoff: { baseMs: 1_000, capMs: 300_000 }, callTimeoutMs: 30_000 };

export interface EngineDeps {
  db: Db;
  clock: CoreClock;
  random: Random;
  log: CoreLog;
  config: EngineConfig;
  api(): ApiClient | null;
  serverUrl(): string | null;
  emitStatus(s: SyncStatus): void;
  emitOutbox(): void;
  emitMirror(tables: string[]): void;
}

type Timer = 'health' | 'retry' | 'pull';

export class SyncEngine {
  private online = false;
  private caps = new Set<Capability>();
  private progress: SyncProgress | null = null;
  private paused: 'auth' | null = null;
  private lastError: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private pullRequested: 'full' | 'incremental' | null = null;
  private pullFailures = 0;
  /** Two pull streams may both offer to push between pages; only one push runs at a time. */
  private pushing = false;
  private stopped = false;
  private timers = new Map<Timer, unknown>();
  private readonly replay: ReplayDeps;

  constructor(private readonly d: EngineDeps) {
    this.replay = {
      db: d.db, clock: d.clock, random: d.random, log: d.log, backoff: d.config.backoff, api: d.api, caps: () => this.caps,
      changed: (tables) => {
        d.emitOutbox();
        const rest = tables.filter((t) => t !== 'outbox');
        if (rest.length) d.emitMirror(rest);
      },
    };
  }

  capabilities(): Set<Capability> {
    return this.caps;
  }

  isOnline(): boolean {
    return this.online;
  }

  status(): SyncStatus {
    return {
      online: this.online, serverUrl: this.d.serverUrl(), lastPullAt: getKv(this.d.db, 'sync_state', 'lastPullAt', null),
      lastPushAt: getKv(this.d.db, 'sync_state', 'lastPushAt', null), progress: this.progress, mirrored: getKv(this.d.db, 'sync_state', 'mirrored', false),
      outbox: counts(this.d.db), paused: this.paused, lastError: this.lastError,
    };
  }

  private emit(): void {
    this.d.emitStatus(this.status());
  }

  /** New credentials or server: resume a paused queue and start over with a health check. */
  reset(): void {
    this.paused = null;
    this.online = false;
    this.lastError = null;
    this.kick();
  }

  requestPull(kind: 'full' | 'incremental'): void {
    if (this.pullRequested !== 'full') this.pullRequested = kind;
    this.kick();
  }

  /** Runs the worker now (or once more after the current run). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when the worker is idle (tests and sync.now). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) this.d.clock.clearTimeout(t);
    this.timers.clear();
    await this.running;
  }

  private schedule(t: Timer, ms: number): void {
    const old = this.timers.get(t);
    if (old !== undefined) this.d.clock.clearTimeout(old);
    this.timers.set(t, this.d.clock.setTimeout(() => {
      this.timers.delete(t);
      this.kick();
    }, Math.max(0, ms)));
  }

  private async checkHealth(api: ApiClient): Promise<boolean> {
    const h = await api.health({ timeoutMs: Math.min(5_000, this.d.config.callTimeoutMs) });
    const was = this.online;
    this.online = h.ok;
    if (h.ok) {
      this.caps = h.capabilities;
      if (!was) {
        // Connectivity is back: entries that waited out a network failure go now.
        makeDue(this.d.db, this.d.clock.now());
        this.lastError = null;
      }
    } else {
      this.lastError = `Offline: ${h.message}`;
      this.schedule('health', this.d.config.healthIntervalMs);
    }
    if (was !== this.online) this.emit();
    return h.ok;
  }

  private pullDue(): 'full' | 'incremental' | null {
    if (!getKv(this.d.db, 'sync_state', 'mirrored', false)) return 'full';
    if (this.pullRequested) return this.pullRequested;
    const last = getKv<string | null>(this.d.db, 'sync_state', 'lastPullAt', null);
    const due = last ? Date.parse(last) + this.d.config.pullIntervalMs : 0;
    const now = this.d.clock.now().getTime();
    if (now >= due) return 'incremental';
    this.schedule('pull', due - now);
    return null;
  }

  /** Sends entries until the queue is empty or cannot go on; false when the run must stop. */
  private async push(api: ApiClient): Promise<boolean> {
    for (;;) {
      if (this.stopped) return false;
      const r = await step(this.replay);
      switch (r.kind) {
        case 'progress':
          setKv(this.d.db, 'sync_state', 'lastPushAt', this.d.clock.now().toISOString());
          continue;
        case 'idle': {
          const f = await refreshStale(this.replay);
          if (f) return this.failed(api, f.kind, f.message);
          return true;
        }
        case 'wait':
          this.schedule('retry', r.ms);
          return false;
        case 'server':
          this.lastError = r.message;
          this.schedule('retry', r.ms);
          this.emit();
          return false;
        case 'offline':
          return this.failed(api, 'network', r.message);
        case 'auth':
          return this.failed(api, 'auth', r.message);
      }
    }
  }

  private async failed(api: ApiClient, kind: string, message: string): Promise<boolean> {
    this.lastError = message;
    if (kind === 'auth') {
      this.paused = 'auth';
      this.emit();
      return false;
    }
    if (kind === 'network') {
      const up = await this.checkHealth(api);
      if (up) {
        const head = headEntry(this.d.db);
        if (head?.nextAttemptAt) this.schedule('retry', Date.parse(head.nextAttemptAt) - this.d.clock.now().getTime());
        else this.schedule('retry', this.d.config.backoff.baseMs);
      }
    } else {
      this.schedule('retry', this.d.config.backoff.baseMs);
    }
    this.emit();
    return false;
  }

  private async run(): Promise<void> {
    try {
      const api = this.d.api();
      if (!api || this.paused) return;
      if (!this.online && !(await this.checkHealth(api))) return;
      if (!(await this.push(api))) return;
      const kind = this.pullDue();
      if (!kind) return;
      this.pullRequested = null;
      await this.runPull(api, kind);
    } catch (e) {
      this.lastError = (e as Error).message;
      this.d.log.error('sync failed', { message: this.lastError });
      this.schedule('retry', this.d.config.backoff.capMs);
    } finally {
      this.progress = null;
      this.emit();
    }
  }

  private async runPull(api: ApiClient, kind: 'full' | 'incremental'): Promise<void> {
    try {
      const report = await pull({
        db: this.d.db, api, caps: this.caps, now: () => this.d.clock.now(), log: this.d.log,
        progress: (p) => {
          this.progress = p;
          this.emit();
        },
        between: async () => {
          if (this.pushing || !headEntry(this.d.db)) return;
          this.pushing = true;
          try {
            await this.push(api);
          } finally {
            this.pushing = false;
          }
        },
      }, kind === 'full');
      setKv(this.d.db, 'sync_state', 'lastPullAt', this.d.clock.now().toISOString());
      setKv(this.d.db, 'sync_state', 'mirrored', true);
      this.lastError = report.warnings.length ? report.warnings.join(' ') : null;
      this.pullFailures = 0;
      this.d.emitMirror(['products', 'quantities', 'contacts', 'warehouses', 'invoices', 'dues']);
      this.schedule('pull', this.d.config.pullIntervalMs);
    } catch (e) {
      if (!(e instanceof PullFailed)) throw e;
      this.pullRequested ??= kind;
      await this.failed(api, e.failure.kind, e.failure.message);
      // A server that keeps failing a pull is asked again later and later, like a command.
      if (e.failure.kind === 'server' || e.failure.kind === 'rejected') this.schedule('retry', backoffDelay(++this.pullFailures, this.d.config.backoff, this.d.random) + this.d.config.backoff.baseMs);
    }
  }
}
