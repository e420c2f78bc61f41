/** IPC of the Valuation screen (issue 18): the server's getStockValuation, kept for offline reading, and its PDF. */
import { z } from 'zod';
import type { Result } from '../protocol/catalog';

export type StockValuation = Result<'getStockValuation'>;

export const valuationRequest = z.strictObject({
  /** YYYY-MM-DD; absent = today. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date').optional(),
  /** '' = every warehouse. */
  warehouse: z.string().max(100).default(''),
  /** null = every group; '' = products without a group. */
  productGroup: z.string().max(200).nullable().default(null),
});
export type ValuationRequest = z.output<typeof valuationRequest>;

export interface ValuationView {
  /** false when the server is known to lack the extension (capability getStockValuation). */
  supported: boolean;
  /** true when read from the server just now; false when it is the last one kept (offline, or the call failed). */
  fresh: boolean;
  /** When `valuation` was read from the server; null when none is kept. */
  fetchedAt: string | null;
  /** What `valuation` was asked with (offline: the kept one's, which may differ from the request). */
  request: ValuationRequest | null;
  valuation: StockValuation | null;
}

export const valuationPdfRequest = valuationRequest.extend({
  language: z.enum(['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES']),
});
