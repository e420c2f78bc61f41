/**
 * The sync engine: one worker that sends the outbox and pulls the server, never both at once (a
 * pull between pages lets the outbox go first). Online is judged from every call the core makes
 * (connectivity.ts): any answer proves the network, and only several network failures in a row
 * — a lost call re-checked at once with /api/health — take the desk offline; while offline the
 * server is probed with growing, jittered delays. Status changes are pushed.
 */
import type { Capability } from '@shared/protocol';
import type { Clerk, SyncProgress, SyncStatus } from '@shared/ipc/types';
import type { ApiClient } from '../api/client';
import type { Db } from '../mirror/db';
import { getKv, setKv } from '../mirror/settings';
import { accountTimeZone, keepTimeZone } from '../mirror/timeZone';
import { counts, headEntry, makeDue } from '../outbox/repo';
import { refreshStale, step, type ReplayDeps } from '../outbox/replay';
import { backoffDelay, type BackoffConfig } from '../outbox/backoff';
import type { Entry } from '../outbox/repo';
import type { CoreClock, CoreLog, Random } from '../types';
import { Connectivity } from './connectivity';
import { pull, pullScope, PullFailed, scopeTables, type PullScope } from './pull';
import { DEFAULT_LIVE_BACKOFF, LiveFeed, type LiveState } from '../live/feed';

export interface EngineConfig {
  /** The longest wait between two probes of an unreachable server. */
  healthIntervalMs: number;
  pullIntervalMs: number;
  /** Server errors (5xx) of an entry, and an entry that alone keeps failing on a working network. */
  backoff: BackoffConfig;
  callTimeoutMs: number;
  /** Network failures in a row (no answer in between) that take the desk offline. */
  offlineAfterFailures: number;
  /** The first delay between probe rounds once offline; it doubles up to healthIntervalMs. */
  probeBaseMs: number;
  /** Quick /api/health checks in one probe round while offline. */
  probeBurst: number;
  /** Keep the server's change feed open while online (live/feed.ts); off: timed pulls only. */
  liveFeed: boolean;
}

export const DEFAULT_ENGINE: EngineConfig = {
  healthIntervalMs: 15_000, pullIntervalMs: 5 * 60_000, backoff: { baseMs: 1_000, capMs: 300_000 }, callTimeoutMs: 30_000,
  offlineAfterFailures: 5, probeBaseMs: 50, probeBurst: 3, liveFeed: true,
};

/**
 * Network failures in a row of one entry, while the server answers the checks in between, that
 * are retried at once; after that the entry backs off (`backoff`). A body that always kills its
 * connection must not spin; one lost 8 times in a row by chance on a 36 % lossy link is 1 in 3500.
 */
const PROMPT_RETRIES = 8;

const SLOW_SCOPED_PULL_MS = 5_000;

export interface EngineDeps {
  db: Db;
  clock: CoreClock;
  random: Random;
  log: CoreLog;
  config: EngineConfig;
  api(): ApiClient | null;
  /** Issue 19: the client of the clerk who made an entry (null: their keys are gone); see ReplayDeps. */
  clientFor?(clerkId: string | null): ApiClient | null;
  clerkName?(clerkId: string | null): string | null;
  clerkIsCurrent?(clerkId: string | null): boolean;
  /** The server said who the current keys belong to: the clerk book keeps the name for the picker. */
  clerkLearnt?(clerk: Clerk & { userId: number | null }): void;
  serverUrl(): string | null;
  emitStatus(s: SyncStatus): void;
  emitOutbox(): void;
  emitMirror(tables: string[]): void;
}

type Timer = 'health' | 'retry' | 'pull';

export class SyncEngine {
  private readonly conn: Connectivity;
  /** Failures in a row of the entry at the head of the queue, this session (not its lifetime attempts). */
  private streak = { entryId: 0, failures: 0 };
  private caps = new Set<Capability>();
  private progress: SyncProgress | null = null;
  private paused: 'auth' | null = null;
  private lastError: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private pullRequested: 'full' | 'incremental' | null = null;
  /** getSession was answered since the core started (the account's time zone is fresh). */
  private zoneAsked = false;
  /** Changes the live feed named and not yet pulled (merged until the worker gets to them). */
  private scoped: PullScope | null = null;
  readonly live: LiveFeed;
  private pullFailures = 0;
  /** Two pull streams may both offer to push between pages; only one push runs at a time. */
  private pushing = false;
  private stopped = false;
  private timers = new Map<Timer, unknown>();
  private readonly replay: ReplayDeps;

