/** Operator settings of the server, from flags and the environment (cli.ts; README.md lists them). */
import type { NavSoftware } from './nav/client/types';
import type { NavWorkerOptions } from './services/finance/navWorker';
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface MailRetryConfig {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

export interface ServerConfig {
  host: string;
  port: number;
  dbPath: string;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** A request's headers must arrive within this (slow clients are cut off with 408). */
  headersTimeoutMs: number;
  /** A whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** Let setProduct `photo` fetch from loopback/private addresses (tests, closed networks). */
  allowPrivatePhotoHosts: boolean;
  photoMaxBytes: number;
  photoTimeoutMs: number;
  smtp?: SmtpConfig;
  /** Retries of invoice e-mail: delay baseMs × 2^(attempt−1), at most maxMs, given up after maxAttempts. */
  mailRetry?: MailRetryConfig;
  /** PKCS#12 signing certificate for `esignature`; without it signatures are refused honestly. */
  signingCertPath?: string;
  /** Invoice number series prefix, e.g. "SD" → SD-2026-000001 (--invoice-prefix, checked in invoicePrefixes.ts). */
  invoicePrefix: string;
  proformaPrefix: string;
  version: string;
  /** NAV's software block (services/finance/navServices.ts, navSoftware): the defaults are Stockdesk's own. */
  navSoftware?: Partial<NavSoftware>;
  /** Where the server's secret is read from (services/finance/navSecret.ts); STOCKDESK_SECRET_KEY wins. */
  navSecretFile?: string;
  /** The NAV submission worker's pacing and waits (services/finance/navWorker.ts, DEFAULT_NAV_WORKER). */
  navWorker?: Partial<NavWorkerOptions>;
  /** The change feed (feed/hub.ts): streams per account, heartbeat, a stream's unsent bytes before it is cut, wake-up poll. */
  feed: FeedConfig;
}

export interface FeedConfig {
  maxPerAccount: number;
  /** Streams one client address may hold across accounts (0: no cap; behind a proxy every stream has the proxy's address). */
  maxPerAddress: number;
  heartbeatMs: number;
  maxBufferedBytes: number;
  /** How often the change table is read without a wake-up (another process, a missed NOTIFY, a late commit on PostgreSQL). */
  pollMs: number;
  /** Entries older than this are pruned (feed/prune.ts); a desk away for longer starts over (reset). */
  retentionDays: number;
  /** How often the pruning runs. */
  pruneEveryMs: number;
}

export const DEFAULT_FEED: FeedConfig = { maxPerAccount: 256, maxPerAddress: 512, heartbeatMs: 15_000, maxBufferedBytes: 256 * 1024, pollMs: 1_000, retentionDays: 7, pruneEveryMs: 60 * 60 * 1000 };

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 8787,
    dbPath: './data/server.db',
    maxBodyBytes: 5 * 1024 * 1024,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 60_000,
    allowPrivatePhotoHosts: false,
    photoMaxBytes: 5 * 1024 * 1024,
    photoTimeoutMs: 10_000,
    invoicePrefix: 'SD',
    proformaPrefix: 'PRO',
    version: '0.1.0',
    ...overrides,
    feed: { ...DEFAULT_FEED, ...overrides.feed },
  };
}
