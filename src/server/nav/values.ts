/**
 * Turns the document's free text, decimals, dates and identifiers into values that satisfy the
 * simple types of invoiceData.xsd, or fails naming the field: an invoice that NAV would reject
 * must be stopped while the operator can still fix its data.
 */
import Big from 'big.js';
import type { Address } from '@documents/model';

/** Raised when a document cannot be reported; `field` names the offending input. */
export class NavInvoiceDataError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`NAV invoice data: ${field}: ${message}`);
    this.name = 'NavInvoiceDataError';
  }
}

// XML 1.0 forbids these code points outright; the schema's NotBlank pattern ".*[^\s].*" also
// rejects line breaks, because "." does not match them.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** One-line text of at most `max` characters (code points, as XSD counts them); throws when blank or too long. */
export function text(value: string | undefined, max: number, field: string): string {
  const clean = oneLine(value ?? '');
  if (clean === '') throw new NavInvoiceDataError(field, 'is required and must not be blank');
  if ([...clean].length > max) throw new NavInvoiceDataError(field, `is longer than ${max} characters`);
  return clean;
}

/** Like text() but cuts instead of failing: for descriptions the printed invoice carries in full. */
export function clippedText(value: string, max: number, field: string): string {
  const chars = [...oneLine(value)];
  return text(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join(''), max, field);
}

export function oneLine(value: string): string {
  return value.replace(FORBIDDEN_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Parses an exact decimal string of the document; throws naming the field when it is not one. */
export function decimal(value: string | undefined, field: string): Big {
  const trimmed = (value ?? '').trim();
  if (!DECIMAL.test(trimmed))
    throw new NavInvoiceDataError(field, `"${value ?? ''}" is not a decimal number`);
  return new Big(trimmed);
}

/** A MonetaryType value: at most 2 decimals, which the document's rounded amounts already have. */
export function money(value: Big, field: string): string {
  if (value.round(2).cmp(value) !== 0) {
    throw new NavInvoiceDataError(
      field,
      `${value.toFixed()} has more than 2 decimals; amounts must be rounded`,
    );
  }
  return value.toFixed();
}

/** A QuantityType value: at most 10 decimals and 22 digits. */
export function quantity(value: Big, field: string): string {
  const out = value.round(10).toFixed();
  if (out.replace(/[-.]/g, '').replace(/^0+/, '').length > 22) {
    throw new NavInvoiceDataError(field, `${out} has more than 22 digits`);
  }
  return out;
}

/** A RateType value (0..1, 4 decimals) from a percentage such as "27" or "12.5". */
export function rate(percent: Big, field: string): string {
  const r = percent.div(100).round(4);
  if (r.lt(0) || r.gt(1))
    throw new NavInvoiceDataError(field, `${percent.toFixed()}% is not between 0 and 100`);
  return r.toFixed();
}

/** An ExchangeRateType value: positive, 6 decimals, 14 digits. */
export function exchangeRate(value: string | undefined, field: string): string {
  const r = decimal(value, field).round(6);
  if (r.lte(0)) throw new NavInvoiceDataError(field, 'must be positive');
  const out = r.toFixed();
  if (out.replace('.', '').replace(/^0+/, '').length > 14)
    throw new NavInvoiceDataError(field, `${out} is too long`);
  return out;
}

/** An InvoiceDateType value: YYYY-MM-DD, a real calendar day, not before 2010. */
export function date(value: string | undefined, field: string): string {
  const v = (value ?? '').trim();
  const d = new Date(`${v}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw new NavInvoiceDataError(field, `"${value ?? ''}" is not a date (YYYY-MM-DD)`);
  }
  if (v < '2010-01-01') throw new NavInvoiceDataError(field, `${v} is before 2010-01-01`);
  return v;
}

export interface TaxNumber {
  'base:taxpayerId': string;
  'base:vatCode'?: string;
  'base:countyCode'?: string;
}

/**
 * Splits a Hungarian tax number "12345678-2-42" (dashes optional) into NAV's three parts. A buyer
 * may be named by the 8-digit taxpayer id alone; the seller's VAT and county codes are required.
 */
export function taxNumber(value: string | undefined, field: string, full = false): TaxNumber {
  const m = /^(\d{8})(?:-?([1-5])-?(\d{2}))?$/.exec((value ?? '').replace(/\s/g, ''));
  if (!m || (full && m[2] === undefined)) {
    throw new NavInvoiceDataError(field, `"${value ?? ''}" is not a Hungarian tax number (12345678-2-42)`);
  }
  const [, taxpayerId = '', vatCode, countyCode] = m;
  return { 'base:taxpayerId': taxpayerId, 'base:vatCode': vatCode, 'base:countyCode': countyCode };
}

const COMMUNITY_VAT = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

/** A community VAT number without spaces or dots, or undefined when it is not shaped like one. */
export function communityVatNumber(value: string | undefined): string | undefined {
  const v = (value ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return COMMUNITY_VAT.test(v) ? v : undefined;
}

const BANK_ACCOUNT = /^(?:[0-9]{8}-[0-9]{8}-[0-9]{8}|[0-9]{8}-[0-9]{8}|[A-Z]{2}[0-9]{2}[0-9A-Za-z]{11,30})$/;

/**
 * The account in a form BankAccountNumberType accepts (GIRO 8-8(-8) or IBAN), or undefined:
 * the element is optional, and an account NAV cannot parse is better left out than rejected.
 */
export function bankAccount(value: string | undefined): string | undefined {
  const raw = (value ?? '').trim();
  const candidates = [raw, raw.replace(/\s+/g, '').toUpperCase(), raw.replace(/\s+/g, '-')];
  return candidates.find((c) => c.length >= 15 && c.length <= 34 && BANK_ACCOUNT.test(c));
}

const POSTAL_CODE = /^[A-Z0-9][A-Z0-9\s-]{1,8}[A-Z0-9]$/;

/** A base:simpleAddress; NAV asks for postal code "0000" where a country has none. */
export function simpleAddress(address: Address, field: string) {
  const countryCode = (address.countryCode ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode)) {
    throw new NavInvoiceDataError(
      `${field}.countryCode`,
      `"${address.countryCode}" is not an ISO 3166 alpha-2 code`,
    );
  }
  const postal = oneLine(address.postalCode ?? '').toUpperCase() || '0000';
  if (!POSTAL_CODE.test(postal)) {
    throw new NavInvoiceDataError(`${field}.postalCode`, `"${address.postalCode}" is not a postal code`);
  }
  return {
    'base:simpleAddress': {
      'base:countryCode': countryCode,
      'base:postalCode': postal,
      'base:city': text(address.city, 255, `${field}.city`),
      'base:additionalAddressDetail': text(address.street, 255, `${field}.street`),
    },
  };
}
