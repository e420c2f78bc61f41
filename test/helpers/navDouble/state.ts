/**
 * What the NAV double holds: technical users, tokens, transactions and the ledger of invoices per
 * taxpayer, and the asynchronous processing RECEIVED → PROCESSING → DONE/ABORTED with NAV's
 * business checks (supplier, duplicate numbers, references, refused buyers).
 */
import { randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { navMessageText } from '@shared/nav';

export interface NavDoubleUser {
  login: string;
  /** SHA-512 upper hex of the password (what NAV stores). */
  passwordHash: string;
  signingKey: string;
  exchangeKey: string;
  /** The taxpayer's 8 digits. */
  taxNumber: string;
}

export interface NavDoubleTaxpayer {
  taxNumber: string;
  name: string;
  shortName?: string;
  vatCode?: string;
  countyCode?: string;
  incorporation?: 'ORGANIZATION' | 'SELF_EMPLOYED' | 'TAXABLE_PERSON';
  address?: {
    countryCode?: string;
    postalCode: string;
    city: string;
    streetName: string;
    publicPlaceCategory: string;
    number?: string;
  };
}

export type ItemStatus = 'RECEIVED' | 'PROCESSING' | 'DONE' | 'ABORTED';

export interface ItemMessage {
  kind: 'technical' | 'business';
  result: 'ERROR' | 'WARN' | 'INFO';
  code: string;
  message: string;
  tag?: string;
  value?: string;
  line?: number;
}

export interface TransactionItem {
  index: number;
  /** CREATE | MODIFY | STORNO, or ANNUL. */
  operation: string;
  /** The base64 exactly as received. */
  base64: string;
  /** The decoded document (invoice data or annulment). */
  xml: string;
  schemaErrors: string[];
  invoiceNumber?: string;
  status: ItemStatus;
  messages: ItemMessage[];
}

export interface Transaction {
  transactionId: string;
  taxNumber: string;
  login: string;
  requestId: string;
  insDate: Date;
  annulment: boolean;
  compressed: boolean;
  items: TransactionItem[];
  stage: 'RECEIVED' | 'PROCESSING' | 'FINISHED';
  annulmentStatus?: 'NOT_VERIFIABLE' | 'VERIFICATION_PENDING' | 'VERIFICATION_DONE' | 'VERIFICATION_REJECTED';
}

/** One invoice NAV holds for a taxpayer. */
export interface LedgerEntry {
  invoiceNumber: string;
  transactionId: string;
  index: number;
  operation: string;
  status: 'DONE' | 'ANNULLED' | 'ANNULMENT_PENDING';
  insDate: string;
  invoiceData: string;
  base64: string;
  customerTaxNumber?: string;
}

export interface StateOptions {
  clock: () => Date;
  /** 'auto': each stage after stepMs; 'manual': only advance()/processAll() move transactions. */
  processing: 'auto' | 'manual';
  stepMs: number;
  /** Buyers' 8-digit tax numbers NAV refuses: ABORTED with CUSTOMER_NOT_ASSIGNED. */
  refusedBuyers: Set<string>;
  /** Buyers NAV warns about: DONE with an INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER warning. */
  warnBuyers: Set<string>;
  /** 'auto': a DONE annulment is approved at once; 'manual': it waits for approveAnnulments(). */
  annulmentApproval: 'auto' | 'manual';
  /** The language of the messages in processing results (NAV uses the technical user's). */
  language: 'hu' | 'en' | 'de';
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, ignoreAttributes: true });

type Obj = Record<string, unknown>;
function dig(node: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((n, k) => (n !== null && typeof n === 'object' ? (n as Obj)[k] : undefined), node);
}
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export function transactionId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

interface InvoiceFacts {
  invoiceNumber?: string;
  supplier?: string;
  customer?: string;
  reference?: { original?: string; withoutMaster: boolean };
}

function invoiceFacts(xml: string): InvoiceFacts {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return {};
  }
  const data = dig(doc, 'InvoiceData');
  const invoice = dig(data, 'invoiceMain', 'invoice');
  const headNode = dig(invoice, 'invoiceHead');
  const ref = dig(invoice, 'invoiceReference');
  return {
    invoiceNumber: str(dig(data, 'invoiceNumber')),
    supplier: str(dig(headNode, 'supplierInfo', 'supplierTaxNumber', 'taxpayerId')),
    customer: str(dig(headNode, 'customerInfo', 'customerVatData', 'customerTaxNumber', 'taxpayerId')),
    reference: ref
      ? { original: str(dig(ref, 'originalInvoiceNumber')), withoutMaster: str(dig(ref, 'modifyWithoutMaster')) === 'true' }
      : undefined,
  };
}

