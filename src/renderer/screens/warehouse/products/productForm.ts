/**
 * The product form's values and their checking. The rules are the shared setProduct schema itself
 * (what the server will apply), plus the take-in fields that only make sense together.
 */
import { z } from 'zod';
import { setProductParams } from '@shared/protocol/schemas/product';
import { vatRateMessage } from '@shared/vat/rates';
import type { PickedContact } from '../../../components/pickers';
import { parseNumberInput } from '../../../lib/format';

export const TEXT_FIELDS = [
  'product_name', 'item_number', 'ean_number', 'unit', 'currency', 'manufacturer', 'product_group', 'foreign_item_number',
  'vtsz_number', 'country_code', 'description', 'tags',
] as const;
export const NUMBER_FIELDS = ['vat', 'list_price', 'purchase_price', 'wholesale_price', 'net_weight'] as const;
export const TAKEIN_FIELDS = [
  'takein_quantity', 'takein_warehouse', 'takein_price', 'takein_currency', 'takein_fxrate', 'takein_date', 'takein_batch_no',
  'takein_expire_date', 'takein_country_code',
] as const;

type Text = (typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | (typeof TAKEIN_FIELDS)[number];

/** Everything as typed: text boxes hold strings, the schema turns them into numbers. */
export type ProductFormValues = Record<Text, string> & {
  service: boolean;
  action: boolean;
  /** The supplier picked for the take-in; the parameters carry only its id. */
  takein_contact_id: PickedContact | null;
};

export const newProductValues = (code = '', unit = 'pcs'): ProductFormValues => {
  const ean = /^\d{8}$|^\d{12,14}$/.test(code);
  const blank = Object.fromEntries([...TEXT_FIELDS, ...NUMBER_FIELDS, ...TAKEIN_FIELDS].map((k) => [k, ''])) as Record<Text, string>;
  return { ...blank, unit, currency: 'HUF', vat: '27', takein_currency: 'HUF', ean_number: ean ? code : '', item_number: ean ? '' : code, service: false, action: false, takein_contact_id: null };
};

/** A stored record (the server's field names) as form values. */
export function valuesFromRecord(record: Record<string, unknown>, unit = 'pcs'): ProductFormValues {
  const v = newProductValues('', unit);
  for (const k of [...TEXT_FIELDS, ...NUMBER_FIELDS]) {
    const x = record[k];
    if (k === 'tags' && Array.isArray(x)) v.tags = x.map(String).join(', ');
    else if (typeof x === 'string' || typeof x === 'number') v[k] = String(x);
  }
  v.service = record.service === 1 || record.service === true;
  v.action = record.action === 1 || record.action === true;
  return v;
}

const NUMERIC = new Set<string>([...NUMBER_FIELDS, 'takein_quantity', 'takein_price', 'takein_fxrate']);

/**
 * A money or quantity box read by the desk's one number parser, as take-in and payments read
 * theirs: "47 990", "1 234,5" and "1234.5" are numbers. What is not a number stays text, so the
 * schema names the field and the value.
 */
function asNumber(s: string): number | string {
  const n = parseNumberInput(s);
  return n === null || Number.isNaN(n) ? s : n;
}

/**
 * Form values as setProduct parameters. Blank boxes are left out, except text that had a value
 * when editing: sending "" is how a stored text is cleared.
 */
export function toParams(values: ProductFormValues, clearable: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of [...TEXT_FIELDS, ...NUMBER_FIELDS, ...TAKEIN_FIELDS]) {
    const s = values[k].trim();
    if (s !== '') out[k] = NUMERIC.has(k) ? asNumber(s) : s;
    else if (clearable.has(k)) out[k] = '';
  }
  out.service = values.service ? 1 : 0;
  out.action = values.action ? 1 : 0;
  if (values.takein_contact_id) out.takein_contact_id = values.takein_contact_id.id;
  const takingIn = out.takein_quantity !== undefined;
  // Without a quantity the take-in fields mean nothing; they would only trip the server.
  if (!takingIn) for (const k of Object.keys(out)) if (k.startsWith('takein_')) delete out[k];
  return out;
}

/** The shared schema, with what a take-in additionally needs. */
export const productSchema = setProductParams.superRefine((p, ctx) => {
  // The desk works for a Hungarian account (NAV invoicing): the server refuses any other rate.
  const vat = vatRateMessage('HU', p.vat);
  if (vat) ctx.addIssue({ code: 'custom', path: ['vat'], message: vat });
  if (p.takein_quantity === undefined || p.takein_quantity === 0) return;
  if (!p.takein_warehouse) ctx.addIssue({ code: 'custom', path: ['takein_warehouse'], message: 'is required for a take-in' });
  if (!p.takein_contact_id) ctx.addIssue({ code: 'custom', path: ['takein_contact_id'], message: 'is required for a take-in' });
  const cur = p.takein_currency ?? 'HUF';
  if (cur !== 'HUF' && !p.takein_fxrate) ctx.addIssue({ code: 'custom', path: ['takein_fxrate'], message: 'is needed when the currency is not HUF' });
});

export type ProductParams = z.output<typeof productSchema>;

/** What the form's resolver checks: the values as parameters, then the shared schema. */
export const productFormSchema = (clearable: ReadonlySet<string>) =>
  z
    .custom<ProductFormValues>((v) => typeof v === 'object' && v !== null)
    .transform((v) => toParams(v, clearable))
    .pipe(productSchema);
