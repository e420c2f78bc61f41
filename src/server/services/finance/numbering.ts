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
import type { Sql } from '../../db/sql';
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
export async function assignNumber(db: Sql, accountId: number, series: string, issuedDate: string): Promise<AssignedNumber> {
  const year = yearOf(issuedDate);
  const seq = await nextSequence(db, accountId, series, year);
  return { series, year, seq, invoiceNumber: formatInvoiceNumber(series, year, seq) };
}
