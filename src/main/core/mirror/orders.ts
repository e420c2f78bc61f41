/**
 * The account's orders: those made on this desk (the setOrder parameters as last saved, with a
 * negative id until the server assigns one) and, with the server's getOrders, every order of the
 * account as the server holds it, with what the server adds (`server`: the invoice issued from it).
 */
import type { Params, Result } from '@shared/protocol';
import type { Refusal } from '@shared/ipc/types';
import { json, stmt, type Db } from './db';

/** What the server's getOrders says of an order beyond its setOrder fields. */
export interface ServerOrderFacts {
  contactName: string;
  invoiceId: number | null;
  invoiceNumber: string | null;
  createdBy: string | null;
}

export interface OrderRecord {
  id: number;
  local: boolean;
  status: string;
  params: Params<'setOrder'>;
  createdAt: string;
  server: ServerOrderFacts | null;
}

interface Row { id: number; local: number; status: string; params: string; created_at: string; server: string | null }
const toRecord = (r: Row): OrderRecord => ({
  id: r.id, local: r.local === 1, status: r.status, params: JSON.parse(r.params) as Params<'setOrder'>, createdAt: r.created_at,
  server: r.server ? (JSON.parse(r.server) as ServerOrderFacts) : null,
});

type ServerOrder = Result<'getOrders'>['orders'][number];

/** The setOrder fields of an order as the server holds it. */
function paramsOf(o: ServerOrder): Params<'setOrder'> {
  return {
    warehouse: o.warehouse, shipping_aim: o.shipping_aim as Params<'setOrder'>['shipping_aim'], method: o.method as Params<'setOrder'>['method'],
    issued_date: o.issued_date, selected_account: o.selected_account, contact_id: o.contact_id, currency: o.currency,
    ...(o.language ? { language: o.language as Params<'setOrder'>['language'] } : {}), ...(o.order_description ? { order_description: o.order_description } : {}),
    items: o.items.map((it) => ({ product_id: it.product_id, quantity: it.quantity, unit: it.unit, custom_price: it.custom_price, discount: it.discount, ...(it.description ? { description: it.description } : {}) })),
  } as Params<'setOrder'>;
}

/**
 * The server's orders into the mirror. An order with a change of this desk still waiting to be sent
 * keeps the clerk's fields (the server's are older) and takes only the server's facts and status.
 */
export function upsertServerOrders(db: Db, orders: ServerOrder[], waiting: (id: number) => boolean): void {
  const facts = stmt(db, 'UPDATE orders SET status = ?, server = ? WHERE id = ?');
  for (const o of orders) {
    const server: ServerOrderFacts = { contactName: o.contact_name, invoiceId: o.invoice_id ?? null, invoiceNumber: o.invoice_number ?? null, createdBy: o.created_by ?? null };
    if (waiting(o.order_id) && getOrder(db, o.order_id)) {
      facts.run(o.status, JSON.stringify(server), o.order_id);
      continue;
    }
    const p = paramsOf(o);
    stmt(db, `INSERT INTO orders (id, local, status, contact_id, warehouse, currency, issued_date, params, created_at, updated_at, server) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET local = 0, status = excluded.status, contact_id = excluded.contact_id, warehouse = excluded.warehouse, currency = excluded.currency,
        issued_date = excluded.issued_date, params = excluded.params, updated_at = excluded.updated_at, server = excluded.server`)
      .run(o.order_id, o.status, p.contact_id, p.warehouse, p.currency, p.issued_date, JSON.stringify(p), o.created_at, o.updated_at, JSON.stringify(server));
  }
}

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

/** Every id a record has had here: its current one and the local ids it was created under. */
export function idsOf(db: Db, kind: string, id: number): number[] {
  const locals = stmt(db, 'SELECT local_id FROM id_map WHERE kind = ? AND server_id = ?').pluck().all(kind, id) as number[];
  return [id, ...locals];
}

/**
 * The clerk who made a record here: the clerk of its first outbox entry (issue 19). Orders have no
 * read method in the API, so every order in the mirror was made at this desk and its outbox knows
 * who. undefined when no entry is left (an order from before entries carried their clerk).
 */
export function makerOf(db: Db, kind: string, id: number): { clerkId: string | null } | undefined {
  const keys = idsOf(db, kind, id).map((x) => `${kind}:${x}`);
  const r = stmt(db, 'SELECT clerk_id FROM outbox WHERE queue_key IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT 1').get(JSON.stringify(keys)) as { clerk_id: string | null } | undefined;
  return r ? { clerkId: r.clerk_id } : undefined;
}

/**
 * The server's refusal of the newest unfinished change to a record (an outbox entry waiting for the
 * clerk), or null. Read here so a screen can say the order was refused, and why, where it lists it.
 */
export function refusalOf(db: Db, kind: string, id: number): Refusal | null {
  const keys = idsOf(db, kind, id).map((x) => `${kind}:${x}`);
  const r = stmt(db, `SELECT error_code, last_error, error_details FROM outbox WHERE queue_key IN (SELECT value FROM json_each(?))
      AND state = 'needs_attention' ORDER BY id DESC LIMIT 1`).get(JSON.stringify(keys)) as { error_code: string | null; last_error: string | null; error_details: string | null } | undefined;
  if (!r) return null;
  const details = json<Array<{ field?: unknown; message?: unknown }>>(r.error_details ?? '[]', []);
  return {
    code: r.error_code ?? 'CONFLICT', message: r.last_error ?? '',
    details: Array.isArray(details) ? details.map((d) => ({ field: String(d.field ?? ''), message: String(d.message ?? '') })) : [],
  };
}
