/**
 * The InvoiceData document of NAV Online Számla 3.0 for one Stockdesk invoice or storno: the XML
 * that manageInvoice carries BASE64-encoded. Pure: no I/O, no clock, so the same document always
 * yields the same bytes (its hash is part of the submission).
 */
import Big from 'big.js';
import { XMLBuilder } from 'fast-xml-parser';
import type { InvoiceDocument } from '@documents/model';
import { buildLines } from './lines';
import { buildSummary } from './summary';
import type { VatCaseCode, VatMarking } from '@shared/vat/cases';
import { EU_COUNTRIES, mapPaymentMethod, type LineNature } from './mappings';
import { buyerVatContext, supplierSubjectExempt } from './vatCase';
import {
  bankAccount,
  communityVatNumber,
  date,
  exchangeRate,
  NavInvoiceDataError,
  oneLine,
  simpleAddress,
  taxNumber,
  text,
} from './values';

export const NAV_DATA_NS = 'http://schemas.nav.gov.hu/OSA/3.0/data';
export const NAV_BASE_NS = 'http://schemas.nav.gov.hu/OSA/3.0/base';
export const NAV_COMMON_NS = 'http://schemas.nav.gov.hu/NTCA/1.0/common';

/** What the InvoiceDocument does not say but the invoice data needs. Keys of per-line maps are `lineNo`. */
export interface NavInvoiceOptions {
  /** How the invoice reaches the buyer; defaults to UNKNOWN, the one value that is never a false statement. */
  invoiceAppearance?: 'PAPER' | 'ELECTRONIC' | 'EDI' | 'UNKNOWN';
  /** InvoiceData has no field for it (the software block belongs to manageInvoice); written as an XML comment. */
  softwareName?: string;
  /**
   * The seller is under the subject VAT exemption (alanyi adómentes): sets individualExemption, 0% lines default to AAM.
   * Default: true when the seller's tax number has VAT code 1 (see supplierSubjectExempt).
   */
  supplierIndividualExemption?: boolean;
  /** Marking of a 0% line where neither the line's `vatCase` nor the default (see zeroVatCase) is the legal ground. */
  vatCases?: Record<number, VatCaseCode | VatMarking>;
  /** Product/service nature of a line where the default guess is wrong. */
  lineNature?: Record<number, LineNature>;
  /** Storno only: lines the original and its earlier modifications hold; defaults to this storno's line count for modificationIndex 1. */
  priorLineCount?: number;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
});

