/**
 * Opens the database a `--database` location names, for serving or for an `admin` command: a SQLite
 * file (migrated, the default) or a PostgreSQL database (a pool, migrated under the advisory lock).
 */
import type { DatabaseLocation } from './databaseLocation';
import { openServerDb } from './app';
import { openPostgres } from './db/postgres';
import type { Store } from './db/sql';
import { sqliteStore } from './db/sqlite/store';
import type { Db } from './db/types';
import { AdminError } from './admin/commands';

/** Connections each instance holds on PostgreSQL unless --pool-size / STOCKDESK_PG_POOL_SIZE says otherwise. */
export const DEFAULT_PG_POOL_SIZE = 10;

export interface OpenedStore {
  store: Store;
  /** The SQLite connection (startServer takes it to hold the serving lock); undefined on PostgreSQL. */
  db?: Db;
  /** Where the data is, for the `listening` line: the file, or the URL without its password. */
  shown: string;
  close(): Promise<void>;
}

/** The pool size from the flag, else the variable, else the default; refused outside 1..1000. */
export function poolSize(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): number {
  const raw = flag ?? (env.STOCKDESK_PG_POOL_SIZE || undefined);
  if (raw === undefined) return DEFAULT_PG_POOL_SIZE;
  const n = Number(raw);
  const name = flag !== undefined ? '--pool-size' : 'STOCKDESK_PG_POOL_SIZE';
  if (!/^\d+$/.test(raw) || n < 1 || n > 1000) throw new AdminError(`${name} must be a whole number from 1 to 1000; got ${raw}`);
  return n;
}

export async function openStoreAt(location: DatabaseLocation, opts: { poolSize?: number; applicationName?: string } = {}): Promise<OpenedStore> {
  if (location.engine === 'sqlite') {
    const db = openServerDb(location.path);
    return { store: sqliteStore(db), db, shown: location.path, close: async () => void db.close() };
  }
  const store = await openPostgres({
    url: location.url,
    poolSize: opts.poolSize ?? DEFAULT_PG_POOL_SIZE,
    applicationName: opts.applicationName,
    // An idle connection dropped by a restarting server is replaced by the pool; say so, do not crash.
    onIdleError: (e) => console.error(`A pooled PostgreSQL connection was lost (${e.message}); the pool opens a new one when needed.`),
  });
  return { store, shown: location.shown, close: () => store.close() };
}
