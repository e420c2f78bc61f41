/**
 * The desk's self-update, as plain code (no Electron here; ./electronFeed.ts wires electron-updater
 * in): check at start and then daily, download in the background a build that can open this desk's
 * data, ask the clerk before restarting, and never restart while the outbox is sending — a replay
 * cut off mid-request is safe (request_ids), but the clerk would watch entries go back to "waiting".
 */
import type { UpdateStatus } from '@shared/ipc/updates';
import { judgeRelease, type OfferedRelease } from './policy';

export interface UpdateFeed {
  /** The newer build the feed offers, or null when this one is the newest. */
  check(): Promise<OfferedRelease | null>;
  /** Downloads the offered build; progress in percent. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Quits and starts the downloaded build. */
  install(): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface UpdateDeps {
  /** null: this build has no feed (development, harness, built without a feed URL). */
  feed: UpdateFeed | null;
  currentVersion: string;
  /** The version of this desk's mirror: the running build migrated it to its own at start. */
  mirrorVersion: number;
  /** Whether the outbox is sending right now. */
  replayInFlight(): Promise<boolean>;
  now(): Date;
  timers: Timers;
  onStatus(status: UpdateStatus): void;
  log(message: string): void;
}

export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/** After a failed check or download (offline at start, a proxy): sooner than a day. */
export const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;
/** How often a restart the clerk asked for looks again whether the outbox finished sending. */
export const SYNC_POLL_MS = 2_000;

export class UpdateController {
  private state: UpdateStatus;
  private timer: unknown = null;
  private stopped = false;
  private installing = false;

  constructor(private readonly deps: UpdateDeps) {
    this.state = { phase: deps.feed ? 'idle' : 'off', current: deps.currentVersion, offered: null, refusal: null, percent: null, checkedAt: null };
  }

  status(): UpdateStatus {
    return { ...this.state };
  }

  /** The check at start; later ones follow by themselves. */
  start(): void {
    if (this.deps.feed) this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  /** The check itself (also what the timer runs); resolves once it and any download are done. */
  async check(): Promise<void> {
    const feed = this.deps.feed;
    // A build already downloaded (or waiting to install) is not checked past: it is what the clerk was asked about.
    if (!feed || this.stopped || ['checking', 'downloading', 'ready', 'waitingForSync'].includes(this.state.phase)) return;
    this.clear();
    this.set({ phase: 'checking' });
    let next = CHECK_EVERY_MS;
    try {
      const offered = await feed.check();
      const checkedAt = this.deps.now().toISOString();
      if (!offered) {
        this.set({ phase: 'upToDate', offered: null, refusal: null, checkedAt });
      } else {
        const refusal = judgeRelease(offered, this.deps.mirrorVersion);
        if (refusal) {
          this.deps.log(`update ${offered.version} not taken (${refusal}): this desk's data is version ${this.deps.mirrorVersion}, the build reads ${offered.mirror ? `${offered.mirror.migratesFrom}–${offered.mirror.version}` : 'an unknown range'}`);
          this.set({ phase: 'refused', offered: offered.version, refusal, checkedAt });
        } else {
          this.set({ phase: 'downloading', offered: offered.version, refusal: null, percent: 0, checkedAt });
          await feed.download((percent) => this.set({ percent: Math.max(0, Math.min(100, Math.round(percent))) }));
          this.set({ phase: 'ready', percent: 100 });
        }
      }
    } catch (e) {
      this.deps.log(`update check failed: ${(e as Error).message}`);
      this.set({ phase: 'failed', percent: null });
      next = RETRY_AFTER_FAILURE_MS;
    }
    if (this.state.phase !== 'ready') this.schedule(next);
  }

  /** The clerk agreed to restart: now if the outbox is quiet, else as soon as it is. */
  async restart(): Promise<UpdateStatus> {
    if (this.state.phase === 'ready') this.set({ phase: 'waitingForSync' });
    if (this.state.phase === 'waitingForSync') await this.installWhenQuiet();
    return this.status();
  }

  private async installWhenQuiet(): Promise<void> {
    if (this.installing || this.stopped) return;
    let busy: boolean;
    try {
      busy = await this.deps.replayInFlight();
    } catch {
      busy = true; // the core did not answer: do not guess that it is idle
    }
    if (busy) {
      this.clear();
      this.timer = this.deps.timers.setTimeout(() => void this.installWhenQuiet(), SYNC_POLL_MS);
      return;
    }
    this.installing = true;
    this.deps.log(`restarting into ${this.state.offered ?? 'the downloaded build'}`);
    this.deps.feed?.install();
  }

  private schedule(ms: number): void {
    this.clear();
    if (!this.stopped) this.timer = this.deps.timers.setTimeout(() => void this.check(), ms);
  }

  private clear(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private set(patch: Partial<UpdateStatus>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onStatus(this.status());
  }
}
