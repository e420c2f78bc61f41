/**
 * The desk's side of the change feed (GET /api/feed, docs/desktop-core.md "Live desks"): while the
 * desk is online and the server offers the `feed` capability, one stream is kept open; each change
 * it names is gathered into a scope (kinds, and the products whose stock moved) and handed to the
 * sync engine as a scoped incremental pull. A stream that ends is opened again with growing,
 * jittered delays, from the last position received (Last-Event-ID), so nothing is missed or
 * received twice; the timed pull stays as the fallback, so correctness never rests on an event.
 */
import { parseFeedChange, SseReader, type Capability, type FeedKind } from '@shared/protocol';
import type { ApiClient } from '../api/client';
import { backoffDelay, type BackoffConfig } from '../outbox/backoff';
import type { PullScope } from '../sync/pull';
import type { CoreClock, CoreLog, Random } from '../types';

/** What the status bar shows: live (a stream is open), polling (timed pulls only), offline. */
export type LiveState = 'live' | 'polling' | 'offline';

export interface LiveDeps {
  /** Off: the desk only polls (EngineConfig.liveFeed). */
  enabled: boolean;
  api(): ApiClient | null;
  caps(): Set<Capability>;
  online(): boolean;
  clock: CoreClock;
  random: Random;
  log: CoreLog;
  backoff: BackoffConfig;
  loadPosition(): string | null;
  savePosition(p: string | null): void;
  /** Changes arrived: pull them (scoped). */
  changed(scope: PullScope): void;
  /** The server does not know our position (a replaced database): pull everything incrementally. */
  reset(): void;
  stateChanged(): void;
}

export const DEFAULT_LIVE_BACKOFF: BackoffConfig = { baseMs: 500, capMs: 30_000 };

export class LiveFeed {
  private ctl: AbortController | null = null;
  private open = false;
  private attempts = 0;
  private timer: unknown = null;
  private stopped = false;
  /** The server has no feed, or refused the keys: not tried again until reset() or new capabilities. */
  private givenUp: 'absent' | 'auth' | null = null;
  private scope: PullScope | null = null;
  private flushTimer: NodeJS.Immediate | null = null;
  private catchingUp = false;
  /** Events received since the stream opened (tests: a catch-up delivers each change once). */
  readonly stats = { events: 0, streams: 0 };

  constructor(private readonly d: LiveDeps) {}

  get state(): LiveState {
    if (!this.d.online()) return 'offline';
    return this.open ? 'live' : 'polling';
  }

  /** Opens the stream if it should be open and is not (called whenever the engine found the server reachable). */
  ensure(): void {
    if (!this.d.enabled) return;
    if (this.stopped || this.ctl || this.timer !== null || this.givenUp) return;
    if (!this.d.api() || !this.d.online() || !this.d.caps().has('feed')) return;
    void this.run();
  }

  /** New server or keys: close, forget the position and any refusal, and open again. */
  reset(): void {
    this.givenUp = null;
    this.d.savePosition(null);
    this.ctl?.abort();
    this.clearTimer();
    this.ensure();
  }

  stop(): void {
    this.stopped = true;
    this.ctl?.abort();
    this.clearTimer();
    if (this.flushTimer !== null) clearImmediate(this.flushTimer);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.d.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    this.d.stateChanged();
  }

  private async run(): Promise<void> {
    const api = this.d.api()!;
    const ctl = (this.ctl = new AbortController());
    let failed = true;
    try {
      const opened = await api.openFeed(this.d.loadPosition(), ctl.signal);
      if (opened.kind === 'absent' || opened.kind === 'auth') {
        this.givenUp = opened.kind;
        this.d.log.warn('live feed unavailable; polling', { why: opened.kind, message: opened.message });
        return;
      }
      if (opened.kind !== 'open') {
        this.d.log.warn('live feed could not open', { message: opened.message });
        return;
      }
      this.stats.streams++;
      this.catchingUp = true;
      failed = !(await this.read(opened.body, ctl.signal));
    } catch (e) {
      if (!ctl.signal.aborted) this.d.log.warn('live feed failed', { message: (e as Error).message });
    } finally {
      this.ctl = null;
      this.setOpen(false);
      this.flush();
      if (!this.stopped && !this.givenUp) {
        // A stream that was live a while starts over fast; failures in a row wait longer and longer.
        const delay = failed ? backoffDelay(++this.attempts, this.d.backoff, this.d.random) : 0;
        this.timer = this.d.clock.setTimeout(() => {
          this.timer = null;
          this.ensure();
        }, delay);
      }
    }
  }

  /** Reads events until the stream ends; true when it had been live (a later end is not a failure to count). */
  private async read(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<boolean> {
    const reader = new SseReader();
    const decoder = new TextDecoder();
    let wasLive = false;
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      if (signal.aborted) break;
      for (const ev of reader.push(decoder.decode(chunk, { stream: true }))) {
        if (ev.event === 'change') {
          const c = parseFeedChange(ev.data);
          this.stats.events++;
          if (c) this.add(c.kind, c.kind === 'stock' ? c.product_id : null);
          this.d.savePosition(ev.lastEventId || null);
        } else if (ev.event === 'reset') {
          this.d.savePosition(ev.lastEventId || null);
          this.d.reset();
        } else if (ev.event === 'ready') {
          if (ev.lastEventId) this.d.savePosition(ev.lastEventId);
          this.catchingUp = false;
          this.attempts = 0;
          wasLive = true;
          this.setOpen(true);
          this.flush();
        }
      }
      // A burst (one order's lines) becomes one pull: flushed on the next turn, or once caught up.
      if (!this.catchingUp) this.scheduleFlush();
    }
    return wasLive;
  }

  private add(kind: FeedKind, productId: number | null): void {
    this.scope ??= { kinds: new Set(), stockProducts: new Set() };
    this.scope.kinds.add(kind);
    if (productId !== null) this.scope.stockProducts.add(productId);
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== null || !this.scope) return;
    // The next turn, not the clock: a burst is coalesced, and no time has to pass.
    this.flushTimer = setImmediate(() => {
      this.flushTimer = null;
      this.flush();
    });
  }

  private flush(): void {
    const scope = this.scope;
    this.scope = null;
    if (scope) this.d.changed(scope);
  }
}
