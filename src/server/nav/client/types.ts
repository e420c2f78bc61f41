/**
 * The contract between the Online Számla 3.0 client (this folder) and the server's submission queue
 * (services/finance/nav*). The client speaks NAV's protocol and nothing else: no database, no clock of
 * its own, no retries. What to do with each outcome (retry later, needs a person, find out what NAV
 * holds) is the queue's decision, keyed by NavError.kind.
 */

/** One account's technical user, as the client needs it (the keys already decrypted). */
export interface NavCredentials {
  /** Service base, e.g. https://api-test.onlineszamla.nav.gov.hu/invoiceService/v3 (operations are appended). */
  url: string;
  login: string;
  /** SHA-512 of the password, upper-case hex: all NAV ever needs, and all the server stores. */
  passwordHash: string;
  signingKey: string;
  exchangeKey: string;
  /** The taxpayer's 8-digit id (the first 8 digits of the tax number). */
  taxNumber: string;
}

/** NAV's `software` block: who made the invoicing program. */
export interface NavSoftware {
  softwareId: string;
  softwareName: string;
  softwareOperation: 'LOCAL_SOFTWARE' | 'ONLINE_SERVICE';
  softwareMainVersion: string;
  softwareDevName: string;
  softwareDevContact: string;
  softwareDevCountryCode?: string;
  softwareDevTaxNumber?: string;
}

/** The one seam to the network; tests and the double put their own here. */
export interface NavTransport {
  /**
   * POSTs `body` (XML, UTF-8) to `url`. Resolves with any HTTP answer; rejects with
   * `{ sent: boolean }` set on the error when the connection failed: `sent: false` when nothing
   * can have reached NAV (refused, DNS), `sent: true` when the request may have arrived (timeout or
   * a cut after the body was written).
   */
  post(url: string, body: string, timeoutMs: number): Promise<{ status: number; body: string }>;
}

export type NavOperation = 'CREATE' | 'MODIFY' | 'STORNO';

export interface NavInvoiceOperation {
  /** 1..100, the invoice's position in the request. */
  index: number;
  operation: NavOperation;
  /** The InvoiceData document (XML text, not yet base64). */
  invoiceData: string;
}

export type NavInvoiceStatus = 'RECEIVED' | 'PROCESSING' | 'SAVED' | 'DONE' | 'ABORTED';

export interface NavMessage {
  /** ERROR | WARN | INFO (business validation) or ERROR | WARN for technical validation. */
  result: 'ERROR' | 'WARN' | 'INFO';
  code: string;
  message: string;
  /** The element (and line) of the invoice data the message concerns, when NAV says. */
  tag?: string;
  value?: string;
  line?: number;
}

export interface NavProcessingResult {
  index: number;
  status: NavInvoiceStatus;
  messages: NavMessage[];
  /** With returnOriginalRequest: the invoice data NAV received (XML text), to match a lost transaction. */
  originalInvoiceData?: string;
  /**
   * A manageAnnulment transaction only: NAV's verification of the annulment, the same on every
   * index. VERIFICATION_PENDING waits for the taxpayer's primary user to approve it on NAV's web
   * interface; only VERIFICATION_DONE annuls (spec 1.8.8.2).
   */
  annulmentVerification?: NavAnnulmentVerification;
}

export type NavAnnulmentVerification = 'NOT_VERIFIABLE' | 'VERIFICATION_PENDING' | 'VERIFICATION_DONE' | 'VERIFICATION_REJECTED';

export interface NavTransactionSummary {
  transactionId: string;
  /** When NAV received it (UTC). */
  insDate: string;
  requestStatus: 'RECEIVED' | 'PROCESSING' | 'SAVED' | 'FINISHED' | 'NOTIFIED';
  technicalAnnulment: boolean;
  itemCount: number;
}

export interface NavTaxpayer {
  valid: boolean;
  name?: string;
  shortName?: string;
  /** e.g. 12345678-2-41 when NAV gives the VAT code and county code. */
  taxNumber?: string;
  address?: { postalCode?: string; city?: string; street?: string; countryCode?: string };
}

export type NavAnnulmentCode = 'ERRATIC_DATA' | 'ERRATIC_INVOICE_NUMBER' | 'ERRATIC_INVOICE_ISSUE_DATE' | 'ERRATIC_ELECTRONIC_HASH_VALUE';

/**
 * Why a call failed, as the queue acts on it:
 * - `network`: nothing reached NAV (refused connection, DNS); send again later.
 * - `lost`: the request may have reached NAV but no answer came (timeout, cut after sending); for
 *   manageInvoice/manageAnnulment find out what NAV holds before sending again (spec 1.9.2).
 * - `maintenance`: NAV is in maintenance (or 5xx / OPERATION_FAILED); later, without a person.
 * - `auth`: the credentials are refused (INVALID_SECURITY_USER, INVALID_REQUEST_SIGNATURE,
 *   INVALID_EXCHANGE_TOKEN decoding, NOT_REGISTERED_CUSTOMER, …); stop the account's queue.
 * - `taxpayer`: the tax number does not belong to the technical user (INVALID_USER_RELATION, …).
 * - `refused`: any other ERROR answer (schema, INVALID_REQUEST, INVOICE_NUMBER_NOT_UNIQUE, …).
 */
export type NavErrorKind = 'network' | 'lost' | 'maintenance' | 'auth' | 'taxpayer' | 'refused';

export interface NavClientApi {
  /** tokenExchange, decoded with the exchange key (AES-128-ECB). */
  tokenExchange(): Promise<string>;
  /** Up to 100 operations in one request; answers NAV's transactionId. */
  manageInvoice(operations: readonly NavInvoiceOperation[]): Promise<{ transactionId: string }>;
  queryTransactionStatus(transactionId: string, returnOriginalRequest?: boolean): Promise<NavProcessingResult[]>;
  /** Every transaction NAV received from this taxpayer between from and to (all pages). */
  queryTransactionList(from: Date, to: Date): Promise<NavTransactionSummary[]>;
  /** Whether NAV holds an outbound invoice with this number. */
  queryInvoiceCheck(invoiceNumber: string): Promise<boolean>;
  manageAnnulment(operations: readonly { index: number; invoiceNumber: string; code: NavAnnulmentCode; reason: string }[]): Promise<{ transactionId: string }>;
  queryTaxpayer(taxNumber8: string): Promise<NavTaxpayer>;
}
