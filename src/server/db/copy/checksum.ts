/**
 * A checksum of one table's content that both engines compute alike, streaming (bounded memory):
 * rows in the same order (tables.ts), each value in an engine-neutral spelling (SQLite integers are
 * read as bigint, PostgreSQL's int8 as numbers: both become decimal text; blobs become base64). The
 * same idea as the tests' storeChecksum (test/helpers/dbChecksum.ts), per table and without sorting in memory.
 */
import { createHash, type Hash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Sql } from '../sql';
import { q, type CopiedTable } from './tables';

export interface TableSum {
  rows: number;
  sha256: string;
}

function encode(v: unknown): string {
  if (v === null || v === undefined) return 'N';
  if (typeof v === 'number' || typeof v === 'bigint') return `i${String(v)}`;
  if (typeof v === 'string') return `s${v}`;
  if (v instanceof Uint8Array) return `b${Buffer.from(v).toString('base64')}`;
  return `?${String(v)}`;
}

function addRow(hash: Hash, row: unknown[]): void {
  hash.update(JSON.stringify(row.map(encode)));
  hash.update('\n');
}

const select = (t: CopiedTable) => `SELECT ${t.columns.map(q).join(', ')} FROM ${q(t.name)} ORDER BY ${t.order}`;

export function sqliteTableSum(src: Database.Database, t: CopiedTable): TableSum {
  const hash = createHash('sha256');
  let rows = 0;
  for (const row of src.prepare(select(t)).raw().safeIntegers().iterate() as Iterable<unknown[]>) {
    addRow(hash, row);
    rows++;
  }
  return { rows, sha256: hash.digest('hex') };
}

/** Inside a transaction (`tx`): a cursor fetches the rows a batch at a time. */
export async function pgTableSum(tx: Sql, t: CopiedTable, batch = 1000): Promise<TableSum> {
  const hash = createHash('sha256');
  let rows = 0;
  await tx.run(`DECLARE stockdesk_sum NO SCROLL CURSOR FOR ${select(t)}`);
  for (;;) {
    const got = await tx.all<Record<string, unknown>>(`FETCH FORWARD ${batch} FROM stockdesk_sum`);
    for (const r of got) addRow(hash, t.columns.map((c) => r[c]));
    rows += got.length;
    if (got.length < batch) break;
  }
  // Not in a finally: after a failed FETCH the transaction is aborted and rolls back anyway.
  await tx.run('CLOSE stockdesk_sum');
  return { rows, sha256: hash.digest('hex') };
}
