/**
 * The invoice header rules the schema cannot check: the account's own records (contact, bank
 * account, custom fields), the dates against each other and today, the exchange rate, the buyer's
 * VAT status and the combinations of the extensions. Rules and reasons: docs/api-finance.md.
 */
import { compareMoney, roundMoney } from '@shared/money';
import { invalid, notFound, reason, type CustomFields, type ErrorDetail, type Locale, type Params, type Reason } from '@shared/protocol';
import type { ServerConfig } from '../../config';
import type { Sql } from '../../db/sql';
import { getAccount, type Account } from '../../repos/accounts';
import { findBankAccount, listBankAccounts, type BankAccount } from '../../repos/bankAccounts';
import { getContact, type Contact } from '../../repos/contacts';
import { listCustomFieldDefs } from '../../repos/customFields';
import type { RetentionData } from '../../repos/invoices';
import { addDays } from './calendar';
import { checkCustomFields } from './customFields';
import { dec } from './lines';
import { languageForCountry } from './parties';

type SetInvoiceParams = Params<'setInvoice'>;

/** The longest sensible distance between the issue date and the other two dates. */
export const MAX_DATE_SPAN_DAYS = 366;
const HU_TAX_NUMBER = /^\d{8}-[1-5]-\d{2}$/;

export interface CheckedHeader {
  account: Account;
  contact: Contact;
  bank: BankAccount;
  fxRate?: string;
  customFields?: CustomFields;
  /** Why the requested electronic signature was not applied (always, in this build). */
  esignatureNote?: string;
}

export function throwIfInvalid(details: ErrorDetail[], why?: Reason): void {
  if (details.length === 0) return;
  const shown = details.slice(0, 3).map((d) => `${d.field} ${d.message}`).join('; ');
  throw invalid(`setInvoice: ${shown}${details.length > 3 ? ` (and ${details.length - 3} more)` : ''}.`, details, why);
}

/** Extensions that cannot be combined, refused before anything is looked up. */
export function checkCombination(p: SetInvoiceParams): void {
  const details: ErrorDetail[] = [];
  // One reason per field is enough to act on.
  const refuse = (field: string, message: string) => {
    if (!details.some((d) => d.field === field)) details.push({ field, message });
  };
  if (p.storno_id !== undefined) {
    if (p.proforma === 1) refuse('proforma', 'cannot be combined with storno_id: a storno is a tax document in the normal series');
    if (p.from_proforma_id !== undefined) refuse('from_proforma_id', 'cannot be combined with storno_id');
    if (p.order_id !== undefined) refuse('order_id', 'cannot be combined with storno_id: a storno ships nothing');
    if (p.retentions?.length) refuse('retentions', 'must be omitted on a storno: the cancelled invoice has nothing left to retain');
  }
  if (p.from_proforma_id !== undefined) {
    if (p.proforma === 1) refuse('proforma', 'must be 0 with from_proforma_id: the conversion issues the tax invoice');
    if (p.order_id !== undefined) refuse('order_id', 'cannot be combined with from_proforma_id; invoice the order directly with order_id');
  }
  if (p.proforma === 1) {
    if (p.order_id !== undefined) refuse('order_id', 'cannot be combined with proforma 1: a proforma ships nothing; invoice the order when it ships');
    if (p.crdr !== 'outgoing' && p.crdr !== 'advance out') refuse('crdr', 'must be outgoing or advance out on a proforma: we issue proformas, we do not register them');
  }
  if (p.order_id !== undefined && p.crdr !== 'outgoing' && p.crdr !== 'advance out') {
    refuse('crdr', 'must be outgoing or advance out with order_id: an order is a sale');
  }
  throwIfInvalid(details);
}

function checkDates(p: SetInvoiceParams, today: string, details: ErrorDetail[]): void {
  if (p.issued_date > today) details.push({ field: 'issued_date', message: `must not be in the future (today is ${today})` });
  if (p.payment_date < p.issued_date) details.push({ field: 'payment_date', message: `must not be before the issue date ${p.issued_date}` });
  else if (p.payment_date > addDays(p.issued_date, MAX_DATE_SPAN_DAYS)) {
    details.push({ field: 'payment_date', message: `must be within ${MAX_DATE_SPAN_DAYS} days after the issue date ${p.issued_date}` });
  }
  const span = (d: string) => d < addDays(p.issued_date, -MAX_DATE_SPAN_DAYS) || d > addDays(p.issued_date, MAX_DATE_SPAN_DAYS);
  if (span(p.fulfillment_date)) details.push({ field: 'fulfillment_date', message: `must be within ${MAX_DATE_SPAN_DAYS} days of the issue date ${p.issued_date}` });
}

