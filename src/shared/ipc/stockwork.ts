/** IPC requests and answers of the stock history and transfer screens (issue 18). */
import { z } from 'zod';
import type { Movement } from '../protocol/schemas/stockwork';

/** The history of a product in a scope, as a screen shows it. */
export interface StockHistoryView {
  /** false when the server is known to lack the extension (capability getStockHistory): the screen says so. */
  supported: boolean;
  /** true when this came from the server just now; false when it is the mirror's kept copy (offline, or the call failed). */
  fresh: boolean;
  /** When the shown movements were read from the server; null when never. */
  fetchedAt: string | null;
  movements: Movement[];
  /** Older movements exist on the server. */
  more: boolean;
}

/** Whether the server has the warehouse-work extensions; null while it has not been reached since start. */
export interface StockFeatures { history: boolean | null; transfer: boolean | null }

export const stockHistoryRequest = z.strictObject({
  productId: z.number().int(),
  warehouse: z.string().max(100).default(''),
  stockLabel: z.string().max(100).default(''),
  /** The last movement shown: older ones (online only). */
  before: z.strictObject({ receiptId: z.number().int().positive(), line: z.number().int().positive() }).optional(),
});

export const stockTransferRequest = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  lines: z
    .array(
      z.strictObject({
        productId: z.number().int(),
        quantity: z.number().positive('must be greater than 0'),
        fromWarehouse: z.string().trim().min(1, 'choose the warehouse to move from').max(100),
        fromStockLabel: z.string().max(100).default(''),
        toWarehouse: z.string().trim().min(1, 'choose the warehouse to move to').max(100),
        toStockLabel: z.string().max(100).default(''),
      }),
    )
    .min(1, 'add at least one line')
    .max(1000),
});
