/**
 * One request, start to finish: decode, route by area, authenticate, validate, run the handler
 * (write methods exactly once per request_id), encode. Every failure becomes the envelope's
 * error with a code and a message a clerk can act on; nothing internal leaks out.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  areaPath, CONTENT_TYPE, encodeError, encodeResponse, guessFormat, isWriteMethod, METHODS, parseRequest, parseRequestAsync, ProtocolError, reason, successEnvelope,
  refusedFor, validateParams, validateParamsAsync, type Area, type EncodedResponse, type Format, type MethodName, type ParsedRequest, type Params,
} from '@shared/protocol';
import type { Clock, Handler, RequestContext, ServerServices } from '../context';
import type { ServerConfig } from '../config';
import type { Sql, Store } from '../db/sql';
import { sqliteDb } from '../db/sqlite/store';
import type { Principal } from '../services/auth';
import { authenticateRequest, StalePrincipal } from '../services/keysAhead';
import { actAs } from '../repos/actor';
import { appendAudit } from '../repos/audit';
import { auditSummary } from '../people/summary';
import { claimRequestId, findStoredResponse, storeResponse, storeResponseAudited } from '../repos/idempotency';
import { stampingStatement } from '../repos/changeCursor';
import { BatchRolledBack, groupCommitOf, RequestBatches } from '../db/sqlite/groupCommit';
import { DirectTransactions, type RequestTransactions } from '../db/directTransactions';
import { HANDLERS } from './handlers';
import { isLargeJson } from './jsonBytes';
import { ParsedCommands, type Lookup } from './parsedCommands';

export interface DispatchDeps {
  db: Store;
  clock: Clock;
  config: ServerConfig;
  log: Logger;
  services: ServerServices;
}

/** A large JSON success answer, left for the HTTP layer to write into its pooled buffers (jsonBytes.ts). */
export interface LargeJsonResponse {
  status: 200;
  contentType: string;
  json: unknown;
}

/** Bodies above this are decoded in slices (steps.ts) and validated in a turn of their own. */
const YIELD_FROM_BYTES = 64 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const parsedCommands = new WeakMap<DispatchDeps, ParsedCommands>();

function commandsOf(deps: DispatchDeps): ParsedCommands {
  let c = parsedCommands.get(deps);
  if (!c) parsedCommands.set(deps, (c = new ParsedCommands()));
  return c;
}

function validated(commands: ParsedCommands, at: Lookup, parsed: ParsedRequest): Params<MethodName> {
  const { format, method, credentials } = parsed;
  const params = validateParams(method, parsed.raw);
  return commands.keep(at, { format, method, credentials, params }, isWriteMethod(method)).params;
}

/** A large body's parameters, checked in slices (never kept: ParsedCommands keeps only short bodies). */
const validatedLarge = (parsed: ParsedRequest): Promise<Params<MethodName>> => validateParamsAsync(parsed.method, parsed.raw);

/** Thrown inside `commit` when a concurrent twin of this request committed first. */
class Replayed {
  constructor(readonly response: unknown) {}
}

function paramsHash(method: string, params: unknown): string {
  const { request_id: _omit, ...rest } = params as Record<string, unknown>;
  return createHash('sha256').update(method).update(stableJson(rest)).digest('hex');
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function replayOrConflict(stored: { method: string; paramsHash: string; response: unknown }, method: string, hash: string, requestId: string): unknown {
  if (stored.method !== method || stored.paramsHash !== hash) {
    throw new ProtocolError(
      'CONFLICT',
      `request_id "${requestId}" was already used for a different ${stored.method === method ? `${method} request` : stored.method} call; use a new request_id for a new command.`,
      [{ field: 'request_id', message: 'already used with different parameters' }],
    );
  }
  return stored.response;
}

/** Seconds a client is told to wait (Retry-After) before sending again what an unreachable database refused. */
export const DB_RETRY_AFTER_S = 2;

/** An answer the HTTP layer writes as it is; `retryAfterS` adds a Retry-After header. */
export type DispatchAnswer = EncodedResponse & { retryAfterS?: number };

/**
 * The database could not be reached or dropped the connection (PostgreSQL restarting or failing over:
 * PgStatementError's `unavailable`). Not the request's fault, nor a verdict on it.
 */
const dbUnavailable = (e: unknown): boolean => (e as { unavailable?: unknown } | null)?.unavailable === true;

/**
 * A transaction that kept losing to concurrent ones (deadlock, serialization failure) after its
 * retries (db/directTransactions.ts): nothing of it was kept; the same request a moment later will
 * likely pass. Answered as a busy database is, 503 with Retry-After, never a 500.
 */
const lostRace = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01' || code === 'SQLITE_BUSY';
};

