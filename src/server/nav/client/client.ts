/**
 * NavClientApi over a NavTransport: one call is one NAV operation (manageInvoice and
 * manageAnnulment first fetch their single-use token). No retries, no clock of its own, no state
 * beyond the request-id sequence: what to do with a failure is the queue's decision (NavError.kind).
 */
import { decodeExchangeToken, newRequestId } from './crypto';
import { NavError } from './errors';
import { navErrorKind } from './errorKinds';
import {
  manageAnnulmentRequest,
  manageInvoiceRequest,
  queryInvoiceCheckRequest,
  queryInvoiceDataRequest,
  queryTaxpayerRequest,
  queryTransactionListRequest,
  queryTransactionStatusRequest,
  tokenExchangeRequest,
  type AnnulmentItem,
  type NavEndpoint,
  type RequestHeader,
} from './requests';
import {
  child,
  parseResponse,
  readProcessingResults,
  readResult,
  readTaxpayer,
  readTransactionList,
  text,
  type Node,
} from './responses';
import type {
  NavClientApi,
  NavCredentials,
  NavInvoiceOperation,
  NavProcessingResult,
  NavSoftware,
  NavTaxpayer,
  NavTransactionSummary,
  NavTransport,
} from './types';

export interface NavClientOptions {
  credentials: NavCredentials;
  software: NavSoftware;
  transport: NavTransport;
  /** The server's clock; the header timestamp and the request ids come from it. */
  clock: () => Date;
  /**
   * How long to wait for an answer. NAV's absolute timeout is 60 s (spec 1.6.6); a submission
   * unanswered by then is 'lost', not failed.
   */
  timeoutMs?: number;
  /** Request ids; the default is crypto.newRequestId. Tests pin them. */
  requestId?: (at: Date) => string;
}

/** What an answer says when it is not OK, as a NavError; undefined for an OK answer. */
export function errorFromAnswer(endpoint: NavEndpoint, status: number, body: string): NavError | undefined {
  let parsed: { root: string; node: Node } | undefined;
  try {
    parsed = body.trim() === '' ? undefined : parseResponse(body);
  } catch {
    parsed = undefined;
  }
  const result = parsed ? readResult(parsed.node) : undefined;
  if (result && result.funcCode === 'ERROR') {
    const code = result.errorCode ?? 'ERROR';
    const kind = navErrorKind(code);
    const message = `${endpoint}: NAV answered ${code}${result.message ? ` (${result.message})` : ''}`;
    return new NavError(kind, message, code, status, result.technical);
  }
  if (status === 200 && result?.funcCode === 'OK') return undefined;
  const submission = endpoint === 'manageInvoice' || endpoint === 'manageAnnulment';
  if (status >= 500 || status === 0) {
    // A submission answered by something in front of NAV (a gateway's 502/504, a bare 500) may
    // still have been recorded behind it (spec 1.6.6, 1.9.2); a query is simply asked again.
    return new NavError(
      submission ? 'lost' : 'maintenance',
      `${endpoint}: HTTP ${status} without NAV's answer`,
      undefined,
      status,
    );
  }
  if (status === 404 || status === 405) {
    return new NavError('auth', `${endpoint}: HTTP ${status}: no NAV service at this URL; check the account's --url`, undefined, status);
  }
  if (status === 200) {
    // HTTP 200 without a readable answer: NAV may have acted on it.
    return new NavError('lost', `${endpoint}: HTTP 200 with an answer that cannot be read`, undefined, status);
  }
  return new NavError('refused', `${endpoint}: HTTP ${status} without NAV's answer`, undefined, status);
}

export class NavClient implements NavClientApi {
  private readonly timeoutMs: number;
  private readonly requestId: (at: Date) => string;

  constructor(private readonly options: NavClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.requestId = options.requestId ?? newRequestId;
  }

  private header(): RequestHeader {
    const at = this.options.clock();
    return { credentials: this.options.credentials, software: this.options.software, requestId: this.requestId(at), at };
  }

  private url(endpoint: NavEndpoint): string {
    return `${this.options.credentials.url.replace(/\/+$/, '')}/${endpoint}`;
  }

  /** Posts one request; answers the OK answer's root node or throws a NavError. */
  private async call(endpoint: NavEndpoint, body: string): Promise<Node> {
    let answer: { status: number; body: string };
    try {
      answer = await this.options.transport.post(this.url(endpoint), body, this.timeoutMs);
    } catch (err) {
      const sent = (err as { sent?: unknown }).sent === true;
      const why = err instanceof Error ? err.message : String(err);
      throw new NavError(
        sent ? 'lost' : 'network',
        `${endpoint}: ${sent ? 'no answer after the request was sent' : 'NAV could not be reached'} (${why})`,
      );
    }
    const error = errorFromAnswer(endpoint, answer.status, answer.body);
    if (error) throw error;
    return parseResponse(answer.body).node;
  }

