/**
 * The Valuation screen's core side: getStockValuation from the server (it needs the ledger, which the
 * mirror does not hold), the last answer kept in sync_state for offline reading, and its PDF. The PDF
 * prints the kept answer, never a fresh one, so the paper shows exactly the figures on the screen.
 */
import { renderValuationPdf } from '@documents/index';
import type { ValuationRequest, ValuationView, StockValuation } from '@shared/ipc';
import { seller } from '../mirror/dues';
import { getKv, setKv } from '../mirror/settings';
import type { CoreContext, Handlers } from './context';
import { fromFailure, ipcError } from './context';
import { canonicalWarehouse } from './stock';

const KEPT = 'valuation.last';

interface Kept { request: ValuationRequest; fetchedAt: string; valuation: StockValuation }

const sameRequest = (a: ValuationRequest, b: ValuationRequest) => (a.date ?? '') === (b.date ?? '') && a.warehouse === b.warehouse && a.productGroup === b.productGroup;

function kept(ctx: CoreContext): Kept | null {
  return getKv<Kept | null>(ctx.db, 'sync_state', KEPT, null);
}

function normalise(ctx: CoreContext, req: ValuationRequest): ValuationRequest {
  return { ...(req.date ? { date: req.date } : {}), warehouse: req.warehouse.trim() ? canonicalWarehouse(ctx, req.warehouse) : '', productGroup: req.productGroup };
}

export const valuationHandlers: Handlers<'stock.valuation' | 'stock.valuationPdf'> = {
  'stock.valuation': async (ctx, raw): Promise<ValuationView> => {
    const req = normalise(ctx, raw);
    const last = kept(ctx);
    const offline: ValuationView = { supported: true, fresh: false, fetchedAt: last?.fetchedAt ?? null, request: last?.request ?? null, valuation: last?.valuation ?? null };
    const caps = ctx.engine.capabilities();
    if (caps.size > 0 && !caps.has('getStockValuation')) return { ...offline, supported: false };
    const api = ctx.api();
    if (!api || !ctx.engine.isOnline()) return offline;
    const o = await api.call('getStockValuation', {
      ...(req.date ? { date: req.date } : {}), ...(req.warehouse ? { warehouse: req.warehouse } : {}), ...(req.productGroup !== null ? { product_group: req.productGroup } : {}),
    });
    if (o.kind === 'network' || o.kind === 'server') return offline;
    if (o.kind !== 'ok') throw fromFailure(o);
    const fetchedAt = ctx.clock.now().toISOString();
    setKv(ctx.db, 'sync_state', KEPT, { request: req, fetchedAt, valuation: o.result } satisfies Kept);
    return { supported: true, fresh: true, fetchedAt, request: req, valuation: o.result };
  },
  'stock.valuationPdf': async (ctx, raw) => {
    const req = normalise(ctx, raw);
    const last = kept(ctx);
    if (!last || !sameRequest(last.request, req)) throw ipcError('NOT_FOUND', 'This valuation has not been read from the server yet: show it first, then print it.');
    const v = last.valuation;
    const pdf = await renderValuationPdf({
      language: raw.language, company: seller(ctx.db)?.name ?? '', date: v.date, currency: v.currency, warehouse: last.request.warehouse,
      productGroup: last.request.productGroup, lines: v.lines, group_subtotals: v.group_subtotals, warehouse_subtotals: v.warehouse_subtotals,
      total_value: v.total_value, unpriced_lines: v.unpriced_lines,
    });
    return { filename: `valuation-${v.date}.pdf`, pdf: pdf.toString('base64') };
  },
};
