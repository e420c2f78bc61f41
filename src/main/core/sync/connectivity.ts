/**
 * Whether the server is reachable, judged from every call the core makes — commands, pulls,
 * look-ups and /api/health alike. Any answer from the server proves the network; only a run of
 * consecutive network failures (no answer at all) with no answer in between takes the desk
 * offline. A single lost request or lost answer on a lossy network is not an outage: before, one
 * lost health check took a desk offline for 15 s, and under 20 % + 20 % loss desks were online
 * only 19–56 % of the time.
 *
 * While offline the server is probed in rounds of a few quick checks (one lost check on a lossy
 * link must not cost a whole interval), the rounds spaced with capped exponential backoff with full
 * jitter, from `probe.baseMs` up to `probe.capMs` (the health interval): backoff grows only while
 * the server is really unreachable, and one answer resets it.
 */
import { backoffDelay, type BackoffConfig } from '../outbox/backoff';
import type { Random } from '../types';

export interface ConnectivityConfig {
  /** Consecutive network failures that take the desk offline (≥ 2). */
  offlineAfterFailures: number;
  /** Delays between probe rounds while offline. */
  probe: BackoffConfig;
  /** Checks in one probe round while offline (≥ 1). */
  probeBurst: number;
}

export type ConnectivityChange = 'online' | 'offline' | null;

export class Connectivity {
  private reachable = false;
  private failures = 0;

  constructor(private readonly cfg: ConnectivityConfig) {
    if (!Number.isInteger(cfg.offlineAfterFailures) || cfg.offlineAfterFailures < 2) throw new Error(`offlineAfterFailures must be a whole number ≥ 2, got ${String(cfg.offlineAfterFailures)}`);
    if (!Number.isInteger(cfg.probeBurst) || cfg.probeBurst < 1) throw new Error(`probeBurst must be a whole number ≥ 1, got ${String(cfg.probeBurst)}`);
  }

  get online(): boolean {
    return this.reachable;
  }

  /** Consecutive network failures since the server last answered. */
  get failureCount(): number {
    return this.failures;
  }

  /** The server answered (whatever it said). */
  answered(): ConnectivityChange {
    this.failures = 0;
    if (this.reachable) return null;
    this.reachable = true;
    return 'online';
  }

  /** A call got no answer: refused, reset, cut off or timed out. */
  lost(): ConnectivityChange {
    this.failures++;
    if (!this.reachable || this.failures < this.cfg.offlineAfterFailures) return null;
    this.reachable = false;
    return 'offline';
  }

  /** Still worth an immediate second try: too few failures in a row to call it an outage. */
  get suspect(): boolean {
    return this.failures > 0 && this.failures < this.cfg.offlineAfterFailures;
  }

  /** New server or keys: nothing is known until it answers. */
  reset(): void {
    this.reachable = false;
    this.failures = 0;
  }

  /** Checks in one probe round while offline. */
  get probeBurst(): number {
    return this.cfg.probeBurst;
  }

  /** How long to wait before the next probe round: at once while a run of failures is short, then growing by round. */
  probeDelay(random: Random): number {
    const over = this.failures - this.cfg.offlineAfterFailures;
    return over < 0 ? 0 : backoffDelay(Math.floor(over / this.cfg.probeBurst) + 1, this.cfg.probe, random);
  }
}
