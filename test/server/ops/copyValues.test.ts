/**
 * The copy behind `admin migrate` (src/server/db/copy) on awkward values, in small batches: every
 * byte value in a blob, text beyond the Basic Multilingual Plane, NULLs, integers past 2^32, a
 * composite key, and enough rows for many batches; ids kept and the identity sequence set past them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServerDb } from '@server/app';
import { copySqliteToPostgres, openSource } from '@server/db/copy/copy';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';

let dir: string;
let url: string;
let dst: PgStore;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-copy-'));
  url = await createTestDatabase();
  dst = await openPostgres({ url, poolSize: 2 });
}, 120_000);
afterAll(async () => {
  await dst?.close();
  if (url) await dropTestDatabase(url);
  rmSync(dir, { recursive: true, force: true });
});

const BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const TEXT = 'Árvíztűrő tükörfúrógép 🧾 "idézet" \\ \t új sor\n vége  ';

describe('copying a SQLite server file into PostgreSQL', () => {
  it('keeps every value and id exactly, across many small batches, and verifies before committing', async () => {
    const path = join(dir, 'server.db');
    const db = openServerDb(path);
    const at = '2026-11-22T09:00:00.000Z';
    db.prepare('INSERT INTO accounts (id, name, tax_number, created_at) VALUES (?, ?, NULL, ?)').run(7, TEXT, at);
    db.prepare("INSERT INTO attachments (id, account_id, owner_type, owner_id, kind, filename, mime_type, content, created_at) VALUES (?, 7, 'invoice', ?, 'pdf', ?, 'application/pdf', ?, ?)")
      .run(5_000_000_000, 4_294_967_297, TEXT, BYTES, at);
    const idem = db.prepare("INSERT INTO idempotency (account_id, request_id, method, params_hash, response, created_at) VALUES (7, ?, 'setProduct', 'h', ?, ?)");
    db.transaction(() => {
      for (let i = 0; i < 1234; i++) idem.run(`req-${i}`, `{"n":${i},"t":${JSON.stringify(TEXT)}}`, at);
    })();
    db.close();

    const { src, release } = openSource(path);
    const seen: string[] = [];
    let report;
    try {
      report = await copySqliteToPostgres(src, dst, { maxParams: 60, onTable: (t) => seen.push(t) });
    } finally {
      release();
      src.close();
    }
    expect(report).toMatchObject({ verified: true, rows: 1 + 1 + 1234 });
    expect(report.tables).toMatchObject({ accounts: 1, attachments: 1, idempotency: 1234 });
    // Parents before children: accounts first among these.
    expect(seen.indexOf('accounts')).toBeLessThan(seen.indexOf('attachments'));

    const a = await dst.get<{ id: number; owner_id: number; filename: string; content: Buffer }>('SELECT id, owner_id, filename, content FROM attachments');
    expect(a).toEqual({ id: 5_000_000_000, owner_id: 4_294_967_297, filename: TEXT, content: BYTES });
    expect(await dst.get('SELECT name, tax_number FROM accounts WHERE id = 7')).toEqual({ name: TEXT, tax_number: null });
    expect(await dst.get<{ n: number }>("SELECT count(*) AS n FROM idempotency WHERE response LIKE '%🧾%'")).toEqual({ n: 1234 });
    // New rows continue after the copied ids.
    const next = await dst.get<{ id: number }>("INSERT INTO accounts (name, created_at) VALUES ('Új', ?) RETURNING id", [at]);
    expect(next!.id).toBe(8);
    const nextAttachment = await dst.get<{ id: number }>(
      "INSERT INTO attachments (account_id, owner_type, owner_id, kind, filename, mime_type, content, created_at) VALUES (7, 'invoice', 1, 'pdf', 'x', 'application/pdf', ?, ?) RETURNING id",
      [BYTES, at],
    );
    expect(nextAttachment!.id).toBe(5_000_000_001);
    // The file was opened read-only: it still opens as it was.
    const again = new Database(path, { readonly: true });
    expect((again.prepare('SELECT count(*) AS n FROM idempotency').get() as { n: number }).n).toBe(1234);
    again.close();
  }, 120_000);
});
