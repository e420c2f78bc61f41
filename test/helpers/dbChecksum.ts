/**
 * A fingerprint of a whole database: sha256 over every table's rows in primary-key order (rowid
 * order for rowid tables). Hostile-input suites take it before and after each rejected request to
 * prove that nothing changed. Virtual tables are skipped: their shadow tables are hashed instead.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@sqlite/types';
import type { Store } from '@server/db/sql';

function orderBy(db: Db, table: string): string {
  const pk = (db.prepare(`SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk`).all(table) as Array<{ name: string }>).map((c) => `"${c.name}"`);
  if (pk.length) return pk.join(', ');
  const withoutRowid = /WITHOUT\s+ROWID/i.test((db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(table) as { sql: string }).sql);
  return withoutRowid ? '1' : 'rowid';
}

export function dbChecksum(db: Db): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    hash.update(`\u0000table ${name}\u0000`);
    for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY ${orderBy(db, name)}`).raw().iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? v.toString() : v)));
      hash.update('\n');
    }
  }
  hash.update(`user_version ${String(db.pragma('user_version', { simple: true }))}`);
  return hash.digest('hex');
}

/**
 * The same idea on either engine, through the Store: every table's rows (as JSON text, sorted, so
 * no engine-specific ordering is needed) hashed in table-name order. On SQLite it hashes the FTS
 * shadow tables too; on PostgreSQL the schema_migrations bookkeeping is left out as user_version is.
 */
export async function storeChecksum(store: Store): Promise<string> {
  const hash = createHash('sha256');
  const tables = store.engine === 'sqlite'
    ? await store.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
    : await store.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name COLLATE \"C\"");
  for (const { name } of tables) {
    hash.update(`\u0000table ${name}\u0000`);
    const rows = (await store.all<Record<string, unknown>>(`SELECT * FROM "${name}"`)).map((row) =>
      JSON.stringify(Object.values(row), (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? v.toString() : v)));
    rows.sort();
    for (const r of rows) hash.update(`${r}\n`);
  }
  return hash.digest('hex');
}
