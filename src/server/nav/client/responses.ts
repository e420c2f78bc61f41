/**
 * Reading NAV's answers (invoiceApi.xsd response types, GeneralErrorResponse, common's
 * GeneralExceptionResponse). Namespace prefixes are dropped: NAV's are not fixed (ns2:, common:).
 */
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import type {
  NavAnnulmentVerification,
  NavInvoiceStatus,
  NavMessage,
  NavProcessingResult,
  NavTaxpayer,
  NavTransactionSummary,
} from './types';

const LISTS = new Set([
  'processingResult',
  'technicalValidationMessages',
  'businessValidationMessages',
  'transaction',
  'taxpayerAddressItem',
  'notification',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

export type Node = Record<string, unknown>;

/** An answer's root element name and content; throws when the body is not XML with one root. */
export function parseResponse(body: string): { root: string; node: Node } {
  const doc = parser.parse(body, true) as Node;
  const roots = Object.keys(doc).filter((k) => !k.startsWith('?'));
  if (roots.length !== 1) throw new Error('no single root element');
  const root = roots[0] as string;
  const node = doc[root];
  return { root, node: node !== null && typeof node === 'object' ? (node as Node) : {} };
}

export function child(node: unknown, name: string): Node | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const v = (node as Node)[name];
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
}

export function list(node: unknown, name: string): Node[] {
  if (node === null || typeof node !== 'object') return [];
  const v = (node as Node)[name];
  if (!Array.isArray(v)) return [];
  return v.map((x) => (x !== null && typeof x === 'object' ? (x as Node) : { '#text': String(x) }));
}

/** The text of a child element (also when it carries attributes), undefined when absent. */
export function text(node: unknown, name: string): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const v = (node as Node)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object') {
    const t = (v as Node)['#text'];
    return t === undefined ? '' : String(t);
  }
  return String(v);
}

export interface NavResult {
  funcCode: string;
  errorCode?: string;
  message?: string;
  technical: NavMessage[];
}

function technicalMessages(node: unknown): NavMessage[] {
  return list(node, 'technicalValidationMessages').map((m) => ({
    result: 'ERROR' as const,
    code: text(m, 'validationErrorCode') ?? text(m, 'validationResultCode') ?? 'ERROR',
    message: text(m, 'message') ?? '',
  }));
}

/** funcCode/errorCode/message of any answer: BasicResultType under `result`, or at the root (GeneralExceptionResponse). */
export function readResult(node: Node): NavResult | undefined {
  const result = child(node, 'result') ?? (text(node, 'funcCode') !== undefined ? node : undefined);
  const funcCode = text(result, 'funcCode');
  if (!funcCode) return undefined;
  return {
    funcCode,
    errorCode: text(result, 'errorCode'),
    message: text(result, 'message'),
    technical: technicalMessages(node),
  };
}

function businessMessages(node: unknown): NavMessage[] {
  return list(node, 'businessValidationMessages').map((m) => {
    const pointer = child(m, 'pointer');
    const code = text(m, 'validationResultCode');
    const line = text(pointer, 'line');
    const msg: NavMessage = {
      result: code === 'WARN' ? 'WARN' : code === 'INFO' ? 'INFO' : 'ERROR',
      code: text(m, 'validationErrorCode') ?? code ?? 'ERROR',
      message: text(m, 'message') ?? '',
    };
    const tag = text(pointer, 'tag');
    const value = text(pointer, 'value');
    if (tag !== undefined) msg.tag = tag;
    if (value !== undefined) msg.value = value;
    if (line !== undefined && /^\d+$/.test(line)) msg.line = Number(line);
    return msg;
  });
}

const STATUSES: readonly NavInvoiceStatus[] = ['RECEIVED', 'PROCESSING', 'SAVED', 'DONE', 'ABORTED'];

export function readProcessingResults(node: Node): NavProcessingResult[] {
  const results = child(node, 'processingResults');
  const verification = text(child(results, 'annulmentData'), 'annulmentVerificationStatus') as
    | NavAnnulmentVerification
    | undefined;
  return list(results, 'processingResult').map((r) => {
    const status = text(r, 'invoiceStatus') as NavInvoiceStatus;
    if (!STATUSES.includes(status)) throw new Error(`unknown invoiceStatus ${String(status)}`);
    const result: NavProcessingResult = {
      index: Number(text(r, 'index')),
      status,
      messages: [...technicalMessages(r), ...businessMessages(r)],
    };
    const original = text(r, 'originalRequest');
    if (original !== undefined && original !== '') {
      const bytes = Buffer.from(original, 'base64');
      const compressed = text(r, 'compressedContentIndicator') === 'true';
      result.originalInvoiceData = (compressed ? gunzipSync(bytes) : bytes).toString('utf8');
    }
    if (verification) result.annulmentVerification = verification;
    return result;
  });
}

export function readTransactionList(node: Node): { page: number; pages: number; items: NavTransactionSummary[] } {
  const res = child(node, 'transactionListResult');
  const items = list(res, 'transaction').map((t) => ({
    transactionId: text(t, 'transactionId') ?? '',
    insDate: text(t, 'insDate') ?? '',
    requestStatus: (text(t, 'requestStatus') ?? 'RECEIVED') as NavTransactionSummary['requestStatus'],
    technicalAnnulment: text(t, 'technicalAnnulment') === 'true',
    itemCount: Number(text(t, 'itemCount') ?? '0'),
  }));
  return { page: Number(text(res, 'currentPage') ?? '0'), pages: Number(text(res, 'availablePage') ?? '0'), items };
}

export function readTaxpayer(node: Node): NavTaxpayer {
  const data = child(node, 'taxpayerData');
  if (text(node, 'taxpayerValidity') !== 'true' || !data) return { valid: false };
  const out: NavTaxpayer = { valid: true, name: text(data, 'taxpayerName') };
  const short = text(data, 'taxpayerShortName');
  if (short) out.shortName = short;
  const detail = child(data, 'taxNumberDetail');
  const id = text(detail, 'taxpayerId');
  const vat = text(detail, 'vatCode');
  const county = text(detail, 'countyCode');
  if (id && vat && county) out.taxNumber = `${id}-${vat}-${county}`;
  const items = list(child(data, 'taxpayerAddressList'), 'taxpayerAddressItem');
  const item = items.find((i) => text(i, 'taxpayerAddressType') === 'HQ') ?? items[0];
  const a = child(item, 'taxpayerAddress');
  if (a) {
    const street = ['streetName', 'publicPlaceCategory', 'number']
      .map((k) => text(a, k))
      .filter(Boolean)
      .join(' ');
    const rest = ['building', 'staircase', 'floor', 'door']
      .map((k) => text(a, k))
      .filter(Boolean)
      .join(' ');
    out.address = {
      countryCode: text(a, 'countryCode'),
      postalCode: text(a, 'postalCode'),
      city: text(a, 'city'),
      street: [street, rest].filter(Boolean).join(' ') || undefined,
    };
  }
  return out;
}
