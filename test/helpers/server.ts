/**
 * Starts the real Command API server for a test: a real SQLite file in a temp folder (or, with
 * STOCKDESK_TEST_ENGINE=postgres, a fresh PostgreSQL database per server), an ephemeral loopback
 * port, a controllable clock, and a seeded account with known keys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import {
  areaPath, decodeResponse, encodeRequest, METHODS, type Credentials, type Format, type MethodName, type ParamsInput, type Result,
} from '@shared/protocol';
import type { ErrorBody } from '@shared/protocol';
import { openServerDb, startServer, type App, type StartOptions } from '@server/app';
import { sqliteStore } from '@server/db/sqlite/store';
import type { Clock } from '@server/context';
import { defaultConfig, type ServerConfig } from '@server/config';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import type { Store } from '@server/db/sql';
import { openPostgres } from '@server/db/postgres';
import { createTestDatabase, dropTestDatabase } from './postgres';

/** The engine the server tests run on: STOCKDESK_TEST_ENGINE=postgres, else SQLite (the default). */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.STOCKDESK_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
/**
 * For describe.skipIf / it.skipIf on tests of SQLite internals (its files, group commit, kept rows,
 * migrations 004-006): greppable as `onPostgres`, and each use says why the test is SQLite's only.
 */
export const onPostgres = TEST_ENGINE === 'postgres';

export class TestClock implements Clock {
  constructor(private t = new Date('2026-11-22T09:00:00.000Z')) {}
  now() {
    return new Date(this.t);
  }
  set(iso: string) {
    this.t = new Date(iso);
  }
  advance(ms: number) {
    this.t = new Date(this.t.getTime() + ms);
  }
}

/**
 * A TestClock that reads the real time. End-to-end tests use it: the browser and the desktop core
 * there run on real time, and a server on a fixed date would refuse their "today" the day after.
 */
export class RealTimeClock extends TestClock {
  override now() {
    return new Date();
  }
  override set(): never {
    throw new Error('RealTimeClock follows the real time; use a TestClock to set it.');
  }
  override advance(): never {
    throw new Error('RealTimeClock follows the real time; use a TestClock to move it.');
  }
}

export const DEMO_KEYS: Credentials = { api_key: 'sdk_test_api_key_0001', session_key: 'sds_test_session_key_0001' };

export interface TestServer {
  app: App;
  url: string;
  clock: TestClock;
  dir: string;
  dbPath: string;
  account: DemoAccount;
  keys: Credentials;
  /** Calls a method and returns the decoded envelope (throws only on transport failure). */
  call<M extends MethodName>(method: M, params: ParamsInput<M> | Record<string, unknown>, opts?: { format?: Format; keys?: Credentials }): Promise<CallOutcome<M>>;
  /** Calls a method and returns its result, failing the test with the server's message otherwise. */
  ok<M extends MethodName>(method: M, params: ParamsInput<M> | Record<string, unknown>, opts?: { format?: Format; keys?: Credentials }): Promise<Result<M>>;
  /** Posts a raw body to a path. */
  raw(path: string, body: string | Buffer, contentType?: string, method?: string): Promise<{ status: number; body: string; contentType: string | null }>;
  /** What startServer needs to serve this database again (a restart on the same port): its connection or store. */
  storage: TestStorage['start'];
  /** Closes the database (and drops it on PostgreSQL) and removes the folder; the listener must be closed already. */
  closeStorage(): Promise<void>;
  close(): Promise<void>;
}

export type CallOutcome<M extends MethodName> = ({ ok: true; result: Result<M> } | { ok: false; error: ErrorBody }) & { status: number };

/** Every test server carries the demo account (its keys, contacts and bank accounts are what the tests use), seeded with the server's own config. */
export async function startTestServer(opts: { config?: Partial<ServerConfig>; clock?: TestClock; start?: Pick<StartOptions, 'navClientFactory' | 'navSecret'> } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-server-'));
  const dbPath = join(dir, 'server.db');
  const clock = opts.clock ?? new TestClock();
  const config: Partial<ServerConfig> = { port: 0, dbPath, ...opts.config };
  const storage = await openTestStorage(dbPath);
  let started: { account: DemoAccount; app: App };
  try {
    const { account } = await seedDemo(storage.store, clock, DEMO_KEYS, defaultConfig(config));
    started = { account, app: await startServer({ ...storage.start, ...opts.start, clock, log: pino({ level: process.env.STOCKDESK_TEST_LOG ?? 'silent' }), config }) };
  } catch (e) {
    await storage.close();
    throw e;
  }
  const { account, app } = started;

  const { call, ok, raw } = testClient(app.url);
  const closeStorage = async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    app, url: app.url, clock, dir, dbPath, account, keys: DEMO_KEYS, call, ok, raw, storage: storage.start, closeStorage,
    async close() {
      await app.close();
      await closeStorage();
    },
  };
}

/** Calls over real HTTP to the server at `url` with the demo keys (or others). */
export function testClient(url: string): Pick<TestServer, 'call' | 'ok' | 'raw'> {
  const raw: TestServer['raw'] = async (path, body, contentType, method = 'POST') => {
    const res = await fetch(url + path, { method, body: method === 'GET' || method === 'HEAD' ? undefined : typeof body === 'string' ? body : new Uint8Array(body), headers: contentType ? { 'content-type': contentType } : {} });
    return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') };
  };
  const call: TestServer['call'] = async (method, params, o = {}) => {
    const format = o.format ?? 'json';
    const req = encodeRequest(format, method, params as never, o.keys ?? DEMO_KEYS);
    const res = await raw(areaPath(METHODS[method].area), req.body, req.contentType);
    return { ...decodeResponse(format, method, res.body), status: res.status };
  };
  const ok: TestServer['ok'] = async (method, params, o) => {
    const r = await call(method, params, o);
    if (!r.ok) throw new Error(`${method} failed: ${r.error.code} ${r.error.message} ${JSON.stringify(r.error.details)}`);
    return r.result;
  };
  return { call, ok, raw };
}

interface TestStorage {
  store: Store;
  /** What startServer is given: the SQLite connection, or the PostgreSQL store. */
  start: { db: ReturnType<typeof openServerDb> } | { store: Store };
  close(): Promise<void>;
}

/** The test server's database on TEST_ENGINE: a SQLite file at dbPath, or a fresh PostgreSQL database (dropped on close). */
async function openTestStorage(dbPath: string): Promise<TestStorage> {
  if (TEST_ENGINE === 'sqlite') {
    const db = openServerDb(dbPath);
    return { store: sqliteStore(db), start: { db }, close: async () => void db.close() };
  }
  const url = await createTestDatabase();
  const store = await openPostgres({ url, poolSize: 8 });
  return {
    store,
    start: { store },
    async close() {
      await store.close();
      await dropTestDatabase(url);
    },
  };
}
