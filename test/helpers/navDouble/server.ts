/**
 * The NAV double's HTTP side: /invoiceService/v3/<operation> as NAV answers it (schema, header,
 * user, signature, timestamp, token checks with NAV's error codes), fault injection, and a JSON
 * control API under /__double/ for tests whose double runs in another process.
 */
import { createHash, createDecipheriv, randomUUID, createCipheriv } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { el, errorAnswer, okAnswer, type Echo, type TechnicalMessage } from './answers';
import {
  annulmentReference,
  DoubleState,
  invoiceNumberOf,
  transactionId,
  type LedgerEntry,
  type NavDoubleTaxpayer,
  type NavDoubleUser,
  type StateOptions,
  type Transaction,
  type TransactionItem,
} from './state';
import { defaultSchemaDir, rootElementName, validateAll } from './xsd';

export const NAV_OPERATIONS = [
  'tokenExchange',
  'manageInvoice',
  'manageAnnulment',
  'queryTransactionStatus',
  'queryTransactionList',
  'queryInvoiceCheck',
  'queryInvoiceData',
  'queryTaxpayer',
] as const;
export type NavDoubleOperation = (typeof NAV_OPERATIONS)[number];

/**
 * What goes wrong with the next request(s) to an operation:
 * - maintenance: HTTP 503 with MAINTENANCE_MODE, nothing recorded;
 * - status: a bare HTTP status (e.g. 500, 502), nothing recorded;
 * - hold: no answer at all until the double stops (the client times out);
 * - cut: the connection is destroyed without an answer.
 * `afterRecord` (hold, cut): the request is first handled in full (a submission is recorded) — the
 * lost answer of spec 1.9.2.
 */
export type NavFault =
  | { kind: 'maintenance' }
  | { kind: 'status'; status: number }
  | { kind: 'hold'; afterRecord?: boolean }
  | { kind: 'cut'; afterRecord?: boolean };

export interface NavDoubleOptions {
  port?: number;
  users?: NavDoubleUser[];
  taxpayers?: NavDoubleTaxpayer[];
  refusedBuyers?: string[];
  warnBuyers?: string[];
  processing?: 'auto' | 'manual';
  /** Auto processing: RECEIVED → PROCESSING after stepMs, finished after 2 × stepMs. Default 200. */
  stepMs?: number;
  clock?: () => Date;
  tokenValidityMs?: number;
  transactionListPageSize?: number;
  annulmentApproval?: 'auto' | 'manual';
  language?: 'hu' | 'en' | 'de';
  schemaDir?: string;
  /**
   * NAV's traffic restriction (spec 1.6.11): on the restricted endpoints one request per second
   * per IP; each request sooner is counted (trafficViolations) and, with 'delay', answered +4 s
   * later than the one before, as NAV's network layer does. Default 'count'.
   */
  trafficRestriction?: 'count' | 'delay';
}

/** The endpoints under NAV's traffic restriction (spec 1.6.11). */
export const RESTRICTED_OPERATIONS: readonly string[] = ['tokenExchange', 'manageInvoice', 'queryInvoiceData', 'queryTaxpayer'];

const CONTEXT = '/invoiceService/v3/';
const DAY = 24 * 3600_000;

const ROOTS: Record<NavDoubleOperation, string> = {
  tokenExchange: 'TokenExchangeRequest',
  manageInvoice: 'ManageInvoiceRequest',
  manageAnnulment: 'ManageAnnulmentRequest',
  queryTransactionStatus: 'QueryTransactionStatusRequest',
  queryTransactionList: 'QueryTransactionListRequest',
  queryInvoiceCheck: 'QueryInvoiceCheckRequest',
  queryInvoiceData: 'QueryInvoiceDataRequest',
  queryTaxpayer: 'QueryTaxpayerRequest',
};

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // The list items, not their same-named operation literal inside.
  isArray: (_name, jpath) =>
    /(^|\.)invoiceOperations\.invoiceOperation$|(^|\.)annulmentOperations\.annulmentOperation$/.test(String(jpath)),
});

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const txt = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return String((v as Obj)['#text'] ?? '');
  return String(v);
};

/** NAV's refusal: HTTP status, errorCode, and its message. */
class Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    readonly technical: TechnicalMessage[] = [],
  ) {}
}

