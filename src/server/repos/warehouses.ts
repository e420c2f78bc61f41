import type { Sql } from '../db/sql';
import { keptRows } from '../db/sqlite/keptRows';

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

export async function insertWarehouse(sql: Sql, accountId: number, w: Omit<Warehouse, 'id'>, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>(
    'INSERT INTO warehouses (account_id, name, name_key, postal_code, city, street, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [accountId, w.name, warehouseKey(w.name), w.postalCode ?? null, w.city ?? null, w.street ?? null, now.toISOString()],
  );
  return r!.id;
}

/** Every account has a warehouse named Default; call on account creation (idempotent). */
export async function ensureDefaultWarehouse(sql: Sql, accountId: number, now: Date): Promise<number> {
  const found = await findWarehouse(sql, accountId, DEFAULT_WAREHOUSE);
  return found ? found.id : insertWarehouse(sql, accountId, { name: DEFAULT_WAREHOUSE }, now);
}

/** Warehouses are only ever inserted, never changed or deleted: a found one is kept (keptRows.ts). */
const NAMES = 'warehouses by name';

/** The warehouse of that name (case-insensitively); shared, so callers must not modify it. */
export async function findWarehouse(sql: Sql, accountId: number, name: string): Promise<Readonly<Warehouse> | undefined> {
  // Kept as the request spelled the name: spelling variants count against keptRows' bound.
  const names = keptRows<Readonly<Warehouse>>(sql, NAMES);
  const key = `${accountId}\u0000${name}`;
  const kept = names.get(key);
  if (kept) return kept;
  const r = await sql.get<Row>('SELECT id, name, postal_code, city, street FROM warehouses WHERE account_id = ? AND name_key = ?', [accountId, warehouseKey(name)]);
  if (!r) return undefined;
  const found = Object.freeze(toWarehouse(r));
  names.set(key, found);
  return found;
}

export async function getWarehouse(sql: Sql, accountId: number, id: number): Promise<Warehouse | undefined> {
  const r = await sql.get<Row>('SELECT id, name, postal_code, city, street FROM warehouses WHERE account_id = ? AND id = ?', [accountId, id]);
  return r && toWarehouse(r);
}

export async function listWarehouses(sql: Sql, accountId: number): Promise<Warehouse[]> {
  return (await sql.all<Row>('SELECT id, name, postal_code, city, street FROM warehouses WHERE account_id = ? ORDER BY id', [accountId])).map(toWarehouse);
}
