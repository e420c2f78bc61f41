/**
 * The PostgreSQL migration runner. Several server instances may start at once on one database: each
 * takes a session-level advisory lock on a fixed key first, so the first one migrates and the others
 * wait for it, then find nothing left to do. Each migration runs in its own transaction together
 * with the row recording its version, so a failure leaves the database at the last good version.
 * A database whose version is newer than this code knows is refused rather than misread, as the
 * SQLite runner (src/sqlite/migrate.ts) does.
 */
import { FutureDatabaseError } from '@sqlite/migrate';
import { checkSequence, LAST_SQLITE_ONLY_VERSION, STORE_MIGRATIONS, type StoreMigration } from '../storeMigration';
import { pgBaseline } from './baseline';
import { onClient, type PgStore } from './store';

export { FutureDatabaseError };

/** The advisory lock key of schema migrations ("STOCKDESK" folded into a bigint); fixed forever. */
export const MIGRATION_LOCK_KEY = 0x5354_4f43_4b44;

/** Applied versions, one row each: the database's version is the highest. */
export const VERSION_TABLE = 'stockdesk_schema';

/** What a PostgreSQL database goes through: the baseline, then the migrations both engines share. */
export const PG_MIGRATIONS: readonly StoreMigration[] = [pgBaseline, ...STORE_MIGRATIONS];

export async function pgSchemaVersion(store: PgStore): Promise<number> {
  const exists = await store.get<{ t: string | null }>('SELECT to_regclass(?)::text AS t', [VERSION_TABLE]);
  if (!exists?.t) return 0;
  return (await store.get<{ v: number | null }>(`SELECT max(version) AS v FROM ${VERSION_TABLE}`))?.v ?? 0;
}

export async function migratePostgres(
  store: PgStore,
  migrations: readonly StoreMigration[] = PG_MIGRATIONS,
  now: () => Date = () => new Date(),
): Promise<{ from: number; to: number }> {
  checkSequence(migrations, LAST_SQLITE_ONLY_VERSION);
  const latest = migrations.at(-1)?.version ?? 0;
  const client = await store.pool.connect();
  let failure: Error | undefined;
  // Checked out, the connection's 'error' event has no listener of the pool's (see store.ts onClient).
  const onLost = (e: Error) => {
    failure ??= e;
  };
  client.on('error', onLost);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      // Under the lock: two instances creating the table at once would collide even with IF NOT EXISTS.
      await client.query(`CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (version bigint PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`);
      const row = (await client.query<{ v: string | null }>(`SELECT max(version)::text AS v FROM ${VERSION_TABLE}`)).rows[0];
      const from = Number(row?.v ?? 0);
      if (from > latest) {
        throw new FutureDatabaseError(
          `This database was written by a newer Stockdesk: version ${from}, this one knows ${latest}. Run the newer Stockdesk on it, or restore a backup made by this one.`,
        );
      }
      for (const m of migrations.filter((m) => m.version > from)) {
        await onClient(
          store,
          client,
          async (tx) => {
            await m.up(tx);
            await tx.run(`INSERT INTO ${VERSION_TABLE} (version, name, applied_at) VALUES (?, ?, ?)`, [m.version, m.name, now().toISOString()]);
          },
          false,
        ).catch((e: unknown) => {
          throw new Error(`PostgreSQL migration ${m.version} (${m.name}) failed and was rolled back: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
        });
      }
      return { from, to: Math.max(from, latest) };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (e) {
    failure = e as Error; // a connection that failed part-way is not given back to the pool
    throw e;
  } finally {
    client.removeListener('error', onLost);
    client.release(failure);
  }
}
