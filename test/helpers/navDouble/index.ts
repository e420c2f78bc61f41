/**
 * The NAV double: Online Számla 3.0 on a loopback port, for tests (docs/nav-protocol.md).
 *   const nav = await startNavDouble({ refusedBuyers: ['87654321'] });
 *   … configure the account with nav.url and NAV_DOUBLE_USER's secrets …
 *   nav.ledger('12345678'); nav.requestCount('manageInvoice'); await nav.stop();
 */
import { createHash } from 'node:crypto';
import { NavDouble, type NavDoubleOptions } from './server';
import type { NavDoubleTaxpayer } from './state';

export { NavDouble, NAV_OPERATIONS, type NavDoubleOperation, type NavDoubleOptions, type NavFault } from './server';
export type { LedgerEntry, NavDoubleTaxpayer, NavDoubleUser } from './state';
export { NavDoubleRemote, startNavDoubleProcess } from './remote';

/** The double's technical user unless a test gives its own: the secrets an account is set up with. */
export const NAV_DOUBLE_USER = {
  login: 'stockdesktest01',
  password: 'Titkos-Jelszo-1',
  signingKey: 'ce-8f5e-215119fa7dd621DLMRHRLH2S',
  exchangeKey: 'a1b2c3d4e5f6g7h8',
  taxNumber: '12345678',
} as const;

export function passwordHashOf(password: string): string {
  return createHash('sha512').update(password, 'utf8').digest('hex').toUpperCase();
}

/** Taxpayers queryTaxpayer knows unless a test gives its own (the default user's own among them). */
export const NAV_DOUBLE_TAXPAYERS: NavDoubleTaxpayer[] = [
  {
    taxNumber: '12345678',
    name: 'Stockdesk Minta Kft.',
    vatCode: '2',
    countyCode: '42',
    address: { postalCode: '1051', city: 'Budapest', streetName: 'Nádor', publicPlaceCategory: 'utca', number: '12' },
  },
  {
    taxNumber: '87654321',
    name: 'Beszerző Betéti Társaság',
    shortName: 'Beszerző Bt.',
    vatCode: '2',
    countyCode: '02',
    address: { postalCode: '7621', city: 'Pécs', streetName: 'Király', publicPlaceCategory: 'utca', number: '5' },
  },
];

export async function startNavDouble(options: NavDoubleOptions = {}): Promise<NavDouble> {
  const users = options.users ?? [
    {
      login: NAV_DOUBLE_USER.login,
      passwordHash: passwordHashOf(NAV_DOUBLE_USER.password),
      signingKey: NAV_DOUBLE_USER.signingKey,
      exchangeKey: NAV_DOUBLE_USER.exchangeKey,
      taxNumber: NAV_DOUBLE_USER.taxNumber,
    },
  ];
  return new NavDouble({ ...options, users, taxpayers: options.taxpayers ?? NAV_DOUBLE_TAXPAYERS }).start();
}
