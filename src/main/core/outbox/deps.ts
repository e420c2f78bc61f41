/**
 * What an outbox entry waits for, and why. Two kinds of waiting:
 *  - it NEEDS an earlier entry: it refers to a record that entry creates (it needs the server's id),
 *    it takes stock from a place that entry brings stock to (it needs the effect), or it changes the
 *    same order, product or invoice (its change is written on top of that one's);
 *  - it is merely ORDERED behind it: a stock change at the same place (product, warehouse, bin) —
 *    sent in the order the clerk made them, but it does not need the earlier one to succeed.
 * An entry with neither relation does not wait at all: a wasting from bin B-03 goes on while a
 * wasting of the same product outside a bin waits for the clerk. When a refused entry is discarded,
 * what needs it goes with it (and is named first); what was only ordered behind it goes on.
 */
import { json, stmt, type Db } from '../mirror/db';

export const STOCK_QUEUE = 'stock:';

/** The record an entry belongs to, for one-after-another order. A stock change's record is its place. */
export function recordKey(method: string, params: Record<string, unknown>, queueKey: string): string {
  if (method !== 'setQuantity') return queueKey;
  const warehouse = typeof params.warehouse === 'string' ? params.warehouse.trim().toLowerCase() : '';
  const label = typeof params.stock_label === 'string' ? params.stock_label.trim() : '';
  return `${STOCK_QUEUE}${String(params.product_id)}:${warehouse}:${label}`;
}

export interface Node {
  id: number;
  queue_key: string;
  creates: string | null;
  refs: string;
}

/** What a set of entries stands for: their records, what they create, where they bring stock. */
export interface Closure {
  queues: Set<string>;
  created: Set<string>;
  adds: Set<string>;
}

const placeKey = (r: { product_id: number; warehouse: string; stock_label: string }) => `${r.product_id}|${r.warehouse.trim().toLowerCase()}|${r.stock_label.trim()}`;

function places(db: Db, id: number): { adds: string[]; takes: string[] } {
  const rows = stmt(db, 'SELECT product_id, warehouse, stock_label, qty_milli FROM stock_pending WHERE entry_id = ? AND acked = 0').all(id) as Array<{
    product_id: number; warehouse: string; stock_label: string; qty_milli: number;
  }>;
  return { adds: rows.filter((r) => r.qty_milli > 0).map(placeKey), takes: rows.filter((r) => r.qty_milli < 0).map(placeKey) };
}

export function closureOf(db: Db, nodes: Node[]): Closure {
  const c: Closure = { queues: new Set(), created: new Set(), adds: new Set() };
  for (const n of nodes) include(db, c, n);
  return c;
}

export function include(db: Db, c: Closure, n: Node): void {
  c.queues.add(n.queue_key);
  if (n.creates) c.created.add(n.creates);
  for (const p of places(db, n.id).adds) c.adds.add(p);
}

/** How `e` relates to the entries of `c`: it needs them, it is only ordered behind them, or neither. */
export function relation(db: Db, e: Node, c: Closure): 'needs' | 'ordered' | null {
  if (json<string[]>(e.refs, []).some((r) => c.created.has(r))) return 'needs';
  if (places(db, e.id).takes.some((p) => c.adds.has(p))) return 'needs';
  if (c.queues.has(e.queue_key)) return e.queue_key.startsWith(STOCK_QUEUE) ? 'ordered' : 'needs';
  return null;
}
