/** IPC requests and answers of the receiving screen: scanning goods against a purchase order (issue 18). */
import { z } from 'zod';
import type { Result } from '../protocol/catalog';

/** One expected line of an order, as the desk knows it: the server's figures plus what waits in the outbox. */
export interface ReceivingLine {
  productId: number;
  productName: string;
  /** Ordered. */
  expected: number;
  /** Received according to the server. */
  received: number;
  /** Queued in this desk's outbox, not yet confirmed by the server. */
  pending: number;
  /** expected − received − pending, never below 0. */
  remaining: number;
}

export interface ReceivingOrder {
  poId: number;
  projectCode: string;
  /** open, partially_received (server figures; pending receipts are in the lines). */
  receivingStatus: string;
  supplier: string;
  warehouse: string;
  createdAt: string;
  lines: ReceivingLine[];
}

export interface ReceivingView {
  /** false when the server is known to lack partial receipts (capability setPOTakeIn.items); null while not yet reached. */
  supported: boolean | null;
  /** true when the list was read from the server just now; false when it is the mirror's copy. */
  fresh: boolean;
  /** When the list was last read from the server; null when never. */
  fetchedAt: string | null;
  orders: ReceivingOrder[];
}

export const receivingPostRequest = z.strictObject({
  poId: z.number().int().positive(),
  /** The bin the goods go into ('' = none), in the order's warehouse. */
  stockLabel: z.string().trim().max(100).default(''),
  lines: z
    .array(
      z.strictObject({
        productId: z.number().int(),
        quantity: z.number().positive('must be greater than 0'),
        batchNo: z.string().trim().max(100).optional(),
        expireDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)').optional(),
      }),
    )
    .max(1000),
  /** Close the order after this receipt even if lines remain (closed short). */
  close: z.boolean().default(false),
});

/**
 * The goods receipt (PO) screen's open orders: the server's, or offline the ones this desk last read
 * (`keptAt`: when), so the screen can say the list may be out of date.
 */
export interface PoOpenList {
  orders: Result<'getPOs'>['purchase_orders'];
  keptAt: string | null;
}

/** A purchase order as the server answers it, or offline as this desk last read it (`keptAt`). */
export type PoRead = Result<'getPO'> & { keptAt?: string };
