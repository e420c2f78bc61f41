/** What the invoice form checks beyond the schema, in the server's words (docs/api-finance.md). */
import { normalizeDecimal } from '@renderer/lib/decimal';
import type { InvoiceFormValues } from './invoiceForm';
import { HOME_CURRENCY } from '@renderer/screens/billing/orders/orderSubmit';
import type { RawProblem } from '@renderer/lib/formResolver';

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

export function invoiceProblems(v: InvoiceFormValues): RawProblem[] {
  const out: RawProblem[] = [];
  if (v.currency !== HOME_CURRENCY && normalizeDecimal(v.fx_rate) === '') out.push({ path: 'fx_rate', message: `is required when currency is not ${HOME_CURRENCY}` });
  if (isDate(v.issued_date) && isDate(v.payment_date) && v.payment_date < v.issued_date) {
    out.push({ path: 'payment_date', message: `must not be before the issue date ${v.issued_date}` });
  }
  // The server's rules for documents we issue (docs/api-finance.md, "Items and amounts").
  const ours = v.crdr === 'outgoing' || v.crdr === 'advance out';
  v.items.forEach((it, i) => {
    const rate = normalizeDecimal(it.vat);
    if (rate === '' || !/^\d+(\.\d+)?$/.test(rate)) return;
    if (it.deposit && Number(rate) !== 0) {
      out.push({ path: `items.${i}.vat`, message: 'must be 0 on a deposit line: a deposit is not consideration for a supply and carries no VAT' });
    } else if (ours && !['27', '18', '5', '0'].includes(String(Number(rate)))) {
      out.push({ path: `items.${i}.vat`, message: `must be one of the Hungarian VAT rates 27, 18, 5 or 0 on an invoice we issue; got ${rate}` });
    }
  });
  if (v.proforma && v.order_id !== null) out.push({ path: 'proforma', message: 'cannot be combined with proforma 1: a proforma ships nothing; invoice the order when it ships' });
  if ((v.proforma || v.order_id !== null) && !ours) out.push({ path: 'crdr', message: 'must be outgoing or advance out on a proforma: we issue proformas, we do not register them' });
  v.retentions.forEach((r, i) => {
    if (isDate(r.due_date) && isDate(v.issued_date) && r.due_date < v.issued_date) out.push({ path: `retentions.${i}.due_date`, message: `must not be before the issue date ${v.issued_date}` });
  });
  return out;
}
