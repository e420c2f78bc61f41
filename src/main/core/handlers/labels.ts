/**
 * The labels screen's core side: the products read from the mirror (so labels print offline), their
 * price with VAT computed exactly (shared money), and the sheet rendered by src/documents.
 */
import { LabelRunRefused } from '@shared/labels/errors';
import type { LabelItem } from '@documents/labelPlan';
import type { LabelsPdfResult } from '@shared/ipc';
import { computeLine } from '@shared/money';
import type { ProductRow } from '@shared/ipc/types';
import { productRow } from '../mirror/products';
import { currentId } from '../mirror/settings';
import { ipcError, type Handlers } from './context';

/** The gross list price, rounded to the currency; null when the product has none (or a price the money rules refuse). */
function grossPrice(p: ProductRow): { amount: string; currency: string } | null {
  if (p.listPrice === null) return null;
  try {
    return { amount: computeLine({ quantity: '1', unitPrice: String(p.listPrice), vatRate: String(p.vat) }, p.currency).gross, currency: p.currency };
  } catch {
    return null;
  }
}

export const labelHandlers: Handlers<'labels.pdf'> = {
  'labels.pdf': async (ctx, req) => {
    const items: LabelItem[] = [];
    const owners: Array<{ kind: 'product'; productId: number; name: string } | { kind: 'bin'; warehouse: string; bin: string }> = [];
    const problems: LabelsPdfResult['problems'] = [];
    for (const want of req.products) {
      const p = productRow(ctx.db, currentId(ctx.db, 'product', want.productId));
      if (!p) {
        problems.push({ kind: 'product', productId: want.productId, name: '', problem: 'not_found' });
        continue;
      }
      items.push({ kind: 'product', name: p.name, sku: p.itemNumber, ean: p.ean, price: grossPrice(p), copies: want.copies });
      owners.push({ kind: 'product', productId: p.id, name: p.name });
    }
    for (const b of req.bins) {
      items.push({ kind: 'bin', warehouse: b.warehouse, bin: b.bin, copies: b.copies });
      owners.push({ kind: 'bin', warehouse: b.warehouse, bin: b.bin });
    }
    if (items.length === 0 && problems.length === 0) throw ipcError('VALIDATION_ERROR', 'Pick at least one product or bin to print labels for.');
    const date = ctx.today();
    // Loaded on first use: bwip-js takes ~190 ms to load, which the core's start should not pay.
    const { renderLabelsPdf } = await import('@documents/labelsPdf');
    let r;
    try {
      r = await renderLabelsPdf({ language: req.language, sheet: req.sheet, skip: req.skip, items, date });
    } catch (e) {
      // The planner's refusals (skip beyond the sheet, too many labels) are the clerk's to fix; anything else is ours.
      if (e instanceof LabelRunRefused) throw ipcError('VALIDATION_ERROR', e.message);
      throw e;
    }
    for (const p of r.problems) problems.push({ ...owners[p.item]!, problem: p.problem });
    return { filename: `labels-${date}.pdf`, pdf: r.pdf?.toString('base64') ?? null, printed: r.printed, pages: r.pages, problems };
  },
};
