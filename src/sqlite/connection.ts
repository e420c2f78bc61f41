/**
 * Opens a SQLite database the way both programs want it: WAL (readers never wait for the writer),
 * foreign keys enforced, a busy timeout instead of instant SQLITE_BUSY, migrations applied.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Db, Migration } from './types';
import { migrate } from './migrate';

export interface OpenOptions {
  migrations: Migration[];
  /**
   * Path of a better_sqlite3.node built for the running ABI. The packaged Electron app passes
   * the Electron-ABI build it ships; Node (tests, server) uses the default build.
   */
  nativeBinding?: string;
  readonly?: boolean;
}

export function openDb(path: string, opts: OpenOptions): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { readonly: opts.readonly ?? false, ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}) });
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // In WAL mode NORMAL syncs the WAL only at checkpoints, not at every commit: a committed write
  // survives a crash of the process; a power loss may undo the commits made since the last
  // checkpoint, never corrupting the file. It is SQLite's recommended setting for WAL, and a commit
  // costs ~40 µs of CPU here instead of an fsync per write. docs/api.md "Durability" has the trade-off.
  db.pragma('synchronous = NORMAL');
  if (!opts.readonly) migrate(db, opts.migrations);
  return db;
}
