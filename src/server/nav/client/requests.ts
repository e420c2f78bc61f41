/**
 * The request documents of Online Számla 3.0, as XML text shaped like NAV's own samples
 * (api-samples/): the api namespace as default, common: for header and user. Each builder takes the
 * header values and returns the body; the signature is computed here, from exactly what is sent.
 */
import { navTimestamp, requestSignature, type SignedOperation } from './crypto';
import type { NavAnnulmentCode, NavCredentials, NavInvoiceOperation, NavSoftware } from './types';

export const NAV_API_NS = 'http://schemas.nav.gov.hu/OSA/3.0/api';
export const NAV_COMMON_NS = 'http://schemas.nav.gov.hu/NTCA/1.0/common';
export const NAV_ANNUL_NS = 'http://schemas.nav.gov.hu/OSA/3.0/annul';

/** The operations this client speaks, as NAV names their endpoints. */
export type NavEndpoint =
  | 'tokenExchange'
  | 'manageInvoice'
  | 'manageAnnulment'
  | 'queryTransactionStatus'
  | 'queryTransactionList'
  | 'queryInvoiceCheck'
  | 'queryInvoiceData'
  | 'queryTaxpayer';

export interface RequestHeader {
  credentials: NavCredentials;
  software: NavSoftware;
  requestId: string;
  /** When the request is made; becomes the header timestamp (UTC, milliseconds). */
  at: Date;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function softwareXml(s: NavSoftware): string {
  return (
    '<software>' +
    el('softwareId', s.softwareId) +
    el('softwareName', s.softwareName) +
    el('softwareOperation', s.softwareOperation) +
    el('softwareMainVersion', s.softwareMainVersion) +
    el('softwareDevName', s.softwareDevName) +
    el('softwareDevContact', s.softwareDevContact) +
    (s.softwareDevCountryCode ? el('softwareDevCountryCode', s.softwareDevCountryCode) : '') +
    (s.softwareDevTaxNumber ? el('softwareDevTaxNumber', s.softwareDevTaxNumber) : '') +
    '</software>'
  );
}

/** A whole request: root element, header, user (with its signature), software, then `body`. */
function request(root: string, h: RequestHeader, body: string, signed: readonly SignedOperation[] = []): string {
  const timestamp = navTimestamp(h.at);
  const signature = requestSignature(h.requestId, timestamp, h.credentials.signingKey, signed);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<${root} xmlns:common="${NAV_COMMON_NS}" xmlns="${NAV_API_NS}">` +
    '<common:header>' +
    el('common:requestId', h.requestId) +
    el('common:timestamp', timestamp) +
    el('common:requestVersion', '3.0') +
    el('common:headerVersion', '1.0') +
    '</common:header>' +
    '<common:user>' +
    el('common:login', h.credentials.login) +
    `<common:passwordHash cryptoType="SHA-512">${escapeXml(h.credentials.passwordHash)}</common:passwordHash>` +
    el('common:taxNumber', h.credentials.taxNumber) +
    `<common:requestSignature cryptoType="SHA3-512">${signature}</common:requestSignature>` +
    '</common:user>' +
    softwareXml(h.software) +
    body +
    `</${root}>`
  );
}

export function tokenExchangeRequest(h: RequestHeader): string {
  return request('TokenExchangeRequest', h, '');
}

export function manageInvoiceRequest(h: RequestHeader, token: string, ops: readonly NavInvoiceOperation[]): string {
  const signed = ops.map((op) => ({
    operation: op.operation,
    base64: Buffer.from(op.invoiceData, 'utf8').toString('base64'),
  }));
  const items = ops
    .map(
      (op, i) =>
        '<invoiceOperation>' +
        el('index', String(op.index)) +
        el('invoiceOperation', op.operation) +
        el('invoiceData', signed[i]!.base64) +
        '</invoiceOperation>',
    )
    .join('');
  const body =
    el('exchangeToken', token) +
    '<invoiceOperations>' +
    el('compressedContent', 'false') +
    items +
    '</invoiceOperations>';
  return request('ManageInvoiceRequest', h, body, signed);
}

export interface AnnulmentItem {
  index: number;
  invoiceNumber: string;
  code: NavAnnulmentCode;
  reason: string;
}

/** The InvoiceAnnulment document (invoiceAnnulment.xsd) that one annulment index carries. */
export function invoiceAnnulmentXml(item: AnnulmentItem, at: Date): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<InvoiceAnnulment xmlns="${NAV_ANNUL_NS}">` +
    el('annulmentReference', item.invoiceNumber) +
    el('annulmentTimestamp', navTimestamp(at)) +
    el('annulmentCode', item.code) +
    el('annulmentReason', item.reason) +
    '</InvoiceAnnulment>'
  );
}

export function manageAnnulmentRequest(h: RequestHeader, token: string, items: readonly AnnulmentItem[]): string {
  const signed = items.map((item) => ({
    operation: 'ANNUL',
    base64: Buffer.from(invoiceAnnulmentXml(item, h.at), 'utf8').toString('base64'),
  }));
  const ops = items
    .map(
      (item, i) =>
        '<annulmentOperation>' +
        el('index', String(item.index)) +
        el('annulmentOperation', 'ANNUL') +
        el('invoiceAnnulment', signed[i]!.base64) +
        '</annulmentOperation>',
    )
    .join('');
  const body = el('exchangeToken', token) + '<annulmentOperations>' + ops + '</annulmentOperations>';
  return request('ManageAnnulmentRequest', h, body, signed);
}

export function queryTransactionStatusRequest(h: RequestHeader, transactionId: string, original: boolean): string {
  const body = el('transactionId', transactionId) + (original ? el('returnOriginalRequest', 'true') : '');
  return request('QueryTransactionStatusRequest', h, body);
}

export function queryTransactionListRequest(h: RequestHeader, page: number, from: Date, to: Date): string {
  const body =
    el('page', String(page)) +
    '<insDate>' +
    el('dateTimeFrom', navTimestamp(from)) +
    el('dateTimeTo', navTimestamp(to)) +
    '</insDate>';
  return request('QueryTransactionListRequest', h, body);
}

function invoiceNumberQuery(invoiceNumber: string): string {
  return (
    '<invoiceNumberQuery>' +
    el('invoiceNumber', invoiceNumber) +
    el('invoiceDirection', 'OUTBOUND') +
    '</invoiceNumberQuery>'
  );
}

export function queryInvoiceCheckRequest(h: RequestHeader, invoiceNumber: string): string {
  return request('QueryInvoiceCheckRequest', h, invoiceNumberQuery(invoiceNumber));
}

export function queryInvoiceDataRequest(h: RequestHeader, invoiceNumber: string): string {
  return request('QueryInvoiceDataRequest', h, invoiceNumberQuery(invoiceNumber));
}

export function queryTaxpayerRequest(h: RequestHeader, taxNumber8: string): string {
  return request('QueryTaxpayerRequest', h, el('taxNumber', taxNumber8));
}
