/**
 * The NAV part of a running server: the submission worker and the account clients queryTaxpayer
 * uses, both made from the stored connection, the server's secret and its software identity.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../context';
import type { ServerConfig } from '../../config';
import type { Sql, Store } from '../../db/sql';
import type { NavClientApi, NavSoftware } from '../../nav/client/types';
import { loadCredentials, type NavClientFactory } from './navConnection';
import { navSecretSource, type NavSecretSource } from './navSecret';
import { createNavWorker, type NavWorker } from './navWorker';

/** NAV's software block from the server's identity and its options (docs/nav.md, "The software block"). */
export function navSoftware(config: ServerConfig): NavSoftware {
  const s = config.navSoftware ?? {};
  return {
    softwareId: s.softwareId ?? DEFAULT_SOFTWARE_ID,
    softwareName: s.softwareName ?? 'Stockdesk',
    softwareOperation: s.softwareOperation ?? 'LOCAL_SOFTWARE',
    softwareMainVersion: s.softwareMainVersion ?? config.version,
    softwareDevName: s.softwareDevName ?? 'Stockdesk',
    softwareDevContact: s.softwareDevContact ?? 'nav@stockdesk.invalid',
    softwareDevCountryCode: s.softwareDevCountryCode ?? 'HU',
    ...(s.softwareDevTaxNumber ? { softwareDevTaxNumber: s.softwareDevTaxNumber } : {}),
  };
}

/** 18 characters of [0-9A-Z-] (spec 1.3.3); an operator sets the developer's own with --nav-software-id. */
export const DEFAULT_SOFTWARE_ID = 'HU-STOCKDESK-00001';
export const SOFTWARE_ID_PATTERN = /^[0-9A-Z-]{18}$/;

export interface NavServices {
  worker: NavWorker;
  kickNav(): void;
  navClient(accountId: number): Promise<NavClientApi | undefined>;
}

export interface NavServicesDeps {
  store: Store;
  config: ServerConfig;
  clock: Clock;
  log: Logger;
  /** Without one, nothing is sent: the worker's calls fail as 'network' and are tried again later. */
  factory: NavClientFactory;
  secret?: NavSecretSource;
}

export function createNavServices({ store, config, clock, log, factory, secret }: NavServicesDeps): NavServices {
  const software = navSoftware(config);
  const source = secret ?? navSecretSource({ engine: store.engine, sqlitePath: config.dbPath, secretFile: config.navSecretFile });
  const clientFor = async (tx: Sql, accountId: number) => {
    const c = await loadCredentials(tx, accountId, source);
    return c && factory(c.credentials, software);
  };
  const worker = createNavWorker({ db: store, clock, log, clientFor, options: config.navWorker });
  return {
    worker,
    kickNav: () => worker.kick(),
    navClient: (accountId) => clientFor(store, accountId),
  };
}
