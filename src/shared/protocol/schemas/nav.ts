/**
 * NAV Online Számla submissions as the API shows them (docs/api-finance.md, "NAV submission"):
 * the state on getInvoices/getInvoice/generateInvoice, the technical annulment (annulInvoice) and
 * the tax-number check (queryTaxpayer).
 */
import { z } from 'zod';
import { choice, id, pattern, requestId, text } from '../fields';

/** Every state a submission can be in; docs/nav.md says what each means and what to do. */
export const NAV_STATUSES = [
  'waiting', 'sent', 'received', 'processing', 'done', 'aborted', 'not_configured', 'credentials_refused', 'taxpayer_mismatch',
] as const;
export type NavStatus = (typeof NAV_STATUSES)[number];

/** The states in which nothing moves until a person acts. */
export const NAV_NEEDS_PERSON: readonly NavStatus[] = ['not_configured', 'credentials_refused', 'taxpayer_mismatch'];

/** NAV's reason codes of a technical annulment (invoiceAnnulment.xsd). */
export const NAV_ANNULMENT_CODES = ['ERRATIC_DATA', 'ERRATIC_INVOICE_NUMBER', 'ERRATIC_INVOICE_ISSUE_DATE', 'ERRATIC_ELECTRONIC_HASH_VALUE'] as const;

export const navMessage = z.object({
  /** ERROR (why NAV refused it), WARN (accepted, but check it) or INFO. */
  result: z.enum(['ERROR', 'WARN', 'INFO']),
  /** NAV's code, e.g. INVALID_CUSTOMER_TAX_NUMBER; its text in hu/en/de is NAV's own (messages/*.properties). */
  code: z.string(),
  message: z.string(),
  /** The element of the invoice data concerned, its value and the invoice line, when NAV says. */
  tag: z.string().optional(),
  value: z.string().optional(),
  line: z.number().optional(),
});

export const navAnnulment = z.object({
  submission_id: z.number(),
  status: z.enum(NAV_STATUSES),
  code: z.enum(NAV_ANNULMENT_CODES),
  reason: z.string(),
  transaction_id: z.string().optional(),
  messages: z.array(navMessage),
  message: z.string(),
  updated_at: z.string(),
});

export const navState = z.object({
  submission_id: z.number(),
  status: z.enum(NAV_STATUSES),
  operation: z.enum(['CREATE', 'MODIFY', 'STORNO']),
  /** NAV's transaction id once the invoice reached NAV. */
  transaction_id: z.string().optional(),
  messages: z.array(navMessage),
  /** What the state means and what to do, in English (the desk words it from `status` and the codes). */
  message: z.string(),
  sent_at: z.string().optional(),
  updated_at: z.string(),
  /** The latest technical annulment of this invoice's data, when one was asked for. */
  annulment: navAnnulment.optional(),
});

export const navSchemas = {
  annulInvoice: {
    params: z.strictObject({
      invoice_id: id(),
      code: choice(NAV_ANNULMENT_CODES, 'code'),
      reason: text(1024),
      request_id: requestId(),
    }),
    result: navAnnulment.extend({ invoice_id: z.number() }),
  },
} as const;

export const navCrmSchemas = {
  queryTaxpayer: {
    params: z.strictObject({
      // 8 digits, or the whole 12345678-2-42: NAV is asked about the first 8.
      tax_number: pattern(/^\d{8}(-?\d-?\d{2})?$/, 'must be a Hungarian tax number: 12345678 or 12345678-2-42', 13),
    }),
    result: z.object({
      tax_number: z.string(),
      /** 1 when NAV knows it as a valid taxpayer. */
      valid: z.number(),
      name: z.string().optional(),
      short_name: z.string().optional(),
      /** The whole tax number NAV gives (with VAT and county code), when it gives one. */
      full_tax_number: z.string().optional(),
      country_code: z.string().optional(),
      postal_code: z.string().optional(),
      city: z.string().optional(),
      street: z.string().optional(),
    }),
  },
} as const;
