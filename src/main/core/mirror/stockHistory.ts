/** The newest page of stock history per product and scope, kept for offline reading (mirror migration 10). */
import type { Movement } from '@shared/protocol';
import { json, stmt, type Db } from './db';

export interface KeptHistory { movements: Movement[]; fetchedAt: string; more: boolean }

/** Replaces the scope's kept page with the server's newest one. */
export function keepHistory(db: Db, productId: number, warehouse: string, label: string, movements: Movement[], more: boolean, now: Date): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM stock_history WHERE product_id = ? AND warehouse = ? AND stock_label = ?').run(productId, warehouse, label);
    const ins = stmt(db, 'INSERT INTO stock_history (product_id, warehouse, stock_label, position, movement) VALUES (?, ?, ?, ?, ?)');
    movements.forEach((m, i) => ins.run(productId, warehouse, label, i, JSON.stringify(m)));
    stmt(db, 'INSERT OR REPLACE INTO stock_history_scopes (product_id, warehouse, stock_label, fetched_at, more) VALUES (?, ?, ?, ?, ?)')
      .run(productId, warehouse, label, now.toISOString(), more ? 1 : 0);
  })();
}

/** The kept page of a scope, or null when it was never fetched. */
export function keptHistory(db: Db, productId: number, warehouse: string, label: string): KeptHistory | null {
  const scope = stmt(db, 'SELECT fetched_at, more FROM stock_history_scopes WHERE product_id = ? AND warehouse = ? AND stock_label = ?').get(productId, warehouse, label) as
    | { fetched_at: string; more: number } | undefined;
  if (!scope) return null;
  const rows = stmt(db, 'SELECT movement FROM stock_history WHERE product_id = ? AND warehouse = ? AND stock_label = ? ORDER BY position').all(productId, warehouse, label) as Array<{ movement: string }>;
  return { movements: rows.map((r) => json<Movement>(r.movement, {} as Movement)), fetchedAt: scope.fetched_at, more: scope.more === 1 };
}
