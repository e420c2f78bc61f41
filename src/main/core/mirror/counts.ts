/**
 * Stock-count sheets. A line is a product in one bin (stock label; '' = no bin). A sheet names a
 * warehouse and a bin; a sheet without a bin counts the whole warehouse, so it lists every product
 * once per bin it is kept in, and each bin's difference is posted to that bin.
 *
 * A line's expected quantity follows what the clerk sees (confirmed + pending) until the line is
 * counted; then it is frozen, because the difference posted later must be computed against the
 * figure the clerk had in front of them when counting.
 */
import type { CountSheet } from '@shared/ipc/types';
import { stmt, type Db } from './db';
import { fromMilli, toMilli } from './fold';
import { binsInWarehouse, visibleMilli } from './stock';

interface SheetRow { id: number; warehouse: string; stock_label: string; created_at: string }
interface LineRow { product_id: number; stock_label: string; expected_milli: number; counted_milli: number | null; name: string | null; ean: string | null; item_number: string | null; unit: string | null }

/** A sheet without a bin covers every bin of the warehouse. */
const wholeWarehouse = (s: SheetRow) => s.stock_label === '';

export function createSheet(db: Db, warehouse: string, label: string, now: Date): number {
  const id = Number(stmt(db, 'INSERT INTO count_sheets (warehouse, stock_label, created_at) VALUES (?, ?, ?)').run(warehouse, label, now.toISOString()).lastInsertRowid);
  binsInWarehouse(db, warehouse, label === '' ? null : label).forEach((b, i) => addLine(db, id, b.productId, b.label, visibleMilli(db, b.productId, warehouse, b.label), i));
  return id;
}

function addLine(db: Db, sheetId: number, productId: number, label: string, expectedMilli: number, position: number): void {
  stmt(db, 'INSERT OR IGNORE INTO count_lines (sheet_id, product_id, stock_label, expected_milli, counted_milli, position) VALUES (?, ?, ?, ?, NULL, ?)')
    .run(sheetId, productId, label, expectedMilli, position);
}

function sheetRow(db: Db, id: number): SheetRow | undefined {
  return stmt(db, 'SELECT * FROM count_sheets WHERE id = ?').get(id) as SheetRow | undefined;
}

export function getSheet(db: Db, id: number): CountSheet | null {
  const s = sheetRow(db, id);
  if (!s) return null;
  const lines = stmt(db, `SELECT l.product_id, l.stock_label, l.expected_milli, l.counted_milli, p.name, p.ean, p.item_number, p.unit
      FROM count_lines l LEFT JOIN products p ON p.id = l.product_id WHERE l.sheet_id = ? ORDER BY l.position, l.product_id, l.stock_label`).all(id) as LineRow[];
  return {
    id: s.id, warehouse: s.warehouse, stockLabel: s.stock_label, createdAt: s.created_at,
    lines: lines.map((l) => {
      const now = visibleMilli(db, l.product_id, s.warehouse, l.stock_label);
      return {
        productId: l.product_id, stockLabel: l.stock_label, name: l.name ?? `#${l.product_id}`, ean: l.ean, itemNumber: l.item_number, unit: l.unit ?? '',
        expected: fromMilli(l.counted_milli === null ? now : l.expected_milli),
        counted: l.counted_milli === null ? null : fromMilli(l.counted_milli),
        // A counted line's basis is frozen; the clerk is told before posting when the shelf moved since.
        ...(l.counted_milli !== null && now !== l.expected_milli ? { movedTo: fromMilli(now) } : {}),
      };
    }),
  };
}

export function listSheets(db: Db): Array<{ id: number; warehouse: string; stockLabel: string; createdAt: string; counted: number; lines: number }> {
  return (stmt(db, `SELECT s.*, (SELECT count(*) FROM count_lines l WHERE l.sheet_id = s.id AND l.counted_milli IS NOT NULL) AS counted,
      (SELECT count(*) FROM count_lines l WHERE l.sheet_id = s.id) AS lines FROM count_sheets s ORDER BY s.id DESC`).all() as Array<SheetRow & { counted: number; lines: number }>)
    .map((s) => ({ id: s.id, warehouse: s.warehouse, stockLabel: s.stock_label, createdAt: s.created_at, counted: s.counted, lines: s.lines }));
}