function checkFx(p: SetInvoiceParams, account: Account, details: ErrorDetail[]): string | undefined {
  if (p.currency === 'HUF') {
    if (p.fx_rate !== undefined && compareMoney(p.fx_rate, '1') !== 0) {
      details.push({ field: 'fx_rate', message: `must be omitted (or 1) on a HUF invoice; got ${p.fx_rate}` });
    }
    return undefined;
  }
  if (p.fx_rate === undefined) {
    const why = p.currency !== account.defaultCurrency ? `the account's currency is ${account.defaultCurrency}` : 'the VAT must also be stated in HUF';
    details.push({ field: 'fx_rate', message: `is required on a ${p.currency} invoice (HUF per 1 ${p.currency}): ${why}` });
    return undefined;
  }
  return dec(p.fx_rate);
}

function checkVatType(p: SetInvoiceParams, contact: Contact, details: ErrorDetail[]): void {
  if (p.customer_vat_type !== 'DOMESTIC') return;
  const tax = contact.taxNumber?.replace(/\s/g, '');
  if (!tax || !HU_TAX_NUMBER.test(tax)) {
    details.push({
      field: 'customer_vat_type',
      message: `DOMESTIC needs the buyer's Hungarian tax number (12345678-2-42), and contact ${contact.id} (${contact.name}) has ${tax ? `"${tax}"` : 'none'}; use PRIVATE_PERSON for a private person or OTHER for a foreign buyer`,
    });
  }
}

/** The esignature request's honest outcome: this build has no PDF signing, so it is never applied. */
function esignatureNote(p: SetInvoiceParams, config: ServerConfig): string | undefined {
  if (p.esignature !== 1) return undefined;
  if (p.email === undefined) return 'Electronic signature not applied: it applies only to an invoice sent by e-mail, and no email was given.';
  return config.signingCertPath
    ? 'Electronic signature not applied: PDF signing is not available in this build, although a signing certificate is configured. The PDF is sent unsigned.'
    : 'Electronic signature not applied: no signing certificate is configured on this server. The PDF is sent unsigned.';
}

export async function checkHeader(db: Sql, accountId: number, config: ServerConfig, p: SetInvoiceParams, today: string, details: ErrorDetail[]): Promise<CheckedHeader> {
  const account = (await getAccount(db, accountId))!;
  const contact = await getContact(db, accountId, p.contact_id);
  if (!contact) {
    throw notFound(`Contact ${p.contact_id} does not exist in your account.`, [{ field: 'contact_id', message: 'no contact with this id in your account' }], reason('unknown_record', { kind: 'contact', id: String(p.contact_id), field: 'contact_id' }));
  }
  const bank = await findBankAccount(db, accountId, p.selected_account);
  if (!bank) {
    const known = (await listBankAccounts(db, accountId)).map((b) => b.number);
    details.push({ field: 'selected_account', message: `must be one of your bank account numbers exactly (${known.join(', ') || 'none defined'}); got "${p.selected_account}"` });
  }
  checkDates(p, today, details);
  const fxRate = checkFx(p, account, details);
  checkVatType(p, contact, details);
  const customFields = checkCustomFields(await listCustomFieldDefs(db, accountId, 'finance'), p.custom_fields, 'custom_fields', 'invoices', details);
  return { account, contact, bank: bank!, fxRate, customFields, esignatureNote: esignatureNote(p, config) };
}

/** Retentions in the invoice currency's precision, due on or after the issue date. */
export function checkRetentions(p: SetInvoiceParams, details: ErrorDetail[]): RetentionData[] {
  return (p.retentions ?? []).map((r, i) => {
    const amount = dec(r.amount);
    if (compareMoney(roundMoney(amount, p.currency), amount) !== 0) {
      details.push({ field: `retentions[${i}].amount`, message: `has more decimal places than ${p.currency} allows; got ${amount}` });
    }
    if (r.due_date < p.issued_date) details.push({ field: `retentions[${i}].due_date`, message: `must not be before the issue date ${p.issued_date}` });
    return { name: r.name, amount: roundMoney(amount, p.currency), dueDate: r.due_date, note: r.note || undefined, type: r.type, vat: r.vat === undefined ? undefined : dec(r.vat) };
  });
}

export const defaultLanguage = (p: SetInvoiceParams, contact: Contact, inherited?: string): Locale =>
  p.language ?? (inherited as Locale | undefined) ?? languageForCountry(contact.countryCode);
