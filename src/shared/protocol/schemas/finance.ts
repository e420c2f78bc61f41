/** Parameters and results of the finance area (`/api/finance`). */
import { z } from 'zod';
import {
  choice, date, describe, flag, id, int, INVOICE_CURRENCIES, list, locale, LOCALES, num, opt, optText, pattern, PAYMENT_METHODS,
  requestId, text, timestamp,
} from '../fields';
import { customFields, totals } from './common';
import { NAV_STATUSES, navCrmSchemas, navMessage, navSchemas, navState } from './nav';

export const CRDR = ['outgoing', 'received', 'advance in', 'advance out'] as const;
export const CUSTOMER_VAT_TYPES = ['DOMESTIC', 'PRIVATE_PERSON', 'OTHER'] as const;
export const INVOICE_TYPES = ['invoice', 'proforma', 'storno'] as const;
export const INVOICE_STATUSES = ['unpaid', 'partially_paid', 'paid', 'overdue', 'cancelled', 'storno', 'proforma', 'converted'] as const;

const invoiceItem = z.strictObject({
  name: text(500),
  unit_price: num({ min: -1e12, max: 1e12 }),
  unit: text(20),
  quantity: num({ min: -1e9, max: 1e9, nonZero: true }),
  vat: num({ min: 0, max: 100 }),
  // Documented as required; an empty discount is read as 0 % (docs/api.md).
  discount: opt(num({ min: 0, max: 100 })),
  description: optText(10000),
  product_id: opt(id()),
  deposit: opt(flag()),
  custom_fields: customFields(),
});

const retention = z.strictObject({
  name: text(200),
  amount: num({ min: 0, max: 1e12 }),
  due_date: date(),
  note: optText(1000),
  type: int({ min: 0, max: 99 }),
  vat: opt(num({ min: 0, max: 100 })),
});

export const setInvoiceParams = z.strictObject({
  crdr: choice(CRDR, 'crdr'),
  method: choice(PAYMENT_METHODS, 'method'),
  issued_date: date(),
  payment_date: date(),
  fulfillment_date: date(),
  selected_account: text(100),
  contact_id: id(),
  currency: choice(INVOICE_CURRENCIES, 'currency'),
  customer_vat_type: choice(CUSTOMER_VAT_TYPES, 'customer_vat_type'),
  // Required, except where the lines come from a stored document (docs/api-finance.md): a storno
  // negates its original's lines, a conversion copies the proforma's, an order invoice bills the order's.
  items: opt(list(invoiceItem, { min: 1, what: 'item' })),
  fx_rate: opt(num({ positive: true, max: 1e6 })),
  language: opt(locale()),
  email: opt(pattern(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'must be an e-mail address like name@example.com', 254)),
  storno_id: opt(id()),
  esignature: opt(flag()),
  proforma: opt(flag()),
  invoice_description: optText(10000),
  central_description: optText(10000),
  issuer_swift: optText(11),
  issuer_email: optText(254),
  issuer_phone: optText(50),
  custom_fields: customFields(),
  retentions: opt(list(retention, { max: 50, what: 'retentions' })),
  // Extensions: issue from an order (ships it), or turn a proforma into a tax invoice.
  order_id: opt(id()),
  from_proforma_id: opt(id()),
  request_id: requestId(),
}).refine((p) => p.items !== undefined || p.storno_id !== undefined || p.from_proforma_id !== undefined || p.order_id !== undefined, {
  path: ['items'],
  message: 'is required (it may be omitted only with storno_id, from_proforma_id or order_id)',
  // Reported together with any other problem of the request, not only once the rest is valid.
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
});

export const invoiceHeader = z.object({
  id: z.number(),
  invoice_number: z.string().optional(),
  type: z.enum(INVOICE_TYPES),
  crdr: z.string(),
  status: z.enum(INVOICE_STATUSES),
  contact_id: z.number(),
  contact_name: z.string(),
  currency: z.string(),
  issued_date: z.string(),
  fulfillment_date: z.string(),
  payment_date: z.string(),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  balance: z.number(),
  storno_of: z.number().optional(),
  cancelled_by: z.number().optional(),
  /** Extension (capability "roles"): the name of the user who issued it; absent for an owner session or older invoices. */
  created_by: z.string().optional(),
  /** Extension (capability "nav"): the NAV submission's state, absent until generateInvoice; and its technical annulment's. */
  nav_status: z.enum(NAV_STATUSES).optional(),
  nav_annulment_status: z.enum(NAV_STATUSES).optional(),
});
export type InvoiceHeader = z.infer<typeof invoiceHeader>;

