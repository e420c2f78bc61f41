/**
 * What `admin migrate` copies: the tables both engines have, their columns (in SQLite's order), the
 * order that keeps every foreign key satisfied while rows arrive, and a row order both engines
 * agree on (the primary key; text is byte-ordered on both: COLLATE "C" and BINARY).
 */
import type Database from 'better-sqlite3';
import type { Sql } from '../sql';
import { VERSION_TABLE } from '../postgres/migrate';

export interface CopiedTable {
  name: string;
  columns: string[];
  /** ORDER BY text valid on both engines. */
  order: string;
}

export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class CopyError extends Error {
  override name = 'CopyError';
}

/** SQLite's own tables: FTS5 virtual tables and their shadow tables have no PostgreSQL twin (pg_trgm does that job). */
function sqliteTables(src: Database.Database): string[] {
  const rows = src.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string; sql: string }>;
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name);
  return rows.map((r) => r.name).filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
}

export async function tablesToCopy(src: Database.Database, dst: Sql): Promise<CopiedTable[]> {
  const pgTables = (await dst.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"))
    .map((r) => r.name)
    .filter((n) => n !== VERSION_TABLE);
  const liteTables = sqliteTables(src);
  const onlyLite = liteTables.filter((t) => !pgTables.includes(t));
  const onlyPg = pgTables.filter((t) => !liteTables.includes(t));
  if (onlyLite.length || onlyPg.length) {
    throw new CopyError(
      `The two schemas differ (only in SQLite: ${onlyLite.join(', ') || 'none'}; only in PostgreSQL: ${onlyPg.join(', ') || 'none'}); ` +
        'both must be migrated by this same version of Stockdesk.',
    );
  }
  const edges = await dst.all<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
       JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  const tables: CopiedTable[] = [];
  for (const name of parentsFirst(pgTables, edges)) {
    const info = src.prepare('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid').all(name) as Array<{ name: string; pk: number }>;
    const columns = info.map((c) => c.name);
    const pgColumns = (await dst.all<{ c: string }>('SELECT column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?', [name])).map((r) => r.c);
    const missing = columns.filter((c) => !pgColumns.includes(c)).concat(pgColumns.filter((c) => !columns.includes(c)));
    if (missing.length) throw new CopyError(`Table ${name} has different columns on the two engines (${missing.join(', ')}); both must be migrated by this same version of Stockdesk.`);
    const pk = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    // Without a primary key, every column: equal rows are then interchangeable for the checksum.
    const order = (pk.length ? pk : columns).map((c) => `${q(c)} NULLS FIRST`).join(', ');
    tables.push({ name, columns, order });
  }
  return tables;
}

/** Tables ordered so that every table comes after the tables its foreign keys point to (self-references aside). */
function parentsFirst(tables: string[], edges: Array<{ child: string; parent: string }>): string[] {
  const done: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (done.includes(t) || visiting.has(t)) return;
    visiting.add(t);
    for (const e of edges) if (e.child === t && e.parent !== t) visit(e.parent);
    visiting.delete(t);
    done.push(t);
  };
  for (const t of [...tables].sort()) visit(t);
  return done;
}
