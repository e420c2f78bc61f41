/** The PostgreSQL migration runner: instances starting at once, one transaction per migration, a database from the future. */
import { afterEach, describe, expect, it } from 'vitest';
import { migratePostgres, pgSchemaVersion, PG_MIGRATIONS, VERSION_TABLE } from '@server/db/postgres/migrate';
import { FutureDatabaseError } from '@sqlite/migrate';
import { openPgStore, type PgStore } from '@server/db/postgres/store';
import { openPostgres } from '@server/db/postgres';
import { sharedMigration, type StoreMigration } from '@server/db/storeMigration';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';

const opened: PgStore[] = [];
const databases: string[] = [];

async function freshDatabase(): Promise<string> {
  const url = await createTestDatabase();
  databases.push(url);
  return url;
}

function instance(url: string): PgStore {
  const s = openPgStore({ url, poolSize: 2, applicationName: `instance-${opened.length}` });
  opened.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await Promise.all(databases.splice(0).map((u) => dropTestDatabase(u)));
});

/** A migration after the baseline that counts its runs, slowly enough for the others to arrive meanwhile. */
const counted: StoreMigration = {
  version: PG_MIGRATIONS.at(-1)!.version + 1,
  name: 'counted',
  async up(tx) {
    await tx.run('CREATE TABLE IF NOT EXISTS migration_runs (n bigint NOT NULL)');
    await tx.run('INSERT INTO migration_runs (n) VALUES (1)');
    await tx.run('SELECT pg_sleep(0.3)');
  },
};

