/**
 * What the core is given from outside. Everything that touches time, randomness, the network or
 * secrets comes in here, so tests run it with fake time, fixed ids and a real server on loopback.
 */

/** Time and timers. The core never calls Date.now() or setTimeout itself. */
export interface CoreClock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Random {
  /** Uniform in [0, 1): backoff jitter. */
  next(): number;
}

import type { StoredKeys } from './clerkBook';

export interface StoredCredentials {
  apiKey: string;
  sessionKey: string;
}

/** Where the Command API keys live: safeStorage in Electron (over the host channel), a file in the harness, memory in tests. */
export interface CredentialStore {
  /** The clerk book (clerkBook.ts) or, from older versions, a single pair: read with toBook. */
  load(): Promise<StoredKeys | null>;
  save(c: StoredKeys): Promise<void>;
  clear(): Promise<void>;
}

export interface CoreLog {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export const silentLog: CoreLog = { info() {}, warn() {}, error() {} };

export const systemClock: CoreClock = {
  now: () => new Date(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending retry must not keep a finished test or a closing process alive.
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};
