/**
 * The process's change feed: the streams of the desks connected to this instance, per account, and
 * one position in the change table up to which every entry was handed to them. A wake-up reads every
 * account's new entries once (one query whatever the number of streams) and hands each to its
 * account's streams. Wake-ups: a write answered by this process (poke), a NOTIFY from any instance on
 * PostgreSQL (pgWake.ts), and a timed poll (another process, a missed notification, an entry held back
 * on PostgreSQL behind a transaction still open).
 */
import type { Logger } from 'pino';
import type { Store } from '../db/sql';
import type { FeedConfig } from '../config';
import { head, readAccount, readAll, START, type FeedRow, type Position } from './read';
import { RowBatch, type FeedStream } from './stream';
import { forRole, mayHear, stillLive, type StreamKeys } from './access';
import type { Role } from '@shared/protocol';
import { listenForFeed, type Wake } from './pgWake';
import { pruneFeed } from './prune';

const PAGE = 500;
/**
 * Reads follow one another at least this far apart: under a stream of writes every answered write
 * pokes, and reading after each one would cut SQLite's group commits into pieces (a read waits for no
 * batch to be open) for no gain; 25 ms is nothing against the one-second promise.
 */
const READ_GAP_MS = 25;
/**
 * With many streams open the gap grows, up to MAX_READ_GAP_MS: a wake-up costs a socket write per
 * stream (~10 µs each, measured: 200 streams at 40 wake-ups a second cost more server CPU than the
 * writes they announced), and every desk pulls what it was told, so fewer, fuller wake-ups also
 * spare the desks' pulls. 100 ms keeps far inside the one-second promise.
 */
const READ_GAP_PER_STREAM_MS = 0.5;
const MAX_READ_GAP_MS = 100;
const readGap = (streams: number) => Math.min(MAX_READ_GAP_MS, Math.max(READ_GAP_MS, streams * READ_GAP_PER_STREAM_MS));

/**
 * How often every open stream's keys are checked while nothing is written: a revoked key, a
 * disabled user or an expired session ends its stream within a second (a read's entries are checked
 * before they are handed out in any case).
 */
const KEYS_CHECK_MS = 500;

/** A cap is reached: the account's (maxPerAccount) or the client address's (maxPerAddress). */
export class FeedFull extends Error {
  constructor(readonly scope: 'account' | 'address') {
    super(`feed full (${scope})`);
  }
}

/** A place taken for one stream, from its check to its end (counted against both caps). */
export interface Slot {
  accountId: number;
  address: string;
  released: boolean;
}

export class FeedHub {
  private position: Position | null = null;
  private starting: Promise<void> | null = null;
  private readonly streams = new Map<number, Set<FeedStream>>();
  private reading: Promise<void> | null = null;
  private again = false;
  private gap: NodeJS.Timeout | null = null;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private wake: Wake | null = null;
  private readonly keysOf = new WeakMap<FeedStream, StreamKeys>();
  private readonly slotOf = new WeakMap<FeedStream, Slot>();
  /** Places taken per account and per client address: open streams and those being opened. */
  private readonly taken = new Map<number, number>();
  private readonly takenBy = new Map<string, number>();
  private now: () => Date = () => new Date();
  private checking: Promise<void> | null = null;

  private pruning: Promise<void> | null = null;
  private readonly pruner: NodeJS.Timeout;

  constructor(
    private readonly store: Store,
    private readonly cfg: FeedConfig,
    private readonly log: Logger,
  ) {
    // Whether or not anyone subscribes: the triggers fill the table either way.
    this.pruner = setInterval(() => void this.prune(), cfg.pruneEveryMs).unref();
  }

  /** Deletes entries older than the retention (one run at a time; a failure waits for the next run). */
  prune(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return (this.pruning ??= pruneFeed(this.store, this.cfg.retentionDays * 86_400)
      .then((n) => {
        if (n > 0) this.log.info({ deleted: n, retentionDays: this.cfg.retentionDays }, 'change feed pruned');
      })
      .catch((err: unknown) => this.log.warn({ err }, 'change feed pruning failed; the next run tries again'))
      .finally(() => {
        this.pruning = null;
      }));
  }