export function annulmentReference(xml: string): string | undefined {
  try {
    return str(dig(parser.parse(xml), 'InvoiceAnnulment', 'annulmentReference'));
  } catch {
    return undefined;
  }
}

export function invoiceNumberOf(xml: string): string | undefined {
  return invoiceFacts(xml).invoiceNumber;
}

export class DoubleState {
  readonly users = new Map<string, NavDoubleUser>();
  readonly taxpayers = new Map<string, NavDoubleTaxpayer>();
  /** Decoded token → its taxpayer and validity. */
  readonly tokens = new Map<string, { taxNumber: string; validTo: number; used: boolean }>();
  /** Request ids of successful requests, per taxpayer. */
  readonly requestIds = new Map<string, Set<string>>();
  readonly transactions: Transaction[] = [];
  readonly byId = new Map<string, Transaction>();
  /** taxpayer → invoice number → what NAV holds. */
  readonly ledger = new Map<string, Map<string, LedgerEntry>>();

  constructor(readonly options: StateOptions) {}

  private text(code: string): string {
    return navMessageText(code, this.options.language)?.text ?? code;
  }

  add(tx: Transaction): void {
    this.transactions.push(tx);
    this.byId.set(tx.transactionId, tx);
  }

  /** Moves transactions whose time has come (auto mode). Called before every read. */
  settle(): void {
    if (this.options.processing !== 'auto') return;
    const now = this.options.clock().getTime();
    for (const tx of this.transactions) {
      if (tx.stage === 'FINISHED') continue;
      const age = now - tx.insDate.getTime();
      if (age >= 2 * this.options.stepMs) this.finish(tx);
      else if (age >= this.options.stepMs) this.begin(tx);
    }
  }

  /** Test hook: every unfinished transaction one stage on (RECEIVED → PROCESSING → finished). */
  advance(): void {
    for (const tx of this.transactions) {
      if (tx.stage === 'RECEIVED') this.begin(tx);
      else if (tx.stage === 'PROCESSING') this.finish(tx);
    }
  }

  /** Test hook: every transaction processed to its end, in the order received. */
  processAll(): void {
    for (const tx of this.transactions) if (tx.stage !== 'FINISHED') this.finish(tx);
  }

  private begin(tx: Transaction): void {
    tx.stage = 'PROCESSING';
    for (const item of tx.items) item.status = 'PROCESSING';
  }

  private held(taxNumber: string): Map<string, LedgerEntry> {
    let m = this.ledger.get(taxNumber);
    if (!m) this.ledger.set(taxNumber, (m = new Map()));
    return m;
  }

  private error(item: TransactionItem, kind: ItemMessage['kind'], code: string, extra: Partial<ItemMessage> = {}): void {
    item.messages.push({ kind, result: 'ERROR', code, message: this.text(code), ...extra });
  }

  private technicalErrors(item: TransactionItem): void {
    for (const e of item.schemaErrors.slice(0, 20)) {
      const code = e.startsWith('DECOMPRESSION_ERROR:') ? 'DECOMPRESSION_ERROR' : 'SCHEMA_VIOLATION';
      item.messages.push({ kind: 'technical', result: 'ERROR', code, message: e });
    }
  }

  private finish(tx: Transaction): void {
    tx.stage = 'FINISHED';
    if (tx.annulment) this.finishAnnulment(tx);
    else this.finishInvoices(tx);
  }

