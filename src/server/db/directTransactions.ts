/**
 * How a request's writes reach an engine without group commit (PostgreSQL): each `run` is one
 * transaction of its own, committed before it returns, so nothing the request answers can rest on
 * rows that may still be rolled back, and there is no batch to wait for. The same shape as the
 * SQLite engine's RequestBatches (db/sqlite/groupCommit.ts), which the dispatcher uses there.
 *
 * A transaction that PostgreSQL aborted as a deadlock victim or for a serialization failure
 * (40P01, 40001) is run again, whole: nothing of it was kept, and its function awaits nothing but
 * its own statements, so running it again is the same request a moment later.
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
export const MAX_ATTEMPTS = 4;

export function isRetryable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
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
        if (!isRetryable(e) || attempt >= MAX_ATTEMPTS) throw e;
        // A short random pause, so the two losers of a deadlock do not meet again at once.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
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
