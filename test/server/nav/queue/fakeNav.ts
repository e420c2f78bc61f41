/**
 * An in-memory NAV for the submission queue's tests: a ledger of the invoice numbers it holds, its
 * transactions, and faults to inject. It is not the protocol double (test/helpers/navDouble): it
 * stands behind NavClientApi, so the queue's decisions are tested without XML.
 */
import { NavError } from '@server/nav/client/errors';
import type { NavClientApi, NavCredentials, NavInvoiceOperation, NavProcessingResult, NavTransactionSummary } from '@server/nav/client/types';
import type { NavClientFactory } from '@server/services/finance/navConnection';

interface Tx { id: string; at: Date; ops: { index: number; number: string; data: string; status: 'DONE' | 'ABORTED'; messages: NavProcessingResult['messages'] }[]; polls: number; annulment: boolean }

export class FakeNav {
  readonly ledger = new Map<string, number>();
  readonly transactions: Tx[] = [];
  readonly calls: string[] = [];
  /** Invoice numbers NAV refuses (ABORTED with an ERROR). */
  readonly refuse = new Set<string>();
  /** The next manageInvoice is recorded, then its answer lost. */
  cutAfterAccept = 0;
  /** Signing key NAV accepts; any other is INVALID_REQUEST_SIGNATURE. */
  goodSigningKey = 'good-signing-key';
  /** manageInvoice answers that the invoice number is not unique when NAV holds it already. */
  duplicates = 0;
  maintenance = 0;
  private seq = 0;

  constructor(private readonly now: () => Date) {}

  factory: NavClientFactory = (creds) => this.client(creds);

  client(creds: NavCredentials): NavClientApi {
    const auth = (op: string) => {
      this.calls.push(op);
      if (creds.signingKey !== this.goodSigningKey) throw new NavError('auth', `${op}: NAV answered INVALID_REQUEST_SIGNATURE`, 'INVALID_REQUEST_SIGNATURE', 400);
      if (this.maintenance > 0 && op.startsWith('manage')) {
        this.maintenance--;
        throw new NavError('maintenance', `${op}: NAV answered MAINTENANCE`, 'MAINTENANCE', 503);
      }
    };
    const number = (xml: string) => /<invoiceNumber>([^<]+)</.exec(xml)![1]!;
    return {
      tokenExchange: async () => {
        auth('tokenExchange');
        return 'token';
      },
      manageInvoice: async (ops: readonly NavInvoiceOperation[]) => {
        auth('manageInvoice');
        if (ops.length > 100) throw new NavError('refused', 'too many', 'INVALID_REQUEST');
        const tx: Tx = { id: `TX${++this.seq}`, at: this.now(), ops: [], polls: 0, annulment: false };
        for (const op of ops) {
          const n = number(op.invoiceData);
          const held = this.ledger.has(n);
          if (held) this.duplicates++;
          const bad = held || this.refuse.has(n);
          if (!bad) this.ledger.set(n, (this.ledger.get(n) ?? 0) + 1);
          tx.ops.push({
            index: op.index, number: n, data: op.invoiceData, status: bad ? 'ABORTED' : 'DONE',
            messages: held ? [{ result: 'ERROR', code: 'INVOICE_NUMBER_NOT_UNIQUE', message: 'not unique' }]
              : bad ? [{ result: 'ERROR', code: 'INVALID_CUSTOMER_TAX_NUMBER', message: 'The buyer tax number is invalid', tag: 'customerTaxNumber', line: 1 }]
                : [{ result: 'WARN', code: 'INCORRECT_LINE_DATA', message: 'line warning', line: 1 }],
          });
        }
        this.transactions.push(tx);
        if (this.cutAfterAccept > 0) {
          this.cutAfterAccept--;
          throw new NavError('lost', 'manageInvoice: no answer after the request was sent');
        }
        return { transactionId: tx.id };
      },
      manageAnnulment: async (ops) => {
        auth('manageAnnulment');
        const tx: Tx = { id: `TX${++this.seq}`, at: this.now(), ops: ops.map((o) => ({ index: o.index, number: o.invoiceNumber, data: `<annulmentReference>${o.invoiceNumber}</annulmentReference>`, status: 'DONE', messages: [] })), polls: 0, annulment: true };
        this.transactions.push(tx);
        return { transactionId: tx.id };
      },
      queryTransactionStatus: async (id, original) => {
        auth('queryTransactionStatus');
        const tx = this.transactions.find((t) => t.id === id);
        if (!tx) throw new NavError('refused', 'unknown transaction', 'INVALID_REQUEST');
        tx.polls++;
        return tx.ops.map((o) => ({
          index: o.index, status: tx.polls === 1 ? 'PROCESSING' : o.status, messages: tx.polls === 1 ? [] : o.messages,
          ...(original ? { originalInvoiceData: Buffer.from(o.data).toString('base64') } : {}),
        }));
      },
      queryTransactionList: async (from, to): Promise<NavTransactionSummary[]> => {
        auth('queryTransactionList');
        return this.transactions.filter((t) => t.at >= from && t.at <= to).map((t) => ({
          transactionId: t.id, insDate: t.at.toISOString(), requestStatus: 'FINISHED', technicalAnnulment: t.annulment, itemCount: t.ops.length,
        }));
      },
      queryInvoiceCheck: async (n) => {
        auth('queryInvoiceCheck');
        return this.ledger.has(n);
      },
      queryTaxpayer: async (n) => {
        auth('queryTaxpayer');
        return n === '12345678' ? { valid: true, name: 'Példa Kereskedelmi Kft.', taxNumber: '12345678-2-41', address: { countryCode: 'HU', postalCode: '1011', city: 'Budapest', street: 'Fő utca 1.' } } : { valid: false };
      },
    };
  }
}
