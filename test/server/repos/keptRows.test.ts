/**
 * Rows kept per connection (repos/keptRows.ts): warehouses by name, contacts, product heads. An
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
import { FOREIGN_POLL_MS } from '@server/repos/dataVersion';
import { groupCommitOf } from '@server/repos/groupCommit';
import { KeptRows } from '@server/repos/keptRows';
import { getProductHead, insertProduct, updateProduct, type ProductData } from '@server/repos/products';
import { inTransaction } from '@server/repos/statements';
import { ensureDefaultWarehouse, findWarehouse, insertWarehouse } from '@server/repos/warehouses';

let dir: string;
let dbPath: string;
let db: Db;
let accountId: number;
const now = new Date('2026-11-25T09:00:00.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-warehouses-'));
  dbPath = join(dir, 'w.db');
  db = openServerDb(dbPath);
  accountId = createAccount(db, { name: 'Raktár Kft', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '9021', city: 'Győr', street: 'Fő tér 1.' }, now);
  ensureDefaultWarehouse(db, accountId, now);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('findWarehouse', () => {
  it('finds by any spelling of the name and hands out a frozen shared record', () => {
    const id = insertWarehouse(db, accountId, { name: 'Győr Észak', city: 'Győr' }, now);
    const a = findWarehouse(db, accountId, 'GYŐR ÉSZAK');
    expect(a).toEqual({ id, name: 'Győr Észak', city: 'Győr', postalCode: undefined, street: undefined });
    expect(findWarehouse(db, accountId, 'GYŐR ÉSZAK')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(findWarehouse(db, accountId, 'Sehol')).toBeUndefined();
    // Another account's warehouse of the same name is not this account's.
    const other = createAccount(db, { name: 'Másik Kft', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '1011', city: 'Budapest', street: 'Fő utca 2.' }, now);
    expect(findWarehouse(db, other, 'GYŐR ÉSZAK')).toBeUndefined();
  });

  it('forgets a warehouse whose savepoint was rolled back after it was found', () => {
    expect(() =>
      inTransaction(db, () => {
        insertWarehouse(db, accountId, { name: 'Ideiglenes' }, now);
        expect(findWarehouse(db, accountId, 'Ideiglenes')).toBeDefined();
        throw new Error('the request failed after the insert');
      }),
    ).toThrow('the request failed');
    expect(db.prepare("SELECT count(*) FROM warehouses WHERE name = 'Ideiglenes'").pluck().get()).toBe(0);
    expect(findWarehouse(db, accountId, 'Ideiglenes')).toBeUndefined();
  });

  it('forgets a warehouse whose group commit was rolled back at COMMIT', async () => {
    const gc = groupCommitOf(db);
    const { batch } = gc.run(() => {
      insertWarehouse(db, accountId, { name: 'Elveszett' }, now);
      expect(findWarehouse(db, accountId, 'Elveszett')).toBeDefined();
      // Defer the foreign-key checks to COMMIT and break one there, so the whole batch fails.
      db.pragma('defer_foreign_keys = ON');
      db.prepare('INSERT INTO stock_changes (account_id, product_id, changed_at) VALUES (?, 987654, ?)').run(accountId, now.toISOString());
    });
    await expect(batch!.done).rejects.toThrow(/FOREIGN KEY/);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare("SELECT count(*) FROM warehouses WHERE name = 'Elveszett'").pluck().get()).toBe(0);
    expect(findWarehouse(db, accountId, 'Elveszett')).toBeUndefined();
  });
});

const drill: ProductData = { name: 'Ütvefúró', action: 0, currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [] };

describe('getProductHead', () => {
  it('serves the new head after updateProduct, and the old one again after that update is rolled back', () => {
    const id = insertProduct(db, accountId, drill, now);
    const first = getProductHead(db, accountId, id);
    expect(first).toEqual({ id, name: 'Ütvefúró', currency: 'HUF', service: 0 });
    expect(getProductHead(db, accountId, id)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    updateProduct(db, accountId, id, { ...drill, name: 'Ütvefúró 2', currency: 'EUR' }, now);
    expect(getProductHead(db, accountId, id)).toEqual({ id, name: 'Ütvefúró 2', currency: 'EUR', service: 0 });
    expect(() =>
      inTransaction(db, () => {
        updateProduct(db, accountId, id, { ...drill, name: 'Szolgáltatás', service: 1 }, now);
        expect(getProductHead(db, accountId, id)).toMatchObject({ name: 'Szolgáltatás', service: 1 });
        throw new Error('the request failed after the update');
      }),
    ).toThrow('the request failed');
    expect(getProductHead(db, accountId, id)).toEqual({ id, name: 'Ütvefúró 2', currency: 'EUR', service: 0 });
    expect(getProductHead(db, accountId + 1, id)).toBeUndefined();
  });

  it("sees another process's change within FOREIGN_POLL_MS", () => {
    let t = 50_000_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => t);
    const other = openServerDb(dbPath);
    try {
      const id = insertProduct(db, accountId, drill, now);
      expect(getProductHead(db, accountId, id)!.currency).toBe('HUF');
      other.prepare("UPDATE products SET currency = 'EUR' WHERE id = ?").run(id);
      t += FOREIGN_POLL_MS - 1;
      // Within the interval the kept head may still be served: that is the documented bound.
      expect(getProductHead(db, accountId, id)!.currency).toBe('HUF');
      t += 1;
      expect(getProductHead(db, accountId, id)!.currency).toBe('EUR');
    } finally {
      other.close();
      clock.mockRestore();
    }
  });
});

describe('contactExists', () => {
  it('keeps a contact once found, for its own account only, and forgets one whose insert was rolled back', () => {
    const contact = { name: 'Szállító Bt.', kind: 'supplier' as const, countryCode: 'HU' };
    const id = insertContact(db, accountId, contact, now);
    expect(contactExists(db, accountId, id)).toBe(true);
    expect(contactExists(db, accountId, id)).toBe(true);
    expect(contactExists(db, accountId + 1, id)).toBe(false);
    let lost = 0;
    expect(() =>
      inTransaction(db, () => {
        lost = insertContact(db, accountId, { ...contact, name: 'Ideiglenes Kft.' }, now);
        expect(contactExists(db, accountId, lost)).toBe(true);
        throw new Error('the request failed after the insert');
      }),
    ).toThrow('the request failed');
    expect(contactExists(db, accountId, lost)).toBe(false);
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