  /** Streams open now (all accounts, or one). */
  count(accountId?: number): number {
    if (accountId !== undefined) return this.streams.get(accountId)?.size ?? 0;
    let n = 0;
    for (const s of this.streams.values()) n += s.size;
    return n;
  }

  /** Started on the first stream: a server nobody subscribes to reads nothing. */
  private start(): Promise<void> {
    return (this.starting ??= (async () => {
      this.position = await head(this.store);
      this.timers.push(setInterval(() => this.poke(), this.cfg.pollMs).unref());
      this.timers.push(setInterval(() => this.heartbeat(), this.cfg.heartbeatMs).unref());
      this.timers.push(setInterval(() => void this.checkAll(), KEYS_CHECK_MS).unref());
      if (this.store.engine === 'postgres') this.wake = listenForFeed(this.store, () => this.poke(), this.log);
    })());
  }

  /** Something may have been written: read the table once the current read is done. */
  poke(): void {
    if (this.stopped || !this.position || this.count() === 0) return;
    if (this.reading || this.gap) {
      this.again = true;
      return;
    }
    this.reading = this.readNew()
      .catch((err: unknown) => this.log.warn({ err }, 'change feed read failed; the next wake-up tries again'))
      .finally(() => {
        this.reading = null;
        this.gap = setTimeout(() => {
          this.gap = null;
          if (!this.again) return;
          this.again = false;
          this.poke();
        }, readGap(this.count()));
        this.gap.unref();
      });
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const rows = await readAll(this.store, this.position!, PAGE);
      if (rows.length > 0) this.position = { tx: rows.at(-1)!.tx, id: rows.at(-1)!.id };
      // Per account, its rows of this read go to each of its streams in one write (stream.ts: offerAll):
      // with many desks of one account, a write per change per stream cost more than the changes.
      const byAccount = new Map<number, FeedRow[]>();
      for (const row of rows) {
        if (!this.streams.has(row.account_id)) continue;
        let list = byAccount.get(row.account_id);
        if (!list) byAccount.set(row.account_id, (list = []));
        list.push(row);
      }
      // Nothing reaches a stream whose keys were revoked before it is handed out.
      if (byAccount.size > 0) {
        const listening = [...byAccount.keys()].flatMap((a) => [...(this.streams.get(a) ?? [])]);
        // Keys that cannot be checked hear nothing: their streams end, and the desks resume from their positions.
        await this.check(listening).catch((err: unknown) => {
          this.log.warn({ err }, 'change feed: the streams\' keys could not be checked; their streams end');
          for (const s of listening) s.close('keys could not be checked');
        });
      }
      for (const [accountId, list] of byAccount) {
        // Each role's share of the rows, built once for the account's streams of that role.
        const batches = new Map<Role, RowBatch | null>();
        for (const s of this.streams.get(accountId) ?? []) {
          const role = this.keysOf.get(s)!.role;
          let batch = batches.get(role);
          if (batch === undefined) {
            const rows = forRole(role, list);
            batches.set(role, (batch = rows.length > 0 ? new RowBatch(rows) : null));
          }
          if (batch) s.offerAll(batch);
        }
      }
      if (rows.length < PAGE || this.stopped) return;
    }
  }

  /**
   * Takes a place for a stream of `accountId` from `address`, or throws FeedFull: the caps are
   * checked and the place counted in one synchronous step, so streams that arrive together cannot
   * all pass the check before any is counted.
   */
  reserve(accountId: number, address: string): Slot {
    if ((this.taken.get(accountId) ?? 0) >= this.cfg.maxPerAccount) throw new FeedFull('account');
    if (this.cfg.maxPerAddress > 0 && (this.takenBy.get(address) ?? 0) >= this.cfg.maxPerAddress) throw new FeedFull('address');
    this.taken.set(accountId, (this.taken.get(accountId) ?? 0) + 1);
    this.takenBy.set(address, (this.takenBy.get(address) ?? 0) + 1);
    return { accountId, address, released: false };
  }

  release(slot: Slot): void {
    if (slot.released) return;
    slot.released = true;
    const a = (this.taken.get(slot.accountId) ?? 1) - 1;
    if (a > 0) this.taken.set(slot.accountId, a);
    else this.taken.delete(slot.accountId);
    const b = (this.takenBy.get(slot.address) ?? 1) - 1;
    if (b > 0) this.takenBy.set(slot.address, b);
    else this.takenBy.delete(slot.address);
  }

  /**
   * A desk's stream from `from` (its Last-Event-ID; null: from now) in the place `slot` took, for
   * the keys `keys` (their role decides what it hears; they are checked again until it ends).
   */
  async open(slot: Slot, from: Position | null, stream: (start: Position) => FeedStream, keys: StreamKeys, now: () => Date): Promise<FeedStream | null> {
    const accountId = slot.accountId;
    this.now = now;
    let s: FeedStream | null = null;
    try {
      await this.start();
      // Idle, the hub does not follow the table: with no stream open its position is brought to now
      // (only while still none is open, or a stream's entries could be passed over).
      if (this.count() === 0 && !this.reading) {
        const head_ = await head(this.store);
        if (this.count() === 0) this.position = head_;
      }
      if (this.stopped) return null;
      const upTo = this.position!;
      s = stream(from ?? upTo);
      this.keysOf.set(s, keys);
      this.slotOf.set(s, slot);
      let set = this.streams.get(accountId);
      if (!set) this.streams.set(accountId, (set = new Set()));
      set.add(s);
      // Catch up to the hub's position; what the hub reads meanwhile is held by the stream.
      if (from) {
        for (let at = from; !s.isClosed; ) {
          const rows = await readAccount(this.store, accountId, at, upTo, PAGE);
          for (const r of rows) if (mayHear(keys.role, r.kind)) s.send(r);
          if (rows.length < PAGE) break;
          at = { tx: rows.at(-1)!.tx, id: rows.at(-1)!.id };
        }
      }
      s.goLive();
      this.poke();
      return s;
    } finally {
      // A stream that never opened gives its place back (an open one gives it back when it closes).
      if (!s) this.release(slot);
    }
  }

  /** Ends the streams among `list` whose session has expired or whose keys are no longer live (or changed role). */
  private async check(list: FeedStream[]): Promise<void> {
    const open = list.filter((s) => !s.isClosed);
    if (open.length === 0) return;
    const now = this.now();
    const live = await stillLive(this.store, open.map((s) => this.keysOf.get(s)!), now);
    const nowMs = this.now().getTime();
    for (const s of open) {
      const keys = this.keysOf.get(s)!;
      const found = live.get(keys.pair);
      if (found) keys.expiresAtMs = found.expiresAtMs;
      if (!found || found.role !== keys.role) s.close('keys no longer valid');
      else if (nowMs >= keys.expiresAtMs) s.close('session expired');
    }
  }

  /** Every open stream's keys, one check at a time (the timer's). */
  private checkAll(): Promise<void> {
    if (this.stopped || this.count() === 0) return Promise.resolve();
    return (this.checking ??= this.check([...this.streams.values()].flatMap((set) => [...set]))
      .catch((err: unknown) => this.log.warn({ err }, 'change feed: checking the streams\' keys failed; the next check tries again'))
      .finally(() => {
        this.checking = null;
      }));
  }

  /** Whether a position was handed out by this table (else the desk's position is from another database). */
  async known(p: Position): Promise<boolean> {
    if (p.tx === START.tx && p.id === START.id) return true;
    return !!(await this.store.get('SELECT 1 AS one FROM feed_changes WHERE tx = ? AND id = ?', [p.tx, p.id]));
  }

  closed(s: FeedStream): void {
    const set = this.streams.get(s.accountId);
    set?.delete(s);
    if (set?.size === 0) this.streams.delete(s.accountId);
    const slot = this.slotOf.get(s);
    if (slot) this.release(slot);
  }

  /** Keeps proxies from closing an idle stream, and finds dead ones. */
  private heartbeat(): void {
    for (const set of this.streams.values()) for (const s of set) s.raw(': heartbeat\n\n');
  }

  /** Graceful shutdown: every stream ends (desks reconnect to another instance, or to this one restarted). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pruner);
    for (const t of this.timers) clearInterval(t);
    if (this.gap) clearTimeout(this.gap);
    this.timers = [];
    for (const set of [...this.streams.values()]) for (const s of [...set]) s.close('server shutting down');
    await this.wake?.stop();
    await this.reading;
    await this.checking;
    await this.pruning;
  }
}
