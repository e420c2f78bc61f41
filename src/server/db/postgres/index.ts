/**
 * Opening a PostgreSQL database for the server: a pooled Store, migrated to what this code knows
 * (waiting for another instance that is migrating it right now), or an error saying why not.
 */
import { explainConnectError } from './connectError';
import { PgStatementError } from './errors';
import { FutureDatabaseError, migratePostgres } from './migrate';
import { openPgStore, type PgStore, type PgStoreOptions } from './store';

export { FutureDatabaseError, migratePostgres, pgSchemaVersion } from './migrate';
export { PgStatementError } from './errors';
export { openPgStore, type PgStore, type PgStoreOptions, type PgTx } from './store';

/** The database could not be reached or would not let us in; the message says what to fix, without the password. */
export class PostgresUnavailable extends Error {
  override name = 'PostgresUnavailable';
}

export async function openPostgres(opts: PgStoreOptions): Promise<PgStore> {
  const store = openPgStore(opts);
  try {
    await migratePostgres(store);
  } catch (e) {
    await store.close();
    if (e instanceof FutureDatabaseError || e instanceof PgStatementError || !(e instanceof Error)) throw e;
    // The connection itself failed (refused, timed out, authentication): say where we tried to go.
    throw new PostgresUnavailable(`Cannot open the PostgreSQL database ${withoutPassword(opts.url)}: ${explainConnectError(e, opts.url)}`, { cause: e });
  }
  return store;
}

function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    u.search = '';
    return u.toString();
  } catch {
    return '(an unreadable URL)';
  }
}
