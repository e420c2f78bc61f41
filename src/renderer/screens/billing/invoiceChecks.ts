/** What the invoice form checks beyond the schema, in the server's words (docs/api-finance.md). */
import { normalizeDecimal } from './decimal';
import type { InvoiceFormValues } from './invoiceForm';
import { HOME_CURRENCY } from './orderSubmit';
import type { RawProblem } from './resolver';

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

export function invoiceProblems(v: InvoiceFormValues): RawProblem[] {
  const out: RawProblem[] = [];
  if (v.currency !== HOME_CURRENCY && normalizeDecimal(v.fx_rate) === '') out.push({ path: 'fx_rate', message: `is required when currency is not ${HOME_CURRENCY}` });
  if (isDate(v.issued_date) && isDate(v.payment_date) && v.payment_date < v.issued_date) {
    out.push({ path: 'payment_date', message: `must not be before the issue date ${v.issued_date}` });
  }
  v.retentions.forEach((r, i) => {
    if (isDate(r.due_date) && isDate(v.issued_date) && r.due_date < v.issued_date) out.push({ path: `retentions.${i}.due_date`, message: `must not be before the issue date ${v.issued_date}` });
  });
  return out;
}
