/**
 * Invoice lines from the request (or from an original, a proforma, an order) to priced, storable
 * lines. Every amount comes from @shared/money, so the desktop app's preview and the issued invoice
 * agree to the unit.
 */
import { computeTotals, MoneyError, type DocumentTotals } from '@shared/money';
import { invalid, notFound, reason, type CustomFields, type ErrorDetail, type Params, type Reason } from '@shared/protocol';
import { VAT_RATES } from '@shared/vat/rates';
import type { Sql } from '../../db/sql';
import type { CustomFieldDef } from '../../repos/customFields';
import type { Amounts, Crdr, InvoiceLineData } from '../../repos/invoices';
import { getProductById } from '../../repos/products';
import { checkCustomFields } from './customFields';

export type ItemParams = NonNullable<Params<'setInvoice'>['items']>[number];

/** A line before pricing; numbers are canonical decimal strings. */
export interface LineRequest {
  name: string;
  description?: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
  productId?: number;
  vtsz?: string;
  deposit: boolean;
  customFields?: CustomFields;
}

/** The rates a Hungarian seller may charge; anything else on an outgoing invoice is a typing mistake. */
export const HU_VAT_RATES = VAT_RATES.HU!;

const isOurs = (crdr: Crdr) => crdr === 'outgoing' || crdr === 'advance out';

/** The reason for the first line of an invoice we issue whose rate is not Hungarian (the details name every such line). */
export function vatRefusal(lines: LineRequest[], crdr: Crdr, at = (i: number) => `items[${i}]`): Reason | undefined {
  const i = isOurs(crdr) ? lines.findIndex((l) => !HU_VAT_RATES.includes(l.vatRate)) : -1;
  if (i === -1) return undefined;
  return reason('vat_rate_not_allowed', { rate: Number(lines[i]!.vatRate), allowed: HU_VAT_RATES.join(', '), country: 'HU', field: `${at(i)}.vat`, product_id: lines[i]!.productId });
}

/** The shortest decimal of a JSON/XML number ("0.1", "12", "1.5"). */
export const dec = (n: number) => String(n);

export function requestLines(items: ItemParams[]): LineRequest[] {
  return items.map((it) => ({
    name: it.name,
    description: it.description || undefined,
    unit: it.unit,
    quantity: dec(it.quantity),
    unitPrice: dec(it.unit_price),
    discount: dec(it.discount ?? 0),
    vatRate: dec(it.vat),
    productId: it.product_id,
    deposit: it.deposit === 1,
    customFields: it.custom_fields,
  }));
}

/**
 * Checks what the schema cannot know (the account's products and line custom fields, the VAT rates
 * an outgoing invoice may use) and fills each line's VTSZ from its product. `at` maps a line index
 * to its field path in the request ("items[2]").
 */
export async function checkLines(
  db: Sql, accountId: number, lines: LineRequest[], crdr: Crdr, itemDefs: CustomFieldDef[], details: ErrorDetail[], at = (i: number) => `items[${i}]`,
): Promise<LineRequest[]> {
  const ours = isOurs(crdr);
  const checked: LineRequest[] = [];
  for (const [i, l] of lines.entries()) {
    const out: LineRequest = { ...l };
    if (ours && !HU_VAT_RATES.includes(l.vatRate)) {
      details.push({ field: `${at(i)}.vat`, message: `must be one of the Hungarian VAT rates 27, 18, 5 or 0 on an invoice we issue; got ${l.vatRate}` });
    }
    if (l.deposit && l.vatRate !== '0') {
      details.push({ field: `${at(i)}.vat`, message: 'must be 0 on a deposit line: a deposit is not consideration for a supply and carries no VAT' });
    }
    if (l.productId !== undefined) {
      const product = await getProductById(db, accountId, l.productId);
      if (!product) {
        throw notFound(`Product ${l.productId} (${at(i)}.product_id) does not exist in your account.`, [{ field: `${at(i)}.product_id`, message: 'no product with this id in your account' }],
          reason('unknown_record', { kind: 'product', id: String(l.productId), field: `${at(i)}.product_id` }));
      }
      out.vtsz = l.vtsz ?? product.vtszNumber ?? undefined;
    }
    out.customFields = checkCustomFields(itemDefs, l.customFields, `${at(i)}.custom_fields`, 'invoice lines', details);
    checked.push(out);
  }
  return checked;
}

const MONEY_FIELDS: Record<string, string> = { quantity: 'quantity', unitPrice: 'unit_price', discountPercent: 'discount', vatRate: 'vat' };

/** "lines[2].unitPrice" (money module) → "items[2].unit_price" (the request). */
function requestField(field: string, at: (i: number) => string): string {
  const m = /^lines\[(\d+)\](?:\.(\w+))?$/.exec(field);
  if (!m) return field === 'fxRate' ? 'fx_rate' : field;
  const base = at(Number(m[1]));
  return m[2] ? `${base}.${MONEY_FIELDS[m[2]] ?? m[2]}` : base;
}

export interface PricedLines {
  lines: InvoiceLineData[];
  vatSummary: DocumentTotals['vatSummary'];
  totals: Amounts;
}

export function priceLines(lines: LineRequest[], currency: string, fxRate: string | undefined, at = (i: number) => `items[${i}]`): PricedLines {
  let computed: DocumentTotals;
  try {
    computed = computeTotals(
      lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discount, vatRate: l.vatRate })),
      currency,
      fxRate,
    );
  } catch (e) {
    if (!(e instanceof MoneyError)) throw e;
    const field = requestField(e.field, at);
    const message = e.message.replace(/^lines\[\d+\]\.\w+ /, '').replace(/^fxRate /, '');
    throw invalid(`setInvoice: ${field} ${message}.`, [{ field, message }]);
  }
  return {
    lines: lines.map((l, i) => {
      const a = computed.lines[i]!;
      return { lineNo: i + 1, ...l, net: a.net, vat: a.vat, gross: a.gross, netHuf: a.netHuf, vatHuf: a.vatHuf };
    }),
    vatSummary: computed.vatSummary,
    totals: computed.totals,
  };
}

/** Lines of a stored invoice as requests again (for a storno or a converted proforma). */
export function storedAsRequests(lines: InvoiceLineData[], negate: boolean): LineRequest[] {
  return lines.map((l) => ({
    name: l.name,
    description: l.description,
    unit: l.unit,
    quantity: negate ? negateDecimal(l.quantity) : l.quantity,
    unitPrice: l.unitPrice,
    discount: l.discount,
    vatRate: l.vatRate,
    productId: l.productId,
    vtsz: l.vtsz,
    deposit: l.deposit,
    customFields: l.customFields,
  }));
}

export const negateDecimal = (d: string) => (d.startsWith('-') ? d.slice(1) : d === '0' ? d : `-${d}`);
