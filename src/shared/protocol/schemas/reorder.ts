/**
 * Reorder extensions of the product area (issue 18): minimum levels and reorder quantities per product,
 * optionally per warehouse (capabilities "setReorderRule", "getReorderRules"), and purchase orders created
 * by a clerk (capability "setPurchaseOrder"). docs/api-product.md, "Reorder", describes them.
 */
import { z } from 'zod';
import { currency, flag, id, int, list, num, opt, optText, requestId } from '../fields';

/** At most this many rules per page of getReorderRules. */
export const REORDER_PAGE = 1000;
/** At most this many lines per purchase order from setPurchaseOrder. */
export const PO_LINES_MAX = 1000;

const quantity = () => num({ min: 0, max: 1e9 });

const rule = z.object({
  rule_id: z.number(),
  product_id: z.number(),
  /** The warehouse the rule watches; absent = the product's stock over every warehouse. */
  warehouse: z.string().optional(),
  min_quantity: z.number(),
  reorder_quantity: z.number(),
  supplier: z.object({ contact_id: z.number(), name: z.string() }).optional(),
  /** Still to come on open purchase orders (ordered less received) into the rule's scope. */
  incoming: z.number(),
  updated_at: z.string(),
});
export type ReorderRule = z.output<typeof rule>;

const poLine = z.strictObject({
  product_id: id(),
  quantity: num({ positive: true, max: 1e9 }),
  /** Unit purchase price, in the order's currency. */
  price: opt(num({ min: 0, max: 1e12 })),
});

export const reorder = {
  setReorderRule: {
    params: z.strictObject({
      product_id: id(),
      /** One warehouse; absent or "" = the product over every warehouse. */
      warehouse: optText(100),
      min_quantity: quantity(),
      reorder_quantity: quantity(),
      /** The supplier to order from (a supplier contact); absent = none preferred. */
      supplier_contact_id: opt(id()),
      /** 1 = delete the rule of this product and scope (the quantities are then ignored). */
      remove: opt(flag()),
      request_id: requestId(),
    }),
    result: z.object({
      /** 0 after a removal. */
      rule_id: z.number(),
      removed: z.number(),
      rule: rule.optional(),
    }),
  },
  getReorderRules: {
    params: z.strictObject({
      /** Only this product's rules. */
      product_id: opt(id()),
      after_id: opt(int({ min: 0 })),
    }),
    result: z.object({
      rules: z.array(rule),
      last_id: z.number(),
      more: z.number(),
      server_time: z.string(),
    }),
  },
  setPurchaseOrder: {
    params: z.strictObject({
      contact_id: id(),
      warehouse: optText(100),
      currency: opt(currency()),
      lines: list(poLine, { min: 1, max: PO_LINES_MAX, what: 'purchase order lines' }),
      request_id: requestId(),
    }),
    result: z.object({
      po_id: z.number(),
      project_code: z.string(),
      status: z.string(),
      warehouse: z.string(),
      created_at: z.string(),
    }),
  },
} as const;
