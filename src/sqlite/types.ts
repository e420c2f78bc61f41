import type BetterSqlite3 from 'better-sqlite3';

/** The storage handle repositories take. SQLite today; a PostgreSQL back end would replace the repos, not the services. */
export type Db = BetterSqlite3.Database;

export interface Migration {
  /** Applied in order; the database's user_version is the last applied version. */
  version: number;
  name: string;
  up(db: Db): void;
}
