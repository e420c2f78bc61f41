/**
 * Stock-count sheets. A line's expected quantity follows what the clerk sees (confirmed + pending)
 * until the line is counted; then it is frozen, because the difference posted later must be
 * computed against the figure the clerk had in front of them when counting.
 */
import type { CountSheet } from '@shared/ipc/types';
import { stmt, type Db } from './db';
import { fromMilli, toMilli } from './fold';
import { productsInWarehouse, visibleMilli } from './stock';

interface SheetRow { id: number; warehouse: string; stock_label: string; created_at: string }
interface LineRow { product_id: number; expected_milli: number; counted_milli: number | null; name: string | null; ean: string | null; item_number: string | null; unit: string | null }

export function createSheet(db: Db, warehouse: string, label: string, now: Date): number {
  const id = Number(stmt(db, 'INSERT INTO count_sheets (warehouse, stock_label, created_at) VALUES (?, ?, ?)').run(warehouse, label, now.toISOString()).lastInsertRowid);
  productsInWarehouse(db, warehouse, label).forEach((p, i) => addLine(db, id, p, visibleMilli(db, p, warehouse, label), i));
  return id;
}

function addLine(db: Db, sheetId: number, productId: number, expectedMilli: number, position: number): void {
  stmt(db, 'INSERT OR IGNORE INTO count_lines (sheet_id, product_id, expected_milli, counted_milli, position) VALUES (?, ?, ?, NULL, ?)').run(sheetId, productId, expectedMilli, position);
}

function sheetRow(db: Db, id: number): SheetRow | undefined {
  return stmt(db, 'SELECT * FROM count_sheets WHERE id = ?').get(id) as SheetRow | undefined;
}

export function getSheet(db: Db, id: number): CountSheet | null {
  const s = sheetRow(db, id);
  if (!s) return null;
  const lines = stmt(db, `SELECT l.product_id, l.expected_milli, l.counted_milli, p.name, p.ean, p.item_number, p.unit
      FROM count_lines l LEFT JOIN products p ON p.id = l.product_id WHERE l.sheet_id = ? ORDER BY l.position, l.product_id`).all(id) as LineRow[];
  return {
    id: s.id, warehouse: s.warehouse, stockLabel: s.stock_label, createdAt: s.created_at,
    lines: lines.map((l) => ({
      productId: l.product_id, name: l.name ?? `#${l.product_id}`, ean: l.ean, itemNumber: l.item_number, unit: l.unit ?? '',
      expected: fromMilli(l.counted_milli === null ? visibleMilli(db, l.product_id, s.warehouse, s.stock_label) : l.expected_milli),
      counted: l.counted_milli === null ? null : fromMilli(l.counted_milli),
    })),
  };
}

export function listSheets(db: Db): Array<{ id: number; warehouse: string; stockLabel: string; createdAt: string; counted: number; lines: number }> {
  return (stmt(db, `SELECT s.*, (SELECT count(*) FROM count_lines l WHERE l.sheet_id = s.id AND l.counted_milli IS NOT NULL) AS counted,
      (SELECT count(*) FROM count_lines l WHERE l.sheet_id = s.id) AS lines FROM count_sheets s ORDER BY s.id DESC`).all() as Array<SheetRow & { counted: number; lines: number }>)
    .map((s) => ({ id: s.id, warehouse: s.warehouse, stockLabel: s.stock_label, createdAt: s.created_at, counted: s.counted, lines: s.lines }));
}

/** Sets (or with null clears) a line's count; the expected figure is frozen at this moment. */
export function setCounted(db: Db, sheetId: number, productId: number, counted: number | null): boolean {
  const s = sheetRow(db, sheetId);
  if (!s) return false;
  const pos = (stmt(db, 'SELECT coalesce(max(position), -1) + 1 AS n FROM count_lines WHERE sheet_id = ?').get(sheetId) as { n: number }).n;
  const seen = visibleMilli(db, productId, s.warehouse, s.stock_label);
  addLine(db, sheetId, productId, seen, pos);
  stmt(db, 'UPDATE count_lines SET counted_milli = ?, expected_milli = CASE WHEN counted_milli IS NULL THEN ? ELSE expected_milli END WHERE sheet_id = ? AND product_id = ?')
    .run(counted === null ? null : toMilli(counted), seen, sheetId, productId);
  return true;
}

export function countedOf(db: Db, sheetId: number, productId: number): number | null {
  const r = stmt(db, 'SELECT counted_milli FROM count_lines WHERE sheet_id = ? AND product_id = ?').get(sheetId, productId) as { counted_milli: number | null } | undefined;
  return r?.counted_milli == null ? null : fromMilli(r.counted_milli);
}

export function countedLines(db: Db, sheetId: number): Array<{ productId: number; expected: number; counted: number }> {
  return (stmt(db, 'SELECT product_id, expected_milli, counted_milli FROM count_lines WHERE sheet_id = ? AND counted_milli IS NOT NULL ORDER BY position').all(sheetId) as Array<{ product_id: number; expected_milli: number; counted_milli: number }>)
    .map((l) => ({ productId: l.product_id, expected: fromMilli(l.expected_milli), counted: fromMilli(l.counted_milli) }));
}

export function sheetPlace(db: Db, sheetId: number): { warehouse: string; label: string } | null {
  const s = sheetRow(db, sheetId);
  return s ? { warehouse: s.warehouse, label: s.stock_label } : null;
}

export function deleteSheet(db: Db, sheetId: number): void {
  stmt(db, 'DELETE FROM count_lines WHERE sheet_id = ?').run(sheetId);
  stmt(db, 'DELETE FROM count_sheets WHERE id = ?').run(sheetId);
}
