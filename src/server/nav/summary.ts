/**
 * invoiceSummary of the invoice data, one summaryByVatRate per VAT marking found on the lines.
 */
import Big from 'big.js';
import type { InvoiceDocument } from '@documents/model';
import type { Amounts, VatGroup } from './lines';
import { decimal, money } from './values';

/**
 * The summary reports what the invoice prints: the document's VAT summary row for a rate and its
 * totals, falling back to the sums of the lines where the document has no figure (HUF amounts of
 * older documents) or where one printed 0% row covers lines with different exemptions.
 */
export function buildSummary(doc: InvoiceDocument, groups: VatGroup[]) {
  const huf = doc.currency === 'HUF';
  const rows = doc.vatSummary.map((row, i) => ({ row, field: `vatSummary[${i}]` }));
  const summaryByVatRate = groups.map((g) => {
    const sameRate = groups.filter((o) => o.percent.eq(g.percent));
    const found = rows.find(({ row, field }) => decimal(row.vatRate, `${field}.vatRate`).eq(g.percent));
    const row = sameRate.length === 1 ? found?.row : undefined;
    const field = found?.field ?? 'lines';
    const net = row ? decimal(row.net, `${field}.net`) : g.net;
    const vat = row ? decimal(row.vat, `${field}.vat`) : g.vat;
    const gross = row ? decimal(row.gross, `${field}.gross`) : g.gross;
    const netHuf = huf ? net : row?.netHuf !== undefined ? decimal(row.netHuf, `${field}.netHuf`) : g.netHuf;
    const vatHuf = huf ? vat : row?.vatHuf !== undefined ? decimal(row.vatHuf, `${field}.vatHuf`) : g.vatHuf;
    return {
      vatRate: g.vatRate,
      vatRateNetData: {
        vatRateNetAmount: money(net, `${field}.net`),
        vatRateNetAmountHUF: money(netHuf, `${field}.netHuf`),
      },
      vatRateVatData: {
        vatRateVatAmount: money(vat, `${field}.vat`),
        vatRateVatAmountHUF: money(vatHuf, `${field}.vatHuf`),
      },
      vatRateGrossData: {
        vatRateGrossAmount: money(gross, `${field}.gross`),
        vatRateGrossAmountHUF: money(huf ? gross : netHuf.plus(vatHuf), `${field}.netHuf+vatHuf`),
      },
    };
  });

  const sum = (k: keyof Amounts) => groups.reduce((s, g) => s.plus(g[k]), new Big(0));
  const t = doc.totals;
  const net = decimal(t.net, 'totals.net');
  const vat = decimal(t.vat, 'totals.vat');
  const netHuf = huf ? net : t.netHuf !== undefined ? decimal(t.netHuf, 'totals.netHuf') : sum('netHuf');
  const vatHuf = huf ? vat : t.vatHuf !== undefined ? decimal(t.vatHuf, 'totals.vatHuf') : sum('vatHuf');
  const gross = decimal(t.gross, 'totals.gross');
  return {
    summaryNormal: {
      summaryByVatRate,
      invoiceNetAmount: money(net, 'totals.net'),
      invoiceNetAmountHUF: money(netHuf, 'totals.netHuf'),
      invoiceVatAmount: money(vat, 'totals.vat'),
      invoiceVatAmountHUF: money(vatHuf, 'totals.vatHuf'),
    },
    summaryGrossData: {
      invoiceGrossAmount: money(gross, 'totals.gross'),
      invoiceGrossAmountHUF: money(huf ? gross : netHuf.plus(vatHuf), 'totals.netHuf+vatHuf'),
    },
  };
}
