/**
 * How a request's writes reach an engine without group commit (PostgreSQL): each `run` is one
 * transaction of its own, committed before it returns, so nothing the request answers can rest on
 * rows that may still be rolled back, and there is no batch to wait for. The same shape as the
 * SQLite engine's RequestBatches (db/sqlite/groupCommit.ts), which the dispatcher uses there.
 *
 * A transaction that PostgreSQL aborted as a deadlock victim or for a serialization failure
 * (40P01, 40001) is run again, whole: nothing of it was kept, and its function awaits nothing but
 * its own statements, so running it again is the same request a moment later. The pauses between
 * attempts are random and grow, so the losers of one deadlock do not meet again at once.
 *
 * A unique violation (23505) is run again once: a concurrent transaction committed the same key
 * after this one's check read that there was none. Run again, the check sees it and refuses with
 * its documented reason (a warehouse name taken, a storno already issued) instead of a reasonless
 * conflict; a key that still clashes then is answered CONFLICT (docs/invariants.md).
 */
import type { Sql, Store } from './sql';

/** What the dispatcher needs of either engine's way of committing a request's writes. */
export interface RequestTransactions {
  enter(): void;
  leave(): void;
  /** fn in a transaction; `opening` as Store.transaction's (the engine may send it with BEGIN). */
  run<T>(fn: (tx: Sql) => Promise<T>, opening?: string): Promise<T>;
  afterCommit(fn: () => void): void;
  /** Undefined when nothing is left to wait for; else settles once the request's writes are durable (or rejects). */
  settled(): Promise<void> | undefined;
  finish(): void;
}

/** Attempts of one transaction that keeps losing to deadlocks or serialization failures. */
export const MAX_ATTEMPTS = 6;
/** Attempts of one transaction whose insert met a key a concurrent one committed (see above). */
const UNIQUE_ATTEMPTS = 2;

const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;

export function isRetryable(e: unknown): boolean {
  const code = codeOf(e);
  return code === '40001' || code === '40P01';
}

/** Whether a failed attempt is run again, and after how long (ms); undefined: give up. */
export function retryAfter(e: unknown, attempt: number): number | undefined {
  if (isRetryable(e) && attempt < MAX_ATTEMPTS) return Math.random() * 5 * 2 ** attempt;
  if (codeOf(e) === '23505' && attempt < UNIQUE_ATTEMPTS) return Math.random() * 5;
  return undefined;
}

export class DirectTransactions implements RequestTransactions {
  private readonly afters: Array<() => void> = [];

  constructor(private readonly store: Store) {}

  enter(): void {}

  leave(): void {}

  async run<T>(fn: (tx: Sql) => Promise<T>, opening?: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.transaction(fn, opening);
      } catch (e) {
        const pause = retryAfter(e, attempt);
        if (pause === undefined) throw e;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  afterCommit(fn: () => void): void {
    this.afters.push(fn);
  }

  settled(): undefined {
    return undefined;
  }

  finish(): void {
    for (const f of this.afters.splice(0)) f();
  }
}
