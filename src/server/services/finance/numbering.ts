/**
 * Invoice numbers: PREFIX-YEAR-NNNNNN, gap-free per series and year of the issue date. The counter
 * moves inside the transaction that stores the invoice, so a failed or replayed request never
 * consumes a number, and a number once committed is never given out again.
 *
 * Series: tax invoices and stornos share config.invoicePrefix ("SD"); proformas, which are not tax
 * invoices, have config.proformaPrefix ("PRO"); invoices received from suppliers are only registered
 * here, in their own register `${invoicePrefix}-R`, so they never occupy a number of our series.
 */
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/types';
import { nextSequence } from '../../repos/invoiceNumbers';
import type { Crdr, InvoiceType } from '../../repos/invoices';
import { yearOf } from './calendar';
import { partnerIsSeller } from './parties';

export interface AssignedNumber {
  series: string;
  year: number;
  seq: number;
  invoiceNumber: string;
}

export function seriesFor(config: Pick<ServerConfig, 'invoicePrefix' | 'proformaPrefix'>, type: InvoiceType, crdr: Crdr): string {
  if (type === 'proforma') return config.proformaPrefix;
  return partnerIsSeller(crdr) ? `${config.invoicePrefix}-R` : config.invoicePrefix;
}

export const formatInvoiceNumber = (series: string, year: number, seq: number) => `${series}-${year}-${String(seq).padStart(6, '0')}`;

/** Call only inside ctx.commit. */
export function assignNumber(db: Db, accountId: number, series: string, issuedDate: string): AssignedNumber {
  const year = yearOf(issuedDate);
  const seq = nextSequence(db, accountId, series, year);
  return { series, year, seq, invoiceNumber: formatInvoiceNumber(series, year, seq) };
}
