/**
 * What customers owe: getDueCustomers (every contact with an open receivable, per currency) and
 * getDueNotification (the first payment reminder for one contact's overdue invoices, as data and
 * optionally as a PDF letter). "Overdue" means the payment date is before today (Budapest).
 */
import { fromMinorUnits } from '@shared/money';
import { notFound, reason, type Locale, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { dueLetterText, renderDueLetterPdf } from '@documents/index';
import type { DueLetterDocument } from '@documents/model';
import { getAccount } from '../../repos/accounts';
import { findBankAccount, listBankAccounts } from '../../repos/bankAccounts';
import { contactNames, getContact } from '../../repos/contacts';
import { listOpenReceivables, openReceivableTuples, overdueBankAccounts, type OpenReceivable } from '../../repos/invoices';
import { businessDate, daysBetween } from './calendar';
import { accountParty, contactParty, languageForCountry } from './parties';
import { partyOut } from './invoices';

type DueInvoice = Result<'getDueCustomers'>['customers'][number]['invoices'][number];

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// Minor units are at scale 2; an integer divided by 100 is the same double as the decimal it stands for.
const toAmount = (minor: number) => minor / 100;

/** Days overdue by due date; thousands of invoices share a few hundred due dates. */
function overdueDays(today: string): (paymentDate: string) => number {
  const known = new Map<string, number>();
  return (d) => {
    let n = known.get(d);
    if (n === undefined) known.set(d, (n = Math.max(0, daysBetween(d, today))));
    return n;
  };
}

function dueInvoice(r: OpenReceivable, days: (paymentDate: string) => number): DueInvoice {
  return {
    invoice_id: r.id, invoice_number: r.invoiceNumber, currency: r.currency, issued_date: r.issuedDate, payment_date: r.paymentDate,
    total: toAmount(r.grossMinor), balance: toAmount(r.balanceMinor), days_overdue: days(r.paymentDate),
  };
}

const dueOrder = (a: DueInvoice, b: DueInvoice) => cmp(a.payment_date, b.payment_date) || a.invoice_id - b.invoice_id;

/** Oldest due first. A customer's rows come by currency, then due date: one currency is already in order. */
function byDueDate(invoices: DueInvoice[]): DueInvoice[] {
  for (let i = 1; i < invoices.length; i++) if (dueOrder(invoices[i - 1]!, invoices[i]!) > 0) return invoices.sort(dueOrder);
  return invoices;
}

interface CurrencySum {
  currency: string;
  outstandingMinor: number;
  overdueMinor: number;
  oldestDueDate: string;
}

/** Adds one receivable to a contact's per-currency sums; its receivables come sorted by currency and due date. */
function addToSums(out: CurrencySum[], currency: string, paymentDate: string, balanceMinor: number, today: string): void {
  let cur = out[out.length - 1];
  if (cur?.currency !== currency) out.push((cur = { currency, outstandingMinor: 0, overdueMinor: 0, oldestDueDate: paymentDate }));
  cur.outstandingMinor += balanceMinor;
  if (paymentDate < today) cur.overdueMinor += balanceMinor;
}

function byCurrency(rows: OpenReceivable[], today: string): CurrencySum[] {
  const out: CurrencySum[] = [];
  for (const r of rows) addToSums(out, r.currency, r.paymentDate, r.balanceMinor, today);
  return out;
}

// One collator for the whole sort, not a locale lookup in every localeCompare call.
const byName = new Intl.Collator('hu').compare;

/** Straight from SQLite's row tuples, and all names in one query: the list runs to tens of thousands of invoices. */
export async function dueCustomers(ctx: RequestContext): Promise<Result<'getDueCustomers'>> {
  const today = businessDate(ctx.clock.now(), ctx.timeZone);
  const rows = await openReceivableTuples(ctx.db, ctx.accountId);
  const days = overdueDays(today);
  const customers: Result<'getDueCustomers'>['customers'] = [];
  for (let i = 0; i < rows.length; ) {
    const contactId = rows[i]![2];
    const sums: CurrencySum[] = [];
    const invoices: DueInvoice[] = [];
    for (; i < rows.length && rows[i]![2] === contactId; i++) {
      const [id, invoiceNumber, , currency, issuedDate, paymentDate, grossMinor, balanceMinor] = rows[i]!;
      addToSums(sums, currency, paymentDate, balanceMinor, today);
      invoices.push({
        invoice_id: id, invoice_number: invoiceNumber, currency, issued_date: issuedDate, payment_date: paymentDate,
        total: toAmount(grossMinor), balance: toAmount(balanceMinor), days_overdue: days(paymentDate),
      });
    }
    customers.push({
      contact_id: contactId,
      name: '',
      currencies: sums.map((c) => ({
        currency: c.currency, outstanding: toAmount(c.outstandingMinor), overdue: toAmount(c.overdueMinor), oldest_due_date: c.oldestDueDate,
      })),
      invoices: byDueDate(invoices),
    });
  }
  const names = await contactNames(ctx.db, ctx.accountId, customers.map((c) => c.contact_id));
  for (const c of customers) c.name = names.get(c.contact_id) ?? '';
  customers.sort((a, b) => byName(a.name, b.name) || a.contact_id - b.contact_id);
  return { as_of: today, customers };
}

export async function dueNotification(ctx: RequestContext, p: Params<'getDueNotification'>): Promise<Result<'getDueNotification'>> {
  const { db, accountId } = ctx;
  const today = businessDate(ctx.clock.now(), ctx.timeZone);
  const contact = await getContact(db, accountId, p.contact_id);
  if (!contact) {
    throw notFound(`Contact ${p.contact_id} does not exist in your account.`, [{ field: 'contact_id', message: 'no contact with this id in your account' }], reason('unknown_record', { kind: 'contact', id: String(p.contact_id), field: 'contact_id' }));
  }
  const open = await listOpenReceivables(db, accountId, contact.id);
  // Most overdue first, in the letter and in the data alike.
  const overdue = open.filter((r) => r.paymentDate < today).sort((a, b) => cmp(a.paymentDate, b.paymentDate) || a.id - b.id);
  if (overdue.length === 0) {
    throw notFound(
      `${contact.name} has no overdue invoices as of ${today}${open.length ? ` (${open.length} open invoice(s) are not yet due)` : ''}; there is nothing to remind about.`,
      [{ field: 'contact_id', message: 'has no overdue invoices' }],
      reason('nothing_overdue', { contact_id: contact.id, open: open.length }),
    );
  }
  const language: Locale = p.language ?? languageForCountry(contact.countryCode);
  const account = (await getAccount(db, accountId))!;
  // The account the invoices name, when they agree on one; otherwise the account's first.
  const named = await overdueBankAccounts(db, accountId, contact.id, today);
  const bank = (named.length === 1 ? await findBankAccount(db, accountId, named[0]!) : undefined) ?? (await listBankAccounts(db, accountId))[0];
  const seller = accountParty(account, bank);
  const buyer = contactParty(contact);
  const sums = byCurrency(open, today).filter((c) => c.overdueMinor > 0);
  const money = (minor: number, currency: string) => fromMinorUnits(minor, currency);
  const text = dueLetterText(language, {
    sellerName: seller.name,
    buyerName: buyer.name,
    date: today,
    invoiceCount: overdue.length,
    totals: sums.map((c) => ({ currency: c.currency, overdue: money(c.overdueMinor, c.currency) })),
    bankAccount: bank?.number,
    contact: [account.email, account.phone].filter(Boolean).join(', ') || undefined,
  });
  const invoices = overdue.map((r) => dueInvoice(r, overdueDays(today)));
  const letter: DueLetterDocument = {
    language, date: today, seller, buyer, ...text,
    invoices: overdue.map((r) => ({
      invoiceNumber: r.invoiceNumber, issuedDate: r.issuedDate, paymentDate: r.paymentDate, daysOverdue: daysBetween(r.paymentDate, today),
      currency: r.currency, gross: money(r.grossMinor, r.currency), balance: money(r.balanceMinor, r.currency),
    })),
    totals: sums.map((c) => ({ currency: c.currency, outstanding: money(c.outstandingMinor, c.currency), overdue: money(c.overdueMinor, c.currency) })),
  };
  const result: Result<'getDueNotification'> = {
    contact_id: contact.id, language, date: today, seller: partyOut(seller), buyer: partyOut(buyer), subject: text.subject, opening: text.opening,
    invoices, totals: sums.map((c) => ({ currency: c.currency, outstanding: toAmount(c.outstandingMinor), overdue: toAmount(c.overdueMinor) })),
    closing: text.closing,
  };
  if (p.pdf === 1) {
    result.filename = `payment-reminder-${contact.id}-${today}.pdf`;
    result.pdf = (await renderDueLetterPdf(letter)).toString('base64');
  }
  return result;
}
