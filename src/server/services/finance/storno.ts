/**
 * Stornos and proforma conversions: both start from a stored document. A storno cancels a tax
 * invoice with its lines negated; converting a proforma issues the tax invoice with the proforma's
 * lines. Items in the request are optional for both; when sent they must match the source, so what
 * the clerk saw is what is issued.
 */
import { compareMoney, toNumber } from '@shared/money';
import { conflict, invalid, reason, type ErrorDetail, type Params } from '@shared/protocol';
import type { Sql } from '../../db/sql';
import { listInvoiceLines, type StoredInvoice } from '../../repos/invoices';
import { findInvoice } from './invoices';
import { requestLines, storedAsRequests, type LineRequest } from './lines';

type SetInvoiceParams = Params<'setInvoice'>;

/** Items sent with a storno or a conversion must be the source's lines (a storno may send them negated). */
function matchItems(p: SetInvoiceParams, expected: LineRequest[], what: string, allowNegated: boolean, details: ErrorDetail[]): void {
  if (!p.items) return;
  const sent = requestLines(p.items);
  if (sent.length !== expected.length) {
    details.push({ field: 'items', message: `must be the ${expected.length} line(s) of ${what} (or be omitted); got ${sent.length}` });
    return;
  }
  sent.forEach((s, i) => {
    const e = expected[i]!;
    const differs = (field: string, a: string, b: string) => details.push({ field: `items[${i}].${field}`, message: `must match line ${i + 1} of ${what} (${b}); got ${a}` });
    if (s.name !== e.name) differs('name', `"${s.name}"`, `"${e.name}"`);
    if (s.unit !== e.unit) differs('unit', `"${s.unit}"`, `"${e.unit}"`);
    if (compareMoney(s.unitPrice, e.unitPrice) !== 0) differs('unit_price', s.unitPrice, e.unitPrice);
    if (compareMoney(s.vatRate, e.vatRate) !== 0) differs('vat', s.vatRate, e.vatRate);
    if (compareMoney(s.discount, e.discount) !== 0) differs('discount', s.discount, e.discount);
    if (s.deposit !== e.deposit) differs('deposit', s.deposit ? '1' : '0', e.deposit ? '1' : '0');
    const q = compareMoney(s.quantity, e.quantity) === 0 || (allowNegated && compareMoney(s.quantity, e.quantity.replace(/^-/, '')) === 0);
    if (!q) differs('quantity', s.quantity, e.quantity);
  });
}

function sameHeader(p: SetInvoiceParams, src: StoredInvoice, what: string, fields: Array<'contact_id' | 'currency' | 'customer_vat_type' | 'crdr' | 'fulfillment_date'>, details: ErrorDetail[]): void {
  const stored: Record<string, string | number> = {
    contact_id: src.contactId, currency: src.currency, customer_vat_type: src.customerVatType, crdr: src.crdr, fulfillment_date: src.fulfillmentDate,
  };
  for (const f of fields) {
    if (p[f] !== stored[f]) details.push({ field: f, message: `must be the same as on ${what} (${stored[f]}); got ${p[f]}` });
  }
  if (p.issued_date < src.issuedDate) details.push({ field: 'issued_date', message: `must not be before the issue date of ${what} (${src.issuedDate})` });
}

export interface StornoSource {
  original: StoredInvoice;
  lines: LineRequest[];
}

/** The original of a storno and its lines negated; refuses what cannot be cancelled. */
export async function stornoSource(db: Sql, accountId: number, p: SetInvoiceParams, details: ErrorDetail[]): Promise<StornoSource> {
  const original = await findInvoice(db, accountId, p.storno_id!, 'storno_id', true);
  const n = original.invoiceNumber;
  if (original.type === 'proforma') {
    throw conflict(
      `${n} is a proforma, not a tax invoice, so it is not cancelled with a storno. To bill it, issue the tax invoice with from_proforma_id=${original.id}; a proforma that is never converted simply lapses.`,
      [{ field: 'storno_id', message: 'is a proforma' }],
      reason('not_cancellable', { invoice_id: original.id, invoice_number: n, state: 'proforma' }),
    );
  }
  if (original.type === 'storno') {
    throw conflict(`${n} is itself a storno (cancellation) invoice and cannot be cancelled.`, [{ field: 'storno_id', message: 'is a storno invoice' }],
      reason('not_cancellable', { invoice_id: original.id, invoice_number: n, state: 'storno' }));
  }
  if (original.cancelledBy !== undefined) {
    throw conflict(`${n} is already cancelled (storno ${original.cancelledBy}); an invoice is cancelled only once.`, [{ field: 'storno_id', message: 'is already cancelled' }],
      reason('not_cancellable', { invoice_id: original.id, invoice_number: n, state: 'cancelled' }));
  }
  if (compareMoney(original.paid, '0') !== 0) {
    throw conflict(
      `${n} has payments of ${original.paid} ${original.currency} recorded. Reverse them first (setBalance with a negative amount), then cancel it, so no money stays booked on a cancelled invoice.`,
      [{ field: 'storno_id', message: 'has payments recorded' }],
      reason('not_cancellable', { invoice_id: original.id, invoice_number: n, state: 'paid', paid: toNumber(original.paid), currency: original.currency }),
    );
  }
  const what = `the original ${n}`;
  sameHeader(p, original, what, ['contact_id', 'currency', 'customer_vat_type', 'crdr', 'fulfillment_date'], details);
  if (p.fx_rate !== undefined && original.fxRate !== undefined && compareMoney(p.fx_rate, original.fxRate) !== 0) {
    details.push({ field: 'fx_rate', message: `must be the original's rate (${original.fxRate}) or be omitted: a storno negates the original's HUF amounts exactly` });
  }
  const lines = storedAsRequests(await listInvoiceLines(db, original.id, original.currency), true);
  matchItems(p, lines, what, true, details);
  return { original, lines };
}

export interface ProformaSource {
  proforma: StoredInvoice;
  lines: LineRequest[];
}

/** The proforma a tax invoice is issued from, with its lines; refuses a second conversion. */
export async function proformaSource(db: Sql, accountId: number, p: SetInvoiceParams, details: ErrorDetail[]): Promise<ProformaSource> {
  const proforma = await findInvoice(db, accountId, p.from_proforma_id!, 'from_proforma_id', true);
  if (proforma.type !== 'proforma') {
    throw invalid(`${proforma.invoiceNumber} is not a proforma; from_proforma_id must name a proforma invoice.`, [{ field: 'from_proforma_id', message: 'is not a proforma' }]);
  }
  if (proforma.convertedTo !== undefined) {
    throw conflict(`Proforma ${proforma.invoiceNumber} was already converted into a tax invoice (invoice ${proforma.convertedTo}); a proforma is converted once.`, [
      { field: 'from_proforma_id', message: 'is already converted' },
    ], reason('proforma_converted', { invoice_id: proforma.id, invoice_number: proforma.invoiceNumber, converted_to: proforma.convertedTo }));
  }
  const what = `proforma ${proforma.invoiceNumber}`;
  sameHeader(p, proforma, what, ['contact_id', 'currency'], details);
  const lines = storedAsRequests(await listInvoiceLines(db, proforma.id, proforma.currency), false);
  matchItems(p, lines, what, false, details);
  return { proforma, lines };
}
