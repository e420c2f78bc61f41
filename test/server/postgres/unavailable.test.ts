/**
 * Which PostgreSQL failures mean "the database is not there for us" (answered 503, send again with the
 * same request_id) and which are verdicts on the request or bugs (errors.ts `unavailable`). The real
 * outage is tested in failover.test.ts; this pins the classification of each kind of error.
 */
import { describe, expect, it } from 'vitest';
import { PgStatementError } from '@server/db/postgres';

const err = (cause: object) => new PgStatementError(cause, 'SELECT 1');

describe('PgStatementError.unavailable', () => {
  it.each([
    ['refused', { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' }],
    ['reset', { message: 'read ECONNRESET', code: 'ECONNRESET' }],
    ['terminated by a restart', { message: 'terminating connection due to administrator command', code: '57P01' }],
    ['starting up', { message: 'the database system is starting up', code: '57P03' }],
    ['too many connections', { message: 'sorry, too many clients already', code: '53300' }],
    ['connection exception class 08', { message: 'connection failure', code: '08006' }],
    ['lost mid-query (no code)', { message: 'Connection terminated unexpectedly' }],
    ['a dead pooled client (no code)', { message: 'Client has encountered a connection error and is not queryable' }],
    ['no connection within the pool timeout (no code)', { message: 'timeout exceeded when trying to connect' }],
  ])('%s: unavailable', (_, cause) => {
    expect(err(cause).unavailable).toBe(true);
  });

  it.each([
    ['a unique violation', { message: 'duplicate key value violates unique constraint "x"', code: '23505' }],
    ['a deadlock (retried, then "busy")', { message: 'deadlock detected', code: '40P01' }],
    ['a syntax error', { message: 'syntax error at or near "SELEC"', code: '42601' }],
    ['a JS error without a code', { message: 'Cannot read properties of undefined' }],
  ])('%s: not unavailable', (_, cause) => {
    expect(err(cause).unavailable).toBe(false);
  });

  it('names a socket error by its code, not as a SQLSTATE', () => {
    expect(err({ message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' }).message).toBe('connect ECONNREFUSED 127.0.0.1:5432 [ECONNREFUSED] in SQL: SELECT 1');
    expect(err({ message: 'deadlock detected', code: '40P01' }).message).toBe('deadlock detected [SQLSTATE 40P01] in SQL: SELECT 1');
  });
});
