/**
 * Orders made on this desk. The API has no order list, so the mirror knows the orders it made:
 * the setOrder parameters as last saved, with a negative id until the server assigns one.
 */
import type { Params } from '@shared/protocol';
import { stmt, type Db } from './db';

export interface OrderRecord {
  id: number;
  local: boolean;
  status: string;
  params: Params<'setOrder'>;
  createdAt: string;
}

interface Row { id: number; local: number; status: string; params: string; created_at: string }
const toRecord = (r: Row): OrderRecord => ({ id: r.id, local: r.local === 1, status: r.status, params: JSON.parse(r.params) as Params<'setOrder'>, createdAt: r.created_at });

export function saveOrder(db: Db, id: number, local: boolean, status: string, p: Params<'setOrder'>, now: Date): void {
  const iso = now.toISOString();
  stmt(db, `INSERT INTO orders (id, local, status, contact_id, warehouse, currency, issued_date, params, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET status = excluded.status, contact_id = excluded.contact_id, warehouse = excluded.warehouse,
      currency = excluded.currency, issued_date = excluded.issued_date, params = excluded.params, updated_at = excluded.updated_at`)
    .run(id, local ? 1 : 0, status, p.contact_id, p.warehouse, p.currency, p.issued_date, JSON.stringify(p), iso, iso);
}

export function getOrder(db: Db, id: number): OrderRecord | null {
  const r = stmt(db, 'SELECT * FROM orders WHERE id = ?').get(id) as Row | undefined;
  return r ? toRecord(r) : null;
}

export function listOrders(db: Db): OrderRecord[] {
  return (stmt(db, 'SELECT * FROM orders ORDER BY created_at DESC, id DESC').all() as Row[]).map(toRecord);
}

export function deleteOrder(db: Db, id: number): void {
  stmt(db, 'DELETE FROM orders WHERE id = ?').run(id);
}

export function setOrderStatus(db: Db, id: number, status: string): void {
  stmt(db, 'UPDATE orders SET status = ? WHERE id = ?').run(status, id);
}

export function renumberOrder(db: Db, localId: number, serverId: number, status: string): void {
  stmt(db, 'DELETE FROM orders WHERE id = ? AND ? <> ?').run(serverId, serverId, localId);
  stmt(db, 'UPDATE orders SET id = ?, local = 0, status = ? WHERE id = ?').run(serverId, status, localId);
}
