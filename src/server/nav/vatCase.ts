/**
 * The one decision of which legal ground a 0% line stands on. The NAV invoice data reports it
 * (vatExemption / vatOutOfScope / reverse charge) and the printed invoice states it in words
 * (Áfa tv. 169. § m), Directive 2006/112/EC Art. 226 (11)–(11a)); both call this module, so the
 * PDF and the XML cannot name different grounds for the same line.
 */
import type { InvoiceDocument, InvoiceLine } from '@documents/model';
import {
  defaultZeroVatCase,
  EU_COUNTRIES,
  mapUnit,
  type LineNature,
  type VatContext,
} from './mappings';
import type { VatCaseCode, VatMarking } from '@shared/vat/cases';
import { communityVatNumber } from './values';

/** What the decision may be told beyond the document (NavInvoiceOptions carries the same fields). */
export interface VatCaseOptions {
  supplierIndividualExemption?: boolean;
  vatCases?: Record<number, VatCaseCode | VatMarking>;
  lineNature?: Record<number, LineNature>;
}

const TIME_UNITS = new Set(['HOUR', 'DAY', 'MINUTE', 'MONTH']);

/**
 * Goods carry a customs tariff number; time-based units are work or rental. Stock products
 * without either are still goods, and a free-text line cannot be classified.
 */
export function lineNature(line: InvoiceLine, opts: VatCaseOptions = {}): LineNature {
  const override = opts.lineNature?.[line.lineNo];
  if (override) return override;
  if (line.vtsz) return 'PRODUCT';
  if (TIME_UNITS.has(mapUnit(line.unit))) return 'SERVICE';
  return line.productId !== undefined ? 'PRODUCT' : 'OTHER';
}

/**
 * The seller is under the subject exemption (alanyi adómentes) when told so, or when its tax
 * number's VAT code (the 9th digit) is 1, which the tax authority assigns to exactly such taxpayers.
 */
export function supplierSubjectExempt(doc: InvoiceDocument, opts: VatCaseOptions = {}): boolean {
  if (opts.supplierIndividualExemption !== undefined) return opts.supplierIndividualExemption;
  return /^\d{8}-?1-?\d{2}$/.test((doc.seller.taxNumber ?? '').replace(/\s/g, ''));
}

/**
 * Where the buyer sits for VAT. A private person is domestic inside the EU (Hungarian VAT is
 * charged on distance-free sales) and third-country outside it; an OTHER buyer is an EU business
 * with a VAT number of another member state, a third-country buyer with an address outside the
 * EU, and domestic otherwise. The NAV builder validates the numbers; this only classifies.
 */
export function buyerVatContext(doc: InvoiceDocument): VatContext {
  const country = (doc.buyer.address.countryCode ?? '').trim().toUpperCase();
  const inEu = EU_COUNTRIES.has(country);
  switch (doc.customerVatType) {
    case 'DOMESTIC':
      return 'domestic';
    case 'PRIVATE_PERSON':
      return inEu ? 'domestic' : 'thirdCountry';
    case 'OTHER': {
      if (!inEu) return 'thirdCountry';
      const vat = country === 'HU' ? undefined : communityVatNumber(doc.buyer.euVatNumber);
      return vat !== undefined && !vat.startsWith('HU') && EU_COUNTRIES.has(vat.slice(0, 2)) ? 'eu' : 'domestic';
    }
  }
}

/** A 0% line's ground: the caller's override, else the default for this buyer, line and seller. */
export function zeroVatCase(
  doc: InvoiceDocument,
  line: InvoiceLine,
  opts: VatCaseOptions = {},
  context: VatContext = buyerVatContext(doc),
): VatCaseCode | VatMarking {
  return (
    opts.vatCases?.[line.lineNo] ??
    line.vatCase ??
    defaultZeroVatCase({
      context,
      nature: lineNature(line, opts),
      deposit: line.deposit,
      supplierIndividualExemption: supplierSubjectExempt(doc, opts),
    })
  );
}

/** The case code of every 0% line of the document, by lineNo; lines that charge VAT are absent. */
export function zeroVatCases(doc: InvoiceDocument, opts: VatCaseOptions = {}): Map<number, VatCaseCode> {
  const context = buyerVatContext(doc);
  const out = new Map<number, VatCaseCode>();
  for (const line of doc.lines) {
    if (Number(line.vatRate) !== 0) continue;
    const c = zeroVatCase(doc, line, opts, context);
    if (typeof c === 'string') out.set(line.lineNo, c);
  }
  return out;
}
