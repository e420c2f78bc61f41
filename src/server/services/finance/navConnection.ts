/**
 * An account's NAV connection: stored by `admin nav set` (the password as its SHA-512 hash, the keys
 * sealed under the server's secret), opened for the worker and queryTaxpayer as NavCredentials.
 */
import type { Sql } from '../../db/sql';
import type { NavClientApi, NavCredentials, NavSoftware } from '../../nav/client/types';
import { getNavConnection, putNavConnection } from '../../repos/navConnections';
import { navPasswordHash, openText, sealText, type NavSecretSource } from './navSecret';

/** Makes a client for one technical user; the server's is the real protocol client, tests put a fake or the double's here. */
export type NavClientFactory = (credentials: NavCredentials, software: NavSoftware) => NavClientApi;

export interface NavConnectionInput {
  url: string;
  login: string;
  password: string;
  signingKey: string;
  exchangeKey: string;
  taxNumber: string;
}

export class NavConnectionError extends Error {
  override name = 'NavConnectionError';
}

/** Checks what `admin nav set` was given; throws a message that says what to fix. */
export function checkConnectionInput(c: NavConnectionInput): { url: string; taxNumber: string } {
  let url: URL;
  try {
    url = new URL(c.url);
  } catch {
    throw new NavConnectionError(`--url must be the service base URL, e.g. https://api-test.onlineszamla.nav.gov.hu/invoiceService/v3; got ${c.url}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new NavConnectionError(`--url must be an https:// URL; got ${c.url}`);
  if (!/^[A-Za-z0-9_]{6,15}$/.test(c.login)) throw new NavConnectionError('--login must be the technical user\'s login: 6 to 15 letters, digits or _, as the Online Számla portal shows it');
  if (c.password === '') throw new NavConnectionError('--password (or STOCKDESK_NAV_PASSWORD) is required');
  if (c.signingKey.trim() === '') throw new NavConnectionError('--signing-key (or STOCKDESK_NAV_SIGNING_KEY) is required: the technical user\'s XML signing key');
  if (!/^.{16}$/.test(c.exchangeKey.trim())) throw new NavConnectionError('--exchange-key (or STOCKDESK_NAV_EXCHANGE_KEY) must be the 16-character exchange key the portal shows');
  const m = /^(\d{8})(-?\d-?\d{2})?$/.exec(c.taxNumber.trim());
  if (!m) throw new NavConnectionError(`--tax-number must be the taxpayer's tax number, 12345678 or 12345678-2-42; got ${c.taxNumber}`);
  return { url: c.url.replace(/\/+$/, ''), taxNumber: m[1]! };
}

export async function storeConnection(sql: Sql, accountId: number, c: NavConnectionInput, secret: NavSecretSource, now: Date): Promise<number> {
  const { url, taxNumber } = checkConnectionInput(c);
  const key = secret();
  return putNavConnection(sql, {
    accountId, url, login: c.login, passwordHash: navPasswordHash(c.password), signingKeyEnc: sealText(key, c.signingKey.trim()),
    exchangeKeyEnc: sealText(key, c.exchangeKey.trim()), taxNumber,
  }, now);
}

/** The account's credentials with the keys opened, and the connection's revision; undefined when none is set. */
export async function loadCredentials(sql: Sql, accountId: number, secret: NavSecretSource): Promise<{ credentials: NavCredentials; revision: number } | undefined> {
  const c = await getNavConnection(sql, accountId);
  if (!c) return undefined;
  const key = secret();
  return {
    credentials: { url: c.url, login: c.login, passwordHash: c.passwordHash, signingKey: openText(key, c.signingKeyEnc), exchangeKey: openText(key, c.exchangeKeyEnc), taxNumber: c.taxNumber },
    revision: c.revision,
  };
}