export type BinChoice = { ok: true; label: string } | { ok: false; sheetLabel: string };

/**
 * The bin a count of a product goes to. A bin's sheet counts only its bin (another bin given is
 * refused). On a whole-warehouse sheet: the bin given; else the product's bin counted last; else
 * its first line; else no bin.
 */
export function binFor(db: Db, sheetId: number, productId: number, given: string | undefined): BinChoice | null {
  const s = sheetRow(db, sheetId);
  if (!s) return null;
  if (!wholeWarehouse(s)) return given === undefined || given === '' || given === s.stock_label ? { ok: true, label: s.stock_label } : { ok: false, sheetLabel: s.stock_label };
  if (given !== undefined) return { ok: true, label: given };
  const line = stmt(db, 'SELECT stock_label FROM count_lines WHERE sheet_id = ? AND product_id = ? ORDER BY counted_seq IS NULL, counted_seq DESC, position LIMIT 1')
    .get(sheetId, productId) as { stock_label: string } | undefined;
  return { ok: true, label: line?.stock_label ?? '' };
}

/** Sets (or with null clears) a line's count; the expected figure is frozen at this moment. */
export function setCounted(db: Db, sheetId: number, productId: number, label: string, counted: number | null): boolean {
  const s = sheetRow(db, sheetId);
  if (!s) return false;
  const pos = (stmt(db, 'SELECT coalesce(max(position), -1) + 1 AS n FROM count_lines WHERE sheet_id = ?').get(sheetId) as { n: number }).n;
  const seq = (stmt(db, 'SELECT coalesce(max(counted_seq), 0) + 1 AS n FROM count_lines WHERE sheet_id = ?').get(sheetId) as { n: number }).n;
  const seen = visibleMilli(db, productId, s.warehouse, label);
  addLine(db, sheetId, productId, label, seen, pos);
  stmt(db, `UPDATE count_lines SET counted_milli = ?, counted_seq = ?, expected_milli = CASE WHEN counted_milli IS NULL THEN ? ELSE expected_milli END
      WHERE sheet_id = ? AND product_id = ? AND stock_label = ?`)
    .run(counted === null ? null : toMilli(counted), counted === null ? null : seq, seen, sheetId, productId, label);
  return true;
}

export function countedOf(db: Db, sheetId: number, productId: number, label: string): number | null {
  const r = stmt(db, 'SELECT counted_milli FROM count_lines WHERE sheet_id = ? AND product_id = ? AND stock_label = ?').get(sheetId, productId, label) as { counted_milli: number | null } | undefined;
  return r?.counted_milli == null ? null : fromMilli(r.counted_milli);
}

export function countedLines(db: Db, sheetId: number): Array<{ productId: number; stockLabel: string; expected: number; counted: number }> {
  return (stmt(db, 'SELECT product_id, stock_label, expected_milli, counted_milli FROM count_lines WHERE sheet_id = ? AND counted_milli IS NOT NULL ORDER BY position, stock_label')
    .all(sheetId) as Array<{ product_id: number; stock_label: string; expected_milli: number; counted_milli: number }>)
    .map((l) => ({ productId: l.product_id, stockLabel: l.stock_label, expected: fromMilli(l.expected_milli), counted: fromMilli(l.counted_milli) }));
}

export function sheetPlace(db: Db, sheetId: number): { warehouse: string; label: string } | null {
  const s = sheetRow(db, sheetId);
  return s ? { warehouse: s.warehouse, label: s.stock_label } : null;
}

export function deleteSheet(db: Db, sheetId: number): void {
  stmt(db, 'DELETE FROM count_lines WHERE sheet_id = ?').run(sheetId);
  stmt(db, 'DELETE FROM count_sheets WHERE id = ?').run(sheetId);
}
