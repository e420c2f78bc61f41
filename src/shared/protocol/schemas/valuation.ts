/**
 * Extension getStockValuation (issue 18, capability "getStockValuation"): the stock's value at the
 * end of a business day at moving-average purchase cost, per warehouse and product group.
 * docs/valuation.md has the method and its rounding.
 */
import { z } from 'zod';
import { date, opt, optText } from '../fields';

/** A valuation reading more ledger moves than this is refused: narrow it by warehouse or product group. */
export const VALUATION_MOVES_MAX = 1_000_000;
/** Nor more lines (product × warehouse) than this. */
export const VALUATION_LINES_MAX = 50_000;

const line = z.object({
  warehouse: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  /** "" = no group. */
  product_group: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** The full-precision average rounded to 4 decimals, for reading; value is computed from the full one. */
  average_cost: z.number(),
  /** quantity × average, rounded to the home currency's decimals (HUF: whole forints). */
  value: z.number(),
  /** 1 when some of the quantity came in without a price before any priced take-in (valued at 0). */
  unpriced: z.number(),
});
export type ValuationLine = z.output<typeof line>;

export const valuation = {
  getStockValuation: {
    params: z.strictObject({
      /** The business day whose end is valued (YYYY-MM-DD); absent = today in Budapest. */
      date: opt(date()),
      /** One warehouse's lines; absent or "*" = every warehouse. */
      warehouse: optText(100),
      /** One product group's lines (exact name; "" = products without a group); absent = every group. */
      product_group: optText(200),
    }),
    result: z.object({
      date: z.string(),
      /** The home currency every cost and value is in. */
      currency: z.string(),
      lines: z.array(line),
      group_subtotals: z.array(z.object({ warehouse: z.string(), product_group: z.string(), value: z.number() })),
      warehouse_subtotals: z.array(z.object({ warehouse: z.string(), value: z.number() })),
      group_totals: z.array(z.object({ product_group: z.string(), value: z.number() })),
      /** The sum of the lines' rounded values. */
      total_value: z.number(),
      /** How many lines are marked unpriced. */
      unpriced_lines: z.number(),
      server_time: z.string(),
    }),
  },
} as const;
