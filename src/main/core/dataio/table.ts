/**
 * An imported file as a table: its header row and its data rows, cells as text (CSV, or XLSX text
 * cells) or numbers (XLSX number cells, taken as they are: no decimal-mark guessing). The kind is
 * told by the bytes (an XLSX is a ZIP file), not by the name the clerk gave it.
 */
import type ExcelJS from 'exceljs';
import { columnLetter, GARBLED_SHOWN, type Encoding, type ImportPreview } from '@shared/ipc/dataio';
import { parseCsv, type Delimiter } from './csv';
import { decodeText, garbledCell } from './encoding';
import { unguardFormula } from './formulaGuard';

export type Cell = string | number;

export interface Table {
  format: 'csv' | 'xlsx';
  delimiter: Delimiter | null;
  headers: string[];
  /** Data rows; `rows[i]` is the file's row i + 2 (the header is row 1). */
  rows: Cell[][];
  encoding: ImportPreview['encoding'];
  garbled: ImportPreview['garbled'];
}

export class TableError extends Error {}

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** A CSV is read in `encoding`, or in the one its bytes show (encoding.ts). */
export async function readTable(bytes: Uint8Array, encoding?: Encoding): Promise<Table> {
  if (isZip(bytes)) return readXlsx(bytes);
  const decoded = decodeText(bytes, encoding);
  if (decoded.text.includes('\u0000')) throw new TableError('The file is neither a CSV text file nor an XLSX workbook.');
  const { rows, delimiter } = parseCsv(decoded.text);
  const [head, ...data] = rows;
  if (!head) throw new TableError('The file is empty: it needs a header row and at least one product row.');
  const headers = head.map((h) => h.trim());
  return {
    format: 'csv', delimiter, headers,
    // A cell our export (or a careful clerk) guarded against running as a formula means the text after the apostrophe.
    rows: data.map((r) => r.map(unguardFormula)),
    encoding: { name: decoded.encoding, detected: decoded.detected, bom: decoded.bom },
    garbled: garbledCells(rows, headers, decoded.encoding),
  };
}

function garbledCells(rows: string[][], headers: string[], encoding: Encoding): Table['garbled'] {
  const cells: Table['garbled']['cells'] = [];
  let total = 0;
  rows.forEach((r, i) => r.forEach((value, c) => {
    if (!garbledCell(value, encoding)) return;
    total++;
    if (cells.length < GARBLED_SHOWN) cells.push({ row: i + 1, column: `${columnLetter(c)} · ${headers[c] ?? ''}`.trim(), value });
  }));
  return { total, cells };
}

/** What a cell shows: formulas give their result, rich text and links their text, dates their ISO day. */
function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return unguardFormula(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('result' in v) return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v) return String((v as { text: unknown }).text);
  if ('error' in v) return '';
  return String(v as unknown);
}

async function readXlsx(bytes: Uint8Array): Promise<Table> {
  // Loaded on first use: exceljs takes most of a second to load, which every core start (and
  // restart after a crash) would otherwise pay.
  const { default: excel } = await import('exceljs');
  const wb = new excel.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch (e) {
    throw new TableError(`The workbook cannot be read (${(e as Error).message}); save it again as .xlsx or CSV.`);
  }
  // The first sheet that has anything in it: workbooks often start with an empty or a notes sheet.
  const ws = wb.worksheets.find((w) => w.actualRowCount > 0);
  if (!ws) throw new TableError('The workbook has no rows: it needs a header row and at least one product row.');
  const all: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: Cell[] = [];
    for (let c = 1; c < values.length; c++) cells.push(cellValue(values[c]));
    all[n - 1] = cells;
  });
  const rows = Array.from(all, (r) => r ?? []);
  const [head, ...data] = rows;
  if (!head || head.every((h) => String(h).trim() === '')) throw new TableError('The first row of the sheet must hold the column titles.');
  // Trailing empty rows (formatting left over) are not products.
  while (data.length && data.at(-1)!.every((c) => String(c).trim() === '')) data.pop();
  return { format: 'xlsx', delimiter: null, headers: head.map((h) => String(h).trim()), rows: data, encoding: null, garbled: { total: 0, cells: [] } };
}
