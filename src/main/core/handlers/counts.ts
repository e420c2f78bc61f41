/**
 * Stock counts. Posting turns every counted line that differs from what the clerk saw into a
 * setQuantity of the difference, carrying the expected quantity so the server (or a check right
 * before sending) can refuse it if the stock moved in the meantime.
 */
import type { CountImportError } from '@shared/ipc/channels';
import { binFor, countedLines, countedOf, createSheet, deleteSheet, getSheet, listSheets, setCounted, sheetPlace } from '../mirror/counts';
import { lookupProduct, productRow } from '../mirror/products';
import { currentId } from '../mirror/settings';
import { toMilli } from '../mirror/fold';
import { submit } from '../outbox/service';
import { placeOf } from '../outbox/summary';
import { canonicalWarehouse, stockProduct } from './stock';
import { ipcError, notFound, type CoreContext, type Handlers } from './context';
import { accountDay } from '../mirror/timeZone';

function sheet(ctx: CoreContext, id: number) {
  const s = getSheet(ctx.db, id);
  if (!s) throw notFound(`Count sheet ${id}`);
  return s;
}

// The bin sits beside the name, and counted stays the last column, as spreadsheets are filled in.
// These fixed names head files from before the titles came in the clerk's language; both are read.
const CSV_COLUMNS = ['product_id', 'item_number', 'ean', 'name', 'stock_label', 'unit', 'expected', 'counted'] as const;