  constructor(private readonly d: EngineDeps) {
    this.conn = new Connectivity({ offlineAfterFailures: d.config.offlineAfterFailures, probe: { baseMs: d.config.probeBaseMs, capMs: d.config.healthIntervalMs }, probeBurst: d.config.probeBurst });
    this.replay = {
      db: d.db, clock: d.clock, random: d.random, log: d.log, api: d.api, caps: () => this.caps,
      ...(d.clientFor ? { clientFor: d.clientFor } : {}), ...(d.clerkName ? { clerkName: d.clerkName } : {}),
      ...(d.clerkIsCurrent ? { clerkIsCurrent: d.clerkIsCurrent } : {}),
      retryDelay: (e, kind) => this.retryDelay(e, kind),
      changed: (tables) => {
        d.emitOutbox();
        const rest = tables.filter((t) => t !== 'outbox');
        if (rest.length) d.emitMirror(rest);
      },
    };
    this.live = new LiveFeed({
      enabled: d.config.liveFeed, api: d.api, caps: () => this.caps, online: () => this.conn.online, clock: d.clock, random: d.random, log: d.log, backoff: DEFAULT_LIVE_BACKOFF,
      loadPosition: () => getKv<string | null>(d.db, 'sync_state', 'feedPosition', null),
      savePosition: (p) => setKv(d.db, 'sync_state', 'feedPosition', p),
      changed: (scope) => this.requestScoped(scope),
      reset: () => this.requestPull('incremental'),
      stateChanged: () => this.emit(),
    });
  }

  /** The live feed named changes: pull just those (merged with any not yet pulled). */
  requestScoped(scope: PullScope): void {
    this.mergeScope(scope);
    this.kick();
  }

  private mergeScope(scope: PullScope): void {
    if (!this.scoped) this.scoped = { kinds: new Set(scope.kinds), stockProducts: new Set(scope.stockProducts) };
    else {
      for (const k of scope.kinds) this.scoped.kinds.add(k);
      for (const id of scope.stockProducts) this.scoped.stockProducts.add(id);
    }
  }

  /** live (a feed stream is open), polling (timed pulls only) or offline. */
  liveState(): LiveState {
    return this.live.state;
  }

  capabilities(): Set<Capability> {
    return this.caps;
  }

  isOnline(): boolean {
    return this.conn.online;
  }

  /**
   * Every call's fate, from the ApiClient: an answer proves the network (entries that waited go
   * at once), no answer counts towards going offline.
   */
  observe(answered: boolean): void {
    if (this.stopped) return;
    const change = answered ? this.conn.answered() : this.conn.lost();
    if (change === 'online') {
      // Connectivity is back: entries that waited out a network failure go now.
      makeDue(this.d.db, this.d.clock.now());
      this.lastError = null;
      this.emit();
      this.kick();
      this.live.ensure();
    } else if (change === 'offline') {
      this.schedule('health', this.conn.probeDelay(this.d.random));
      this.emit();
    }
  }

  status(): SyncStatus {
    return {
      online: this.conn.online, serverUrl: this.d.serverUrl(), lastPullAt: getKv(this.d.db, 'sync_state', 'lastPullAt', null),
      lastPushAt: getKv(this.d.db, 'sync_state', 'lastPushAt', null), progress: this.progress, mirrored: getKv(this.d.db, 'sync_state', 'mirrored', false),
      outbox: counts(this.d.db), paused: this.paused, lastError: this.lastError, live: this.live.state,
      clerk: getKv<Clerk | null>(this.d.db, 'sync_state', 'clerk', null),
      timeZone: accountTimeZone(this.d.db),
    };
  }

  private emit(): void {
    this.d.emitStatus(this.status());
  }