function internal(log: Logger, e: unknown, method: string | null): ProtocolError {
  const ref = randomUUID().slice(0, 8);
  log.error({ err: e instanceof BatchRolledBack ? e.reason : e, ref, method }, 'request failed');
  if (dbUnavailable(e)) {
    // The connection may have dropped after a COMMIT was sent: whether the request applied is not
    // known here, and the request_id makes sending it again safe either way.
    return new ProtocolError('INTERNAL_ERROR', `The server's database is unavailable for a moment (restarting, failing over or overloaded); send the request again shortly with the same request_id, which applies it once (reference ${ref}).`);
  }
  if (e instanceof BatchRolledBack) {
    return new ProtocolError('INTERNAL_ERROR', `The server could not save this request and nothing of it was changed; send it again (reference ${ref}).`);
  }
  // SQLite's codes, and PostgreSQL's SQLSTATEs: class 23 is an integrity constraint, 40001/40P01 a
  // transaction that lost to another one (after its retries), 53300/57P03 no connection to be had.
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || /^23[0-9A-Z]{3}$/.test(code))) {
    return new ProtocolError('CONFLICT', `The change conflicts with existing data and was not applied (reference ${ref}).`);
  }
  if (code === 'SQLITE_BUSY' || code === '40001' || code === '40P01' || code === '53300' || code === '57P03') {
    return new ProtocolError('INTERNAL_ERROR', `The server is busy and did not apply the request; try again (reference ${ref}).`);
  }
  return new ProtocolError('INTERNAL_ERROR', `The server could not complete the request; nothing was changed unless a retry shows otherwise (reference ${ref}).`);
}

/**
 * On SQLite, writes share transactions (db/sqlite/groupCommit.ts): whatever a request read or wrote
 * inside an open batch is answered only once that batch committed. Another engine (PostgreSQL, with
 * its many connections) runs each write in a transaction of its own (db/directTransactions.ts).
 */
function requestTransactions(store: Store): RequestTransactions {
  const db = sqliteDb(store);
  return db ? new RequestBatches(groupCommitOf(db)) : new DirectTransactions(store);
}

export async function dispatch(deps: DispatchDeps, area: Area, body: Buffer, contentType: string | undefined): Promise<DispatchAnswer | LargeJsonResponse> {
  // Known once the body parsed; an error before that is answered in the format the body looks like.
  let format: Format | null = null;
  let method: MethodName | null = null;
  const batches = requestTransactions(deps.db);
  try {
    const commands = commandsOf(deps);
    const at = commands.find(body, contentType);
    const kept = at.kept;
    // A large body is decoded in slices of a few milliseconds, and validated in a turn of its own:
    // between them other requests (a health check, a desk's poll) get theirs (docs/api.md, "Limits").
    const large = !kept && body.length > YIELD_FROM_BYTES;
    const opts = { maxBytes: deps.config.maxBodyBytes };
    const parsed = kept ?? (large ? await parseRequestAsync(body, contentType, opts) : parseRequest(body, contentType, opts));
    if (large) await nextTurn();
    format = parsed.format;
    method = parsed.method;
    const def = METHODS[parsed.method];
    if (def.area !== area) {
      throw new ProtocolError(
        'UNKNOWN_METHOD',
        `${parsed.method} is not a method of ${areaPath(area)}; send it to ${areaPath(def.area)}.`,
      );
    }
    const now = deps.clock.now();
    batches.enter();
    const attempt = async (fresh: boolean) => {
      const auth = await authenticateRequest(deps.db, parsed.credentials, now, fresh);
      return auth.confirmed(async () => {
        // The method first (before validation: a clerk is told they may not, not what to fix), then its parameters.
        forbidUnless(auth.principal, parsed.method);
        // A body seen before skips decoding and validation (http/parsedCommands.ts); it is authenticated above all the same.
        const params = kept ? kept.params : large ? await validatedLarge(parsed as ParsedRequest) : validated(commands, at, parsed as ParsedRequest);
        forbidUnless(auth.principal, parsed.method, params as Record<string, unknown>);
        return run(deps, parsed.method, params, auth.principal, batches);
      });
    };
    // Run as the principal this instance remembered for the keys, which the database named otherwise
    // (services/keysAhead.ts): nothing was committed, so the request runs again as the right one.
    const result = await attempt(false).catch((e: unknown) => (e instanceof StalePrincipal ? attempt(true) : Promise.reject(e)));
    batches.leave();
    const wait = batches.settled();
    if (wait) await wait;
    if (parsed.format === 'json' && isLargeJson(result)) return { status: 200, contentType: CONTENT_TYPE.json, json: successEnvelope(parsed.method, result as never) };
    return encodeResponse(parsed.format, parsed.method, result as never);
  } catch (e) {
    // A refusal computed from a batch's rows waits for it too, and if that batch was rolled back
    // the refusal may rest on rows that never existed (a request_id "already used", stock that
    // was never there): then the answer is "send it again", never the refusal.
    batches.leave();
    const rolledBack = await batches.settled()?.then(() => undefined, (failure: unknown) => failure);
    const cause = rolledBack ?? e;
    const error = cause instanceof ProtocolError ? cause : internal(deps.log, cause, method);
    // Counted in services/auth.ts; logged here with what is known of the request, never its keys.
    if (error.code === 'AUTH_FAILED') deps.log.warn({ method, area }, 'authentication refused');
    const out = encodeError(format ?? guessFormat(contentType, body.subarray(0, 64).toString('utf8')), method, error);
    // 503 + Retry-After, as a draining instance answers: a balancer or a client sends it again.
    return dbUnavailable(cause) || lostRace(cause) ? { ...out, status: 503, retryAfterS: DB_RETRY_AFTER_S } : out;
  } finally {
    batches.finish();
  }
}

