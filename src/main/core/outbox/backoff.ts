/**
 * Retry delays: capped exponential backoff with full jitter (AWS's "full jitter"): the n-th retry
 * waits a uniformly random time in [0, min(cap, base · 2^(n−1))). Base 1 s, cap 5 min by default:
 * a flapping network does not hammer the server, and many desks coming back online at once spread out.
 */
import type { Random } from '../types';

export interface BackoffConfig {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffConfig = { baseMs: 1_000, capMs: 5 * 60_000 };

export function backoffDelay(attempt: number, cfg: BackoffConfig, random: Random): number {
  const exp = Math.min(cfg.capMs, cfg.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.floor(random.next() * exp);
}
