/**
 * The contract between the HTTP layer and the services. A handler receives the authenticated
 * account's context and validated parameters, and returns the method's result. Storage is reached
 * through repository functions `(sql, ...args)`, all async over the engine-neutral `Sql`
 * (db/sql.ts); services never import import a driver.
 */
import type { Role } from '@shared/protocol';
import type { Logger } from 'pino';
import type { MethodName, Params, Result } from '@shared/protocol';
import type { Sql } from './db/sql';
import type { ServerConfig } from './config';
import type { NavClientApi } from './nav/client/types';

export interface Clock {
  /** Current time; tests pass a fixed clock. */
  now(): Date;
}

export interface RequestContext {
  /** Statements outside the request's write transaction: reads, and whatever runs before `commit`. */
  db: Sql;
  accountId: number;
  /** The session's user (people/migration.ts), or null for the account's owner session. */
  userId: number | null;
  /** That user's name (null for the owner session) and role (the owner session acts as a manager). */
  userName: string | null;
  role: Role;
  /** The account's time zone (IANA name), whose calendar day every business date is (finance/calendar.ts). */
  timeZone: string;
  clock: Clock;
  config: ServerConfig;
  log: Logger;
  /** The request's idempotency key, when the caller sent one. */
  requestId?: string;
  /**
   * Runs `fn` in one transaction. For write methods this is where every change happens,
   * exactly once per request: inside the same transaction the dispatcher checks and stores the
   * `request_id` response, so a replay returns the stored answer and changes nothing.
   * Every statement inside runs through `tx` (never `ctx.db`, which waits for the transaction to
   * end), and fn awaits nothing but those statements: async work (downloads, PDF rendering)
   * happens before `commit`; side effects that leave the process (e-mail) are queued inside it and
   * performed after it.
   */
  commit<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Background services shared by the process (mail queue, document renderer). */
  services: ServerServices;
}

export interface ServerServices {
  /** Wakes the mail worker after an invoice with `email` was committed. */
  kickMail(): void;
  /** Wakes the NAV submission worker after a submission was committed (services/finance/navWorker.ts). */
  kickNav?(): void;
  /** The account's NAV client (its technical user), or undefined when none is set; for queryTaxpayer. */
  navClient?(accountId: number): Promise<NavClientApi | undefined>;
}

export type Handler<M extends MethodName> = (ctx: RequestContext, params: Params<M>) => Result<M> | Promise<Result<M>>;
export type HandlerMap<K extends MethodName> = { [M in K]: Handler<M> };
