/**
 * Rows kept per connection (db/sqlite/keptRows.ts): warehouses by name, contacts, product heads. An
 * entry may only outlive what the keeping repository cannot see: a write rolled back by its
 * savepoint or its group commit, and another process's commit. A real SQLite file with the server's
 * schema, and a second connection as the other process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openServerDb } from '@server/app';
import type { Db } from '@sqlite/types';
import { createAccount } from '@server/repos/accounts';
import { contactExists, insertContact } from '@server/repos/contacts';
import { FOREIGN_POLL_MS } from '@server/db/sqlite/dataVersion';
import { groupCommitOf } from '@server/db/sqlite/groupCommit';
import { KeptRows } from '@server/db/sqlite/keptRows';
import { getProductHead, insertProduct, updateProduct, type ProductData } from '@server/repos/products';
import { ensureDefaultWarehouse, findWarehouse, insertWarehouse } from '@server/repos/warehouses';
import { sqliteStore } from '@server/db/sqlite/store';

let dir: string;
let dbPath: string;
let db: Db;
let accountId: number;
const now = new Date('2026-11-25T09:00:00.000Z');

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-warehouses-'));
  dbPath = join(dir, 'w.db');
  db = openServerDb(dbPath);
  accountId = await createAccount(sqliteStore(db), { name: 'Raktár Kft', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '9021', city: 'Győr', street: 'Fő tér 1.' }, now);
  await ensureDefaultWarehouse(sqliteStore(db), accountId, now);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('findWarehouse', () => {
  it('finds by any spelling of the name and hands out a frozen shared record', async () => {
    const id = await insertWarehouse(sqliteStore(db), accountId, { name: 'Győr Észak', city: 'Győr' }, now);
    const a = await findWarehouse(sqliteStore(db), accountId, 'GYŐR ÉSZAK');
    expect(a).toEqual({ id, name: 'Győr Észak', city: 'Győr', postalCode: undefined, street: undefined });
    expect(await findWarehouse(sqliteStore(db), accountId, 'GYŐR ÉSZAK')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(await findWarehouse(sqliteStore(db), accountId, 'Sehol')).toBeUndefined();
    // Another account's warehouse of the same name is not this account's.
    const other = await createAccount(sqliteStore(db), { name: 'Másik Kft', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '1011', city: 'Budapest', street: 'Fő utca 2.' }, now);
    expect(await findWarehouse(sqliteStore(db), other, 'GYŐR ÉSZAK')).toBeUndefined();
  });

  it('forgets a warehouse whose savepoint was rolled back after it was found', async () => {
    await expect(
      sqliteStore(db).transaction(async (tx) => {
        await insertWarehouse(tx, accountId, { name: 'Ideiglenes' }, now);
        expect(await findWarehouse(tx, accountId, 'Ideiglenes')).toBeDefined();
        throw new Error('the request failed after the insert');
      }),
    ).rejects.toThrow('the request failed');
    expect(db.prepare("SELECT count(*) FROM warehouses WHERE name = 'Ideiglenes'").pluck().get()).toBe(0);
    expect(await findWarehouse(sqliteStore(db), accountId, 'Ideiglenes')).toBeUndefined();
  });

  it('forgets a warehouse whose group commit was rolled back at COMMIT', async () => {
    const gc = groupCommitOf(db);
    const { batch } = await gc.run(async (tx) => {
      await insertWarehouse(tx, accountId, { name: 'Elveszett' }, now);
      expect(await findWarehouse(tx, accountId, 'Elveszett')).toBeDefined();
      // Defer the foreign-key checks to COMMIT and break one there, so the whole batch fails.
      db.pragma('defer_foreign_keys = ON');
      db.prepare('INSERT INTO stock_changes (account_id, product_id, changed_at) VALUES (?, 987654, ?)').run(accountId, now.toISOString());
    });
    await expect(batch!.done).rejects.toThrow(/FOREIGN KEY/);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare("SELECT count(*) FROM warehouses WHERE name = 'Elveszett'").pluck().get()).toBe(0);
    expect(await findWarehouse(sqliteStore(db), accountId, 'Elveszett')).toBeUndefined();
  });
});

const drill: ProductData = { name: 'Ütvefúró', action: 0, currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [] };

describe('getProductHead', () => {
  it('serves the new head after updateProduct, and the old one again after that update is rolled back', async () => {
    const id = await insertProduct(sqliteStore(db), accountId, drill, now);
    const first = await getProductHead(sqliteStore(db), accountId, id);
    expect(first).toEqual({ id, name: 'Ütvefúró', currency: 'HUF', service: 0 });
    expect(await getProductHead(sqliteStore(db), accountId, id)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    await updateProduct(sqliteStore(db), accountId, id, { ...drill, name: 'Ütvefúró 2', currency: 'EUR' }, now);
    expect(await getProductHead(sqliteStore(db), accountId, id)).toEqual({ id, name: 'Ütvefúró 2', currency: 'EUR', service: 0 });
    await expect(
      sqliteStore(db).transaction(async (tx) => {
        await updateProduct(tx, accountId, id, { ...drill, name: 'Szolgáltatás', service: 1 }, now);
        expect(await getProductHead(tx, accountId, id)).toMatchObject({ name: 'Szolgáltatás', service: 1 });
        throw new Error('the request failed after the update');
      }),
    ).rejects.toThrow('the request failed');
    expect(await getProductHead(sqliteStore(db), accountId, id)).toEqual({ id, name: 'Ütvefúró 2', currency: 'EUR', service: 0 });
    expect(await getProductHead(sqliteStore(db), accountId + 1, id)).toBeUndefined();
  });

  it("sees another process's change within FOREIGN_POLL_MS", async () => {
    let t = 50_000_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => t);
    const other = openServerDb(dbPath);
    try {
      const id = await insertProduct(sqliteStore(db), accountId, drill, now);
      expect((await getProductHead(sqliteStore(db), accountId, id))!.currency).toBe('HUF');
      other.prepare("UPDATE products SET currency = 'EUR' WHERE id = ?").run(id);
      t += FOREIGN_POLL_MS - 1;
      // Within the interval the kept head may still be served: that is the documented bound.
      expect((await getProductHead(sqliteStore(db), accountId, id))!.currency).toBe('HUF');
      t += 1;
      expect((await getProductHead(sqliteStore(db), accountId, id))!.currency).toBe('EUR');
    } finally {
      other.close();
      clock.mockRestore();
    }
  });
});

describe('contactExists', () => {
  it('keeps a contact once found, for its own account only, and forgets one whose insert was rolled back', async () => {
    const contact = { name: 'Szállító Bt.', kind: 'supplier' as const, countryCode: 'HU' };
    const id = await insertContact(sqliteStore(db), accountId, contact, now);
    expect(await contactExists(sqliteStore(db), accountId, id)).toBe(true);
    expect(await contactExists(sqliteStore(db), accountId, id)).toBe(true);
    expect(await contactExists(sqliteStore(db), accountId + 1, id)).toBe(false);
    let lost = 0;
    await expect(
      sqliteStore(db).transaction(async (tx) => {
        lost = await insertContact(tx, accountId, { ...contact, name: 'Ideiglenes Kft.' }, now);
        expect(await contactExists(tx, accountId, lost)).toBe(true);
        throw new Error('the request failed after the insert');
      }),
    ).rejects.toThrow('the request failed');
    expect(await contactExists(sqliteStore(db), accountId, lost)).toBe(false);
  });
});

describe('KeptRows', () => {
  it('starts again empty when it reaches its bound', () => {
    const rows = new KeptRows<number>(db, 2);
    rows.set('a', 1);
    rows.set('b', 2);
    expect([rows.get('a'), rows.get('b')]).toEqual([1, 2]);
    rows.set('c', 3);
    expect([rows.get('a'), rows.get('b'), rows.get('c')]).toEqual([undefined, undefined, 3]);
  });
});
