/** IPC requests and answers of product import and of the catalogue and stock-history exports (issue 18). */
import { z } from 'zod';

/** The product fields an imported column can fill, in the order the mapping screen lists them. */
export const IMPORT_FIELDS = [
  'product_name', 'item_number', 'ean_number', 'list_price', 'purchase_price', 'vat', 'unit', 'currency', 'product_group', 'manufacturer', 'description',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Field → column index (0-based) of the file; a field left out is not imported. */
export type ImportMapping = Partial<Record<ImportField, number>>;

/** "A", "B", … "AA": the column letter a spreadsheet shows (0-based index). */
export function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** At most this much file (base64: 20 MB of file) crosses the IPC, under the harness bridge's 32 MB body; far beyond 100,000 products. */
export const IMPORT_FILE_MAX = 28_000_000;

/** A file the shell's open dialog read: its name and bytes (base64). The renderer never reads files. */
export const importFile = z.strictObject({ name: z.string().min(1).max(300), data: z.string().min(1).max(IMPORT_FILE_MAX) });

/** The text encodings a CSV file is read in (docs/desktop-core.md, "Import"): detected, or the clerk's choice. */
export const ENCODINGS = ['utf-8', 'windows-1250', 'iso-8859-2'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const mapping = z.partialRecord(z.enum(IMPORT_FIELDS), z.number().int().min(0).max(500));

export const importRequest = z.strictObject({
  file: importFile,
  /** Left out: guessed from the header titles. */
  mapping: mapping.optional(),
  /** A CSV's text encoding; left out: detected from the bytes. */
  encoding: z.enum(ENCODINGS).optional(),
  /** A row whose SKU (item number) already names a product (or, without a SKU, whose EAN does): change that product, or leave it alone. */
  existing: z.enum(['update', 'skip']).default('update'),
  /** What a new product gets when its row has no such column or the cell is empty. */
  defaults: z.strictObject({
    unit: z.string().trim().min(1, 'enter a unit').max(20).default('db'),
    currency: z.string().trim().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like HUF').default('HUF'),
    vat: z.number().min(0).max(100).default(27),
  }).prefault({}),
});

/**
 * What is wrong with a row, for the screen to word: `field`/`column` say where, `value` what was
 * there; duplicate_sku (and duplicate_ean, among rows without a SKU) names the row that has it first. `message` is English, for logs.
 */
export interface ImportProblem {
  row: number;
  /** ean_taken: another product the desk has carries the EAN (`product`); vat_rate: not one of Hungary's rates. */
  code: 'missing_name' | 'bad_number' | 'invalid' | 'duplicate_sku' | 'duplicate_ean' | 'ean_taken' | 'vat_rate';
  field: ImportField | null;
  /** The column's letter and title ("C · Ár"); null when no column is involved. */
  column: string | null;
  value: string;
  firstRow?: number;
  /** The product that has the EAN already (ean_taken). */
  product?: { name: string; itemNumber: string | null };
  message: string;
}

/**
 * What the clerk should know about a row that will be imported all the same. no_key: the row has
 * neither SKU nor EAN, so nothing can match it to the product an earlier import made: it is made
 * again on every import of the file.
 */
export interface ImportWarning { row: number; code: 'no_key' }

export type ImportAction = 'create' | 'update' | 'unchanged' | 'skip' | 'invalid';

export interface ImportPreviewRow {
  row: number;
  action: ImportAction;
  name: string;
  itemNumber: string;
  ean: string;
  listPrice: number | null;
  vat: number | null;
  unit: string;
  /** The product the row updates (or leaves alone). */
  existingId: number | null;
  /** How the product was found: by the row's SKU, or (a row without one) by its EAN. */
  matchedBy: 'sku' | 'ean' | null;
}

/** A cell whose text cannot be right in the encoding read (a sign to choose another): row 1 is the header. */
export interface GarbledCell { row: number; column: string; value: string }
/** At most this many garbled cells are listed; `garbled.total` counts them all. */
export const GARBLED_SHOWN = 20;

export interface ImportPreview {
  format: 'csv' | 'xlsx';
  /** The CSV's separator; null for XLSX. */
  delimiter: ';' | ',' | '\t' | null;
  /** The CSV's text encoding as read, the one detected, and whether the file starts with a UTF-8 BOM; null for XLSX. */
  encoding: { name: Encoding; detected: Encoding; bom: boolean } | null;
  /** Cells that look garbled in that encoding; while there is one, nothing is imported. */
  garbled: { total: number; cells: GarbledCell[] };
  headers: string[];
  mapping: ImportMapping;
  /** Product rows in the file (blank rows are not counted). */
  total: number;
  counts: Record<ImportAction, number>;
  /** Every problem of every row. */
  problems: ImportProblem[];
  /** Every row that will be imported but that the clerk should know about. */
  warnings: ImportWarning[];
  /** The first rows as they will be imported (at most PREVIEW_ROWS). */
  rows: ImportPreviewRow[];
}
export const PREVIEW_ROWS = 200;

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  invalid: number;
  /** The outbox entries queued, first and last id (one transaction, so consecutive); null when none. */
  entries: { from: number; to: number } | null;
}

export const importProgressRequest = z.strictObject({ from: z.number().int().positive(), to: z.number().int().positive() });
export interface ImportProgress { total: number; sent: number; waiting: number; needsAttention: number; discarded: number }

export const exportFormat = z.enum(['csv', 'xlsx']);
/** Column titles in the clerk's language, and the file name's first word. */
const titles = <K extends string>(keys: readonly [K, ...K[]]) => z.strictObject(Object.fromEntries(keys.map((k) => [k, z.string().trim().min(1).max(60)])) as Record<K, z.ZodString>);

export const CATALOGUE_COLUMNS = ['id', 'item_number', 'ean', 'name', 'group', 'unit', 'vat', 'list_price', 'currency', 'total'] as const;
export const catalogueExportRequest = z.strictObject({
  format: exportFormat,
  titles: titles(CATALOGUE_COLUMNS),
  fileName: z.string().trim().min(1).max(40),
});

export const HISTORY_COLUMNS = ['date', 'kind', 'warehouse', 'bin', 'quantity', 'balance', 'price', 'currency', 'partner', 'document'] as const;
export const historyExportRequest = z.strictObject({
  productId: z.number().int(),
  warehouse: z.string().max(100).default(''),
  stockLabel: z.string().max(100).default(''),
  format: exportFormat,
  titles: titles(HISTORY_COLUMNS),
  /** The movement kinds in the clerk's language. */
  kinds: z.strictObject({ takein: z.string().max(60), wasting: z.string().max(60), delivery: z.string().max(60), po_takein: z.string().max(60), transfer: z.string().max(60) }),
  fileName: z.string().trim().min(1).max(40),
});

/** A file the core made, for the shell's save dialog. */
export interface ExportedFile { filename: string; data: string; rows: number }
