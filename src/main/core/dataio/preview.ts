/**
 * The import's preview: every row of the file checked as the server will check it (the shared
 * setProduct schema), in the mapping the clerk chose, against the mirror's products matched by SKU
 * (item number, case-insensitive, as the desk's lookup matches), or, for a row without a SKU, by its
 * EAN: else every import of a file of such rows would make its products again. A row with neither
 * is made again on every import, and the preview warns of it. A SKU or an EAN repeated in the file
 * makes every row after the first invalid (naming the first); so does an EAN another product of the
 * mirror has (naming it) and a VAT rate other than Hungary's, which the server would refuse
 * (core/productRules.ts). Pure over the mirror: the same
 * file, mapping and choices give the same rows and the same commands, which is what the commit
 * sends (it computes the preview again rather than trusting the screen's copy).
 */
import { ProtocolError, validateParams, type Params } from '@shared/protocol';
import {
  PREVIEW_ROWS, type ImportAction, type ImportField, type ImportMapping, type ImportPreview, type ImportPreviewRow, type ImportProblem, type ImportWarning,
} from '@shared/ipc/dataio';
import { stmt, type Db } from '../mirror/db';
import { productRecord } from '../mirror/products';
import { eanTakenBy, eanTakenMessage, vatRateMessage } from '../productRules';
import { readNumber } from './number';
import { columnLetter, guessMapping } from './mapping';
import type { Cell, Table } from './table';

export interface ImportChoices {
  mapping?: ImportMapping;
  existing: 'update' | 'skip';
  defaults: { unit: string; currency: string; vat: number };
}

/** What the commit sends for an accepted row. */
export interface RowCommand { row: number; action: 'create' | 'update'; params: Params<'setProduct'> }

const NUMBER_FIELDS = new Set<ImportField>(['list_price', 'purchase_price', 'vat']);
/** The required fields of setProduct: an update sends them (from the row or the product as it is). */
const REQUIRED = ['product_name', 'currency', 'vat', 'unit'] as const;

const text = (c: Cell | undefined) => (c === undefined ? '' : typeof c === 'number' ? String(c) : c.trim());
const same = (a: unknown, b: unknown) => (typeof a === 'number' || typeof b === 'number' ? Number(a) === Number(b) : String(a ?? '') === String(b ?? ''));