// The double checks signatures with its own few lines, not the client's crypto.ts: a mistake
// shared by both sides would pass unnoticed.
const sha3 = (s: string) => createHash('sha3-512').update(s, 'utf8').digest('hex').toUpperCase();

interface Handled {
  status: number;
  body: string;
}

export class NavDouble {
  readonly state: DoubleState;
  /** Requests received per operation (every request that reached the endpoint). */
  readonly counts: Record<string, number> = {};
  private readonly faults = new Map<string, NavFault[]>();
  private maintenance: false | 'token' | 'all' = false;
  private server?: http.Server;
  private readonly sockets = new Set<Socket>();
  private readonly schemaDir: string;
  private readonly tokenValidityMs: number;
  private readonly pageSize: number;
  private readonly clock: () => Date;
  private readonly traffic = new Map<string, { last: number; delay: number }>();
  private readonly trafficMode: 'count' | 'delay';
  /** Requests to a restricted endpoint sooner than 1 s after the previous one from the same IP. */
  trafficViolations = 0;
  /** Every answer the double gave (status, operation), newest last; for tests that look. */
  readonly log: Array<{ operation: string; status: number; code?: string }> = [];

  constructor(options: NavDoubleOptions = {}) {
    this.clock = options.clock ?? (() => new Date());
    const stateOptions: StateOptions = {
      clock: this.clock,
      processing: options.processing ?? 'auto',
      stepMs: options.stepMs ?? 200,
      refusedBuyers: new Set(options.refusedBuyers ?? []),
      warnBuyers: new Set(options.warnBuyers ?? []),
      annulmentApproval: options.annulmentApproval ?? 'auto',
      language: options.language ?? 'hu',
    };
    this.state = new DoubleState(stateOptions);
    for (const u of options.users ?? []) this.state.users.set(u.login, u);
    for (const t of options.taxpayers ?? []) this.state.taxpayers.set(t.taxNumber, t);
    this.schemaDir = options.schemaDir ?? defaultSchemaDir();
    this.tokenValidityMs = options.tokenValidityMs ?? 5 * 60_000;
    this.pageSize = options.transactionListPageSize ?? 100;
    this.trafficMode = options.trafficRestriction ?? 'count';
    this.port = options.port ?? 0;
  }

  private port: number;

