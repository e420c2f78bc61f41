/**
 * The server's NAV options (README.md, "The Command API server alone"; docs/nav.md): the software
 * block NAV is told about, where the server's secret comes from, and the worker's waits (tests).
 *   --secret-file PATH / STOCKDESK_SECRET_FILE (STOCKDESK_SECRET_KEY, 64 hex digits, wins)
 *   --nav-software-id / STOCKDESK_NAV_SOFTWARE_ID (18 of [0-9A-Z-]), --nav-software-name,
 *   --nav-dev-name, --nav-dev-contact, --nav-dev-country, --nav-dev-tax-number (each also STOCKDESK_NAV_…)
 *   STOCKDESK_NAV_MIN_INTERVAL_MS, STOCKDESK_NAV_LOST_WAIT_MS, STOCKDESK_NAV_LEASE_MS, STOCKDESK_NAV_POLL_MS
 */
import type { ServerConfig } from './config';
import { SOFTWARE_ID_PATTERN } from './services/finance/navServices';

export const NAV_OPTIONS = {
  'secret-file': { type: 'string' },
  'nav-software-id': { type: 'string' },
  'nav-software-name': { type: 'string' },
  'nav-dev-name': { type: 'string' },
  'nav-dev-contact': { type: 'string' },
  'nav-dev-country': { type: 'string' },
  'nav-dev-tax-number': { type: 'string' },
} as const;

export class NavConfigError extends Error {
  override name = 'NavConfigError';
}

type NavArgs = { [K in keyof typeof NAV_OPTIONS]?: string };

export function navConfig(args: NavArgs, env: NodeJS.ProcessEnv = process.env): Pick<ServerConfig, 'navSoftware' | 'navSecretFile' | 'navWorker'> {
  const pick = (flag: keyof NavArgs, name: string) => args[flag] || env[name] || undefined;
  const id = pick('nav-software-id', 'STOCKDESK_NAV_SOFTWARE_ID');
  if (id !== undefined && !SOFTWARE_ID_PATTERN.test(id)) throw new NavConfigError(`--nav-software-id must be 18 characters of A-Z, 0-9 and - (NAV's SoftwareIdType, e.g. HU12345678-SD00001); got ${id}`);
  const country = pick('nav-dev-country', 'STOCKDESK_NAV_DEV_COUNTRY');
  if (country !== undefined && !/^[A-Z]{2}$/.test(country)) throw new NavConfigError(`--nav-dev-country must be a two-letter country code like HU; got ${country}`);
  const name = pick('nav-software-name', 'STOCKDESK_NAV_SOFTWARE_NAME');
  if (name !== undefined && (name.trim() === '' || name.length > 50)) throw new NavConfigError('--nav-software-name must be 1 to 50 characters');
  const ms = (envName: string) => {
    const raw = env[envName];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new NavConfigError(`${envName} must be a whole number of milliseconds; got ${raw}`);
    return n;
  };
  const worker = Object.fromEntries(Object.entries({
    minIntervalMs: ms('STOCKDESK_NAV_MIN_INTERVAL_MS'), lostWaitMs: ms('STOCKDESK_NAV_LOST_WAIT_MS'), leaseMs: ms('STOCKDESK_NAV_LEASE_MS'), pollMs: ms('STOCKDESK_NAV_POLL_MS'),
    statusBaseMs: ms('STOCKDESK_NAV_STATUS_BASE_MS'), retryBaseMs: ms('STOCKDESK_NAV_RETRY_BASE_MS'),
  }).filter(([, x]) => x !== undefined));
  const software = Object.fromEntries(Object.entries({
    softwareId: id, softwareName: name, softwareDevName: pick('nav-dev-name', 'STOCKDESK_NAV_DEV_NAME'), softwareDevContact: pick('nav-dev-contact', 'STOCKDESK_NAV_DEV_CONTACT'),
    softwareDevCountryCode: country, softwareDevTaxNumber: pick('nav-dev-tax-number', 'STOCKDESK_NAV_DEV_TAX_NUMBER'),
  }).filter(([, x]) => x !== undefined));
  return { navSoftware: software, navSecretFile: pick('secret-file', 'STOCKDESK_SECRET_FILE'), navWorker: worker };
}