export function buildInvoiceDataXml(doc: InvoiceDocument, opts: NavInvoiceOptions = {}): string {
  if (doc.kind === 'proforma') {
    throw new NavInvoiceDataError('kind', 'a proforma is not a tax invoice and is not reported to NAV');
  }
  if (doc.crdr === 'received') {
    throw new NavInvoiceDataError('crdr', 'a received invoice is reported by its issuer, not by us');
  }
  if (doc.invoiceNumber === null) {
    throw new NavInvoiceDataError(
      'invoiceNumber',
      'is null: a draft has no number yet and cannot be reported',
    );
  }
  if (doc.seller.taxNumber === undefined || doc.seller.taxNumber.trim() === '') {
    throw new NavInvoiceDataError('seller.taxNumber', 'is required: NAV identifies the supplier by it');
  }

  const huf = doc.currency === 'HUF';
  if (!huf && doc.fxRate === undefined)
    throw new NavInvoiceDataError('fxRate', `is required on a ${doc.currency} invoice`);
  const reference = doc.kind === 'storno' ? invoiceReference(doc) : undefined;
  const customer = customerInfo(doc);
  const { invoiceLines, groups } = buildLines({
    doc,
    opts,
    vatContext: buyerVatContext(doc),
    fx: huf ? new Big(1) : new Big(exchangeRate(doc.fxRate, 'fxRate')),
  });

  const body = builder.build({
    InvoiceData: {
      '@_xmlns': NAV_DATA_NS,
      '@_xmlns:common': NAV_COMMON_NS,
      '@_xmlns:base': NAV_BASE_NS,
      invoiceNumber: text(doc.invoiceNumber, 50, 'invoiceNumber'),
      invoiceIssueDate: date(doc.issuedDate, 'issuedDate'),
      completenessIndicator: 'false',
      invoiceMain: {
        invoice: {
          invoiceReference: reference,
          invoiceHead: {
            supplierInfo: supplierInfo(doc, opts),
            customerInfo: customer.element,
            invoiceDetail: {
              invoiceCategory: 'NORMAL',
              invoiceDeliveryDate: date(doc.fulfillmentDate, 'fulfillmentDate'),
              currencyCode: doc.currency,
              exchangeRate: huf ? '1' : exchangeRate(doc.fxRate, 'fxRate'),
              paymentMethod: mapPaymentMethod(doc.paymentMethod),
              paymentDate: date(doc.paymentDate, 'paymentDate'),
              invoiceAppearance: opts.invoiceAppearance ?? 'UNKNOWN',
            },
          },
          invoiceLines,
          invoiceSummary: buildSummary(doc, groups),
        },
      },
    },
  });
  const software = oneLine(opts.softwareName ?? '').replace(/-{2,}/g, '-');
  const comment = software ? `<!-- ${software} -->\n` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${comment}${body}`;
}

function invoiceReference(doc: InvoiceDocument) {
  const index = doc.modificationIndex;
  if (index === undefined || !Number.isInteger(index) || index < 1) {
    throw new NavInvoiceDataError(
      'modificationIndex',
      'a storno needs its modification index (1 for the first)',
    );
  }
  return {
    originalInvoiceNumber: text(doc.original?.invoiceNumber, 50, 'original.invoiceNumber'),
    modifyWithoutMaster: 'false',
    modificationIndex: String(index),
  };
}

function supplierInfo(doc: InvoiceDocument, opts: NavInvoiceOptions) {
  const { seller } = doc;
  const supplierTaxNumber = taxNumber(seller.taxNumber, 'seller.taxNumber', true);
  const communityVatNumber = optionalVatNumber(seller.euVatNumber, 'seller.euVatNumber');
  // NAV rejects a community number that is not HU + the taxpayer id of the same tax number.
  if (
    communityVatNumber !== undefined &&
    communityVatNumber !== `HU${supplierTaxNumber['base:taxpayerId']}`
  ) {
    throw new NavInvoiceDataError(
      'seller.euVatNumber',
      `${communityVatNumber} does not belong to tax number ${seller.taxNumber}`,
    );
  }
  return {
    supplierTaxNumber,
    communityVatNumber,
    supplierName: text(seller.name, 512, 'seller.name'),
    supplierAddress: simpleAddress(seller.address, 'seller.address'),
    supplierBankAccountNumber: bankAccount(seller.bankAccount),
    individualExemption: supplierSubjectExempt(doc, opts) ? 'true' : undefined,
  };
}

function optionalVatNumber(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = communityVatNumber(value);
  if (!v) throw new NavInvoiceDataError(field, `"${value}" is not a community VAT number (e.g. DE123456789)`);
  return v;
}

/**
 * Private persons are reported by status alone (NAV must not receive their name or address).
 * An OTHER buyer is an EU business when it has a community VAT number of another member state,
 * and a third-country one when its address lies outside the EU (the same classification as
 * buyerVatContext, which decides the 0% cases; this also validates the numbers).
 */
function customerInfo(doc: InvoiceDocument): { element: Record<string, unknown> } {
  const { buyer } = doc;
  const country = (buyer.address.countryCode ?? '').trim().toUpperCase();
  const inEu = EU_COUNTRIES.has(country);
  const named = () => ({
    customerName: text(buyer.name, 512, 'buyer.name'),
    customerAddress: simpleAddress(buyer.address, 'buyer.address'),
    customerBankAccountNumber: bankAccount(buyer.bankAccount),
  });
  switch (doc.customerVatType) {
    case 'PRIVATE_PERSON':
      return { element: { customerVatStatus: 'PRIVATE_PERSON' } };
    case 'DOMESTIC': {
      if (!buyer.taxNumber)
        throw new NavInvoiceDataError('buyer.taxNumber', 'is required for a DOMESTIC customer');
      const customerTaxNumber = taxNumber(buyer.taxNumber, 'buyer.taxNumber');
      return {
        element: { customerVatStatus: 'DOMESTIC', customerVatData: { customerTaxNumber }, ...named() },
      };
    }
    case 'OTHER': {
      if (!inEu) {
        const id = buyer.euVatNumber?.trim() || buyer.taxNumber?.trim();
        const customerVatData = id ? { thirdStateTaxId: text(id, 50, 'buyer.euVatNumber') } : undefined;
        return { element: { customerVatStatus: 'OTHER', customerVatData, ...named() } };
      }
      const vatNumber =
        country === 'HU' ? undefined : optionalVatNumber(buyer.euVatNumber, 'buyer.euVatNumber');
      const foreign =
        vatNumber !== undefined && !vatNumber.startsWith('HU') && EU_COUNTRIES.has(vatNumber.slice(0, 2));
      return {
        element: {
          customerVatStatus: 'OTHER',
          customerVatData: foreign ? { communityVatNumber: vatNumber } : undefined,
          ...named(),
        },
      };
    }
  }
}