export function buildPreview(db: Db, table: Table, choices: ImportChoices): { preview: ImportPreview; commands: RowCommand[] } {
  const mapping = choices.mapping ?? guessMapping(table.headers);
  const columnOf = (f: ImportField) => {
    const i = mapping[f];
    return i === undefined ? null : `${columnLetter(i)} · ${table.headers[i] ?? ''}`.trim();
  };
  const bySku = stmt(db, 'SELECT id FROM products WHERE item_number = ? COLLATE NOCASE ORDER BY id LIMIT 1').pluck();
  // Over the products_ean index; the lowest id when (against the rules) two products share an EAN.
  const byEan = stmt(db, 'SELECT id FROM products WHERE ean = ? ORDER BY id LIMIT 1').pluck();
  const problems: ImportProblem[] = [];
  const warnings: ImportWarning[] = [];
  const rows: ImportPreviewRow[] = [];
  const commands: RowCommand[] = [];
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, skip: 0, invalid: 0 };
  const firstSku = new Map<string, number>();
  const firstEan = new Map<string, number>();
  let total = 0;

  table.rows.forEach((cells, i) => {
    if (cells.every((c) => text(c) === '')) return;
    total++;
    const row = i + 2;
    const before = problems.length;
    const problem = (code: ImportProblem['code'], field: ImportField | null, value: string, message: string, extra: Partial<ImportProblem> = {}) =>
      problems.push({ row, code, field, column: field ? columnOf(field) : null, value, message, ...extra });

    const given: Partial<Record<ImportField, string | number>> = {};
    for (const f of Object.keys(mapping) as ImportField[]) {
      const cell = cells[mapping[f]!];
      const raw = text(cell);
      if (raw === '') continue;
      if (NUMBER_FIELDS.has(f)) {
        const n = readNumber(cell!);
        if (n === null) problem('bad_number', f, raw, `Row ${row}: "${raw}" in column ${columnOf(f)} is not a number.`);
        else given[f] = n;
      } else given[f] = f === 'currency' ? raw.toUpperCase() : raw;
    }
    if (given.product_name === undefined) problem('missing_name', 'product_name', '', `Row ${row}: the product name is empty.`);
    const sku = typeof given.item_number === 'string' ? given.item_number : '';
    if (sku) {
      const key = sku.toLowerCase();
      const first = firstSku.get(key);
      if (first !== undefined) problem('duplicate_sku', 'item_number', sku, `Row ${row}: SKU ${sku} is already in row ${first} of this file.`, { firstRow: first });
      else firstSku.set(key, row);
    }
    const ean = typeof given.ean_number === 'string' ? given.ean_number : '';
    if (ean) {
      // One EAN names one product (the server refuses a second): a code repeated in the file is
      // refused from its second row on, naming the first, as a repeated SKU is.
      const first = firstEan.get(ean);
      if (first !== undefined) problem('duplicate_ean', 'ean_number', ean, `Row ${row}: EAN ${ean} is already in row ${first} of this file.`, { firstRow: first });
      else firstEan.set(ean, row);
    }
    const matchedBy = sku ? 'sku' : ean ? 'ean' : null;
    const existingId = matchedBy === 'sku' ? ((bySku.get(sku) as number | undefined) ?? null) : matchedBy === 'ean' ? ((byEan.get(ean) as number | undefined) ?? null) : null;
    // A product the desk has (not the one this row updates) with the row's EAN: the server would refuse the row.
    const taken = ean && firstEan.get(ean) === row ? eanTakenBy(db, ean, existingId ?? undefined) : null;
    if (taken) {
      problem('ean_taken', 'ean_number', ean, `Row ${row}: EAN ${ean} ${eanTakenMessage(taken)}.`, { product: { name: taken.name, itemNumber: taken.itemNumber } });
    }

    let params: Record<string, unknown>;
    let unchanged = false;
    if (existingId !== null) {
      const record = productRecord(db, existingId) ?? {};
      // Absent fields keep their stored value on the server (setProduct merges): send the required ones and what the file gives.
      params = { id: existingId, ...Object.fromEntries(REQUIRED.map((k) => [k, record[k]])), ...given };
      unchanged = Object.entries(given).every(([k, v]) => same(record[k], v));
    } else {
      params = { currency: choices.defaults.currency, vat: choices.defaults.vat, unit: choices.defaults.unit, ...given };
    }
    const vat = vatRateMessage(params.vat as number | undefined);
    if (vat) problem('vat_rate', 'vat', String(params.vat), `Row ${row}: VAT ${String(params.vat)} % ${vat}.`);
    let checked: Params<'setProduct'> | null = null;
    if (problems.length === before) {
      try {
        // A product made here and not yet sent has a local (negative) id, which the outbox swaps for the server's when it sends.
        const { id, ...fields } = params;
        checked = { ...validateParams('setProduct', fields), ...(id === undefined ? {} : { id: id as number }) };
      } catch (e) {
        if (!(e instanceof ProtocolError)) throw e;
        for (const d of e.details) {
          const field = (d.field.split(/[.[]/)[0] ?? d.field) as ImportField;
          const known = field in mapping ? field : null;
          problem('invalid', known, String(params[d.field] ?? ''), `Row ${row}: ${d.field} ${d.message}.`);
        }
        if (e.details.length === 0) problem('invalid', null, '', `Row ${row}: ${e.message}`);
      }
    }
    const action: ImportAction = problems.length > before ? 'invalid' : existingId === null ? 'create' : unchanged ? 'unchanged' : choices.existing === 'skip' ? 'skip' : 'update';
    counts[action]++;
    if (action === 'create' && matchedBy === null) warnings.push({ row, code: 'no_key' });
    if ((action === 'create' || action === 'update') && checked) commands.push({ row, action, params: checked });
    if (rows.length < PREVIEW_ROWS) {
      rows.push({
        row, action, name: String(given.product_name ?? ''), itemNumber: sku, ean: String(given.ean_number ?? ''),
        listPrice: typeof given.list_price === 'number' ? given.list_price : null, vat: typeof params.vat === 'number' ? params.vat : null,
        unit: String(params.unit ?? ''), existingId, matchedBy: existingId === null ? null : matchedBy,
      });
    }
  });

  return {
    preview: { format: table.format, delimiter: table.delimiter, encoding: table.encoding, garbled: table.garbled, headers: table.headers, mapping, total, counts, problems, warnings, rows },
    commands,
  };
}
