/**
 * Statements handed to a pipelined connection inside `fn` leave in one write to the socket: the
 * backend is woken once for all of them (on loopback a wake-up is most of a round trip's cost).
 * fn must only submit statements (pg submits them synchronously in pipeline mode), never await.
 */
import type pg from 'pg';

type Corkable = { cork?: () => void; uncork?: () => void };

export function inOneWrite<T>(client: pg.PoolClient, fn: () => T): T {
  // pg's own per-statement cork/uncork nests inside this one, so nothing is flushed until the end.
  const stream = (client as unknown as { connection?: { stream?: Corkable } }).connection?.stream;
  stream?.cork?.();
  try {
    return fn();
  } finally {
    stream?.uncork?.();
  }
}