  /** tokenExchange, decoded with the exchange key. */
  async tokenExchange(): Promise<string> {
    const node = await this.call('tokenExchange', tokenExchangeRequest(this.header()));
    const encoded = text(node, 'encodedExchangeToken');
    if (!encoded) throw new NavError('lost', 'tokenExchange: the answer carries no token');
    try {
      return decodeExchangeToken(encoded, this.options.credentials.exchangeKey);
    } catch (err) {
      throw new NavError(
        'auth',
        `tokenExchange: the token cannot be decoded with this exchange key (${err instanceof Error ? err.message : String(err)})`,
        'INVALID_EXCHANGE_TOKEN',
      );
    }
  }

  /**
   * The token for a submission. A failure here sent no invoice data, so 'lost' becomes 'network':
   * the queue need not look for a transaction that cannot exist.
   */
  private async submissionToken(endpoint: NavEndpoint): Promise<string> {
    try {
      return await this.tokenExchange();
    } catch (err) {
      if (err instanceof NavError && err.kind === 'lost') {
        throw new NavError('network', `${endpoint} not sent: ${err.message}`, err.code, err.httpStatus, err.messages);
      }
      throw err;
    }
  }

  async manageInvoice(operations: readonly NavInvoiceOperation[]): Promise<{ transactionId: string }> {
    checkIndexes('manageInvoice', operations);
    const token = await this.submissionToken('manageInvoice');
    const node = await this.call('manageInvoice', manageInvoiceRequest(this.header(), token, operations));
    return { transactionId: transactionIdOf('manageInvoice', node) };
  }

  async manageAnnulment(operations: readonly AnnulmentItem[]): Promise<{ transactionId: string }> {
    checkIndexes('manageAnnulment', operations);
    const token = await this.submissionToken('manageAnnulment');
    const node = await this.call('manageAnnulment', manageAnnulmentRequest(this.header(), token, operations));
    return { transactionId: transactionIdOf('manageAnnulment', node) };
  }

  async queryTransactionStatus(transactionId: string, returnOriginalRequest = false): Promise<NavProcessingResult[]> {
    const node = await this.call(
      'queryTransactionStatus',
      queryTransactionStatusRequest(this.header(), transactionId, returnOriginalRequest),
    );
    return readProcessingResults(node);
  }

  async queryTransactionList(from: Date, to: Date): Promise<NavTransactionSummary[]> {
    const all: NavTransactionSummary[] = [];
    for (let page = 1; ; page++) {
      const node = await this.call('queryTransactionList', queryTransactionListRequest(this.header(), page, from, to));
      const { pages, items } = readTransactionList(node);
      all.push(...items);
      if (page >= pages) return all;
    }
  }

  async queryInvoiceCheck(invoiceNumber: string): Promise<boolean> {
    const node = await this.call('queryInvoiceCheck', queryInvoiceCheckRequest(this.header(), invoiceNumber));
    return text(node, 'invoiceCheckResult') === 'true';
  }

  /** The invoice data NAV holds under this (outbound) number, or undefined. Not part of NavClientApi. */
  async queryInvoiceData(invoiceNumber: string): Promise<{ invoiceData: string; transactionId?: string; index?: number } | undefined> {
    const node = await this.call('queryInvoiceData', queryInvoiceDataRequest(this.header(), invoiceNumber));
    const result = child(node, 'invoiceDataResult');
    const data = text(result, 'invoiceData');
    if (!result || data === undefined) return undefined;
    const audit = child(result, 'auditData');
    const index = text(audit, 'index');
    return {
      invoiceData: Buffer.from(data, 'base64').toString('utf8'),
      transactionId: text(audit, 'transactionId'),
      index: index === undefined ? undefined : Number(index),
    };
  }

  async queryTaxpayer(taxNumber8: string): Promise<NavTaxpayer> {
    if (!/^\d{8}$/.test(taxNumber8)) {
      throw new NavError('refused', `queryTaxpayer: NAV is asked with the first 8 digits of a tax number, not "${taxNumber8}"`);
    }
    const node = await this.call('queryTaxpayer', queryTaxpayerRequest(this.header(), taxNumber8));
    return readTaxpayer(node);
  }
}

function transactionIdOf(endpoint: NavEndpoint, node: Node): string {
  const id = text(node, 'transactionId');
  // An OK answer without its id is as good as no answer: NAV has the data, we do not know where.
  if (!id) throw new NavError('lost', `${endpoint}: NAV's answer carries no transactionId`);
  return id;
}

/** NAV refuses gaps and disorder (INDEX_NOT_SEQUENTIAL); say so before spending a token. */
function checkIndexes(endpoint: NavEndpoint, ops: readonly { index: number }[]): void {
  if (ops.length < 1 || ops.length > 100) {
    throw new NavError('refused', `${endpoint}: 1 to 100 operations per request, not ${ops.length}`);
  }
  ops.forEach((op, i) => {
    if (op.index !== i + 1) {
      throw new NavError('refused', `${endpoint}: indexes must run 1, 2, 3 … in order; position ${i + 1} has ${op.index}`, 'INDEX_NOT_SEQUENTIAL');
    }
  });
}