  private finishInvoices(tx: Transaction): void {
    const held = this.held(tx.taxNumber);
    const numbers = new Map<string, number>();
    for (const item of tx.items) if (item.invoiceNumber) numbers.set(item.invoiceNumber, (numbers.get(item.invoiceNumber) ?? 0) + 1);
    for (const item of tx.items) {
      if (item.schemaErrors.length > 0) {
        this.technicalErrors(item);
        item.status = 'ABORTED';
        continue;
      }
      const facts = invoiceFacts(item.xml);
      const number = facts.invoiceNumber ?? '';
      if ((numbers.get(number) ?? 0) > 1) {
        this.error(item, 'technical', 'DUPLICATE_IN_REQUEST');
      }
      if (facts.supplier !== tx.taxNumber) {
        this.error(item, 'business', 'SUPPLIER_TAX_NUMBER_MISMATCH', { tag: 'supplierTaxNumber', value: facts.supplier });
      }
      if (held.has(number) && held.get(number)!.status !== 'ANNULLED') {
        this.error(item, 'business', 'INVOICE_NUMBER_NOT_UNIQUE', { tag: 'invoiceNumber', value: number });
      }
      if (item.operation === 'CREATE' && facts.reference) {
        this.error(item, 'business', 'INVOICE_REFERENCE_NOT_EXPECTED', { tag: 'invoiceReference' });
      }
      if (item.operation !== 'CREATE') {
        const original = facts.reference?.original;
        const base = original ? held.get(original) : undefined;
        const holdsBase = base !== undefined && base.status !== 'ANNULLED';
        if (!facts.reference || !original) {
          this.error(item, 'business', 'INVOICE_REFERENCE_EXPECTED', { tag: 'invoiceReference' });
        } else if (!facts.reference.withoutMaster && !holdsBase) {
          this.error(item, 'business', 'INVALID_INVOICE_REFERENCE', { tag: 'originalInvoiceNumber', value: original });
        } else if (facts.reference.withoutMaster && holdsBase) {
          this.error(item, 'business', 'MODIFY_WITHOUT_MASTER_MISMATCH', { tag: 'modifyWithoutMaster', value: 'true' });
        }
      }
      if (facts.customer && this.options.refusedBuyers.has(facts.customer)) {
        this.error(item, 'business', 'CUSTOMER_NOT_ASSIGNED', { tag: 'customerTaxNumber', value: facts.customer });
      }
      if (facts.customer && this.options.warnBuyers.has(facts.customer)) {
        item.messages.push({
          kind: 'business',
          result: 'WARN',
          code: 'INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER',
          message: this.text('INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER'),
          tag: 'customerTaxNumber',
          value: facts.customer,
        });
      }
      if (item.messages.some((m) => m.result === 'ERROR')) {
        item.status = 'ABORTED';
        continue;
      }
      item.status = 'DONE';
      held.set(number, {
        invoiceNumber: number,
        transactionId: tx.transactionId,
        index: item.index,
        operation: item.operation,
        status: 'DONE',
        insDate: tx.insDate.toISOString(),
        invoiceData: item.xml,
        base64: item.base64,
        customerTaxNumber: facts.customer,
      });
    }
  }

  private finishAnnulment(tx: Transaction): void {
    const held = this.held(tx.taxNumber);
    for (const item of tx.items) {
      if (item.schemaErrors.length > 0) {
        this.technicalErrors(item);
        continue;
      }
      const entry = item.invoiceNumber ? held.get(item.invoiceNumber) : undefined;
      if (!entry || entry.status === 'ANNULLED') {
        this.error(item, 'business', 'INVALID_ANNULMENT_REFERENCE', { tag: 'annulmentReference', value: item.invoiceNumber });
      } else if (entry.status === 'ANNULMENT_PENDING') {
        this.error(item, 'business', 'ANNULMENT_IN_PROGRESS', { tag: 'annulmentReference', value: item.invoiceNumber });
      }
    }
    // One failed index fails the whole annulment (spec 1.8.8.2, NOT_VERIFIABLE).
    const failed = tx.items.some((i) => i.schemaErrors.length > 0 || i.messages.some((m) => m.result === 'ERROR'));
    for (const item of tx.items) item.status = failed ? 'ABORTED' : 'DONE';
    if (failed) {
      tx.annulmentStatus = 'NOT_VERIFIABLE';
      return;
    }
    tx.annulmentStatus = 'VERIFICATION_PENDING';
    for (const item of tx.items) held.get(item.invoiceNumber!)!.status = 'ANNULMENT_PENDING';
    if (this.options.annulmentApproval === 'auto') this.decideAnnulment(tx, true);
  }

  /** The primary user's decision on the web interface (VERIFICATION_DONE frees the numbers). */
  decideAnnulment(tx: Transaction, approve: boolean): void {
    if (tx.annulmentStatus !== 'VERIFICATION_PENDING') return;
    tx.annulmentStatus = approve ? 'VERIFICATION_DONE' : 'VERIFICATION_REJECTED';
    const held = this.held(tx.taxNumber);
    for (const item of tx.items) {
      const entry = held.get(item.invoiceNumber!);
      if (entry) entry.status = approve ? 'ANNULLED' : 'DONE';
    }
  }
}
