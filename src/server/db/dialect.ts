/**
 * The few places where the engines' SQL must differ, named once. A repository writes its statement
 * once through `perEngine` (built at load time, so a hot path picks a finished string by
 * `sql.engine`) and uses these pieces where SQLite and PostgreSQL disagree.
 */
import type { Sql } from './sql';

export type Engine = Sql['engine'];

export interface Dialect {
  engine: Engine;
  /** `? IS NULL` for an optional parameter: PostgreSQL cannot infer an untyped parameter's type, so it is cast. */
  nullParam: string;
  /** `IN (…)` over ids given as one parameter, a JSON array of integers: `id ${d.inJsonIds}`, param JSON.stringify(ids). */
  inJsonIds: string;
  /** The larger of two values: SQLite's scalar two-argument MAX, PostgreSQL's GREATEST. */
  greatest(a: string, b: string): string;
  /** Case-insensitive (for ASCII, as SQLite's LIKE) pattern match. */
  ilike: string;
  /** SUM of an integer column as an integer (PostgreSQL sums bigint as numeric, which arrives as text). */
  sumInt(expr: string): string;
  /**
   * Appended to a read of the one row a rule protects (`FOR UPDATE OF <table>`): PostgreSQL locks the
   * row until commit and answers its newest committed version, so a concurrent writer of that row
   * waits and then reads what this one wrote. SQLite has one writer, whose transaction holds the
   * database already: nothing to add (docs/invariants.md).
   */
  forUpdateOf(table: string): string;
}

export const DIALECTS: Record<Engine, Dialect> = {
  sqlite: {
    engine: 'sqlite',
    nullParam: '? IS NULL',
    inJsonIds: 'IN (SELECT value FROM json_each(?))',
    greatest: (a, b) => `MAX(${a}, ${b})`,
    ilike: 'LIKE',
    sumInt: (e) => `SUM(${e})`,
    forUpdateOf: () => '',
  },
  postgres: {
    engine: 'postgres',
    nullParam: '?::text IS NULL',
    inJsonIds: 'IN (SELECT value::bigint FROM json_array_elements_text(?::json))',
    greatest: (a, b) => `GREATEST(${a}, ${b})`,
    ilike: 'ILIKE',
    sumInt: (e) => `SUM(${e})::bigint`,
    forUpdateOf: (table) => ` FOR UPDATE OF ${table}`,
  },
};

/** One statement in each engine's words, built once: `const Q = perEngine((d) => …)`, then `Q[sql.engine]`. */
export function perEngine(build: (d: Dialect) => string): Record<Engine, string> {
  return { sqlite: build(DIALECTS.sqlite), postgres: build(DIALECTS.postgres) };
}
