import { z } from 'zod';
import { cleanText, optText, textCheck } from '../fields';
import { fitsMax, INVALID, isPlainObject, matches, withFast } from '../fast';

/**
 * Custom fields: name → value. A checkbox/radio field carries its choices as `node` children in
 * XML (`<Color><node>red</node></Color>`) and as `{"node": ...}` in JSON; both decode to a list.
 */
const CUSTOM_NAME = /^[A-Za-z_][A-Za-z0-9_.\-\u00C0-\u024F]{0,63}$/;

export const customFields = () =>
  withFast(
    z
      .record(
        z
          .string()
          .regex(
            CUSTOM_NAME,
            // The renderer maps this exact wording to its translation (renderer/lib/fieldErrors.ts).
            'custom field names must be XML names of at most 64 characters',
          ),
        z.union(
          [
            z.string().max(1000, 'must be at most 1000 characters').check(textCheck),
            z.array(z.string().max(1000, 'must be at most 1000 characters').check(textCheck)).max(100, 'must have at most 100 `node` values'),
          ],
          { error: () => 'must be text, or a list of `node` values for a checkbox or radio field' },
        ),
      )
      .optional(),
    () => fastCustomFields,
  );

/** Twin of the record above, as zod's record walks it: own enumerable keys, `__proto__` skipped. */
function fastCustomFields(v: unknown): unknown {
  if (v === undefined) return undefined;
  if (!isPlainObject(v)) return INVALID;
  const out: Record<string, unknown> = {};
  for (const key of Reflect.ownKeys(v)) {
    if (key === '__proto__') continue;
    if (!Object.prototype.propertyIsEnumerable.call(v, key)) continue;
    if (typeof key !== 'string' || !matches(CUSTOM_NAME, key)) return INVALID;
    const x = v[key];
    if (typeof x === 'string') {
      if (!fitsMax(x, 1000) || !cleanText(x)) return INVALID;
      out[key] = x;
    } else if (Array.isArray(x)) {
      if (x.length > 100) return INVALID;
      const list = new Array<unknown>(x.length);
      for (let i = 0; i < x.length; i++) {
        const s: unknown = x[i];
        if (typeof s !== 'string' || !fitsMax(s, 1000) || !cleanText(s)) return INVALID;
        list[i] = s;
      }
      out[key] = list;
    } else return INVALID;
  }
  return out;
}

export type CustomFields = Record<string, string | string[]>;

/** Address block shared by contacts, warehouses and the letterheads in results. */
export const addressFields = {
  postal_code: optText(16),
  city: optText(100),
  street: optText(200),
};

/** Every quantity row the server reports. */
export const quantityRow = z.object({
  product_id: z.number(),
  warehouse: z.string(),
  stock_label: z.string().optional(),
  deliverable: z.number(),
  pending: z.number(),
  available: z.number(),
});
export type QuantityRow = z.infer<typeof quantityRow>;

/** Amount totals of an order or invoice (decimal numbers rounded to the currency). */
export const totals = z.object({
  net: z.number(),
  vat: z.number(),
  gross: z.number(),
  net_huf: z.number().optional(),
  vat_huf: z.number().optional(),
  gross_huf: z.number().optional(),
});
