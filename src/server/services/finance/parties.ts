/**
 * The parties of an invoice as printed: the seller from the account's company data and the chosen
 * bank account (issuer_* fields override the contact details), the partner from the CRM contact.
 * setInvoice stores these snapshots; every later rendering uses the snapshot, not today's data.
 */
import type { Locale } from '@shared/protocol';
import type { Party } from '@documents/model';
import type { Account } from '../../repos/accounts';
import type { BankAccount } from '../../repos/bankAccounts';
import type { Contact } from '../../repos/contacts';
import type { Crdr } from '../../repos/invoices';

export function accountParty(account: Account, bank?: BankAccount, issuer: { email?: string; phone?: string; swift?: string } = {}): Party {
  return {
    name: account.name,
    address: { countryCode: account.countryCode, postalCode: account.postalCode, city: account.city, street: account.street },
    taxNumber: account.taxNumber,
    euVatNumber: account.euVatNumber,
    bankAccount: bank?.number,
    swift: issuer.swift || bank?.swift,
    email: issuer.email || account.email,
    phone: issuer.phone || account.phone,
  };
}

export function contactParty(c: Contact): Party {
  return {
    name: c.name,
    address: { countryCode: c.countryCode, postalCode: c.postalCode ?? '', city: c.city ?? '', street: c.street ?? '' },
    taxNumber: c.taxNumber,
    euVatNumber: c.euVatNumber,
    email: c.email,
    phone: c.phone,
  };
}

/** Received invoices (and received advance invoices) are the partner's: the contact sells, we buy. */
export const partnerIsSeller = (crdr: Crdr) => crdr === 'received' || crdr === 'advance in';

export function invoiceParties(crdr: Crdr, us: Party, partner: Party): { seller: Party; buyer: Party } {
  return partnerIsSeller(crdr) ? { seller: partner, buyer: us } : { seller: us, buyer: partner };
}

/** A contact's language when the request names none: Hungarian for Hungary, English elsewhere. */
export const languageForCountry = (countryCode: string): Locale => (countryCode === 'HU' ? 'hu_HU' : 'en_US');
