/**
 * Opening a PostgreSQL database for the server: a pooled Store, migrated to what this code knows
 * (waiting for another instance that is migrating it right now), or an error saying why not.
 */
import { PgStatementError } from './errors';
import { FutureDatabaseError, migratePostgres } from './migrate';
import { openPgStore, type PgStore, type PgStoreOptions } from './store';

export { FutureDatabaseError, migratePostgres, pgSchemaVersion } from './migrate';
export { PgStatementError } from './errors';
export { openPgStore, type PgStore, type PgStoreOptions, type PgTx } from './store';

export async function openPostgres(opts: PgStoreOptions): Promise<PgStore> {
  const store = openPgStore(opts);
  try {
    await migratePostgres(store);
  } catch (e) {
    await store.close();
    if (e instanceof FutureDatabaseError || e instanceof PgStatementError || !(e instanceof Error)) throw e;
    // The connection itself failed (refused, timed out, authentication): say where we tried to go.
    throw new Error(`Cannot open the PostgreSQL database ${withoutPassword(opts.url)}: ${e.message}`, { cause: e });
  }
  return store;
}

function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unreadable URL)';
  }
}
