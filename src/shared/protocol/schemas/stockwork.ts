/**
 * Warehouse-work extensions of the product area (issue 18): a product's stock history (capability
 * "getStockHistory") and transfers between warehouses and bins (capability "setTransfer").
 * docs/api-product.md, "Stock history and transfers", describes both.
 */
import { z } from 'zod';
import { date, id, int, list, num, opt, optText, requestId, text } from '../fields';

/** At most this many movements per page of getStockHistory (and the default when limit is absent: 100). */
export const HISTORY_PAGE_MAX = 500;
/** At most this many lines per transfer. */
export const TRANSFER_LINES_MAX = 1000;

/** What a movement in the history is: the receipt's kind, or transfer for a transfer's receipts. */
export const MOVEMENT_KINDS = ['takein', 'wasting', 'delivery', 'po_takein', 'transfer'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const movement = z.object({
  receipt_id: z.number(),
  line: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  /** The receipt's business date (YYYY-MM-DD). */
  date: z.string(),
  /** When the server wrote it (ISO timestamp). */
  posted_at: z.string(),
  warehouse: z.string(),
  /** The bin ("" = no label). */
  stock_label: z.string(),
  /** Signed: positive in, negative out. */
  quantity: z.number(),
  /** The level of the asked scope (product, its warehouse, its bin) right after this movement. */
  balance: z.number(),
  price: z.number().optional(),
  currency: z.string().optional(),
  contact_id: z.number().optional(),
  partner: z.string().optional(),
  order_id: z.number().optional(),
  po_id: z.number().optional(),
  invoice_id: z.number().optional(),
  transfer_id: z.number().optional(),
  /** Extension (capability "roles"): the name of the user who posted it; absent for an owner session or older rows. */
  created_by: z.string().optional(),
});
export type Movement = z.output<typeof movement>;

const transferLine = z.strictObject({
  product_id: id(),
  quantity: num({ positive: true, max: 1e9 }),
  from_warehouse: text(100),
  from_stock_label: optText(100),
  to_warehouse: text(100),
  to_stock_label: optText(100),
});

const stockRow = z.object({ product_id: z.number(), warehouse: z.string(), stock_label: z.string(), deliverable: z.number() });

export const stockwork = {
  getStockHistory: {
    params: z.strictObject({
      product_id: id(),
      /** One warehouse; absent = every warehouse. */
      warehouse: optText(100),
      /** One bin of that warehouse ("" or absent = every bin); needs warehouse. */
      stock_label: optText(100),
      /** Keyset: the page after the movement (before_receipt_id, before_line), i.e. older ones. */
      before_receipt_id: opt(id()),
      before_line: opt(id()),
      limit: opt(int({ min: 1, max: HISTORY_PAGE_MAX })),
    }),
    result: z.object({
      product_id: z.number(),
      /** Newest first. */
      movements: z.array(movement),
      /** 1 when older movements exist: ask again with the last movement's receipt_id and line. */
      more: z.number(),
      server_time: z.string(),
    }),
  },
  setTransfer: {
    params: z.strictObject({
      date: opt(date()),
      lines: list(transferLine, { min: 1, max: TRANSFER_LINES_MAX, what: 'transfer lines' }),
      request_id: requestId(),
    }),
    result: z.object({
      transfer_id: z.number(),
      date: z.string(),
      /** On hand after the transfer at every place it touched (product × warehouse × bin). */
      stock: z.array(stockRow),
    }),
  },
} as const;