const invoiceLineResult = z.object({
  line_no: z.number(),
  name: z.string(),
  unit_price: z.number(),
  unit: z.string(),
  quantity: z.number(),
  vat: z.number(),
  discount: z.number(),
  description: z.string().optional(),
  product_id: z.number().optional(),
  vtsz_number: z.string().optional(),
  deposit: z.number(),
  custom_fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  net: z.number(),
  vat_amount: z.number(),
  gross: z.number(),
  net_huf: z.number().optional(),
  vat_huf: z.number().optional(),
});

const vatSummaryRow = z.object({
  vat_rate: z.number(),
  net: z.number(),
  vat: z.number(),
  gross: z.number(),
  net_huf: z.number().optional(),
  vat_huf: z.number().optional(),
});

const party = z.object({
  name: z.string(),
  country_code: z.string(),
  postal_code: z.string(),
  city: z.string(),
  street: z.string(),
  tax_number: z.string().optional(),
  eu_vat_number: z.string().optional(),
  bank_account: z.string().optional(),
  email: z.string().optional(),
});

export const invoiceRecord = invoiceHeader.extend({
  method: z.string(),
  selected_account: z.string(),
  customer_vat_type: z.string(),
  fx_rate: z.number().optional(),
  language: z.string(),
  email: z.string().optional(),
  invoice_description: z.string().optional(),
  central_description: z.string().optional(),
  issuer_swift: z.string().optional(),
  issuer_email: z.string().optional(),
  issuer_phone: z.string().optional(),
  custom_fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  order_id: z.number().optional(),
  from_proforma_id: z.number().optional(),
  seller: party,
  buyer: party,
  items: z.array(invoiceLineResult),
  retentions: z.array(
    z.object({ name: z.string(), amount: z.number(), due_date: z.string(), note: z.string().optional(), type: z.number(), vat: z.number().optional() }),
  ),
  totals,
  vat_summary: z.array(vatSummaryRow),
  // created_by: extension (capability "roles"), the name of the user who recorded it.
  payments: z.array(z.object({ payment_id: z.number(), amount: z.number(), date: z.string(), note: z.string().optional(), created_by: z.string().optional() })),
  attachments: z.array(z.object({ attachment_id: z.number(), filename: z.string(), mime_type: z.string(), size: z.number() })),
  email_status: z.object({
    status: z.enum(['not_requested', 'pending', 'sent', 'failed']),
    to: z.string().optional(),
    attempts: z.number(),
    last_error: z.string().optional(),
    sent_at: z.string().optional(),
  }),
  esignature: z.object({ requested: z.number(), applied: z.number(), note: z.string().optional() }),
  nav_submissions: z.array(
    z.object({
      submission_id: z.number(), request_id: z.string(), status: z.string(), message: z.string(), created_at: z.string(),
      // Extension (capability "nav"): CREATE/MODIFY/STORNO, or ANNUL for a technical annulment; NAV's transaction id.
      operation: z.string().optional(), transaction_id: z.string().optional(),
    }),
  ),
  /** Extension (capability "nav"): the current NAV submission, absent until generateInvoice. */
  nav: navState.optional(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

const dueInvoice = z.object({
  invoice_id: z.number(),
  invoice_number: z.string(),
  currency: z.string(),
  issued_date: z.string(),
  payment_date: z.string(),
  total: z.number(),
  balance: z.number(),
  days_overdue: z.number(),
});

export const finance = {
  getInvoices: {
    params: z
      .strictObject({
        date_from: date(),
        date_to: date(),
        // Extensions: narrow the list for the billing screens.
        contact_id: opt(id()),
        status: opt(choice(INVOICE_STATUSES, 'status')),
      })
      .refine((p) => p.date_from <= p.date_to, { message: 'must not be before date_from', path: ['date_to'] }),
    result: z.object({ invoices: z.array(invoiceHeader) }),
  },
  getInvoice: {
    params: z.strictObject({ invoice_id: id() }),
    result: invoiceRecord,
  },
  setInvoice: {
    params: setInvoiceParams,
    result: z.object({
      invoice_id: z.number(),
      invoice_number: z.string(),
      type: z.enum(INVOICE_TYPES),
      status: z.enum(INVOICE_STATUSES),
      totals,
      email_status: z.string(),
      /** Set when something asked for could not be done, e.g. esignature without a certificate. */
      notes: z.array(z.string()),
    }),
  },
  generateInvoicePDF: {
    params: z.strictObject({ invoice_id: id(), language: opt(locale()), proforma: opt(flag()) }),
    result: z.object({ invoice_id: z.number(), filename: z.string(), pdf: z.string(), attachment_id: z.number() }),
  },
  getDueCustomers: {
    params: z.strictObject({}),
    result: z.object({
      as_of: z.string(),
      customers: z.array(
        z.object({
          contact_id: z.number(),
          name: z.string(),
          currencies: z.array(
            z.object({ currency: z.string(), outstanding: z.number(), overdue: z.number(), oldest_due_date: z.string() }),
          ),
          invoices: z.array(dueInvoice),
        }),
      ),
    }),
  },
  getDueNotification: {
    params: z.strictObject({
      contact_id: id(),
      language: opt(locale()),
      // Extension: 1 also returns the letter as a PDF (base64).
      pdf: opt(flag()),
    }),
    result: z.object({
      contact_id: z.number(),
      language: z.enum(LOCALES),
      date: z.string(),
      seller: party,
      buyer: party,
      subject: z.string(),
      opening: z.array(z.string()),
      invoices: z.array(dueInvoice),
      totals: z.array(z.object({ currency: z.string(), outstanding: z.number(), overdue: z.number() })),
      closing: z.array(z.string()),
      filename: z.string().optional(),
      pdf: z.string().optional(),
    }),
  },
  setBalance: {
    params: z.strictObject({
      invoice_id: id(),
      amount: num({ min: -1e12, max: 1e12, nonZero: true }),
      // Extensions: the payment's value date (default: today) and a note.
      date: opt(date()),
      note: optText(500),
      request_id: requestId(),
    }),
    result: z.object({ invoice_id: z.number(), payment_id: z.number(), balance: z.number(), status: z.enum(INVOICE_STATUSES) }),
  },
  getAttachment: {
    params: z.strictObject({ attachment_id: id() }),
    result: z.object({ attachment_id: z.number(), filename: z.string(), mime_type: z.string(), size: z.number(), content: z.string() }),
  },
  /** The tax-authority submission the document mentions ("parameters and path: not shown"). */
  generateInvoice: {
    params: z.strictObject({ invoice_id: id(), request_id: requestId() }),
    result: z.object({
      invoice_id: z.number(),
      submission_id: z.number(),
      nav_request_id: z.string(),
      /** The submission's state (NAV_STATUSES); the call answers at once, the worker moves it on. */
      status: z.enum(NAV_STATUSES),
      message: z.string(),
      /** The Online Számla 3.0 InvoiceData XML, base64, as sent. */
      invoice_data: z.string(),
      operation: z.enum(['CREATE', 'MODIFY', 'STORNO']),
      transaction_id: z.string().optional(),
      messages: z.array(navMessage),
    }),
  },
  ...navSchemas,
} as const;

export const crm = {
  ...navCrmSchemas,
  // Extension (capability "getSession"): who the keys belong to, so a desk can show its clerk and
  // disable what the role may not do (roles.ts). Every role may ask.
  getSession: {
    params: z.strictObject({}),
    result: z.object({
      /** The session's user; absent for the account's own session (which acts as a manager). */
      user: z.object({ id: z.number(), name: z.string() }).optional(),
      role: z.enum(['warehouse', 'billing', 'manager']),
      /**
       * The account's time zone (IANA name): the calendar day of every business date the server
       * gives, and the "today" a desk must use. Absent from an older server: Europe/Budapest.
       */
      time_zone: z.string().optional(),
    }),
  },
  getContacts: {
    params: z.strictObject({
      filter: opt(
        z.preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          z.string({ error: (i) => `must be text, got ${describe(i.input)}` }).max(200, 'must be at most 200 characters'),
        ),
      ),
      after_id: opt(int({ min: 0 })),
      updated_since: opt(timestamp()),
    }),
    result: z.object({
      contacts: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          kind: z.enum(['customer', 'supplier', 'both']),
          country_code: z.string(),
          postal_code: z.string().optional(),
          city: z.string().optional(),
          street: z.string().optional(),
          tax_number: z.string().optional(),
          eu_vat_number: z.string().optional(),
          email: z.string().optional(),
          phone: z.string().optional(),
          customer_vat_type: z.enum(CUSTOMER_VAT_TYPES).optional(),
          updated_at: z.string(),
        }),
      ),
      more: z.number(),
      server_time: z.string(),
    }),
  },
  /**
   * The account's bank accounts, exactly as `selected_account` must spell them: the document has no
   * way to list them, so a client could only guess from invoices it has seen.
   */
  getBankAccounts: {
    params: z.strictObject({}),
    result: z.object({
      bank_accounts: z.array(
        z.object({
          number: z.string(),
          bank_name: z.string(),
          currency: z.string(),
          swift: z.string().optional(),
        }),
      ),
    }),
  },
} as const;
