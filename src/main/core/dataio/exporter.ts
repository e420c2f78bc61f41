/**
 * The catalogue with stock per warehouse, and a product's stock history, as CSV or XLSX files the
 * shell's save dialog writes. CSV: UTF-8 with a BOM, `;` and decimal commas, which Hungarian Excel
 * opens right by double-click (csv.ts). XLSX: numbers as number cells. Text that a spreadsheet would
 * run as a formula is guarded in both (formulaGuard.ts).
 */
import type { ExportedFile } from '@shared/ipc/dataio';
import type { Movement } from '@shared/protocol/schemas/stockwork';
import { stmt, type Db } from '../mirror/db';
import { fromMilli } from '../mirror/fold';
import { COUNTED_PENDING } from '../mirror/stock';
import { writeCsv } from './csv';
import { guardFormula } from './formulaGuard';
import { writeXlsx, type OutCell } from './xlsx';

const safeName = (s: string) => s.replace(/[<>:"/\\|?*\p{Cc}\s]+/gu, '-').replace(/^-+|-+$/g, '') || 'export';

async function file(format: 'csv' | 'xlsx', name: string, sheet: string, cells: OutCell[][]): Promise<ExportedFile> {
  const rows = cells.map((r) => r.map((v) => (typeof v === 'string' ? guardFormula(v) : v)));
  const data = format === 'csv' ? Buffer.from(writeCsv(rows), 'utf8') : await writeXlsx(sheet, rows);
  return { filename: `${safeName(name)}.${format}`, data: data.toString('base64'), rows: rows.length - 1 };
}

type CatalogueTitles = Record<'id' | 'item_number' | 'ean' | 'name' | 'group' | 'unit' | 'vat' | 'list_price' | 'currency' | 'total', string>;

/**
 * Every product of the mirror with its deliverable stock (confirmed + the clerk's pending changes,
 * as the screens show it) in each warehouse the account has, and the total.
 */
export async function exportCatalogue(db: Db, o: { format: 'csv' | 'xlsx'; titles: CatalogueTitles; fileName: string; today: string }): Promise<ExportedFile> {
  const warehouses = (stmt(db, `SELECT name FROM warehouses UNION SELECT warehouse FROM stock UNION SELECT warehouse FROM stock_pending ORDER BY 1`).pluck().all() as string[]);
  const levels = stmt(db, `SELECT product_id, warehouse, sum(q) AS q FROM (
      SELECT product_id, warehouse, qty_milli AS q FROM stock UNION ALL SELECT product_id, warehouse, qty_milli FROM ${COUNTED_PENDING})
    GROUP BY product_id, warehouse`).all() as Array<{ product_id: number; warehouse: string; q: number }>;
  const byProduct = new Map<number, Map<string, number>>();
  for (const l of levels) {
    let m = byProduct.get(l.product_id);
    if (!m) byProduct.set(l.product_id, (m = new Map()));
    m.set(l.warehouse, l.q);
  }
  const t = o.titles;
  const rows: OutCell[][] = [[t.id, t.item_number, t.ean, t.name, t.group, t.unit, t.vat, t.list_price, t.currency, t.total, ...warehouses]];
  const products = stmt(db, 'SELECT id, item_number, ean, name, product_group, unit, vat, list_price, currency FROM products ORDER BY name COLLATE NOCASE, id').all() as Array<{
    id: number; item_number: string | null; ean: string | null; name: string; product_group: string | null; unit: string; vat: number; list_price: number | null; currency: string;
  }>;
  for (const p of products) {
    const m = byProduct.get(p.id);
    const per = warehouses.map((w) => fromMilli(m?.get(w) ?? 0));
    const total = fromMilli([...(m?.values() ?? [])].reduce((a, b) => a + b, 0));
    // A product made here and not yet sent has a negative (local) id: no server id to show.
    rows.push([p.id > 0 ? p.id : null, p.item_number, p.ean, p.name, p.product_group, p.unit, p.vat, p.list_price, p.currency, total, ...per]);
  }
  return file(o.format, `${o.fileName}-${o.today}`, o.fileName, rows);
}

type HistoryTitles = Record<'date' | 'kind' | 'warehouse' | 'bin' | 'quantity' | 'balance' | 'price' | 'currency' | 'partner' | 'document', string>;

/** A movement's source document, as the history screen names it. */
const documentOf = (m: Movement) =>
  m.invoice_id ? `#${m.invoice_id}` : m.po_id ? `PO ${m.po_id}` : m.order_id ? `#${m.order_id}` : m.transfer_id ? `T${m.transfer_id}` : `R${m.receipt_id}`;

export async function exportHistory(o: {
  movements: Movement[]; format: 'csv' | 'xlsx'; titles: HistoryTitles; kinds: Record<Movement['kind'], string>; fileName: string; product: string;
}): Promise<ExportedFile> {
  const t = o.titles;
  const rows: OutCell[][] = [[t.date, t.kind, t.warehouse, t.bin, t.quantity, t.balance, t.price, t.currency, t.partner, t.document]];
  for (const m of o.movements) {
    rows.push([m.date, o.kinds[m.kind], m.warehouse, m.stock_label, m.quantity, m.balance, m.price ?? null, m.currency ?? null, m.partner ?? null, documentOf(m)]);
  }
  return file(o.format, `${o.fileName}-${o.product}`, o.fileName, rows);
}