  /** The service base to configure (`--url`), e.g. http://127.0.0.1:PORT/invoiceService/v3. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/invoiceService/v3`;
  }

  async start(): Promise<this> {
    const server = http.createServer((req, res) => void this.onRequest(req, res));
    server.keepAliveTimeout = 5000;
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(this.port, '127.0.0.1', () => done());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  }

  // ---- test hooks -------------------------------------------------------------------------

  /** The next `times` requests to `operation` ('*' = any) meet `fault`. */
  inject(operation: NavDoubleOperation | '*', fault: NavFault, times = 1): void {
    const list = this.faults.get(operation) ?? [];
    for (let i = 0; i < times; i++) list.push(fault);
    this.faults.set(operation, list);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** NAV's maintenance (spec 1.6.8): 'token' refuses only tokenExchange, 'all' every operation. */
  setMaintenance(mode: false | 'token' | 'all'): void {
    this.maintenance = mode;
  }

  addUser(user: NavDoubleUser): void {
    this.state.users.set(user.login, user);
  }

  addTaxpayer(t: NavDoubleTaxpayer): void {
    this.state.taxpayers.set(t.taxNumber, t);
  }

  refuseBuyer(taxNumber8: string): void {
    this.state.options.refusedBuyers.add(taxNumber8);
  }

  warnBuyer(taxNumber8: string): void {
    this.state.options.warnBuyers.add(taxNumber8);
  }

  advance(): void {
    this.state.advance();
  }

  processAll(): void {
    this.state.processAll();
  }

  approveAnnulments(approve = true): void {
    for (const tx of this.state.transactions) if (tx.annulment) this.state.decideAnnulment(tx, approve);
  }

  /** What NAV holds for a taxpayer: invoice number → entry. */
  ledger(taxNumber8: string): Map<string, LedgerEntry> {
    this.state.settle();
    return new Map(this.state.ledger.get(taxNumber8) ?? []);
  }

  /** Every item NAV received with this invoice number (any transaction, any outcome). */
  received(invoiceNumber: string): Array<{ transactionId: string; index: number; operation: string; status: string }> {
    this.state.settle();
    return this.state.transactions.flatMap((tx) =>
      tx.items
        .filter((i) => i.invoiceNumber === invoiceNumber && !tx.annulment)
        .map((i) => ({ transactionId: tx.transactionId, index: i.index, operation: i.operation, status: i.status })),
    );
  }

  /** All NAV requests counted, or one operation's. */
  requestCount(operation?: string): number {
    if (operation) return this.counts[operation] ?? 0;
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }

  resetCounts(): void {
    for (const k of Object.keys(this.counts)) delete this.counts[k];
    this.trafficViolations = 0;
  }

  /** A JSON picture for tests in another process (the control API's GET /__double/state). */
  snapshot() {
    this.state.settle();
    const ledger: Record<string, Record<string, Omit<LedgerEntry, 'base64'>>> = {};
    for (const [tax, m] of this.state.ledger) {
      ledger[tax] = {};
      for (const [num, e] of m) {
        const { base64: _b, ...rest } = e;
        ledger[tax][num] = rest;
      }
    }
    return {
      counts: { ...this.counts },
      trafficViolations: this.trafficViolations,
      ledger,
      transactions: this.state.transactions.map((tx) => ({
        transactionId: tx.transactionId,
        taxNumber: tx.taxNumber,
        insDate: tx.insDate.toISOString(),
        annulment: tx.annulment,
        stage: tx.stage,
        annulmentStatus: tx.annulmentStatus,
        items: tx.items.map((i) => ({
          index: i.index,
          operation: i.operation,
          invoiceNumber: i.invoiceNumber,
          status: i.status,
          messages: i.messages,
        })),
      })),
    };
  }

  // ---- HTTP -------------------------------------------------------------------------------

  private async onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path.startsWith('/__double/')) {
      this.control(req.method ?? 'GET', path.slice('/__double/'.length), body, res);
      return;
    }
    if (!path.startsWith(CONTEXT)) {
      send(res, 404, '');
      return;
    }
    const operation = path.slice(CONTEXT.length);
    this.counts[operation] = (this.counts[operation] ?? 0) + 1;
    if (req.method !== 'POST') {
      send(res, 405, errorAnswer('NOT_ALLOWED_EXCEPTION', 'Operation does not exist'));
      return;
    }
    const delay = this.throttle(operation, req.socket.remoteAddress ?? '');
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const fault = this.takeFault(operation);
    if (fault && !('afterRecord' in fault && fault.afterRecord)) {
      this.faultNow(fault, res, operation);
      return;
    }
    let answer: Handled;
    try {
      answer = await this.handle(operation, body);
    } catch (err) {
      answer = { status: 500, body: `Generic exception occurred! ${err instanceof Error ? err.message : String(err)}` };
    }
    if (fault) {
      this.faultNow(fault, res, operation);
      return;
    }
    this.log.push({ operation, status: answer.status, code: /<(?:\w+:)?errorCode>([^<]+)</.exec(answer.body)?.[1] });
    send(res, answer.status, answer.body);
  }

  /** Counts (and with 'delay' answers the wait for) a request that breaks 1 per second per IP. */
  private throttle(operation: string, ip: string): number {
    if (!RESTRICTED_OPERATIONS.includes(operation)) return 0;
    const key = `${operation} ${ip}`;
    const now = this.clock().getTime();
    const seen = this.traffic.get(key);
    const soon = seen !== undefined && now - seen.last < 1000;
    const delay = soon ? seen.delay + 4000 : 0;
    this.traffic.set(key, { last: now, delay });
    if (soon) this.trafficViolations++;
    return this.trafficMode === 'delay' ? delay : 0;
  }

  private takeFault(operation: string): NavFault | undefined {
    for (const key of [operation, '*']) {
      const list = this.faults.get(key);
      if (list && list.length > 0) return list.shift();
    }
    if (this.maintenance === 'all' || (this.maintenance === 'token' && operation === 'tokenExchange')) {
      return { kind: 'maintenance' };
    }
    return undefined;
  }

  private faultNow(fault: NavFault, res: http.ServerResponse, operation: string): void {
    this.log.push({ operation, status: fault.kind === 'status' ? fault.status : fault.kind === 'maintenance' ? 503 : 0, code: fault.kind });
    switch (fault.kind) {
      case 'maintenance':
        send(res, 503, errorAnswer('MAINTENANCE_MODE', 'The requested operation temporarily does not serve requests due to maintenance!'));
        return;
      case 'status':
        send(res, fault.status, fault.status >= 500 ? 'Generic exception occurred!' : '');
        return;
      case 'hold':
        // Nothing is written; stop() destroys the socket.
        return;
      case 'cut':
        res.socket?.destroy();
        return;
    }
  }

  private control(method: string, what: string, body: string, res: http.ServerResponse): void {
    const input = body ? (JSON.parse(body) as Obj) : {};
    const ok = (value: unknown = { ok: true }) => send(res, 200, JSON.stringify(value), 'application/json');
    if (method === 'GET' && what === 'state') return ok(this.snapshot());
    if (method !== 'POST') return send(res, 404, '');
    switch (what) {
      case 'fault':
        this.inject(input.operation as NavDoubleOperation, input.fault as NavFault, Number(input.times ?? 1));
        return ok();
      case 'clearFaults':
        this.clearFaults();
        return ok();
      case 'maintenance':
        this.setMaintenance((input.mode as false | 'token' | 'all') ?? false);
        return ok();
      case 'advance':
        this.advance();
        return ok();
      case 'processAll':
        this.processAll();
        return ok();
      case 'approveAnnulments':
        this.approveAnnulments(input.approve !== false);
        return ok();
      case 'resetCounts':
        this.resetCounts();
        return ok();
      case 'user':
        this.addUser(input as unknown as NavDoubleUser);
        return ok();
      case 'taxpayer':
        this.addTaxpayer(input as unknown as NavDoubleTaxpayer);
        return ok();
      case 'refuseBuyer':
        this.refuseBuyer(String(input.taxNumber));
        return ok();
      case 'warnBuyer':
        this.warnBuyer(String(input.taxNumber));
        return ok();
      default:
        return send(res, 404, '');
    }
  }

  // ---- NAV's checks -----------------------------------------------------------------------

  private async handle(operation: string, body: string): Promise<Handled> {
    if (!(NAV_OPERATIONS as readonly string[]).includes(operation)) {
      return { status: 404, body: '' };
    }
    const op = operation as NavDoubleOperation;
    let doc: Obj;
    try {
      doc = parser.parse(body, true) as Obj;
    } catch (err) {
      return { status: 400, body: errorAnswer('INVALID_REQUEST', `Request is not well-formed XML: ${String(err)}`) };
    }
    const rootName = Object.keys(doc).find((k) => !k.startsWith('?')) ?? '';
    const root = obj(doc[rootName]);
    const echo = echoOf(root);
    try {
      // The request and the documents it carries, validated in one xmllint run. NAV validates the
      // documents asynchronously; the double checks them now and reports at processing time.
      const items = op === 'manageInvoice' || op === 'manageAnnulment' ? decodeItems(op, root) : [];
      const checked = items.filter((i) => i.schemaErrors.length === 0);
      const [schemaErrors = [], ...itemErrors] = await validateAll(this.schemaDir, 'all', [body, ...checked.map((i) => i.xml)]);
      const expectedRoot = op === 'manageAnnulment' ? 'InvoiceAnnulment' : 'InvoiceData';
      checked.forEach((item, k) => {
        const name = rootElementName(item.xml);
        if (name !== expectedRoot) item.schemaErrors.push(`the document is ${name ?? 'not XML'}, not ${expectedRoot}`);
        else item.schemaErrors.push(...itemErrors[k]!);
      });
      if (schemaErrors.length > 0) {
        throw new Refusal(
          400,
          'INVALID_REQUEST',
          'Request is not schema-valid',
          schemaErrors.map((m) => ({ code: 'SCHEMA_VIOLATION', message: m })),
        );
      }
      if (rootName !== ROOTS[op]) {
        throw new Refusal(500, 'OPERATION_FAILED', `${rootName} is not a ${op} request`);
      }
      this.state.settle();
      const user = this.authenticate(op, root);
      const answer = this.operation(op, root, user, echo, items);
      this.succeeded(user, echo.requestId);
      return { status: 200, body: answer };
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return { status: err.status, body: errorAnswer(err.code, err.message, echo.software.length ? echo : undefined, err.technical) };
    }
  }

  private succeeded(user: NavDoubleUser, requestId: string): void {
    let ids = this.state.requestIds.get(user.taxNumber);
    if (!ids) this.state.requestIds.set(user.taxNumber, (ids = new Set()));
    ids.add(requestId);
  }

  private authenticate(op: NavDoubleOperation, root: Obj): NavDoubleUser {
    const header = obj(root.header);
    const user = obj(root.user);
    if (txt(header.requestVersion) !== '3.0') throw new Refusal(400, 'INVALID_REQUEST_VERSION', 'Invalid request version number.');
    if (header.headerVersion !== undefined && txt(header.headerVersion) !== '1.0') {
      throw new Refusal(400, 'INVALID_HEADER_VERSION', 'Invalid header version number.');
    }
    if (obj(user.passwordHash)['@_cryptoType'] !== 'SHA-512') {
      throw new Refusal(400, 'INVALID_PASSWORD_HASH_CRYPTO', 'Invalid password hash algorithm.');
    }
    if (obj(user.requestSignature)['@_cryptoType'] !== 'SHA3-512') {
      throw new Refusal(400, 'INVALID_REQUEST_SIGNATURE_HASH_CRYPTO', 'Invalid request signature hash algorithm.');
    }
    const account = this.state.users.get(txt(user.login));
    if (!account || account.passwordHash !== txt(user.passwordHash)) {
      throw new Refusal(401, 'INVALID_SECURITY_USER', 'Invalid security user!');
    }
    if (txt(user.taxNumber) !== account.taxNumber) {
      throw new Refusal(500, 'INVALID_USER_RELATION', 'Invalid user relation!');
    }
    const timestamp = txt(header.timestamp);
    const at = Date.parse(timestamp);
    if (!Number.isFinite(at) || Math.abs(at - this.clock().getTime()) > DAY) {
      throw new Refusal(400, 'INVALID_TIMESTAMP', 'Invalid request timestamp!');
    }
    const requestId = txt(header.requestId);
    let base = requestId + timestamp.replace(/\.\d+Z$|Z$/, '').replace(/[-T:]/g, '') + account.signingKey;
    for (const item of signedItems(op, root)) base += sha3(item.operation + item.base64);
    if (sha3(base) !== txt(user.requestSignature)) {
      throw new Refusal(400, 'INVALID_REQUEST_SIGNATURE', 'Invalid request signature!');
    }
    if (this.state.requestIds.get(account.taxNumber)?.has(requestId)) {
      throw new Refusal(400, 'REQUEST_ID_NOT_UNIQUE', 'Request id not unique!');
    }
    return account;
  }

  private useToken(root: Obj, user: NavDoubleUser): void {
    const token = this.state.tokens.get(txt(root.exchangeToken));
    const now = this.clock().getTime();
    if (!token || token.used || token.validTo < now || token.taxNumber !== user.taxNumber) {
      throw new Refusal(400, 'INVALID_EXCHANGE_TOKEN', 'Invalid exchange token!');
    }
    token.used = true;
  }

  private operation(op: NavDoubleOperation, root: Obj, user: NavDoubleUser, echo: Echo, items: TransactionItem[]): string {
    switch (op) {
      case 'tokenExchange':
        return this.tokenExchange(user, echo);
      case 'manageInvoice':
      case 'manageAnnulment':
        return this.manage(op, root, user, echo, items);
      case 'queryTransactionStatus':
        return this.transactionStatus(root, user, echo);
      case 'queryTransactionList':
        return this.transactionList(root, user, echo);
      case 'queryInvoiceCheck':
      case 'queryInvoiceData':
        return this.invoiceQuery(op, root, user, echo);
      case 'queryTaxpayer':
        return this.taxpayer(root, echo);
    }
  }

  private tokenExchange(user: NavDoubleUser, echo: Echo): string {
    const token = `${randomUUID()}${transactionId().slice(0, 12)}`;
    const now = this.clock().getTime();
    this.state.tokens.set(token, { taxNumber: user.taxNumber, validTo: now + this.tokenValidityMs, used: false });
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(user.exchangeKey, 'utf8'), null);
    const encoded = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64');
    return okAnswer(
      'TokenExchangeResponse',
      echo,
      el('encodedExchangeToken', encoded) +
        el('tokenValidityFrom', new Date(now).toISOString()) +
        el('tokenValidityTo', new Date(now + this.tokenValidityMs).toISOString()),
    );
  }

  private manage(op: 'manageInvoice' | 'manageAnnulment', root: Obj, user: NavDoubleUser, echo: Echo, items: TransactionItem[]): string {
    const annulment = op === 'manageAnnulment';
    items.forEach((item, i) => {
      if (item.index !== i + 1) throw new Refusal(400, 'INDEX_NOT_SEQUENTIAL', 'Index is not in sequential order!');
    });
    this.useToken(root, user);
    const compressed = !annulment && txt(obj(root.invoiceOperations).compressedContent) === 'true';
    const tx: Transaction = {
      transactionId: transactionId(),
      taxNumber: user.taxNumber,
      login: user.login,
      requestId: echo.requestId,
      insDate: this.clock(),
      annulment,
      compressed,
      items,
      stage: 'RECEIVED',
    };
    this.state.add(tx);
    return okAnswer(annulment ? 'ManageAnnulmentResponse' : 'ManageInvoiceResponse', echo, el('transactionId', tx.transactionId));
  }

  private transactionStatus(root: Obj, user: NavDoubleUser, echo: Echo): string {
    const tx = this.state.byId.get(txt(root.transactionId));
    if (!tx || tx.taxNumber !== user.taxNumber) return okAnswer('QueryTransactionStatusResponse', echo, '');
    const original = txt(root.returnOriginalRequest) === 'true';
    const results = tx.items
      .map((i) => {
        const technical = i.messages
          .filter((m) => m.kind === 'technical')
          .map(
            (m) =>
              '<technicalValidationMessages>' +
              el('common:validationResultCode', 'ERROR') +
              el('common:validationErrorCode', m.code) +
              el('common:message', (m.message || m.code).slice(0, 1024)) +
              '</technicalValidationMessages>',
          )
          .join('');
        const business = i.messages
          .filter((m) => m.kind === 'business')
          .map(
            (m) =>
              '<businessValidationMessages>' +
              el('validationResultCode', m.result) +
              el('validationErrorCode', m.code) +
              el('message', (m.message || m.code).slice(0, 512)) +
              (m.tag || m.value || m.line
                ? '<pointer>' +
                  (m.tag ? el('tag', m.tag) : '') +
                  (m.value ? el('value', m.value) : '') +
                  (m.line ? el('line', m.line) : '') +
                  '</pointer>'
                : '') +
              '</businessValidationMessages>',
          )
          .join('');
        return (
          '<processingResult>' +
          el('index', i.index) +
          el('invoiceStatus', i.status) +
          technical +
          business +
          el('compressedContentIndicator', tx.compressed) +
          (original ? el('originalRequest', i.base64) : '') +
          '</processingResult>'
        );
      })
      .join('');
    const annul = tx.annulmentStatus
      ? '<annulmentData>' + el('annulmentVerificationStatus', tx.annulmentStatus) + '</annulmentData>'
      : '';
    return okAnswer(
      'QueryTransactionStatusResponse',
      echo,
      '<processingResults>' + results + el('originalRequestVersion', '3.0') + annul + '</processingResults>',
    );
  }

  private transactionList(root: Obj, user: NavDoubleUser, echo: Echo): string {
    const range = obj(root.insDate);
    const from = Date.parse(txt(range.dateTimeFrom));
    const to = Date.parse(txt(range.dateTimeTo));
    if (from > to) throw new Refusal(400, 'BAD_QUERY_PARAM_OVERLAP', 'Date overlapping is not allowed in the query parameters.');
    if (to - from > 35 * DAY) {
      throw new Refusal(400, 'BAD_QUERY_PARAM_RANGE_EXCEEDED', 'Date interval defined by the query parameters must not exceed 35 days.');
    }
    const wanted = root.requestStatus === undefined ? undefined : txt(root.requestStatus);
    const all = this.state.transactions.filter((tx) => {
      const t = tx.insDate.getTime();
      return tx.taxNumber === user.taxNumber && t >= from && t <= to && (!wanted || requestStatus(tx) === wanted);
    });
    const page = Number(txt(root.page));
    const pages = Math.max(1, Math.ceil(all.length / this.pageSize));
    const items = all
      .slice((page - 1) * this.pageSize, page * this.pageSize)
      .map(
        (tx) =>
          '<transaction>' +
          el('insDate', tx.insDate.toISOString()) +
          el('insCusUser', tx.login) +
          el('source', 'MGM') +
          el('transactionId', tx.transactionId) +
          el('requestStatus', requestStatus(tx)) +
          el('technicalAnnulment', tx.annulment) +
          el('originalRequestVersion', '3.0') +
          el('itemCount', tx.items.length) +
          '</transaction>',
      )
      .join('');
    return okAnswer(
      'QueryTransactionListResponse',
      echo,
      '<transactionListResult>' + el('currentPage', page) + el('availablePage', pages) + items + '</transactionListResult>',
    );
  }

  private invoiceQuery(op: 'queryInvoiceCheck' | 'queryInvoiceData', root: Obj, user: NavDoubleUser, echo: Echo): string {
    const q = obj(root.invoiceNumberQuery);
    const direction = txt(q.invoiceDirection);
    if (direction === 'OUTBOUND' && q.supplierTaxNumber !== undefined) {
      throw new Refusal(
        400,
        'BAD_QUERY_PARAM_SUPPLIER_NOT_EXPECTED',
        'The query parameter of the supplier tax number is only usable in case of querying as customer!',
      );
    }
    const number = txt(q.invoiceNumber);
    let entry: LedgerEntry | undefined;
    if (direction === 'OUTBOUND') {
      entry = this.state.ledger.get(user.taxNumber)?.get(number);
    } else {
      const supplier = q.supplierTaxNumber === undefined ? undefined : txt(q.supplierTaxNumber);
      const hits = [...this.state.ledger.entries()]
        .filter(([tax]) => !supplier || tax === supplier)
        .map(([, m]) => m.get(number))
        .filter((e) => e !== undefined && e.customerTaxNumber === user.taxNumber);
      if (hits.length > 1) {
        throw new Refusal(400, 'BAD_QUERY_PARAM_SUPPLIER_EXPECTED', 'The queried invoice has multiple result, supplier tax number query parameter is required!');
      }
      entry = hits[0];
    }
    const valid = entry !== undefined && entry.status !== 'ANNULLED';
    if (op === 'queryInvoiceCheck') return okAnswer('QueryInvoiceCheckResponse', echo, el('invoiceCheckResult', valid));
    if (!valid || !entry) return okAnswer('QueryInvoiceDataResponse', echo, '');
    return okAnswer(
      'QueryInvoiceDataResponse',
      echo,
      '<invoiceDataResult>' +
        el('invoiceData', entry.base64) +
        '<auditData>' +
        el('insdate', entry.insDate) +
        el('insCusUser', this.state.byId.get(entry.transactionId)?.login ?? user.login) +
        el('source', 'MGM') +
        el('transactionId', entry.transactionId) +
        el('index', entry.index) +
        el('originalRequestVersion', '3.0') +
        '</auditData>' +
        el('compressedContentIndicator', this.state.byId.get(entry.transactionId)?.compressed ?? false) +
        '</invoiceDataResult>',
    );
  }

  private taxpayer(root: Obj, echo: Echo): string {
    const t = this.state.taxpayers.get(txt(root.taxNumber));
    if (!t) return okAnswer('QueryTaxpayerResponse', echo, el('taxpayerValidity', false));
    const a = t.address;
    const address = a
      ? '<taxpayerAddressList><taxpayerAddressItem>' +
        el('taxpayerAddressType', 'HQ') +
        '<taxpayerAddress>' +
        el('base:countryCode', a.countryCode ?? 'HU') +
        el('base:postalCode', a.postalCode) +
        el('base:city', a.city) +
        el('base:streetName', a.streetName) +
        el('base:publicPlaceCategory', a.publicPlaceCategory) +
        (a.number ? el('base:number', a.number) : '') +
        '</taxpayerAddress></taxpayerAddressItem></taxpayerAddressList>'
      : '';
    return okAnswer(
      'QueryTaxpayerResponse',
      echo,
      el('infoDate', '2024-01-01T00:00:00.000Z') +
        el('taxpayerValidity', true) +
        '<taxpayerData>' +
        el('taxpayerName', t.name) +
        (t.shortName ? el('taxpayerShortName', t.shortName) : '') +
        '<taxNumberDetail>' +
        el('base:taxpayerId', t.taxNumber) +
        (t.vatCode ? el('base:vatCode', t.vatCode) : '') +
        (t.countyCode ? el('base:countyCode', t.countyCode) : '') +
        '</taxNumberDetail>' +
        el('incorporation', t.incorporation ?? 'ORGANIZATION') +
        address +
        '</taxpayerData>',
    );
  }
}

