/**
 * getProduct's in-memory filter index against the database it mirrors: the same answers as the
 * SQLite path for every filter, and fresh after writes by this connection at once, or by another
 * process's connection to the same file (the admin CLI) once searches look again: answers are kept
 * while the database is unchanged, and another connection's commits are noticed within
 * FOREIGN_POLL_MS (db/sqlite/dataVersion.ts) — on real SQLite files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openServerDb } from '@server/app';
import type { Db } from '@sqlite/types';
import { createAccount } from '@server/repos/accounts';
import { FOREIGN_POLL_MS } from '@server/db/sqlite/dataVersion';
import { insertProduct, parseFilter, searchProducts, updateProduct, type ProductData } from '@server/repos/products';
import { sqliteStore } from '@server/db/sqlite/store';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const WORDS = ['Makita', 'Bosch', 'ütvefúró', 'körfűrész', 'ŐSZI', 'tűzhely', 'ITM_01', 'fx-9', 'Győri', 'keksz'];

let dir: string;
let db: Db;
let other: Db;
let accountId: number;
let second: number;

const data = (i: number, extra: Partial<ProductData> = {}): ProductData => ({
  name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${100 + (i % 37)}`, action: 0, currency: 'HUF', vat: '27', unit: 'db',
  manufacturer: WORDS[(i * 3) % WORDS.length], itemNumber: `SD-${String(i).padStart(5, '0')}`, eanNumber: String(5_990_000_000_000 + i),
  productGroup: WORDS[(i * 5) % WORDS.length], tags: i % 2 ? ['akció'] : ['raktári'], service: 0, components: [], ...extra,
});

const account = async (d: Db, name: string) =>
  await createAccount(sqliteStore(d), { name, defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '1011', city: 'Budapest', street: 'Fő utca 1.' }, NOW);

/** What a filter must return: every product's search text tested by the filter's exact per-field rule, in id order. */
function expected(d: Db, acc: number, filter: string, afterId = 0, limit = 1001): number[] {
  const f = parseFilter(filter);
  const rows = d.prepare('SELECT id, search FROM products WHERE account_id = ? AND id > ? ORDER BY id').raw().all(acc, afterId) as Array<[number, string]>;
  return rows.filter(([, s]) => f.all || f.regex.test(s)).map(([id]) => id).slice(0, limit);
}
const ids = async (d: Db, acc: number, filter: string, afterId?: number, limit = 1001) => (await searchProducts(sqliteStore(d), acc, { filter, afterId, limit })).map((p) => p.id);

// The monotonic clock the foreign-commit poll reads, moved by hand.
let monotonic = 1_000_000;
const laterThanThePoll = () => {
  monotonic += FOREIGN_POLL_MS;
};

beforeEach(async () => {
  vi.spyOn(performance, 'now').mockImplementation(() => monotonic);
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-filter-index-'));
  db = openServerDb(join(dir, 'server.db'));
  accountId = await account(db, 'Első Kft');
  second = await account(db, 'Második Kft');
  await sqliteStore(db).transaction(async (tx) => {
    for (let i = 0; i < 3000; i++) await insertProduct(tx, accountId, data(i), NOW);
    for (let i = 0; i < 200; i++) await insertProduct(tx, second, data(i + 1), NOW);
  });
  other = openServerDb(join(dir, 'server.db'));
});
afterEach(() => {
  vi.restoreAllMocks();
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const FILTERS = ['makita', 'ütvefúró 1', 'ŐSZI', 'őszi%körfűrész', 'bosch%', '%keksz', 'itm_01', 'itm%01', 'sd-0012', '599000000001', 'fx-9', 'akció', 'Győri tűz', 'xyz', 'ab', '%', 'ű'];

describe('getProduct filter from the in-memory index', () => {
  it('returns exactly what the per-field rule selects, in id order, for every filter', async () => {
    for (const filter of FILTERS) expect(await ids(db, accountId, filter), filter).toEqual(expected(db, accountId, filter));
  });

  it('agrees with the SQLite path (updated_since forces it) on every filter', async () => {
    for (const filter of FILTERS) {
      const viaSql = (await searchProducts(sqliteStore(db), accountId, { filter, updatedSince: '2000-01-01T00:00:00.000Z', limit: 1001 })).map((p) => p.id);
      expect(await ids(db, accountId, filter), filter).toEqual(viaSql);
    }
  });

  it('pages with after_id and stops at the limit', async () => {
    const all = expected(db, accountId, 'makita');
    expect(all.length).toBeGreaterThan(20);
    expect(await ids(db, accountId, 'makita', undefined, 10)).toEqual(all.slice(0, 10));
    expect(await ids(db, accountId, 'makita', all[9], 10)).toEqual(all.slice(10, 20));
  });

  it('keeps accounts apart', async () => {
    const mine = new Set(await ids(db, second, 'makita'));
    expect(mine.size).toBeGreaterThan(0);
    expect(await ids(db, second, 'makita')).toEqual(expected(db, second, 'makita'));
    for (const id of await ids(db, accountId, 'makita')) expect(mine.has(id)).toBe(false);
  });

  it('sees inserts and renames made through the same connection at once', async () => {
    expect(await ids(db, accountId, 'kenyérpirító')).toEqual([]);
    const added = await insertProduct(sqliteStore(db), accountId, data(5, { name: 'Kenyérpirító' }), NOW);
    expect(await ids(db, accountId, 'kenyérpirító')).toEqual([added]);
    const renamed = expected(db, accountId, 'makita')[0]!;
    await updateProduct(sqliteStore(db), accountId, renamed, data(0, { name: 'Turmixgép', manufacturer: 'Philips', productGroup: 'Konyha' }), NOW);
    expect(await ids(db, accountId, 'turmixgép')).toEqual([renamed]);
    expect(await ids(db, accountId, 'makita')).not.toContain(renamed);
    expect(await ids(db, accountId, 'makita')).toEqual(expected(db, accountId, 'makita'));
  });

  it("sees another connection's committed writes, and nothing of a rolled-back one", async () => {
    expect(await ids(db, accountId, 'ütvefúró')).toEqual(expected(db, accountId, 'ütvefúró'));
    const added = await insertProduct(sqliteStore(other), accountId, data(2, { name: 'Másik folyamat ütvefúró' }), NOW);
    const target = expected(db, accountId, 'ütvefúró')[0]!;
    await updateProduct(sqliteStore(other), accountId, target, data(4, { name: 'Átnevezve', manufacturer: 'Philips', productGroup: 'Konyha' }), NOW);
    await expect(
      sqliteStore(other).transaction(async (tx) => {
        await insertProduct(tx, accountId, data(3, { name: 'Visszavont ütvefúró' }), NOW);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    laterThanThePoll();
    const got = await ids(db, accountId, 'ütvefúró');
    expect(got).toContain(added);
    expect(got).not.toContain(target);
    expect(got).toEqual(expected(db, accountId, 'ütvefúró'));
    expect(await ids(db, accountId, 'visszavont')).toEqual([]);
  });

  it('stays exact when so many products change that the index is rebuilt', async () => {
    expect(await ids(db, accountId, 'keksz')).toEqual(expected(db, accountId, 'keksz'));
    await sqliteStore(other).transaction(async (tx) => {
      for (let i = 0; i < 400; i++) await updateProduct(tx, accountId, i + 1, data(i + 11), NOW);
      for (let i = 0; i < 300; i++) await insertProduct(tx, accountId, data(i + 13), NOW);
    });
    laterThanThePoll();
    for (const filter of FILTERS) expect(await ids(db, accountId, filter), filter).toEqual(expected(db, accountId, filter));
  });
});
