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

  constructor(cause: unknown, sql: string) {
    const e = cause as { message?: string; code?: string; constraint?: string; detail?: string };
    const detail = e.detail ? ` (${e.detail})` : '';
    super(`${e.message ?? String(cause)}${detail}${e.code ? ` [SQLSTATE ${e.code}]` : ''} in SQL: ${shorten(sql)}`, { cause });
    this.code = e.code;
    this.constraint = e.constraint;
    this.sql = sql;
  }
}

function shorten(sql: string): string {
  const one = sql.replace(/\s+/g, ' ').trim();
  return one.length > 600 ? one.slice(0, 600) + ' …' : one;
}