/** A submission's documents, decoded (base64, gzip when compressedContent says so). */
function decodeItems(op: 'manageInvoice' | 'manageAnnulment', root: Obj): TransactionItem[] {
  const annulment = op === 'manageAnnulment';
  const list = obj(annulment ? root.annulmentOperations : root.invoiceOperations);
  const ops = ((annulment ? list.annulmentOperation : list.invoiceOperation) as Obj[] | undefined) ?? [];
  const compressed = !annulment && txt(list.compressedContent) === 'true';
  return ops.map((o) => {
    const base64 = txt(annulment ? o.invoiceAnnulment : o.invoiceData).replace(/\s+/g, '');
    let xml = '';
    let decodeError: string | undefined;
    try {
      const bytes = Buffer.from(base64, 'base64');
      xml = (compressed ? gunzipSync(bytes) : bytes).toString('utf8');
    } catch (err) {
      decodeError = `DECOMPRESSION_ERROR: ${String(err)}`;
    }
    return {
      index: Number(txt(o.index)),
      operation: txt(annulment ? o.annulmentOperation : o.invoiceOperation),
      base64,
      xml,
      schemaErrors: decodeError ? [decodeError] : [],
      invoiceNumber: annulment ? annulmentReference(xml) : invoiceNumberOf(xml),
      status: 'RECEIVED' as const,
      messages: [],
    };
  });
}

