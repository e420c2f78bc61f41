/**
 * Warehouses found by name are kept per connection (repos/warehouses.ts). Warehouses are only ever
 * inserted, so the one way a kept entry could lie is an insert that was rolled back: by its
 * savepoint or by its group commit. A real SQLite file with the server's schema.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openServerDb } from '@server/app';
import type { Db } from '@server/db/types';
import { createAccount } from '@server/repos/accounts';
import { groupCommitOf } from '@server/repos/groupCommit';
import { inTransaction } from '@server/repos/statements';
import { ensureDefaultWarehouse, findWarehouse, insertWarehouse } from '@server/repos/warehouses';

let dir: string;
let db: Db;
let accountId: number;
const now = new Date('2026-11-25T09:00:00.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-warehouses-'));
  db = openServerDb(join(dir, 'w.db'));
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
