/**
 * Why the server refused a command, as data: a reason code and its figures. Declared once here;
 * the server attaches one to every business refusal (error.reason, error.figures) and the desk
 * reads it back through `parseReason`, so the clerk's screen words the refusal in the clerk's
 * language and offers the fixes that fit. The English `message` stays for integrators.
 *
 * Figures are plain values (numbers, text). XML answers carry them as text, so the desk-side
 * schemas coerce numbers; a figure that is missing or malformed makes the reason unknown to the
 * desk (it falls back to the server's message), never a crash.
 */
import { z } from 'zod';

const num = z.coerce.number().refine(Number.isFinite, 'must be a number');
const id = z.coerce.number().int();
const text = z.coerce.string();

/** Each reason and its figures. Optional figures are omitted from the body when they do not apply. */
export const REASONS = {
  /** Less deliverable/available stock than the command takes (setQuantity wasting, setOrder, setOrderItem, setInvoice shipping an order). */
  insufficient_stock: z.object({
    product_id: id,
    product_name: text.optional(),
    warehouse: text,
    stock_label: text.optional(),
    requested: num,
    available: num,
    /** The order line (index into items) when the command is an order. */
    line: id.optional(),
    order_id: id.optional(),
  }),
  /** A count's expected quantity no longer holds on the server (setQuantity with expected_quantity). */
  stock_changed: z.object({ product_id: id, warehouse: text, stock_label: text.optional(), expected: num, current: num }),
  /** A service carries no stock (setQuantity, setProduct take-in). */
  service_has_no_stock: z.object({ product_id: id }),
  /** The product still has stock, so it cannot become a service (setProduct). */
  product_has_stock: z.object({ product_id: id }),
  /** Voucher serial numbers that were issued already (setQuantity, setProduct take-in). */
  serials_overlap: z.object({ product_id: id, first: id, last: id }),
  /** A record the command names is not in the account. `kind`: product, order, invoice, contact, warehouse, purchase_order, attachment. */
  unknown_record: z.object({ kind: text, id: text, field: text }),
  /** The order's status does not allow the change (setOrder, setOrderItem, setInvoice with order_id). */
  order_status: z.object({ order_id: id, status: text, invoice_id: id.optional() }),
  /** The order has no lines to invoice (setInvoice with order_id). */
  order_empty: z.object({ order_id: id }),
  /** No warehouse holds every item of the order (setOrder with warehouse "*"). */
  no_warehouse_serves: z.object({}),
  /** order_all back-orders from a supplier, and the product has none (setOrder). */
  no_supplier: z.object({ product_id: id }),
  /** The purchase order was received already (setPOTakeIn). */
  po_received: z.object({ po: text, received_at: text.optional() }),
  /** A partial receipt takes more of a product than the purchase order still expects (setPOTakeIn items). */
  po_over_receipt: z.object({ po: text, product_id: id, product_name: text.optional(), requested: num, remaining: num }),
  /** A partial receipt names a product the purchase order does not have (setPOTakeIn items). */
  po_not_on_order: z.object({ po: text, product_id: id }),
  /** The session's user has a role that may not make this call (FORBIDDEN, roles.ts); `param` when one parameter narrows it (a storno). */
  role_forbidden: z.object({ method: text, role: text, user: text.optional(), param: text.optional() }),
  /** A warehouse of that name exists (setWarehouse). */
  warehouse_name_taken: z.object({ name: text }),
  /** The invoice's type or state does not allow a payment (setBalance): `state` proforma, storno or cancelled. */
  invoice_not_payable: z.object({ invoice_id: id, invoice_number: text, state: text }),
  /** The payment is more than the balance (setBalance). */
  overpayment: z.object({ invoice_id: id, invoice_number: text, amount: num, balance: num, currency: text }),
  /** A negative adjustment larger than what was paid (setBalance). */
  reversal_too_large: z.object({ invoice_id: id, invoice_number: text, amount: num, paid: num, currency: text }),
  /** The invoice cannot be cancelled (setInvoice with storno_id): `state` proforma, storno, cancelled or paid. */
  not_cancellable: z.object({ invoice_id: id, invoice_number: text, state: text, paid: num.optional(), currency: text.optional() }),
  /** The proforma was converted already (setInvoice with from_proforma_id). */
  proforma_converted: z.object({ invoice_id: id, invoice_number: text, converted_to: id }),
  /** The invoice is not ours to report to NAV (navReport): `state` proforma, received or invalid. */
  not_reportable: z.object({ invoice_id: id, invoice_number: text, state: text }),
  /** NAV could not be asked (queryTaxpayer): `state` not_configured (no NAV connection), or the failure's kind: network, maintenance, auth, taxpayer, refused. */
  nav_unavailable: z.object({ state: text }),
  /** selected_account is not one of the account's bank account numbers (setOrder). */
  unknown_bank_account: z.object({ account: text }),
  /** A custom field the account has not defined (setOrder). `area`: order. */
  undefined_custom_field: z.object({ name: text, area: text }),
  /** An environmental fee code the account has not defined (setProduct). */
  undefined_envfee_code: z.object({ code: id }),
  /** The product has no list price, or one in another currency, and the line gives no custom_price (setOrder, setOrderItem). */
  no_list_price: z.object({ product_id: id, product_name: text, currency: text, list_currency: text.optional() }),
  /** The customer has no overdue invoices (getDueNotification). */
  nothing_overdue: z.object({ contact_id: id, open: id }),
  /** The EAN/GTIN names another product of the account already: one code, one product (setProduct). */
  duplicate_ean: z.object({ ean: text, product_id: id, item_number: text.optional(), product_name: text }),
  /**
   * The VAT rate is not one the account's country allows (setProduct; order lines, which take their
   * product's rate; setInvoice items on invoices we issue). `allowed` lists them ("27, 18, 5, 0");
   * `field` is the request's field (vat, items[2].vat); product figures when the rate is a product's.
   */
  vat_rate_not_allowed: z.object({
    rate: num, allowed: text, country: text, field: text, product_id: id.optional(), product_name: text.optional(),
  }),
} as const;

export type ReasonCode = keyof typeof REASONS;
export const REASON_CODES = Object.keys(REASONS) as ReasonCode[];
export type ReasonFigures<R extends ReasonCode> = z.output<(typeof REASONS)[R]>;
/** A reason with its figures, typed by its code. */
export type Reason = { [R in ReasonCode]: { reason: R; figures: ReasonFigures<R> } }[ReasonCode];

export const isReasonCode = (v: unknown): v is ReasonCode => typeof v === 'string' && Object.prototype.hasOwnProperty.call(REASONS, v);

/** Builds a reason on the server side, typed so a figure cannot be forgotten or misspelt. */
export const reason = <R extends ReasonCode>(code: R, figures: z.input<(typeof REASONS)[R]>): Reason => ({ reason: code, figures }) as Reason;

/**
 * Reads a reason from an error body (JSON values or XML text). Unknown codes and figures that do
 * not fit give null: the desk then shows the server's message, as for an older server.
 */
export function parseReason(code: unknown, figures: unknown): Reason | null {
  if (!isReasonCode(code)) return null;
  const r = REASONS[code].safeParse(figures && typeof figures === 'object' ? figures : {});
  return r.success ? ({ reason: code, figures: r.data } as Reason) : null;
}