function requestStatus(tx: Transaction): string {
  return tx.stage === 'FINISHED' ? 'FINISHED' : tx.stage;
}

function signedItems(op: NavDoubleOperation, root: Obj): Array<{ operation: string; base64: string }> {
  if (op === 'manageInvoice') {
    return ((obj(root.invoiceOperations).invoiceOperation as Obj[] | undefined) ?? []).map((o) => ({
      operation: txt(o.invoiceOperation),
      base64: txt(o.invoiceData),
    }));
  }
  if (op === 'manageAnnulment') {
    return ((obj(root.annulmentOperations).annulmentOperation as Obj[] | undefined) ?? []).map((o) => ({
      operation: txt(o.annulmentOperation),
      base64: txt(o.invoiceAnnulment),
    }));
  }
  return [];
}

function echoOf(root: Obj): Echo {
  const header = obj(root.header);
  const software = obj(root.software);
  const order = [
    'softwareId',
    'softwareName',
    'softwareOperation',
    'softwareMainVersion',
    'softwareDevName',
    'softwareDevContact',
    'softwareDevCountryCode',
    'softwareDevTaxNumber',
  ];
  return {
    requestId: txt(header.requestId),
    timestamp: txt(header.timestamp),
    requestVersion: txt(header.requestVersion) || '3.0',
    headerVersion: header.headerVersion === undefined ? undefined : txt(header.headerVersion),
    software: order.filter((k) => software[k] !== undefined).map((k) => [k, txt(software[k])] as [string, string]),
  };
}

function send(res: http.ServerResponse, status: number, body: string, type = 'application/xml;charset=UTF-8'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** The exchange token as the user decodes it (for tests that look behind the cipher). */
export function decodeWith(exchangeKey: string, encoded: string): string {
  const d = createDecipheriv('aes-128-ecb', Buffer.from(exchangeKey, 'utf8'), null);
  return Buffer.concat([d.update(Buffer.from(encoded, 'base64')), d.final()]).toString('utf8');
}
