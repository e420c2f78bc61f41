/**
 * Protocol parameters as the screens send them: a reference to something made offline (an order,
 * a product, an invoice) is its negative local id until the server assigns the real one, and the
 * core's outbox rewrites it before sending (src/main/core/outbox/ids.ts). The protocol schemas
 * accept server ids only, so the channel checks the parameters with each local id standing in as
 * a valid id, then hands the core the parameters with the local ids back in place.
 */
import { z } from 'zod';
import { METHODS } from '../protocol/catalog';

/** Where local ids may sit: top-level fields, and fields of the items of lists. */
export interface LocalIdRefs {
  fields?: readonly string[];
  lists?: Readonly<Record<string, readonly string[]>>;
}

interface Slot {
  list?: string;
  index?: number;
  field: string;
  value: number;
}

const isLocal = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v < 0;
/** Any positive id passes the protocol's id() check; the real value goes back after parsing. */
const STAND_IN = 1;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function standIn(raw: unknown, refs: LocalIdRefs): { probe: unknown; slots: Slot[] } {
  if (!isRecord(raw)) return { probe: raw, slots: [] };
  const probe: Record<string, unknown> = { ...raw };
  const slots: Slot[] = [];
  for (const field of refs.fields ?? []) {
    const value = probe[field];
    if (isLocal(value)) {
      slots.push({ field, value });
      probe[field] = STAND_IN;
    }
  }
  for (const [list, fields] of Object.entries(refs.lists ?? {})) {
    const items = probe[list];
    if (!Array.isArray(items)) continue;
    probe[list] = items.map((item: unknown, index) => {
      if (!isRecord(item)) return item;
      const copy = { ...item };
      for (const field of fields) {
        const value = copy[field];
        if (isLocal(value)) {
          slots.push({ list, index, field, value });
          copy[field] = STAND_IN;
        }
      }
      return copy;
    });
  }
  return { probe, slots };
}

/** `schema`, with negative (local) ids allowed at `refs`; everything else is checked exactly as before. */
export function allowLocalIds<S extends z.ZodType>(schema: S, refs: LocalIdRefs): z.ZodType<z.output<S>, z.input<S>> {
  const wrapped = z.unknown().transform((raw, ctx) => {
    const { probe, slots } = standIn(raw, refs);
    const r = schema.safeParse(probe);
    if (!r.success) {
      for (const issue of r.error.issues) ctx.addIssue({ ...issue, input: undefined } as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    }
    const out = r.data as Record<string, unknown>;
    for (const s of slots) {
      if (s.list === undefined) out[s.field] = s.value;
      else {
        const items = out[s.list];
        const item = Array.isArray(items) && s.index !== undefined ? (items[s.index] as unknown) : undefined;
        if (isRecord(item)) item[s.field] = s.value;
      }
    }
    return out as z.output<S>;
  });
  return wrapped as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

/** setOrder and setInvoice parameters as the screens send them (and check them before sending). */
export const setOrderParamsLocal = allowLocalIds(METHODS.setOrder.params, { lists: { items: ['product_id'] } });
export const setInvoiceParamsLocal = allowLocalIds(METHODS.setInvoice.params, { fields: ['order_id', 'storno_id', 'from_proforma_id'], lists: { items: ['product_id'] } });
