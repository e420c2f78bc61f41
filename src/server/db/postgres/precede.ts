/**
 * A statement that rides ahead of a request's first statement (Store.precede, PostgreSQL only).
 *
 * On loopback most of a statement's cost is its round trip: a write to the socket that wakes a
 * backend, and its answer waking the server (docs/postgres.md, "Speed"). The keys check of a request
 * whose keys this instance has verified before is such a round trip of its own. Here it goes in the
 * same write as the request's first statement, on the same pipelined connection (pg's pipeline mode),
 * and the backend answers both in turn: one wake-up each way instead of two.
 *
 * Nothing rests on the check unseen:
 * - it rides only on a SELECT or on a transaction's BEGIN; any other statement sent outside a
 *   transaction (which would commit at once) first waits for the check's answer;
 * - a transaction that carried it, or began after it was sent, waits for its answer before COMMIT,
 *   and rolls back when it fails;
 * - `precede` waits for the answer before it returns, and the check's failure wins over fn's result
 *   or error; when fn made no statement the check is sent alone then.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { PrecedingStatement, SqlValue } from '../sql';
import { inOneWrite } from './oneWrite';

interface Pending {
  readonly first: PrecedingStatement;
  /** Sends the check by itself, on a connection of its own, and judges its answer. */
  readonly alone: () => Promise<void>;
  /** Settles once the check's answer arrived and was judged (rejects with the check's error). */
  sent?: Promise<void>;
}

const pending = new AsyncLocalStorage<Pending>();

type Send = (client: pg.PoolClient, sql: string, params: readonly SqlValue[]) => Promise<pg.QueryResult>;
/** Both under one Sync (pair.ts), or undefined when they cannot go so (not both prepared yet). */
export type SendPair = (client: pg.PoolClient, a: { sql: string; params: readonly SqlValue[] }, b: { sql: string; params: readonly SqlValue[] }) => Promise<[pg.QueryResult, pg.QueryResult]> | undefined;

/** What may go in the same write as a check not yet answered: it cannot commit anything by itself. */
const mayRide = (sql: string) => /^\s*(SELECT|BEGIN)\b/i.test(sql);

/** Sends the pending check on `client`; the promise settles once its answer was judged. */
const sendCheck = (p: Pending, client: pg.PoolClient, send: Send) => send(client, p.first.sql, p.first.params).then((r) => p.first.check(r.rows));

/** Runs fn with `first` to be sent ahead of its first statement; see the file comment. */
export async function precede<T>(first: PrecedingStatement, fn: () => Promise<T>, alone: () => Promise<pg.QueryResult>): Promise<T> {
  const p: Pending = { first, alone: () => alone().then((r) => first.check(r.rows)) };
  let result: T | undefined;
  let failure: { e: unknown } | undefined;
  try {
    result = await pending.run(p, fn);
  } catch (e) {
    failure = { e };
  }
  await (p.sent ??= p.alone());
  if (failure) throw failure.e;
  return result as T;
}

/**
 * Sends `sql` on `client`, with the request's pending check ahead of it when there is one: in the
 * same write when `sql` may ride, else the check alone first, awaited.
 */
export async function withPending(client: pg.PoolClient, sql: string, params: readonly SqlValue[], send: Send, pair?: SendPair): Promise<pg.QueryResult> {
  const p = pending.getStore();
  if (!p || p.sent) return send(client, sql, params);
  if (!mayRide(sql)) {
    await (p.sent = sendCheck(p, client, send));
    return send(client, sql, params);
  }
  // Under one Sync when both are prepared: one answer from the backend for both.
  const paired = pair?.(client, p.first, { sql, params });
  if (paired) {
    // Should the pair fail as a whole, the check's verdict is unknown: it is asked again, alone. Whoever
    // waits for the verdict (COMMIT of a transaction begun meanwhile, precede) gets the true one, so
    // the check's failure still wins over the read's error and nothing commits unchecked.
    const verdict = paired.then(([check]) => p.first.check(check.rows), () => p.alone());
    verdict.catch(() => undefined);
    p.sent = verdict;
    return (await paired)[1];
  }
  // Both are handed to the socket before either is flushed: one write, one wake-up of the backend.
  return inOneWrite(client, () => {
    const sent = sendCheck(p, client, send);
    // Judged by whoever waits for it (COMMIT, precede); never an unhandled rejection meanwhile.
    sent.catch(() => undefined);
    p.sent = sent;
    return send(client, sql, params);
  });
}

/** Before COMMIT: the request's check, when one was sent, has to have passed. */
export async function checkBeforeCommit(): Promise<void> {
  const p = pending.getStore();
  if (p?.sent) await p.sent;
}
