/**
 * The PostgreSQL baseline plus the shared migrations against the schema all SQLite migrations end with: every table, column,
 * key and index, compared programmatically with a freshly migrated SQLite file; and its triggers at work.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, SQLITE_ONLY_MIGRATIONS } from '@server/db/migrations';
import { migrate } from '@sqlite/migrate';
import { LAST_SQLITE_ONLY_VERSION, STORE_MIGRATIONS } from '@server/db/storeMigration';
import { migratePostgres, VERSION_TABLE } from '@server/db/postgres/migrate';
import { openPgStore, type PgStore } from '@server/db/postgres/store';
import { POSTGRES_ONLY_FEED_INDEXES } from '@server/feed/migration';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { postgresSchema, sqliteSchema, type Table } from './schemaOf';

/** SQLite's FTS5 table and its shadow tables: on PostgreSQL a pg_trgm index on products.search. */
const isFts = (t: string) => t.startsWith('products_fts');
const FTS_REPLACEMENT = 'products_search_trgm';
/** The change feed's indexes SQLite does without (it reads and prunes the feed in rowid order). */
const PG_ONLY_FEED: readonly string[] = POSTGRES_ONLY_FEED_INDEXES;

let url: string;
let store: PgStore;
let sqlite: Map<string, Table>;
let postgres: Map<string, Table>;

beforeAll(async () => {
  url = await createTestDatabase();
  store = openPgStore({ url, poolSize: 3 });
  await migratePostgres(store);
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  sqlite = sqliteSchema(db, isFts);
  db.close();
  postgres = await postgresSchema(store, (t) => t === VERSION_TABLE);
});

afterAll(async () => {
  await store?.close();
  if (url) await dropTestDatabase(url);
});

describe('PostgreSQL baseline schema', () => {
  it('stands for exactly the SQLite-only migrations', () => {
    // A seventh SQLite-only migration would be missing from the baseline: later changes are StoreMigrations.
    expect(SQLITE_ONLY_MIGRATIONS.length).toBe(LAST_SQLITE_ONLY_VERSION);
    expect(MIGRATIONS.length).toBe(LAST_SQLITE_ONLY_VERSION + STORE_MIGRATIONS.length);
  });

  it('has every SQLite table and no other', () => {
    expect([...postgres.keys()].sort()).toEqual([...sqlite.keys()].sort());
    expect(sqlite.size).toBeGreaterThan(25);
  });

  it('has the same columns in the same order, with mapped types, nullability, defaults and identity ids', () => {
    for (const [name, s] of sqlite) {
      expect({ table: name, columns: postgres.get(name)?.columns }).toEqual({ table: name, columns: s.columns });
    }
  });

  it('has the same primary keys and foreign keys', () => {
    for (const [name, s] of sqlite) {
      const p = postgres.get(name)!;
      expect({ table: name, pk: p.primaryKey, fk: p.foreignKeys }).toEqual({ table: name, pk: s.primaryKey, fk: s.foreignKeys });
    }
  });

  it('has every SQLite index: created ones by name, unique constraints and keys by their columns', () => {
    for (const [name, s] of sqlite) {
      const p = postgres.get(name)!;
      for (const ix of s.indexes) {
        const match =
          ix.origin === 'c'
            ? p.indexes.find((q) => q.name === ix.name)
            : p.indexes.find((q) => q.unique && q.columns.join() === ix.columns.join() && !q.partial);
        expect({ table: name, index: ix.name, found: match && { columns: match.columns, unique: match.unique, partial: match.partial } }).toEqual({
          table: name,
          index: ix.name,
          found: { columns: ix.columns, unique: ix.unique, partial: ix.partial },
        });
      }
    }
  });

  it('has no index SQLite lacks, beyond the primary keys SQLite keeps as the rowid, the trigram index for products_fts and the change feed\'s two', () => {
    for (const [name, p] of postgres) {
      const s = sqlite.get(name)!;
      for (const ix of p.indexes) {
        const known =
          s.indexes.some((q) => (q.origin === 'c' ? q.name === ix.name : q.columns.join() === ix.columns.join())) ||
          // SQLite's INTEGER PRIMARY KEY is the rowid itself, without an index of its own.
          (ix.origin === 'pk' && ix.columns.join() === s.primaryKey.join() && !s.indexes.some((q) => q.origin === 'pk')) ||
          (name === 'products' && ix.name === FTS_REPLACEMENT && ix.columns.join() === 'search') ||
          (name === 'feed_changes' && PG_ONLY_FEED.includes(ix.name));
        expect({ table: name, index: ix.name, known }).toEqual({ table: name, index: ix.name, known: true });
      }
    }
    const feedIndexes = (t: Map<string, Table>) => t.get('feed_changes')!.indexes.map((ix) => ix.name).filter((n) => PG_ONLY_FEED.includes(n)).sort();
    expect(feedIndexes(postgres)).toEqual([...PG_ONLY_FEED].sort());
    expect(feedIndexes(sqlite)).toEqual([]);
  });

  it('has the SQLite triggers, in PL/pgSQL (the FTS ones replaced by the trigram index)', async () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS);
    const sqliteTriggers = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    db.close();
    const pgTriggers = (await store.all<{ name: string }>('SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1')).map((t) => t.name);
    expect(pgTriggers).toEqual(sqliteTriggers.filter((t) => !t.startsWith('products_fts')));
  });

  it('records its version, the last SQLite-only migration’s, then each shared migration’s', async () => {
    expect(await store.all(`SELECT version, name FROM ${VERSION_TABLE} ORDER BY version`)).toEqual([
      { version: LAST_SQLITE_ONLY_VERSION, name: 'baseline' },
      ...STORE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })),
    ]);
  });
});

