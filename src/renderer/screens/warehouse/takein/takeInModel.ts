/**
 * The take-in receipt as the clerk builds it: text as typed (so a half-typed "12," survives a
 * draft round trip), turned into the `stock.takeIn` request only when posting.
 */
import type { ProductRow, RequestOf } from '@shared/ipc';
import { isCalendarDate } from '@shared/protocol/fields';
import { parseNumberInput } from '../../../lib/format';

export interface TakeInLine {
  /** Stable row key for React; lines can be removed from the middle. */
  key: string;
  productId: number;
  name: string;
  code: string;
  unit: string;
  quantity: string;
  price: string;
  currency: string;
  fxRate: string;
  batchNo: string;
  expireDate: string;
  countryCode: string;
}

export interface TakeInDraft {
  warehouse: string;
  stockLabel: string;
  supplier: { id: number; name: string } | null;
  date: string;
  lines: TakeInLine[];
}

export const emptyTakeIn = (warehouse = ''): TakeInDraft => ({ warehouse, stockLabel: '', supplier: null, date: '', lines: [] });

export function isTakeInDraft(v: unknown): v is TakeInDraft {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Partial<TakeInDraft>;
  return typeof d.warehouse === 'string' && typeof d.stockLabel === 'string' && Array.isArray(d.lines) && d.lines.every((l) => typeof l?.productId === 'number' && typeof l.quantity === 'string');
}

const HOME_CURRENCY = 'HUF';

/** A scan of a product already on the receipt adds one to its line; a new product gets a line of 1. */
export function addProduct(draft: TakeInDraft, p: ProductRow, newKey: () => string): { draft: TakeInDraft; key: string } {
  const existing = draft.lines.find((l) => l.productId === p.id);
  if (existing) {
    const q = parseNumberInput(existing.quantity);
    const next = q === null || Number.isNaN(q) ? existing.quantity : String(q + 1);
    return { draft: { ...draft, lines: draft.lines.map((l) => (l === existing ? { ...l, quantity: next } : l)) }, key: existing.key };
  }
  const line: TakeInLine = {
    key: newKey(),
    productId: p.id,
    name: p.name,
    code: p.ean ?? p.itemNumber ?? '',
    unit: p.unit,
    quantity: '1',
    price: '',
    currency: HOME_CURRENCY,
    fxRate: '',
    batchNo: '',
    expireDate: '',
    countryCode: '',
  };
  return { draft: { ...draft, lines: [...draft.lines, line] }, key: line.key };
}

/** Message keys of the warehouse namespace, so the screen translates them. */
export type TakeInProblem = 'required' | 'positive' | 'notNegative' | 'number' | 'currency' | 'fxRequired' | 'date' | 'country' | 'noLines';

export type TakeInErrors = Map<string, TakeInProblem>;

/** Checks the receipt the way the core will, so most mistakes show before anything is sent. */
export function validateTakeIn(d: TakeInDraft): TakeInErrors {
  const errors: TakeInErrors = new Map();
  if (!d.warehouse.trim()) errors.set('warehouse', 'required');
  if (!d.supplier) errors.set('contactId', 'required');
  if (d.date && !(/^\d{4}-\d{2}-\d{2}$/.test(d.date) && isCalendarDate(d.date))) errors.set('date', 'date');
  if (d.lines.length === 0) errors.set('lines', 'noLines');
  d.lines.forEach((l, i) => {
    const at = (f: string) => `lines[${i}].${f}`;
    const q = parseNumberInput(l.quantity);
    if (q === null) errors.set(at('quantity'), 'required');
    else if (Number.isNaN(q)) errors.set(at('quantity'), 'number');
    else if (q <= 0) errors.set(at('quantity'), 'positive');
    const price = parseNumberInput(l.price);
    if (price !== null && Number.isNaN(price)) errors.set(at('price'), 'number');
    else if (price !== null && price < 0) errors.set(at('price'), 'notNegative');
    const currency = l.currency.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) errors.set(at('currency'), 'currency');
    const fx = parseNumberInput(l.fxRate);
    if (currency !== HOME_CURRENCY && /^[A-Z]{3}$/.test(currency)) {
      if (fx === null) errors.set(at('fxRate'), 'fxRequired');
      else if (Number.isNaN(fx) || fx <= 0) errors.set(at('fxRate'), 'positive');
    }
    if (l.expireDate && !(/^\d{4}-\d{2}-\d{2}$/.test(l.expireDate) && isCalendarDate(l.expireDate))) errors.set(at('expireDate'), 'date');
    if (l.countryCode.trim() && !/^[A-Za-z]{2}$/.test(l.countryCode.trim())) errors.set(at('countryCode'), 'country');
  });
  return errors;
}

/** The request for a receipt that passed validateTakeIn. */
export function toTakeInRequest(d: TakeInDraft): RequestOf<'stock.takeIn'> {
  if (!d.supplier) throw new Error('toTakeInRequest needs a supplier');
  return {
    warehouse: d.warehouse.trim(),
    stockLabel: d.stockLabel.trim(),
    contactId: d.supplier.id,
    ...(d.date ? { date: d.date } : {}),
    lines: d.lines.map((l) => {
      const currency = l.currency.trim().toUpperCase();
      const price = parseNumberInput(l.price);
      return {
        productId: l.productId,
        quantity: parseNumberInput(l.quantity) ?? 0,
        ...(price !== null ? { price } : {}),
        currency,
        ...(currency !== HOME_CURRENCY ? { fxRate: parseNumberInput(l.fxRate) ?? undefined } : {}),
        ...(l.batchNo.trim() ? { batchNo: l.batchNo.trim() } : {}),
        ...(l.expireDate ? { expireDate: l.expireDate } : {}),
        ...(l.countryCode.trim() ? { countryCode: l.countryCode.trim().toUpperCase() } : {}),
      };
    }),
  };
}
