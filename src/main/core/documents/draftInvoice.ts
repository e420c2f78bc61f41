/**
 * The local preview of an invoice issued offline: the same renderer the server uses, with no
 * number (the renderer prints "draft – not yet numbered" and a watermark), totals from
 * @shared/money so they agree to the unit with what the server will issue. The seller is the
 * mirror's `account` row (the seller block of the last invoice or letter the server printed);
 * before any has been seen, a placeholder that says so.
 */
import { computeTotals } from '@shared/money';
import type { Params } from '@shared/protocol';
import type { InvoiceDocument, Party as DocParty } from '@documents/model';
import { contactRecord } from '../mirror/contacts';
import type { Db } from '../mirror/db';
import { seller, type Party } from '../mirror/dues';
import { invoiceDetail } from '../mirror/invoices';
import { productRecord } from '../mirror/products';
import { currentId } from '../mirror/settings';

const toDocParty = (p: Party, bank?: string): DocParty => ({
  name: p.name, address: { countryCode: p.country_code, postalCode: p.postal_code, city: p.city, street: p.street },
  taxNumber: p.tax_number, euVatNumber: p.eu_vat_number, bankAccount: bank ?? p.bank_account, email: p.email,
});

const PLACEHOLDER: Party = { name: 'Seller data not yet received from the server', country_code: 'HU', postal_code: '', city: '', street: '' };

export async function renderDraftInvoice(db: Db, localId: number, p: Params<'setInvoice'>): Promise<Buffer> {
  const fx = p.currency === 'HUF' ? undefined : p.fx_rate;
  const t = computeTotals((p.items ?? []).map((i) => ({ quantity: i.quantity, unitPrice: i.unit_price, discountPercent: i.discount ?? 0, vatRate: i.vat })), p.currency, fx);
  const c = contactRecord(db, p.contact_id);
  const buyer: Party = c
    ? { name: c.name, country_code: c.country_code, postal_code: c.postal_code ?? '', city: c.city ?? '', street: c.street ?? '', tax_number: c.tax_number, eu_vat_number: c.eu_vat_number, email: c.email }
    : { ...PLACEHOLDER, name: `Contact ${p.contact_id}` };
  const us = seller(db) ?? PLACEHOLDER;
  const original = p.storno_id ? invoiceDetail(db, currentId(db, 'invoice', p.storno_id)) : null;
  const doc: InvoiceDocument = {
    invoiceId: localId, invoiceNumber: null, kind: p.storno_id ? 'storno' : p.proforma === 1 ? 'proforma' : 'invoice', crdr: p.crdr,
    ...(original?.invoice_number ? { original: { invoiceNumber: original.invoice_number, issuedDate: original.issued_date } } : {}),
    issuedDate: p.issued_date, fulfillmentDate: p.fulfillment_date, paymentDate: p.payment_date, paymentMethod: p.method, currency: p.currency,
    ...(fx !== undefined ? { fxRate: String(fx) } : {}), language: p.language ?? 'hu_HU', customerVatType: p.customer_vat_type,
    seller: toDocParty(us, p.selected_account), buyer: toDocParty(buyer),
    ...(p.invoice_description ? { description: p.invoice_description } : {}), ...(p.central_description ? { centralDescription: p.central_description } : {}),
    lines: (p.items ?? []).map((i, n) => {
      const a = t.lines[n]!;
      const vtsz = i.product_id ? productRecord(db, currentId(db, 'product', i.product_id))?.vtsz_number : undefined;
      return {
        lineNo: n + 1, name: i.name, ...(i.description ? { description: i.description } : {}), ...(i.product_id ? { productId: i.product_id } : {}),
        ...(typeof vtsz === 'string' ? { vtsz } : {}), unit: i.unit, quantity: String(i.quantity), unitPrice: String(i.unit_price),
        discountPercent: String(i.discount ?? 0), vatRate: String(i.vat), net: a.net, vat: a.vat, gross: a.gross,
        ...(a.netHuf ? { netHuf: a.netHuf, vatHuf: a.vatHuf } : {}), deposit: i.deposit === 1,
      };
    }),
    vatSummary: t.vatSummary, totals: t.totals,
    retentions: (p.retentions ?? []).map((r) => ({ name: r.name, amount: String(r.amount), dueDate: r.due_date, note: r.note ?? '', type: r.type, vat: String(r.vat ?? 0) })),
  };
  // Loaded on first use: pdfkit and the fonts are a third of the core's start-up, and a restart
  // after a crash must be back replaying within 2 s (docs/desktop-core.md, restart).
  const { renderInvoicePdf } = await import('@documents/index');
  return renderInvoicePdf(doc);
}
