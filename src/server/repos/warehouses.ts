import type { Db } from '../db/types';
import { keptRows } from './keptRows';
import { stmt } from './statements';

export interface Warehouse {
  id: number;
  name: string;
  postalCode?: string;
  city?: string;
  street?: string;
}

interface Row { id: number; name: string; postal_code: string | null; city: string | null; street: string | null }
const toWarehouse = (r: Row): Warehouse => ({
  id: r.id, name: r.name, postalCode: r.postal_code ?? undefined, city: r.city ?? undefined, street: r.street ?? undefined,
});

export const DEFAULT_WAREHOUSE = 'Default';

/** The uniqueness key of a name: case-insensitive for accented capitals too (GYŐR = Győr). */
export const warehouseKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

export function insertWarehouse(db: Db, accountId: number, w: Omit<Warehouse, 'id'>, now: Date): number {
  const r = stmt(db, 'INSERT INTO warehouses (account_id, name, name_key, postal_code, city, street, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(accountId, w.name, warehouseKey(w.name), w.postalCode ?? null, w.city ?? null, w.street ?? null, now.toISOString());
  return Number(r.lastInsertRowid);
}

/** Every account has a warehouse named Default; call on account creation (idempotent). */
export function ensureDefaultWarehouse(db: Db, accountId: number, now: Date): number {
  const found = findWarehouse(db, accountId, DEFAULT_WAREHOUSE);
  return found ? found.id : insertWarehouse(db, accountId, { name: DEFAULT_WAREHOUSE }, now);
}

/** Warehouses are only ever inserted, never changed or deleted: a found one is kept (keptRows.ts). */
const NAMES = 'warehouses by name';

/** The warehouse of that name (case-insensitively); shared, so callers must not modify it. */
export function findWarehouse(db: Db, accountId: number, name: string): Readonly<Warehouse> | undefined {
  // Kept as the request spelled the name: spelling variants count against keptRows' bound.
  const names = keptRows<Readonly<Warehouse>>(db, NAMES);
  const key = `${accountId}\u0000${name}`;
  const kept = names.get(key);
  if (kept) return kept;
  const r = stmt(db, 'SELECT id, name, postal_code, city, street FROM warehouses WHERE account_id = ? AND name_key = ?').get(accountId, warehouseKey(name)) as Row | undefined;
  if (!r) return undefined;
  const found = Object.freeze(toWarehouse(r));
  names.set(key, found);
  return found;
}

export function getWarehouse(db: Db, accountId: number, id: number): Warehouse | undefined {
  const r = stmt(db, 'SELECT id, name, postal_code, city, street FROM warehouses WHERE account_id = ? AND id = ?').get(accountId, id) as Row | undefined;
  return r && toWarehouse(r);
}

export function listWarehouses(db: Db, accountId: number): Warehouse[] {
  return (stmt(db, 'SELECT id, name, postal_code, city, street FROM warehouses WHERE account_id = ? ORDER BY id').all(accountId) as Row[]).map(toWarehouse);
}
