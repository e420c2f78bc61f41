/**
 * The contract between the HTTP layer and the services. A handler receives the authenticated
 * account's context and validated parameters, and returns the method's result. Storage is reached
 * through repository functions `(db, ...args)`; services never import better-sqlite3.
 */
import type { Logger } from 'pino';
import type { MethodName, Params, Result } from '@shared/protocol';
import type { Db } from './db/types';
import type { ServerConfig } from './config';

export interface Clock {
  /** Current time; tests pass a fixed clock. */
  now(): Date;
}

export interface RequestContext {
  db: Db;
  accountId: number;
  clock: Clock;
  config: ServerConfig;
  log: Logger;
  /** The request's idempotency key, when the caller sent one. */
  requestId?: string;
  /**
   * Runs `fn` in one SQLite transaction. For write methods this is where every change happens,
   * exactly once per request: inside the same transaction the dispatcher checks and stores the
   * `request_id` response, so a replay returns the stored answer and changes nothing.
   * Async work (downloads, PDF rendering) happens before `commit`; side effects that leave the
   * process (e-mail) are queued inside it and performed after it.
   */
  commit<T>(fn: () => T): T;
  /** Background services shared by the process (mail queue, document renderer). */
  services: ServerServices;
}

export interface ServerServices {
  /** Wakes the mail worker after an invoice with `email` was committed. */
  kickMail(): void;
}

export type Handler<M extends MethodName> = (ctx: RequestContext, params: Params<M>) => Result<M> | Promise<Result<M>>;
export type HandlerMap<K extends MethodName> = { [M in K]: Handler<M> };