/** FORBIDDEN unless the session's role may call `method` (with `params`, once validated): shared/protocol/roles.ts. */
function forbidUnless(p: Principal, method: MethodName, params?: Record<string, unknown>): void {
  const refused = refusedFor(p.role, method, params);
  if (!refused) return;
  const who = p.userName === null ? `This session's role (${p.role})` : `${p.userName}'s role (${p.role})`;
  throw new ProtocolError('FORBIDDEN', `${who} may not make ${refused.what}; ask a user whose role may, or your administrator to change your role.`,
    [{ field: refused.param ?? '', message: `not allowed for the role ${p.role}` }],
    // As data too, so a desk words it in its clerk's language (reasons.ts).
    reason('role_forbidden', { method, role: p.role, ...(p.userName === null ? {} : { user: p.userName }), ...(refused.param ? { param: refused.param } : {}) }));
}

/** The audit line of an accepted write; a summary that cannot be made never fails the write. */
function summarize(log: Logger, method: MethodName, params: unknown, result: unknown): string {
  try {
    return isWriteMethod(method) ? auditSummary(method, params, result) : method;
  } catch (e) {
    log.warn({ err: e, method }, 'audit summary failed');
    return method;
  }
}

async function run(deps: DispatchDeps, method: MethodName, params: unknown, principal: Principal, batches: RequestTransactions): Promise<unknown> {
  const { db } = deps;
  const { accountId, userId, userName, role, timeZone } = principal;
  const requestId = isWriteMethod(method) ? (params as { request_id?: string }).request_id : undefined;
  const hash = requestId ? paramsHash(method, params) : '';
  if (requestId) {
    const stored = await findStoredResponse(db, accountId, requestId);
    if (stored) return replayOrConflict(stored, method, hash, requestId);
  }
  let committed = false;
  const ctx: RequestContext = {
    db,
    accountId,
    clock: deps.clock,
    config: deps.config,
    log: deps.log,
    requestId,
    userId,
    userName,
    role,
    timeZone,
    // Mail leaves the process, so the worker is woken only once the invoice is committed.
    services: {
      kickMail: () => batches.afterCommit(() => deps.services.kickMail()),
      // Likewise a NAV submission: the worker must not look before it is committed.
      kickNav: () => batches.afterCommit(() => deps.services.kickNav?.()),
      navClient: deps.services.navClient,
    },
    async commit<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      if (committed && requestId) throw new Error(`${method} called commit twice; a write handler commits once`);
      committed = true;
      // First in the transaction, before any stamp is taken: a pull's cursor then never passes this
      // write (repos/changeCursor.ts). On PostgreSQL it goes with BEGIN, in one round trip.
      const stamping = stampingStatement(db.engine, accountId, deps.clock.now());
      return batches.run(async (tx) => {
        actAs(tx, userId);
        if (requestId) {
          // A twin of this request running at this moment (another connection, another instance)
          // holds the claim until it committed; then its stored answer is found here.
          await claimRequestId(tx, accountId, requestId);
          const twin = await findStoredResponse(tx, accountId, requestId);
          if (twin) throw new Replayed(replayOrConflict(twin, method, hash, requestId));
        }
        const result = await fn(tx);
        // The audit line, in the same transaction as the write: an accepted write always has its
        // line, a rolled-back one never; a replay answered from the stored response above never gets
        // here. With a request_id it rides in the stored response's INSERT (one statement on PostgreSQL).
        const audit = isWriteMethod(method) ? { accountId, userId, at: deps.clock.now(), method, requestId, summary: summarize(deps.log, method, params, result) } : null;
        const stored = { method, paramsHash: hash, response: result };
        if (requestId && audit) await storeResponseAudited(tx, accountId, requestId, stored, deps.clock.now(), audit);
        else {
          if (requestId) await storeResponse(tx, accountId, requestId, stored, deps.clock.now());
          if (audit) await appendAudit(tx, audit);
        }
        return result;
      }, stamping);
    },
  };
  try {
    return await (HANDLERS[method] as Handler<MethodName>)(ctx, params as never);
  } catch (e) {
    if (e instanceof Replayed) return e.response;
    throw e;
  }
}
