/**
 * A failed PostgreSQL statement, with the SQL that failed in its message: a constraint violation
 * from deep inside a service names its statement, not only "duplicate key value". The SQLSTATE
 * (`code`, e.g. 23505 unique_violation, 40001 serialization_failure, 40P01 deadlock_detected) and
 * the constraint stay readable for the code that decides what to do about it.
 */
export class PgStatementError extends Error {
  override name = 'PgStatementError';
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  readonly sql: string;

  /** A serialization failure or deadlock: the whole transaction may be run again and will likely succeed. */
  get retryable(): boolean {
    return this.code === '40001' || this.code === '40P01';
  }

  /**
   * The database could not be reached, or dropped the connection: PostgreSQL restarting or failing
   * over, the network to it down, no connection to be had. Not the request's fault; the same
   * request a moment later (with its request_id, so it applies once) will likely succeed.
   */
  get unavailable(): boolean {
    return isUnavailable(this.code, this.message);
  }

  constructor(cause: unknown, sql: string) {
    const e = cause as { message?: string; code?: string; constraint?: string; detail?: string };
    const detail = e.detail ? ` (${e.detail})` : '';
    // A socket's failure carries node's code (ECONNREFUSED), not a SQLSTATE: say which it is.
    const code = e.code ? (SQLSTATE.test(e.code) ? ` [SQLSTATE ${e.code}]` : ` [${e.code}]`) : '';
    super(`${e.message ?? String(cause)}${detail}${code} in SQL: ${shorten(sql)}`, { cause });
    this.code = e.code;
    this.constraint = e.constraint;
    this.sql = sql;
  }
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * SQLSTATEs of a database that is not there for us: class 08 (connection exception), 57P01-57P03
 * (terminated by an administrator or a crash, starting up or shutting down), 53300 (too many
 * connections). Node's socket codes: refused, reset, timed out, unreachable, unresolvable.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's own words for a lost or unobtainable connection (errors without any code). */
const LOST_CONNECTION = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

export function isUnavailable(code: string | undefined, message: string): boolean {
  if (code) return code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code);
  return LOST_CONNECTION.test(message);
}

function shorten(sql: string): string {
  const one = sql.replace(/\s+/g, ' ').trim();
  return one.length > 600 ? one.slice(0, 600) + ' …' : one;
}
