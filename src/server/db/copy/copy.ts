/**
 * `admin migrate --from <SQLite file> --to postgres://…`: moves a server's data from its SQLite file
 * into an empty, migrated PostgreSQL database, in ONE transaction on the target, so that a failure or
 * an interruption at any point leaves the target as empty as it was.
 *
 * - The source is opened read-only and its serving lock is held for the whole copy: a server that
 *   serves it is refused up front, and none can start on it meanwhile (its data would be left behind).
 * - Ids are kept; each identity sequence is then set past the table's largest id.
 * - Triggers are off per table while its rows arrive (ALTER TABLE … DISABLE TRIGGER USER, undone
 *   before commit): the rows they would write (stock levels, catalog revisions) are copied as they are.
 *   That ALTER also locks each table against anyone else until commit.
 * - Rows travel in batches (bounded memory, whatever the file's size).
 * - Before committing, every table is verified: row count and a checksum of its content, computed
 *   on both sides (checksum.ts). A difference rolls the whole copy back.
 */
import Database from 'better-sqlite3';
import type { SqlValue } from '../sql';
import { MIGRATIONS } from '../migrations';
import type { PgStore, PgTx } from '../postgres';
import { holdServerLock } from '../serverLock';
import { pgTableSum, sqliteTableSum } from './checksum';
import { CopyError, q, tablesToCopy, type CopiedTable } from './tables';

export { CopyError } from './tables';

/** Taken for the whole copy, so that two copies into one database cannot both find it empty. */
const COPY_LOCK_KEY = 0x5344_434f_5059;

export interface CopyReport {
  tables: Record<string, number>;
  rows: number;
  verified: boolean;
}

export interface CopyOptions {
  /** Most parameters one INSERT carries (PostgreSQL allows 65535). */
  maxParams?: number;
  /** Told after each table is copied (progress on a long copy). */
  onTable?: (table: string, rows: number) => void;
}

/** Opens the SQLite file read-only, checking it is a server file this version wrote and no server is serving it. */
export function openSource(path: string): { src: Database.Database; release: () => void } {
  let src: Database.Database;
  try {
    src = new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new CopyError(`Cannot open ${path} as a SQLite database (${(e as Error).message}); give the server's file with --from.`);
  }
  try {
    src.pragma('busy_timeout = 5000');
    const version = src.pragma('user_version', { simple: true }) as number;
    if (version === 0) throw new CopyError(`${path} is not a Stockdesk server database (it has no schema version); give the server's file with --from.`);
    if (version < MIGRATIONS.length) {
      throw new CopyError(`${path} is at schema version ${version}, older than this Stockdesk's ${MIGRATIONS.length}: start this version's server on it once (npm run server -- --database ${path}), stop it, then migrate.`);
    }
    if (version > MIGRATIONS.length) throw new CopyError(`${path} was written by a newer Stockdesk (schema version ${version}, this one knows ${MIGRATIONS.length}); run the migration with that version.`);
    return { src, release: holdServerLock(src) };
  } catch (e) {
    src.close();
    throw e;
  }
}

export async function copySqliteToPostgres(src: Database.Database, dst: PgStore, opts: CopyOptions = {}): Promise<CopyReport> {
  const maxParams = opts.maxParams ?? 30_000;
  return dst.transaction(async (tx) => {
    await tx.run(`SELECT pg_advisory_xact_lock(${COPY_LOCK_KEY})`);
    const tables = await tablesToCopy(src, tx);
    await refuseNonEmpty(tx, tables);
    // A consistent snapshot of the source for the copy and its verification.
    src.exec('BEGIN');
    try {
      const counts: Record<string, number> = {};
      for (const t of tables) {
        counts[t.name] = await copyTable(src, tx, t, Math.max(1, Math.min(1000, Math.floor(maxParams / t.columns.length))));
        opts.onTable?.(t.name, counts[t.name]!);
      }
      for (const t of tables) await verify(src, tx, t);
      return { tables: counts, rows: Object.values(counts).reduce((a, b) => a + b, 0), verified: true };
    } finally {
      src.exec('COMMIT');
    }
  });
}

async function refuseNonEmpty(tx: PgTx, tables: CopiedTable[]): Promise<void> {
  const full: string[] = [];
  for (const t of tables) if (await tx.get(`SELECT 1 AS x FROM ${q(t.name)} LIMIT 1`)) full.push(t.name);
  if (full.length) {
    throw new CopyError(
      `The target database is not empty (rows in ${full.slice(0, 5).join(', ')}${full.length > 5 ? ', …' : ''}); migrate copies into an empty database only, ` +
        'so that nothing is mixed or overwritten. Create a new one (createdb NAME) and give its URL with --to.',
    );
  }
}

async function copyTable(src: Database.Database, tx: PgTx, t: CopiedTable, batchRows: number): Promise<number> {
  await tx.run(`ALTER TABLE ${q(t.name)} DISABLE TRIGGER USER`);
  const cols = t.columns.map(q).join(', ');
  const rowMarks = `(${t.columns.map(() => '?').join(', ')})`;
  const insert = (n: number) => `INSERT INTO ${q(t.name)} (${cols}) VALUES ${Array.from({ length: n }, () => rowMarks).join(', ')}`;
  let batch: SqlValue[] = [];
  let inBatch = 0;
  let rows = 0;
  // Integers as bigint: an id beyond 2^53 reaches PostgreSQL exactly.
  for (const row of src.prepare(`SELECT ${cols} FROM ${q(t.name)} ORDER BY ${t.order}`).raw().safeIntegers().iterate() as Iterable<SqlValue[]>) {
    batch.push(...row);
    inBatch++;
    if (inBatch === batchRows) {
      await tx.run(insert(inBatch), batch);
      rows += inBatch;
      batch = [];
      inBatch = 0;
    }
  }
  if (inBatch) await tx.run(insert(inBatch), batch);
  rows += inBatch;
  await tx.run(`ALTER TABLE ${q(t.name)} ENABLE TRIGGER USER`);
  // Ids were kept: the next id the table hands out comes after the largest copied one.
  const identities = await tx.all<{ c: string }>(
    "SELECT column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')",
    [t.name],
  );
  for (const { c } of identities) {
    await tx.get(`SELECT setval(pg_get_serial_sequence(?, ?), m) FROM (SELECT max(${q(c)}) AS m FROM ${q(t.name)}) x WHERE m IS NOT NULL`, [q(t.name), c]);
  }
  return rows;
}

async function verify(src: Database.Database, tx: PgTx, t: CopiedTable): Promise<void> {
  const a = sqliteTableSum(src, t);
  const b = await pgTableSum(tx, t);
  if (a.rows !== b.rows || a.sha256 !== b.sha256) {
    throw new CopyError(
      `Verification failed for table ${t.name}: SQLite has ${a.rows} row(s) (sha256 ${a.sha256.slice(0, 12)}…), PostgreSQL ${b.rows} (${b.sha256.slice(0, 12)}…). ` +
        'Nothing was committed; the target is still empty. Report this with the table name.',
    );
  }
}
