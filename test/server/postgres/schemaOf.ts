/**
 * The schema of a SQLite file and of a PostgreSQL database in one comparable shape, for the test
 * that holds the PostgreSQL baseline to what the SQLite migrations produce.
 */
import type { Db } from '@server/db/types';
import type { PgStore } from '@server/db/postgres/store';

export interface Column {
  name: string;
  /** PostgreSQL's type name; SQLite's declared types are mapped to it. */
  type: string;
  notNull: boolean;
  /** The default as written, without PostgreSQL's ::type casts. */
  dflt: string | null;
  identity: boolean;
}

export interface Index {
  name: string;
  columns: string[];
  unique: boolean;
  partial: boolean;
  /** SQLite: 'c' created by CREATE INDEX, 'u' a UNIQUE constraint, 'pk' a primary key. PostgreSQL: 'pk' or 'c'. */
  origin: string;
}

export interface Table {
  columns: Column[];
  primaryKey: string[];
  indexes: Index[];
  /** "col -> table(col)" for every foreign key column. */
  foreignKeys: string[];
}

const SQLITE_TYPES: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', REAL: 'double precision', BLOB: 'bytea' };

export function sqliteSchema(db: Db, skip: (table: string) => boolean): Map<string, Table> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  const out = new Map<string, Table>();
  for (const { name } of tables.filter((t) => !skip(t.name))) {
    const info = db.prepare(`PRAGMA table_info(${name})`).all() as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    const pk = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const rowidAlias = pk.length === 1 && pk[0]!.type === 'INTEGER' && pk[0]!.name === 'id';
    const columns = info.map((c) => ({
      name: c.name,
      type: SQLITE_TYPES[c.type] ?? `unmapped ${c.type}`,
      // Primary-key columns are never null in either engine's meaning of the table.
      notNull: c.notnull === 1 || c.pk > 0,
      dflt: c.dflt_value,
      identity: rowidAlias && c.pk === 1,
    }));
    const indexes = (db.prepare(`PRAGMA index_list(${name})`).all() as { name: string; unique: number; origin: string; partial: number }[]).map((ix) => ({
      name: ix.name,
      columns: (db.prepare(`PRAGMA index_info(${ix.name})`).all() as { name: string }[]).map((c) => c.name),
      unique: ix.unique === 1,
      partial: ix.partial === 1,
      origin: ix.origin,
    }));
    const foreignKeys = (db.prepare(`PRAGMA foreign_key_list(${name})`).all() as { table: string; from: string; to: string }[]).map((f) => `${f.from} -> ${f.table}(${f.to})`).sort();
    out.set(name, { columns, primaryKey: pk.map((c) => c.name), indexes, foreignKeys });
  }
  return out;
}

export async function postgresSchema(store: PgStore, skip: (table: string) => boolean): Promise<Map<string, Table>> {
  const tables = await store.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1");
  const out = new Map<string, Table>();
  for (const { name } of tables.filter((t) => !skip(t.name))) {
    const cols = await store.all<{ name: string; type: string; nullable: string; dflt: string | null; identity: string }>(
      `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS dflt, is_identity AS identity
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position`,
      [name],
    );
    const columns = cols.map((c) => ({
      name: c.name,
      type: c.type,
      notNull: c.nullable === 'NO',
      dflt: c.dflt === null ? null : c.dflt.replace(/::[a-z ]+$/, ''),
      identity: c.identity === 'YES',
    }));
    const indexes = await store.all<{ name: string; columns: string[]; unique: boolean; partial: boolean; primary: boolean }>(
      `SELECT i.relname AS name, ix.indisunique AS unique, ix.indpred IS NOT NULL AS partial, ix.indisprimary AS primary,
              array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns
       FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
       WHERE t.relname = ? AND t.relnamespace = 'public'::regnamespace`,
      [name],
    );
    const pk = indexes.find((ix) => ix.primary);
    const foreignKeys = (
      await store.all<{ fk: string }>(
        `SELECT a.attname || ' -> ' || rt.relname || '(' || ra.attname || ')' AS fk
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class rt ON rt.oid = c.confrelid
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
         WHERE c.contype = 'f' AND t.relname = ? AND t.relnamespace = 'public'::regnamespace`,
        [name],
      )
    )
      .map((r) => r.fk)
      .sort();
    out.set(name, {
      columns,
      primaryKey: pk?.columns ?? [],
      indexes: indexes.map((ix) => ({ name: ix.name, columns: ix.columns, unique: ix.unique, partial: ix.partial, origin: ix.primary ? 'pk' : 'c' })),
      foreignKeys,
    });
  }
  return out;
}