  /** New credentials or server: resume a paused queue and start over with a health check. */
  reset(): void {
    // New keys may be another clerk's: asked again on the next run.
    setKv(this.d.db, 'sync_state', 'clerk', null);
    this.paused = null;
    this.conn.reset();
    this.lastError = null;
    this.kick();
    this.live.reset();
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
    this.live.stop();
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

  /**
   * Whether the server can be reached: /api/health, asked again at once while the failures in a
   * row are too few to call it an outage (a lost request is not an outage), and a few times in a
   * row while offline. When it is an outage, the next round is scheduled with a growing delay and
   * false comes back.
   */
  private async reachable(api: ApiClient): Promise<boolean> {
    for (let round = 1; ; round++) {
      if (this.stopped) return false;
      const h = await api.health({ timeoutMs: Math.min(5_000, this.d.config.callTimeoutMs) });
      if (h.ok) {
        this.caps = h.capabilities;
        return true;
      }
      if (this.conn.suspect) continue;
      // Another call may have got an answer meanwhile; then the network is there after all.
      if (this.conn.online) return true;
      if (round < this.conn.probeBurst) continue;
      this.lastError = `Offline: ${h.message}`;
      this.schedule('health', this.conn.probeDelay(this.d.random));
      this.emit();
      return false;
    }
  }

  /** How long a failed entry waits; it stays at the head of the queue meanwhile. */
  private retryDelay(e: Entry, kind: 'network' | 'server'): number {
    if (this.streak.entryId !== e.id) this.streak = { entryId: e.id, failures: 0 };
    const n = ++this.streak.failures;
    // A server error is the server's trouble: back off from the first one.
    if (kind === 'server') return backoffDelay(n, this.d.config.backoff, this.d.random);
    // A lost call while the server answers everything else: at once, unless this entry alone keeps failing.
    return n <= PROMPT_RETRIES ? 0 : backoffDelay(n - PROMPT_RETRIES, this.d.config.backoff, this.d.random);
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
          // A call lost on the way (reset, cut off, timed out) is sent again at once: the resend
          // is the cheapest proof the network works. Otherwise — a second loss in a row, or
          // nothing listening — /api/health is asked at once, again until it answers or the
          // failures add up to an outage; if it answers, the entry goes again at once.
          if (!r.unreachable && this.conn.online && this.conn.failureCount === 1) continue;
          if (await this.reachable(api)) continue;
          return false;
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
      const up = await this.reachable(api);
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
      if (!this.conn.online && !(await this.reachable(api))) return;
      this.live.ensure();
      await this.learnClerk(api);
      if (!(await this.push(api))) return;
      const kind = this.pullDue();
      if (kind) {
        this.pullRequested = null;
        // A whole incremental pull covers whatever the feed named meanwhile.
        this.scoped = null;
        await this.runPull(api, kind);
        return;
      }
      if (this.scoped && getKv(this.d.db, 'sync_state', 'mirrored', false)) {
        const started = this.d.clock.now().getTime();
        await this.runScoped(api);
        // A scoped pull is a few calls; a slow one is worth a line in the log when a clerk asks why a change waited.
        const ms = this.d.clock.now().getTime() - started;
        if (ms > SLOW_SCOPED_PULL_MS) this.d.log.warn('scoped pull was slow', { ms });
      }
    } catch (e) {
      this.lastError = (e as Error).message;
      this.d.log.error('sync failed', { message: this.lastError });
      this.schedule('retry', this.d.config.backoff.capMs);
    } finally {
      this.progress = null;
      this.emit();
    }
  }

  /**
   * Who the keys belong to, once per set of keys (reset() forgets it): the screens disable what the
   * role may not do. A failed ask is no failure of the run: the queue goes on, and the server still
   * refuses what the role may not (parked as role_forbidden).
   */
  private async learnClerk(api: ApiClient): Promise<void> {
    // Asked once a run of the core too: the account's time zone (the desk's "today") may have been changed by the operator.
    const clerkKnown = getKv<Clerk | null>(this.d.db, 'sync_state', 'clerk', null) !== null;
    if (!this.caps.has('crm.getSession') || (this.zoneAsked && clerkKnown)) return;
    const o = await api.call('getSession', {});
    if (o.kind !== 'ok') return;
    this.zoneAsked = true;
    if (keepTimeZone(this.d.db, o.result.time_zone)) this.d.emitMirror(['invoices', 'dues']);
    if (clerkKnown) return;
    setKv(this.d.db, 'sync_state', 'clerk', { name: o.result.user?.name ?? null, role: o.result.role });
    this.d.clerkLearnt?.({ name: o.result.user?.name ?? null, role: o.result.role, userId: o.result.user?.id ?? null });
    this.emit();
  }

  /** The changes the live feed named; on failure they wait for the next run (the timed pull covers them anyway). */
  private async runScoped(api: ApiClient): Promise<void> {
    const scope = this.scoped!;
    this.scoped = null;
    try {
      await pullScope({ db: this.d.db, api, caps: this.caps, now: () => this.d.clock.now(), log: this.d.log, progress: () => {}, between: () => this.pushBetween(api) }, scope);
      this.d.emitMirror(scopeTables(scope));
    } catch (e) {
      if (!(e instanceof PullFailed)) throw e;
      this.mergeScope(scope);
      await this.failed(api, e.failure.kind, e.failure.message);
    }
  }

  /**
   * Between a pull's pages and steps the outbox goes first: a clerk's take-in made while the feed's
   * scoped pull or a long incremental pull runs is sent at once, not after it.
   */
  private async pushBetween(api: ApiClient): Promise<void> {
    if (this.pushing || !headEntry(this.d.db)) return;
    this.pushing = true;
    try {
      await this.push(api);
    } finally {
      this.pushing = false;
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
        between: () => this.pushBetween(api),
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
