/**
 * `npm run server -- admin migrate --from ./data/server.db --to postgres://…`: moves an operator who
 * outgrew the SQLite file to PostgreSQL (db/copy/copy.ts says how). Prints one JSON line per table
 * as it is copied, then a summary line once the copy is verified and committed.
 */
import { parseArgs } from 'node:util';
import { parseDatabaseLocation } from '../databaseLocation';
import { copySqliteToPostgres, openSource } from '../db/copy/copy';
import { openPostgres } from '../db/postgres';
import { AdminError } from './commands';

export const MIGRATE_USAGE = '  migrate --from ./data/server.db --to postgres://USER:PASSWORD@HOST:5432/DATABASE   (into an empty database; the file is only read)';

export async function runMigrate(argv: string[], print: (line: unknown) => void): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true });
  if (!values.from || !values.to) throw new AdminError(`admin migrate needs --from (the SQLite file) and --to (the PostgreSQL URL).\n${MIGRATE_USAGE}`);
  const from = parseDatabaseLocation(values.from, '--from');
  const to = parseDatabaseLocation(values.to, '--to');
  if (from.engine !== 'sqlite') throw new AdminError(`--from must be the SQLite file a server ran on; got ${from.shown}`);
  if (to.engine !== 'postgres') throw new AdminError(`--to must be a postgres:// URL of an empty database; got ${to.path}`);
  const started = Date.now();
  const { src, release } = openSource(from.path);
  try {
    // Migrated to this version's schema first (a new, empty database gets every table here).
    const dst = await openPostgres({ url: to.url, poolSize: 1, applicationName: 'stockdesk-migrate' });
    try {
      const report = await copySqliteToPostgres(src, dst, { onTable: (table, rows) => print({ table, rows }) });
      print({ migrated: true, from: from.path, to: to.shown, ...report, ms: Date.now() - started });
    } finally {
      await dst.close();
    }
  } finally {
    release();
    src.close();
  }
}
