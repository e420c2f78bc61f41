/**
 * Schema migrations from here on: written once for both engines.
 *
 * History: SQLite files went through migrations 1–6 (./migrations/00*.ts, synchronous, on the
 * better-sqlite3 handle); they stay as they are, because existing files already went through them.
 * A PostgreSQL database starts from one baseline (./postgres/baseline.ts) whose version is the last
 * SQLite migration's, 6: the same schema in PostgreSQL's terms. Every later migration is a
 * StoreMigration with version 7, 8, … in STORE_MIGRATIONS, applied by both engines' runners:
 *
 *   export const m007Something: StoreMigration = {
 *     version: 7,
 *     name: 'something',
 *     async up(tx) {
 *       await tx.run('CREATE INDEX orders_status ON orders (account_id, status)'); // same on both
 *       if (tx.engine === 'postgres') {
 *         await tx.run('ALTER TABLE orders ADD COLUMN note text COLLATE "C"');
 *       } else {
 *         await tx.run('ALTER TABLE orders ADD COLUMN note TEXT');
 *       }
 *     },
 *   };
 *
 * `up` runs inside the migration's own transaction (the runner opens it, commits it and records
 * the version in it), so it must not open or commit one itself. On PostgreSQL text columns are
 * `text COLLATE "C"` (byte order, as SQLite's BINARY), integers bigint, ids bigint identity.
 * The SQLite runner applies 1–6 as before, then STORE_MIGRATIONS through its Store.
 */
import type { Sql } from './sql';

export interface StoreMigration {
  /** One more than the migration before it; the first is LAST_SQLITE_ONLY_VERSION + 1. */
  version: number;
  name: string;
  /** Changes the schema through tx (tx.engine says which engine) in the runner's transaction. */
  up(tx: Sql): Promise<void>;
}

/**
 * The version of the last SQLite-only migration (./migrations), which the PostgreSQL baseline
 * equals. Fixed: a later schema change is a StoreMigration, never a seventh SQLite-only one
 * (test/server/postgres/baseline.test.ts holds the two lists to that).
 */
export const LAST_SQLITE_ONLY_VERSION = 6;

/** Migrations for both engines, in order. Add new ones at the end; never edit one that has shipped. */
export const STORE_MIGRATIONS: StoreMigration[] = [];

/** Throws unless migrations follow one another from `first` without gaps. */
export function checkSequence(migrations: readonly { version: number; name: string }[], first: number): void {
  migrations.forEach((m, i) => {
    if (m.version !== first + i) throw new Error(`migration ${m.name} has version ${m.version}, expected ${first + i}`);
  });
}
