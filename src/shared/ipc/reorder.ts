/** IPC requests and answers of the low-stock screen and the reorder rules (issue 18). */
import { z } from 'zod';

/** A rule as the desk keeps it; warehouse '' = the product over every warehouse. */
export interface ReorderRuleView {
  productId: number;
  warehouse: string;
  min: number;
  reorder: number;
  supplierId: number | null;
  supplierName: string | null;
  /** Written on this desk and not yet confirmed by the server. */
  pending: boolean;
}

/** A product and scope below its minimum, with the figures the list shows (all in the product's unit). */
export interface LowStockRow extends ReorderRuleView {
  name: string;
  itemNumber: string | null;
  unit: string;
  onHand: number;
  /** Reserved by finalized, unshipped orders. */
  reserved: number;
  /** Still to come on open purchase orders, including those this desk queued. */
  incoming: number;
  /** onHand − reserved + incoming. */
  available: number;
  /** The reorder quantity, or what brings available up to the minimum if that is more. */
  suggested: number;
}

export interface LowStockView {
  /** false when the server is known to lack the extensions (getReorderRules / setPurchaseOrder); null while unknown. */
  supported: boolean | null;
  /** Rules the desk keeps (to tell "nothing is low" from "no rule set"). */
  rules: number;
  /** When the rules were last read from the server; null when never. */
  fetchedAt: string | null;
  rows: LowStockRow[];
}

/** A purchase order this desk queued: its server code once confirmed. */
export interface PostedPo { entryId: number; projectCode: string | null }

const quantity = z.number().min(0, 'must be 0 or more').max(1e9);

export const reorderRuleRequest = z.strictObject({
  productId: z.number().int(),
  warehouse: z.string().max(100).default(''),
  min: quantity,
  reorder: quantity,
  supplierId: z.number().int().positive().nullable().default(null),
  remove: z.boolean().default(false),
});

export const purchaseOrderRequest = z.strictObject({
  contactId: z.number().int().positive(),
  warehouse: z.string().trim().min(1, 'choose the warehouse to receive into').max(100),
  lines: z.array(z.strictObject({ productId: z.number().int(), quantity: z.number().positive('must be greater than 0').max(1e9) })).min(1, 'tick at least one line').max(1000),
});
