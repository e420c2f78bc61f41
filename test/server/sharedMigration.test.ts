/** A migration written once for both engines, on SQLite: applied by openDb's synchronous runner, in its one transaction. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SQLITE_ONLY_MIGRATIONS } from '@server/db/migrations';
import { sharedMigration, sqliteMigration } from '@server/db/storeMigration';
import { migrate, userVersion } from '@sqlite/migrate';

const note = sharedMigration(7, 'note', [
  'CREATE TABLE notes (id INTEGER PRIMARY KEY)',
  { sqlite: 'ALTER TABLE notes ADD COLUMN body TEXT', postgres: 'ALTER TABLE notes ADD COLUMN body text COLLATE "C"' },
  { postgres: 'CREATE INDEX only_on_postgres ON notes (body)' },
]);

describe('shared migrations on SQLite', () => {
  it('runs each step, the SQLite variant where the engines differ, and records the version', () => {
    const db = new Database(':memory:');
    expect(migrate(db, [...SQLITE_ONLY_MIGRATIONS, sqliteMigration(note)])).toEqual({ from: 0, to: 7 });
    expect((db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').all('notes') as { name: string }[]).map((c) => c.name)).toEqual(['id', 'body']);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'only_on_postgres'").get()).toEqual({ n: 0 });
    expect(userVersion(db)).toBe(7);
    db.close();
  });

  it('upgrades a version-6 file in place, and a failing step leaves it at 6', () => {
    const db = new Database(':memory:');
    migrate(db, SQLITE_ONLY_MIGRATIONS);
    const broken = sharedMigration(7, 'broken', ['CREATE TABLE half_done (x INTEGER)', 'INSERT INTO no_such_table VALUES (1)']);
    expect(() => migrate(db, [...SQLITE_ONLY_MIGRATIONS, sqliteMigration(broken)])).toThrow(/no such table: no_such_table/);
    expect(userVersion(db)).toBe(6);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'").get()).toEqual({ n: 0 });
    expect(migrate(db, [...SQLITE_ONLY_MIGRATIONS, sqliteMigration(note)])).toEqual({ from: 6, to: 7 });
    db.close();
  });
});