describe('PostgreSQL migration runner', () => {
  it('migrates a fresh database exactly once when three instances start at the same moment', async () => {
    const url = await freshDatabase();
    const instances = [instance(url), instance(url), instance(url)];
    const results = await Promise.all(instances.map((s) => migratePostgres(s, [...PG_MIGRATIONS, counted])));

    const latest = counted.version;
    expect(results.filter((r) => r.from === 0 && r.to === latest)).toHaveLength(1);
    expect(results.filter((r) => r.from === latest && r.to === latest)).toHaveLength(2);
    const check = instances[0]!;
    expect(await check.get('SELECT count(*) AS n FROM migration_runs')).toEqual({ n: 1 });
    expect(await check.all(`SELECT version, name FROM ${VERSION_TABLE} ORDER BY version`)).toEqual([
      ...PG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })),
      { version: latest, name: 'counted' },
    ]);
    expect(await pgSchemaVersion(check)).toBe(latest);
    // Every instance left the lock behind it.
    expect(await check.get("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'")).toEqual({ n: 0 });
  });

  it('applies only what is pending on a database already at an older version', async () => {
    const url = await freshDatabase();
    const s = instance(url);
    expect(await migratePostgres(s)).toEqual({ from: 0, to: PG_MIGRATIONS.at(-1)!.version });
    expect(await migratePostgres(s, [...PG_MIGRATIONS, counted])).toEqual({ from: PG_MIGRATIONS.at(-1)!.version, to: counted.version });
    expect(await migratePostgres(s, [...PG_MIGRATIONS, counted])).toEqual({ from: counted.version, to: counted.version });
    expect(await s.get('SELECT count(*) AS n FROM migration_runs')).toEqual({ n: 1 });
  });

  it('rolls a failing migration back whole and keeps the version before it', async () => {
    const url = await freshDatabase();
    const s = instance(url);
    await migratePostgres(s);
    const broken: StoreMigration = {
      version: counted.version,
      name: 'broken',
      async up(tx) {
        await tx.run('CREATE TABLE half_done (x bigint)');
        await tx.run('INSERT INTO no_such_table VALUES (1)');
      },
    };
    await expect(migratePostgres(s, [...PG_MIGRATIONS, broken])).rejects.toThrow(
      /PostgreSQL migration \d+ \(broken\) failed and was rolled back: relation "no_such_table" does not exist.* in SQL: INSERT INTO no_such_table/,
    );
    expect(await pgSchemaVersion(s)).toBe(PG_MIGRATIONS.at(-1)!.version);
    expect(await s.get("SELECT to_regclass('half_done')::text AS t")).toEqual({ t: null });
    // The lock was given back: the fixed migration goes through.
    expect(await migratePostgres(s, [...PG_MIGRATIONS, counted])).toEqual({ from: PG_MIGRATIONS.at(-1)!.version, to: counted.version });
  });

  it('runs a shared migration\'s steps, each engine\'s own where they differ', async () => {
    const url = await freshDatabase();
    const s = instance(url);
    await migratePostgres(s);
    const shared = sharedMigration(counted.version, 'note', [
      'CREATE TABLE notes (id bigint PRIMARY KEY)',
      { sqlite: 'ALTER TABLE notes ADD COLUMN body TEXT', postgres: 'ALTER TABLE notes ADD COLUMN body text COLLATE "C"' },
      { sqlite: 'CREATE INDEX only_on_sqlite ON notes (body)' },
    ]);
    await migratePostgres(s, [...PG_MIGRATIONS, shared]);
    expect(await s.all("SELECT column_name AS c, collation_name AS k FROM information_schema.columns WHERE table_name = 'notes' ORDER BY ordinal_position")).toEqual([
      { c: 'id', k: null },
      { c: 'body', k: 'C' },
    ]);
    expect(await s.get("SELECT to_regclass('only_on_sqlite')::text AS t")).toEqual({ t: null });
  });

  it('refuses a database written by a newer Stockdesk, naming both versions, and changes nothing', async () => {
    const url = await freshDatabase();
    const s = instance(url);
    await migratePostgres(s);
    const known = PG_MIGRATIONS.at(-1)!.version;
    await s.run(`INSERT INTO ${VERSION_TABLE} (version, name, applied_at) VALUES (?, 'from the future', ?)`, [known + 5, new Date().toISOString()]);
    const err = await migratePostgres(s).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FutureDatabaseError);
    expect((err as Error).message).toBe(
      `This database was written by a newer Stockdesk: version ${known + 5}, this one knows ${known}. Run the newer Stockdesk on it, or restore a backup made by this one.`,
    );
    expect(await pgSchemaVersion(s)).toBe(known + 5);
    expect(await s.get("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'")).toEqual({ n: 0 });
  });

  it('refuses a list of migrations with a gap or not starting at the baseline', async () => {
    const url = await freshDatabase();
    const s = instance(url);
    await expect(migratePostgres(s, [...PG_MIGRATIONS, { ...counted, version: counted.version + 1 }])).rejects.toThrow(
      `migration counted has version ${counted.version + 1}, expected ${counted.version}`,
    );
    expect(await pgSchemaVersion(s)).toBe(0);
  });

  it('opens a database for the server migrated, and a database from the future not at all', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([openPostgres({ url, poolSize: 2 }), openPostgres({ url, poolSize: 2 })]);
    opened.push(a, b);
    expect(await pgSchemaVersion(b)).toBe(PG_MIGRATIONS.at(-1)!.version);
    await a.run(`INSERT INTO ${VERSION_TABLE} (version, name, applied_at) VALUES (?, 'next', ?)`, [PG_MIGRATIONS.at(-1)!.version + 1, new Date().toISOString()]);
    await expect(openPostgres({ url, poolSize: 2 })).rejects.toThrow(/written by a newer Stockdesk/);
  });

  it('says so within the connect timeout when the server cannot be reached', async () => {
    const started = Date.now();
    await expect(openPostgres({ url: 'postgres://postgres:secret@127.0.0.1:1/none', connectTimeoutMs: 2000 })).rejects.toThrow(
      /^Cannot open the PostgreSQL database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/none: nothing accepts connections at 127\.0\.0\.1:1; check the host and port in the URL, and that PostgreSQL is running there\.$/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
