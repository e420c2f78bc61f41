/**
 * insertId (db/sql.ts): the id of the row an INSERT adds, on either engine (TEST_ENGINE). SQLite reads
 * the connection's last insert rowid instead of RETURNING id (cheaper); both must name the row written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertId } from '@server/db/sql';
import { onPostgres, startTestServer, type TestServer } from '../../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.store.run(onPostgres
    ? 'CREATE TABLE insert_id_probe (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v text NOT NULL)'
    : 'CREATE TABLE insert_id_probe (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
});
afterAll(() => s.close());

describe('insertId', () => {
  it('returns the id of each row inserted, inside a transaction and after a trigger-free insert elsewhere', async () => {
    const ids = await s.app.store.transaction(async (tx) => {
      const a = await insertId(tx, 'INSERT INTO insert_id_probe (v) VALUES (?)', ['a']);
      // An insert into another table between the two must not lend its id to the next.
      await tx.run("INSERT INTO audit_log (account_id, user_id, at, method, request_id, summary) VALUES (?, NULL, ?, 'setQuantity', NULL, 'probe')", [s.account.accountId, new Date().toISOString()]);
      const b = await insertId(tx, 'INSERT INTO insert_id_probe (v) VALUES (?)', ['b']);
      return [a, b];
    });
    const rows = await s.app.store.all<{ id: number | string; v: string }>('SELECT id, v FROM insert_id_probe ORDER BY id');
    expect(rows.map((r) => [Number(r.id), r.v])).toEqual([[ids[0], 'a'], [ids[1], 'b']]);
    expect(typeof ids[0]).toBe('number');
  });

  it('refuses an insert that added no row, naming the statement', async () => {
    await expect(s.app.store.transaction((tx) => insertId(tx, "INSERT INTO insert_id_probe (v) SELECT 'x' WHERE 1 = 0", [])))
      .rejects.toThrow(/insertId expects one row inserted, got 0: INSERT INTO insert_id_probe/);
  });

  it('refuses an insert that added two rows, and its transaction leaves nothing behind', async () => {
    const before = await s.app.store.get<{ n: number | string }>('SELECT count(*) AS n FROM insert_id_probe');
    await expect(s.app.store.transaction((tx) => insertId(tx, "INSERT INTO insert_id_probe (v) SELECT 'y' UNION ALL SELECT 'z'", [])))
      .rejects.toThrow(/insertId expects one row inserted, got 2: INSERT INTO insert_id_probe/);
    const after = await s.app.store.get<{ n: number | string }>('SELECT count(*) AS n FROM insert_id_probe');
    expect(Number(after!.n)).toBe(Number(before!.n));
  });
});