describe('PostgreSQL baseline triggers', () => {
  let account: number;
  let warehouse: number;
  const at = '2026-11-25T10:00:00.000Z';

  const newProduct = async (acc: number, name: string) =>
    (await store.get<{ id: number; search_rev: number }>(
      `INSERT INTO products (account_id, product_name, currency, vat, unit, search, created_at, updated_at) VALUES (?, ?, 'HUF', '27', 'db', ?, ?, ?) RETURNING id, search_rev`,
      [acc, name, name.toLowerCase(), at, at],
    ))!;

  beforeAll(async () => {
    account = (await store.get<{ id: number }>('INSERT INTO accounts (name, created_at) VALUES (?, ?) RETURNING id', ['Teszt Kft', at]))!.id;
    warehouse = (await store.get<{ id: number }>("INSERT INTO warehouses (account_id, name, name_key, created_at) VALUES (?, 'Default', 'default', ?) RETURNING id", [account, at]))!.id;
  });

  it('keeps stock_levels equal to the sum of the moves, and stamps each product with its latest receipt', async () => {
    const [a, b] = [await newProduct(account, 'Csavar'), await newProduct(account, 'Anya')];
    const receipt = async (createdAt: string, moves: Array<[number, string, number]>) =>
      store.transaction(async (tx) => {
        const r = (await tx.get<{ id: number }>(
          "INSERT INTO stock_receipts (account_id, kind, warehouse_id, date, created_at) VALUES (?, 'takein', ?, '2026-11-25', ?) RETURNING id",
          [account, warehouse, createdAt],
        ))!.id;
        let line = 0;
        for (const [product, label, qty] of moves) {
          await tx.run('INSERT INTO stock_moves (receipt_id, line, account_id, product_id, warehouse_id, stock_label, qty_milli) VALUES (?, ?, ?, ?, ?, ?, ?)', [
            r, ++line, account, product, warehouse, label, qty,
          ]);
        }
      });
    await receipt('2026-11-25T10:00:00.000Z', [[a.id, '', 5000], [a.id, 'L1', 2000], [b.id, '', 1500]]);
    await receipt('2026-11-25T11:00:00.000Z', [[a.id, '', -1250], [a.id, 'L1', 500]]);
    await receipt('2026-11-25T12:00:00.000Z', [[b.id, '', -500], [b.id, '', 250]]);

    const levels = await store.all('SELECT product_id, stock_label, qty_milli FROM stock_levels WHERE account_id = ? ORDER BY product_id, stock_label', [account]);
    const sums = await store.all(
      'SELECT product_id, stock_label, sum(qty_milli)::bigint AS qty_milli FROM stock_moves WHERE account_id = ? GROUP BY product_id, stock_label ORDER BY product_id, stock_label',
      [account],
    );
    expect(levels).toEqual(sums);
    expect(levels).toEqual([
      { product_id: a.id, stock_label: '', qty_milli: 3750 },
      { product_id: a.id, stock_label: 'L1', qty_milli: 2500 },
      { product_id: b.id, stock_label: '', qty_milli: 1250 },
    ]);
    expect(await store.all('SELECT product_id, changed_at FROM stock_changes WHERE account_id = ? ORDER BY product_id', [account])).toEqual([
      { product_id: a.id, changed_at: '2026-11-25T11:00:00.000Z' },
      { product_id: b.id, changed_at: '2026-11-25T12:00:00.000Z' },
    ]);
  });

  it('keeps levels and revisions exact under concurrent transactions on many connections', async () => {
    const p = await newProduct(account, 'Versengő');
    const many = openPgStore({ url, poolSize: 8 });
    try {
      // 24 receipts at once, each adding and taking on the same two levels, on 8 connections.
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          many.transaction(async (tx) => {
            const r = (await tx.get<{ id: number }>(
              "INSERT INTO stock_receipts (account_id, kind, warehouse_id, date, created_at) VALUES (?, 'takein', ?, '2026-11-25', ?) RETURNING id",
              [account, warehouse, `2026-11-25T13:00:${String(i).padStart(2, '0')}.000Z`],
            ))!.id;
            await tx.run('INSERT INTO stock_moves (receipt_id, line, account_id, product_id, warehouse_id, stock_label, qty_milli) VALUES (?, 1, ?, ?, ?, ?, ?)', [r, account, p.id, warehouse, '', 1000 + i]);
            await tx.run('INSERT INTO stock_moves (receipt_id, line, account_id, product_id, warehouse_id, stock_label, qty_milli) VALUES (?, 2, ?, ?, ?, ?, ?)', [r, account, p.id, warehouse, 'L2', -(i + 1)]);
          }),
        ),
      );
      const sum = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k).reduce((a, b) => a + b, 0);
      expect(await store.all('SELECT stock_label, qty_milli FROM stock_levels WHERE product_id = ? ORDER BY stock_label', [p.id])).toEqual([
        { stock_label: '', qty_milli: 24 * 1000 + sum(0, 23) },
        { stock_label: 'L2', qty_milli: -sum(1, 24) },
      ]);
      // New products of one account at once: every one gets its own revision, none skipped.
      const before = (await store.get<{ rev: number }>('SELECT rev FROM catalog_revisions WHERE account_id = ?', [account]))!.rev;
      const revs = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          many.transaction(async (tx) => (await tx.get<{ search_rev: number }>(
            `INSERT INTO products (account_id, product_name, currency, vat, unit, search, created_at, updated_at) VALUES (?, ?, 'HUF', '27', 'db', ?, ?, ?) RETURNING search_rev`,
            [account, `Egyszerre ${i}`, `egyszerre ${i}`, at, at],
          ))!.search_rev),
        ),
      );
      expect([...revs].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => before + 1 + i));
    } finally {
      await many.close();
    }
  });

  it('leaves no level behind a move that was rolled back', async () => {
    const p = await newProduct(account, 'Visszavont');
    await expect(
      store.transaction(async (tx) => {
        const r = (await tx.get<{ id: number }>(
          "INSERT INTO stock_receipts (account_id, kind, warehouse_id, date, created_at) VALUES (?, 'takein', ?, '2026-11-25', ?) RETURNING id",
          [account, warehouse, at],
        ))!.id;
        await tx.run("INSERT INTO stock_moves (receipt_id, line, account_id, product_id, warehouse_id, qty_milli) VALUES (?, 1, ?, ?, ?, 1000)", [r, account, p.id, warehouse]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await store.all('SELECT * FROM stock_levels WHERE product_id = ?', [p.id])).toEqual([]);
    expect(await store.all('SELECT * FROM stock_changes WHERE product_id = ?', [p.id])).toEqual([]);
  });

  it('stamps products with their account’s catalog revision on insert and on a change of the search text only', async () => {
    const other = (await store.get<{ id: number }>('INSERT INTO accounts (name, created_at) VALUES (?, ?) RETURNING id', ['Másik Kft', at]))!.id;
    const before = (await store.get<{ rev: number }>('SELECT rev FROM catalog_revisions WHERE account_id = ?', [account]))?.rev ?? 0;
    const x = await newProduct(account, 'Alátét');
    const y = await newProduct(account, 'Szeg');
    const z = await newProduct(other, 'Szeg');
    expect([x.search_rev, y.search_rev, z.search_rev]).toEqual([before + 1, before + 2, 1]);
    await store.run('UPDATE products SET notes = ? WHERE id = ?', ['no search change', x.id]);
    await store.run('UPDATE products SET search = ? WHERE id = ?', ['alátét m8', x.id]);
    expect(await store.all('SELECT id, search_rev FROM products WHERE id IN (?, ?, ?) ORDER BY id', [x.id, y.id, z.id])).toEqual([
      { id: x.id, search_rev: before + 3 },
      { id: y.id, search_rev: before + 2 },
      { id: z.id, search_rev: 1 },
    ]);
    expect(await store.all('SELECT account_id, rev FROM catalog_revisions WHERE account_id IN (?, ?) ORDER BY account_id', [account, other])).toEqual([
      { account_id: account, rev: before + 3 },
      { account_id: other, rev: 1 },
    ]);
  });

  it('finds products by a trigram LIKE over the search column, as products_fts does', async () => {
    await newProduct(account, 'Facsavar M6');
    const found = await store.all<{ product_name: string }>("SELECT product_name FROM products WHERE account_id = ? AND search LIKE ? ORDER BY id", [account, '%csavar%']);
    expect(found.map((r) => r.product_name)).toEqual(['Csavar', 'Facsavar M6']);
  });

  it('sorts and compares text byte by byte, as SQLite does, whatever the database locale', async () => {
    // Every text column carries the C collation itself, so a database created with a language locale sorts the same.
    const notC = await store.all(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'text' AND table_name <> ? AND collation_name IS DISTINCT FROM 'C'",
      [VERSION_TABLE],
    );
    expect(notC).toEqual([]);
    await newProduct(account, 'alma');
    await newProduct(account, 'Zab');
    const names = await store.all<{ n: string }>("SELECT product_name AS n FROM products WHERE account_id = ? AND product_name IN ('alma', 'Zab', 'Anya', 'Szeg') ORDER BY product_name", [account]);
    expect(names.map((r) => r.n)).toEqual(['Anya', 'Szeg', 'Zab', 'alma']);
  });
});
