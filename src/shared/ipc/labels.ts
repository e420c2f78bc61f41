/** The labels screen's channel: what to print on which stock, and what came of it. */
import { z } from 'zod';
import { SHEET_IDS } from '../labels/sheets';
import type { BarcodeProblem } from '../labels/barcode';

const copies = z.number().int().min(1, 'print at least 1 copy').max(999, 'print at most 999 copies of one label');

export const labelsPdfRequest = z.strictObject({
  language: z.enum(['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES']),
  sheet: z.enum(SHEET_IDS),
  /** Places already used on the first sheet (the planner checks it against the sheet's size). */
  skip: z.number().int().min(0).max(99),
  products: z.array(z.strictObject({ productId: z.number().int(), copies })).max(500, 'print labels for at most 500 products at a time'),
  /** `warehouse` as the screen names it: it is printed as it is. */
  bins: z.array(z.strictObject({ warehouse: z.string().min(1).max(100), bin: z.string().trim().min(1).max(100), copies })).max(500, 'print at most 500 bins at a time'),
});
export type LabelsPdfRequest = z.output<typeof labelsPdfRequest>;

/** The barcode's problems, and a product no longer in the mirror. */
export type LabelProblem = BarcodeProblem | 'not_found';

export interface LabelsPdfResult {
  filename: string;
  /** base64; null when no label could be printed (then `problems` says why). */
  pdf: string | null;
  printed: number;
  pages: number;
  /** Products and bins on no label: the product's id and name, or the bin, and why. */
  problems: Array<{ kind: 'product'; productId: number; name: string; problem: LabelProblem } | { kind: 'bin'; warehouse: string; bin: string; problem: LabelProblem }>;
}
