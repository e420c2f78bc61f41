/** Shared set-up for the client tests: invoice data documents and a client aimed at a NAV double. */
import type { InvoiceDocument } from '@documents/model';
import { buildInvoiceDataXml } from '@server/nav';
import { NavClient, type NavClientOptions } from '@server/nav/client/client';
import { passwordHash } from '@server/nav/client/crypto';
import { nodeTransport } from '@server/nav/client/transport';
import type { NavCredentials, NavSoftware } from '@server/nav/client/types';
import { NAV_DOUBLE_USER } from '../../../helpers/navDouble';
import { domesticInvoice, stornoOfDomestic } from '../fixtures';

export const software: NavSoftware = {
  softwareId: 'HU12345678STOCKDSK',
  softwareName: 'Stockdesk',
  softwareOperation: 'LOCAL_SOFTWARE',
  softwareMainVersion: '0.1.0',
  softwareDevName: 'Stockdesk',
  softwareDevContact: 'dev@example.hu',
  softwareDevCountryCode: 'HU',
};

export function credentials(url: string, over: Partial<NavCredentials> = {}): NavCredentials {
  return {
    url,
    login: NAV_DOUBLE_USER.login,
    passwordHash: passwordHash(NAV_DOUBLE_USER.password),
    signingKey: NAV_DOUBLE_USER.signingKey,
    exchangeKey: NAV_DOUBLE_USER.exchangeKey,
    taxNumber: NAV_DOUBLE_USER.taxNumber,
    ...over,
  };
}

export function client(url: string, over: Partial<NavCredentials> = {}, options: Partial<NavClientOptions> = {}): NavClient {
  return new NavClient({
    credentials: credentials(url, over),
    software,
    transport: nodeTransport(),
    clock: () => new Date(),
    timeoutMs: 5000,
    ...options,
  });
}

/** domesticInvoice() under another number (and, when given, another buyer's tax number). */
export function invoiceXml(invoiceNumber: string, buyerTaxNumber?: string): string {
  const doc: InvoiceDocument = domesticInvoice();
  doc.invoiceNumber = invoiceNumber;
  if (buyerTaxNumber) doc.buyer = { ...doc.buyer, taxNumber: buyerTaxNumber };
  return buildInvoiceDataXml(doc);
}

/** stornoOfDomestic() cancelling `original`, under its own number. */
export function stornoXml(invoiceNumber: string, original: string): string {
  const doc = stornoOfDomestic();
  doc.invoiceNumber = invoiceNumber;
  doc.original = { ...doc.original!, invoiceNumber: original };
  return buildInvoiceDataXml(doc);
}
