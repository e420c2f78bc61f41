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

const KEPT = 'valuation.kept';
/** The screen may show any of the last few it asked for (its query cache): each stays printable. */
const KEEP = 8;

interface Kept { request: ValuationRequest; fetchedAt: string; valuation: StockValuation }

const sameRequest = (a: ValuationRequest, b: ValuationRequest) => (a.date ?? '') === (b.date ?? '') && a.warehouse === b.warehouse && a.productGroup === b.productGroup;

/** The valuations read last, newest first. */
function kept(ctx: CoreContext): Kept[] {
  return getKv<Kept[]>(ctx.db, 'sync_state', KEPT, []);
}

function normalise(ctx: CoreContext, req: ValuationRequest): ValuationRequest {
  return { ...(req.date ? { date: req.date } : {}), warehouse: req.warehouse.trim() ? canonicalWarehouse(ctx, req.warehouse) : '', productGroup: req.productGroup };
}

export const valuationHandlers: Handlers<'stock.valuation' | 'stock.valuationPdf'> = {
  'stock.valuation': async (ctx, raw): Promise<ValuationView> => {
    const req = normalise(ctx, raw);
    const all = kept(ctx);
    // Offline: the one asked for if it was read before, else the newest read.
    const last = all.find((k) => sameRequest(k.request, req)) ?? all[0];
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
    const fresh: Kept = { request: req, fetchedAt, valuation: o.result };
    setKv(ctx.db, 'sync_state', KEPT, [fresh, ...all.filter((k) => !sameRequest(k.request, req))].slice(0, KEEP));
    return { supported: true, fresh: true, fetchedAt, request: req, valuation: o.result };
  },
  'stock.valuationPdf': async (ctx, raw) => {
    const req = normalise(ctx, raw);
    const last = kept(ctx).find((k) => sameRequest(k.request, req));
    if (!last) throw ipcError('NOT_FOUND', 'This valuation has not been read from the server yet: show it first, then print it.');
    const v = last.valuation;
    const pdf = await renderValuationPdf({
      language: raw.language, company: seller(ctx.db)?.name ?? '', date: v.date, currency: v.currency, warehouse: last.request.warehouse,
      productGroup: last.request.productGroup, lines: v.lines, group_subtotals: v.group_subtotals, warehouse_subtotals: v.warehouse_subtotals,
      total_value: v.total_value, unpriced_lines: v.unpriced_lines,
    });
    return { filename: `valuation-${v.date}.pdf`, pdf: pdf.toString('base64') };
  },
};
