/** Assembles the server from its parts; the CLI and the tests both start it through here. */
import pino, { type Logger } from 'pino';
import type { Clock, ServerServices } from './context';
import { defaultConfig, type ServerConfig } from './config';
import { openDb } from '@sqlite/connection';
import { MIGRATIONS } from './db/migrations';
import { holdServerLock } from './db/serverLock';
import type { Db } from './db/types';
import type { Store } from './db/sql';
import { sqliteDb, sqliteStore } from './db/sqlite/store';
import { keepJournalsInMemory } from './db/sqlite/groupCommit';
import { createApiServer, listen, type RunningServer } from './http/server';
import { createMailWorker } from './services/finance/mailWorker';
import type { NavClientFactory } from './services/finance/navConnection';
import type { NavSecretSource } from './services/finance/navSecret';
import { createNavServices } from './services/finance/navServices';
import { defaultNavClientFactory } from './services/finance/navDefaultClient';

export const systemClock: Clock = { now: () => new Date() };

export interface StartOptions {
  config?: Partial<ServerConfig>;
  clock?: Clock;
  log?: Logger;
  /** An already-open database (tests); otherwise config.dbPath is opened. */
  db?: Db;
  /**
   * An already-open store of either engine, closed by the caller. A PostgreSQL store serves without
   * the SQLite machinery (serving lock, group commit, in-memory caches): several instances may share it.
   * The smallest hook until the `--database` option (branch `ops`) opens one from a URL.
   */
  store?: Store;
  /** How the NAV submission worker reaches NAV (tests: a fake or the double); default the real client over HTTPS. */
  navClientFactory?: NavClientFactory;
  /** The server's secret for the NAV keys (tests); default navSecret.ts's sources. */
  navSecret?: NavSecretSource;
}

export interface App extends RunningServer {
  /** The SQLite connection (tests read it directly); on PostgreSQL reading it throws, naming `store`. */
  db: Db;
  /** The same database as the services see it. */
  store: Store;
  config: ServerConfig;
}

/** `nativeBinding`: a better_sqlite3.node for the running ABI (the desktop app's in-process demo server runs in Electron). */
export function openServerDb(path: string, nativeBinding?: string): Db {
  const db = openDb(path, { migrations: MIGRATIONS, nativeBinding });
  keepJournalsInMemory(db);
  if (nativeBinding) bindings.set(db, nativeBinding);
  return db;
}

// The serving lock is a second SQLite handle, which must load the same native build as the first.
const bindings = new WeakMap<Db, string>();

export async function startServer(opts: StartOptions = {}): Promise<App> {
  if (opts.store?.engine === 'postgres') return startOnStore(opts, opts.store);
  const config = defaultConfig(opts.config);
  const log = opts.log ?? pino({ level: process.env.STOCKDESK_LOG_LEVEL ?? 'info' });
  const clock = opts.clock ?? systemClock;
  const db = opts.db ?? (opts.store ? sqliteDb(opts.store) : undefined) ?? openServerDb(config.dbPath);
  const ownDb = !opts.db && !opts.store;
  let unlock: () => void;
  try {
    unlock = holdServerLock(db, bindings.get(db));
  } catch (e) {
    if (ownDb) db.close();
    throw e;
  }
  // Invoice e-mail leaves the process only after the invoice's transaction committed.
  const store = sqliteStore(db);
  const mail = createMailWorker({ db: store, config, clock, log });
  const nav = createNavServices({ store, config, clock, log, factory: opts.navClientFactory ?? defaultNavClientFactory(clock), secret: opts.navSecret });
  const services: ServerServices = { kickMail: () => mail.kick(), kickNav: nav.kickNav, navClient: nav.navClient };
  // The engine reported in /api/health is the one actually serving.
  const server = createApiServer({ db: store, clock, config, log, services, engine: store.engine });
  const running = await listen(server, config.host, config.port).catch((e: unknown) => {
    unlock();
    if (ownDb) db.close();
    throw e;
  });
  mail.start();
  nav.worker.start();
  // Once: a signal handler and a test's cleanup may both close the same app.
  let closing: Promise<void> | undefined;
  return {
    ...running,
    db,
    store,
    config,
    close: () =>
      (closing ??= (async () => {
        // Every request answered and every handler done before the database goes.
        await running.close();
        await mail.stop();
        await nav.worker.stop();
        unlock();
        if (ownDb) db.close();
      })()),
  };
}

/**
 * The server on a store of another engine (PostgreSQL): no serving lock (instances share the
 * database), and the dispatcher runs each write in a transaction of its own (http/dispatch.ts).
 */
async function startOnStore(opts: StartOptions, store: Store): Promise<App> {
  const config = defaultConfig(opts.config);
  const log = opts.log ?? pino({ level: process.env.STOCKDESK_LOG_LEVEL ?? 'info' });
  const clock = opts.clock ?? systemClock;
  const mail = createMailWorker({ db: store, config, clock, log });
  const nav = createNavServices({ store, config, clock, log, factory: opts.navClientFactory ?? defaultNavClientFactory(clock), secret: opts.navSecret });
  const services: ServerServices = { kickMail: () => mail.kick(), kickNav: nav.kickNav, navClient: nav.navClient };
  const server = createApiServer({ db: store, clock, config, log, services, engine: store.engine });
  const running = await listen(server, config.host, config.port);
  mail.start();
  nav.worker.start();
  const app = {
    ...running,
    store,
    config,
    close: async () => {
      await running.close();
      await mail.stop();
      await nav.worker.stop();
    },
  };
  Object.defineProperty(app, 'db', {
    get(): never {
      throw new Error(`app.db is the SQLite connection, and this server runs on ${store.engine}: read through app.store.`);
    },
  });
  return app as App;
}
