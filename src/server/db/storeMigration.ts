/**
 * Schema migrations from here on: written once for both engines.
 *
 * History: SQLite files went through migrations 1–6 (./migrations/00*.ts, synchronous, on the
 * better-sqlite3 handle); they stay as they are, because existing files already went through them.
 * A PostgreSQL database starts from one baseline (./postgres/baseline.ts) whose version is the last
 * SQLite migration's, 6: the same schema in PostgreSQL's terms. Every later migration is a list of
 * SQL steps in STORE_MIGRATIONS with version 7, 8, …, applied by both engines' runners:
 *
 *   export const m007OrderNote = sharedMigration(7, 'order_note', [
 *     'CREATE INDEX orders_status ON orders (account_id, status)',            // the same on both
 *     { sqlite: 'ALTER TABLE orders ADD COLUMN note TEXT',
 *       postgres: 'ALTER TABLE orders ADD COLUMN note text COLLATE "C"' },   // where they differ
 *   ]);
 *
 * Why steps and not an async function: SQLite opens its file synchronously (openDb applies every
 * pending migration in one transaction before the handle is returned, for the server, the admin
 * commands and the desk's in-process demo server alike), and an async function cannot run to its
 * end synchronously. One step is one statement (PostgreSQL prepares it); a data migration is SQL
 * too (INSERT … SELECT, UPDATE … FROM). The runner opens, commits and records the version; a step
 * must not. On PostgreSQL text columns are `text COLLATE "C"` (byte order, as SQLite's BINARY),
 * integers bigint, ids bigint identity.
 */
import type { Migration } from '@sqlite/types';
import type { Sql } from './sql';
import { CHANGE_FEED_STEPS } from '../feed/migration';

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

/** One statement for both engines, or each engine's own; an engine without one skips the step. */
export type MigrationStep = string | { sqlite?: string; postgres?: string };

/** A migration both engines run: its steps on PostgreSQL through `up`, on SQLite through sqliteMigration(). */
export interface SharedMigration extends StoreMigration {
  steps: readonly MigrationStep[];
}

export function stepSql(step: MigrationStep, engine: 'sqlite' | 'postgres'): string | undefined {
  return typeof step === 'string' ? step : step[engine];
}

export function sharedMigration(version: number, name: string, steps: readonly MigrationStep[]): SharedMigration {
  return {
    version,
    name,
    steps,
    async up(tx) {
      for (const step of steps) {
        const sql = stepSql(step, tx.engine);
        if (sql) await tx.run(sql);
      }
    },
  };
}

/** The same migration for the synchronous SQLite runner (src/sqlite/migrate.ts), inside its transaction. */
export function sqliteMigration(m: SharedMigration): Migration {
  return {
    version: m.version,
    name: m.name,
    up(db) {
      for (const step of m.steps) {
        const sql = stepSql(step, 'sqlite');
        if (sql) db.prepare(sql).run();
      }
    },
  };
}

/** Migrations for both engines, in order. Add new ones at the end; never edit one that has shipped. */
export const STORE_MIGRATIONS: SharedMigration[] = [
  // 7 and 8 belong to other branches (pgcursor, stockwork); empty here only so that 9 follows without a
  // gap on this branch. At merge they are replaced by the real ones (or 9 is renumbered).
  sharedMigration(7, 'reserved_7', []),
  sharedMigration(8, 'reserved_8', []),
  sharedMigration(9, 'change_feed', CHANGE_FEED_STEPS),
];

/** Throws unless migrations follow one another from `first` without gaps. */
export function checkSequence(migrations: readonly { version: number; name: string }[], first: number): void {
  migrations.forEach((m, i) => {
    if (m.version !== first + i) throw new Error(`migration ${m.name} has version ${m.version}, expected ${first + i}`);
  });
}
