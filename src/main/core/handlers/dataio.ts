/** Product import (preview, commit, progress) and the catalogue and stock-history exports (dataio/). */
import type { Movement } from '@shared/protocol/schemas/stockwork';
import { HISTORY_PAGE_MAX } from '@shared/protocol/schemas/stockwork';
import { exportCatalogue, exportHistory } from '../dataio/exporter';
import { commitImport, importProgress, previewImport } from '../dataio/importer';
import { keptHistory } from '../mirror/stockHistory';
import { productRow } from '../mirror/products';
import { currentId } from '../mirror/settings';
import type { CoreContext, Handlers } from './context';
import { fromFailure, ipcError } from './context';
import { canonicalWarehouse } from './stock';

/** At most this many movements go into one history file (200 pages). */
const HISTORY_EXPORT_MAX = 100_000;

/**
 * The whole history of the scope, newest first: every page from the server when it can be reached,
 * else the newest page the mirror kept (the file then holds what the screen showed offline).
 */
async function allMovements(ctx: CoreContext, id: number, warehouse: string, label: string): Promise<Movement[]> {
  const api = ctx.api();
  const caps = ctx.engine.capabilities();
  if (!api || id < 0 || !ctx.engine.isOnline() || (caps.size > 0 && !caps.has('getStockHistory'))) return keptHistory(ctx.db, id, warehouse, label)?.movements ?? [];
  const out: Movement[] = [];
  let before: { before_receipt_id: number; before_line: number } | undefined;
  while (out.length < HISTORY_EXPORT_MAX) {
    const o = await api.call('getStockHistory', {
      product_id: id, limit: HISTORY_PAGE_MAX, ...(warehouse ? { warehouse } : {}), ...(label ? { stock_label: label } : {}), ...(before ?? {}),
    });
    if (o.kind !== 'ok') throw fromFailure(o);
    out.push(...o.result.movements);
    const last = o.result.movements.at(-1);
    if (o.result.more !== 1 || !last) break;
    before = { before_receipt_id: last.receipt_id, before_line: last.line };
  }
  return out;
}

export const dataioHandlers: Handlers<'import.preview' | 'import.commit' | 'import.progress' | 'export.catalogue' | 'export.history'> = {
  'import.preview': (ctx, req) => previewImport(ctx, req),
  'import.commit': (ctx, req) => commitImport(ctx, req),
  'import.progress': (ctx, req) => {
    if (req.to < req.from) throw ipcError('VALIDATION_ERROR', 'The import\'s last entry comes before its first.', [{ field: 'to', message: 'must not be less than from' }]);
    return importProgress(ctx, req.from, req.to);
  },
  'export.catalogue': (ctx, req) => exportCatalogue(ctx.db, { ...req, today: ctx.today() }),
  'export.history': async (ctx, req) => {
    const id = currentId(ctx.db, 'product', req.productId);
    const row = productRow(ctx.db, id);
    if (!row) throw ipcError('NOT_FOUND', `Product ${req.productId} is not in the local data.`);
    const warehouse = req.warehouse.trim() ? canonicalWarehouse(ctx, req.warehouse) : '';
    const label = warehouse ? req.stockLabel.trim() : '';
    const movements = await allMovements(ctx, id, warehouse, label);
    return exportHistory({ movements, format: req.format, titles: req.titles, kinds: req.kinds, fileName: req.fileName, product: row.itemNumber || String(row.id) });
  },
};