/** The line's bin: the one asked for if the sheet allows it; a bin sheet refuses another bin with a message. */
function bin(ctx: CoreContext, sheetId: number, productId: number, given: string | undefined, field: string): string {
  const b = binFor(ctx.db, sheetId, productId, given === undefined ? undefined : given.trim());
  if (!b) throw notFound(`Count sheet ${sheetId}`);
  if (!b.ok) throw ipcError('VALIDATION_ERROR', `This sheet counts bin ${b.sheetLabel} only; start a count of the whole warehouse (bin left empty) to count other bins.`, [{ field, message: `must be ${b.sheetLabel} or left out` }]);
  return b.label;
}
const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[;"\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function parseCsvLine(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === delimiter) {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

export const countHandlers: Handlers<'count.open' | 'count.list' | 'count.get' | 'count.setCounted' | 'count.scan' | 'count.post' | 'count.discard' | 'count.exportCsv' | 'count.importCsv'> = {
  'count.open': (ctx, req) => {
    const id = ctx.db.transaction(() => createSheet(ctx.db, canonicalWarehouse(ctx, req.warehouse), req.stockLabel, ctx.clock.now()))();
    ctx.changed(['counts']);
    return sheet(ctx, id);
  },
  'count.list': (ctx) => listSheets(ctx.db),
  'count.get': (ctx, req) => getSheet(ctx.db, req.sheetId),
  'count.setCounted': (ctx, req) => {
    sheet(ctx, req.sheetId);
    const row = stockProduct(ctx, req.productId, 'productId');
    setCounted(ctx.db, req.sheetId, row.id, bin(ctx, req.sheetId, row.id, req.stockLabel, 'stockLabel'), req.counted);
    ctx.changed(['counts']);
    return sheet(ctx, req.sheetId);
  },
  'count.scan': (ctx, req) => {
    sheet(ctx, req.sheetId);
    const row = lookupProduct(ctx.db, req.code);
    if (row && !row.service) {
      const label = bin(ctx, req.sheetId, row.id, undefined, 'code');
      ctx.db.transaction(() => setCounted(ctx.db, req.sheetId, row.id, label, (countedOf(ctx.db, req.sheetId, row.id, label) ?? 0) + 1))();
      ctx.changed(['counts']);
      return { sheet: sheet(ctx, req.sheetId), productId: row.id, stockLabel: label };
    }
    return { sheet: sheet(ctx, req.sheetId), productId: null, stockLabel: null };
  },
  'count.post': (ctx, req) => {
    const place = sheetPlace(ctx.db, req.sheetId);
    if (!place) throw notFound(`Count sheet ${req.sheetId}`);
    const today = ctx.today();
    const entryIds = ctx.db.transaction(() => {
      const ids: number[] = [];
      for (const l of countedLines(ctx.db, req.sheetId)) {
        const delta = (toMilli(l.counted) - toMilli(l.expected)) / 1000;
        if (delta === 0) continue;
        const name = productRow(ctx.db, l.productId)?.name ?? `#${l.productId}`;
        // Each line posts to its own bin: a whole-warehouse sheet holds lines of many bins.
        const where = placeOf(place.warehouse, l.stockLabel);
        ids.push(submit(ctx.outbox, {
          method: 'setQuantity', queueKey: `product:${l.productId}`,
          summary: `Count: ${name} in ${where}: ${l.expected} → ${l.counted}`,
          summaryData: { kind: 'count', args: { product: name, place: where, warehouse: place.warehouse, stockLabel: l.stockLabel, expected: l.expected, counted: l.counted } },
          params: { product_id: l.productId, quantity: delta, contact_id: req.contactId, warehouse: place.warehouse, ...(l.stockLabel ? { stock_label: l.stockLabel } : {}), date: today },
          countInfo: { productId: l.productId, warehouse: place.warehouse, stockLabel: l.stockLabel, expected: l.expected, counted: l.counted },
        }));
      }
      deleteSheet(ctx.db, req.sheetId);
      return ids;
    })();
    ctx.changed(['counts', 'quantities', 'outbox']);
    return { entryIds };
  },
  'count.discard': (ctx, req) => {
    sheet(ctx, req.sheetId);
    deleteSheet(ctx.db, req.sheetId);
    ctx.changed(['counts']);
    return { discarded: true as const };
  },
  'count.exportCsv': (ctx, req) => {
    const s = sheet(ctx, req.sheetId);
    const lines = s.lines.map((l) => [l.productId, l.itemNumber, l.ean, l.name, l.stockLabel, l.unit, l.expected, l.counted].map(csvCell).join(';'));
    const name = `${s.warehouse}${s.stockLabel ? `-${s.stockLabel}` : ''}`.replace(/[^\p{L}\p{N}_-]+/gu, '_');
    const header = (req.columns ?? CSV_COLUMNS).map(csvCell).join(';');
    const prefix = (req.fileName ?? 'count').replace(/[^\p{L}\p{N}_ -]+/gu, '_');
    return { filename: `${prefix}-${name}-${accountDay(ctx.db, new Date(s.createdAt))}.csv`, csv: [header, ...lines].join('\r\n') + '\r\n' };
  },
  'count.importCsv': (ctx, req) => {
    sheet(ctx, req.sheetId);
    const errors: CountImportError[] = [];
    let imported = 0;
    const rows = req.csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    // Excel in Hungarian writes ';' (the comma is the decimal sign); others ',' or tabs.
    const first = rows[0] ?? '';
    const delimiter = first.includes(';') ? ';' : first.includes('\t') ? '\t' : ',';
    const head = parseCsvLine(first, delimiter).map((h) => h.trim().toLowerCase());
    const titles = req.columns?.map((c) => c.trim().toLowerCase());
    const hasHeader = head.includes('counted') || (titles !== undefined && head.includes(titles[7]!));
    // A column is found by its fixed name or by its title in the clerk's language.
    const col = (name: (typeof CSV_COLUMNS)[number], fallback: number) => {
      if (!hasHeader) return fallback;
      const at = head.indexOf(name);
      return at >= 0 || !titles ? at : head.indexOf(titles[CSV_COLUMNS.indexOf(name)]!);
    };
    // Without a header the layout is told by its width: 8 columns with the bin, 7 from before bins.
    const binned = parseCsvLine(first, delimiter).length >= 8;
    const [cId, cItem, cEan, cCounted, cBin] = [col('product_id', 0), col('item_number', 1), col('ean', 2), col('counted', hasHeader ? -1 : binned ? 7 : 6), col('stock_label', binned ? 4 : -1)];
    ctx.db.transaction(() => {
      rows.forEach((text, i) => {
        if ((hasHeader && i === 0) || text.trim() === '') return;
        const cells = parseCsvLine(text, delimiter);
        // A row of 7 cells is laid out as before bins (counted 7th, no bin), whatever the header says.
        const legacy = cells.length === 7;
        const countedText = (cells[legacy ? 6 : cCounted] ?? '').replace(',', '.');
        if (countedText === '') return;
        const counted = Number(countedText);
        if (!Number.isFinite(counted) || counted < 0) return errors.push({ line: i + 1, problem: 'not_a_quantity', value: cells[legacy ? 6 : cCounted] ?? '', message: `counted "${cells[legacy ? 6 : cCounted]}" is not a quantity` });
        const idText = cells[cId] ?? '';
        const byId = /^-?\d+$/.test(idText) ? productRow(ctx.db, currentId(ctx.db, 'product', Number(idText))) : null;
        const row = byId ?? lookupProduct(ctx.db, cells[cEan] || cells[cItem] || '');
        if (!row) return errors.push({ line: i + 1, problem: 'unknown_product', value: idText || cells[cEan] || cells[cItem] || '', message: 'no product with this id, EAN or item number' });
        if (row.service) return errors.push({ line: i + 1, problem: 'service', value: row.name, message: `${row.name} is a service` });
        const given = cBin >= 0 && !legacy ? cells[cBin] : undefined;
        const b = binFor(ctx.db, req.sheetId, row.id, given);
        if (!b?.ok) return errors.push({ line: i + 1, problem: 'wrong_bin', value: given ?? '', message: `bin "${given ?? ''}" is not this sheet's bin ${b && !b.ok ? b.sheetLabel : ''}` });
        setCounted(ctx.db, req.sheetId, row.id, b.label, counted);
        imported++;
      });
    })();
    if (imported === 0 && errors.length === 0 && rows.length > 1) throw ipcError('VALIDATION_ERROR', 'The file has no counted quantities.');
    ctx.changed(['counts']);
    return { sheet: sheet(ctx, req.sheetId), imported, errors };
  },
};
