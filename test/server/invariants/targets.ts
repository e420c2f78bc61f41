/**
 * The concurrency-spec harness (docs/invariants.md): the specs (*.specs.ts) are written once and
 * run on three targets, each set up once for the suite (concurrency.test.ts):
 * - `sqlite`: the server on a SQLite file (one writer, group commit);
 * - `postgres`: one server instance on a PostgreSQL database;
 * - `postgres×3`: three server instances, each with its own connection pool as separate processes
 *   would have, on one PostgreSQL database, behind HAProxy in round-robin (test/helpers/haproxy.ts),
 *   so the competing requests of a spec reach different instances at the same moment.
 * The PostgreSQL targets are PostgreSQL's by nature, as test/server/postgres/* are: they use the
 * run's cluster (STOCKDESK_TEST_PG_URL, or the one the first test asking starts). The suite runs in
 * the SQLite pass only (vitest.config.ts), so `npm test` runs each spec once on every target.
 *
 * A spec reads the outcome through the target's own store (`check`: a pool of its own on PostgreSQL)
 * and through the API, never through one instance's memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { ErrorBody, MethodName } from '@shared/protocol';
import { openServerDb, startServer, type App } from '@server/app';
import { sqliteStore } from '@server/db/sqlite/store';
import { openPostgres, type PgStore } from '@server/db/postgres';
import type { Store } from '@server/db/sql';
import { seedDemo } from '@server/demo/seed';
import { DEMO_KEYS, TestClock, testClient, type CallOutcome, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { startHaproxy, type Haproxy } from '../../helpers/haproxy';

export const TARGETS = ['sqlite', 'postgres', 'postgres×3'] as const;
export type TargetKind = (typeof TARGETS)[number];

/** What a spec gets: a client of the target (through HAProxy for postgres×3), its account and a store to read its state. */
export interface Target extends Pick<TestServer, 'call' | 'ok' | 'raw' | 'account' | 'clock'> {
  kind: TargetKind;
  /** The target's database, for checking its state (SQL both engines take). */
  check: Store;
  /** Clients of each instance directly (one for the single-instance targets). */
  instances: Array<Pick<TestServer, 'call' | 'ok'>>;
}

interface Running extends Target {
  close(): Promise<void>;
}

const silent = () => pino({ level: 'silent' });

async function startSqlite(): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-invariants-'));
  const dbPath = join(dir, 'server.db');
  const clock = new TestClock();
  const db = openServerDb(dbPath);
  const store = sqliteStore(db);
  const { account } = await seedDemo(store, clock, DEMO_KEYS);
  const app = await startServer({ db, clock, log: silent(), config: { port: 0, dbPath } });
  const client = testClient(app.url);
  return {
    kind: 'sqlite', ...client, account, clock, check: app.store, instances: [client],
    async close() {
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startPostgres(kind: TargetKind, count: number): Promise<Running> {
  const url = await createTestDatabase();
  const clock = new TestClock();
  const stores: PgStore[] = [];
  const apps: App[] = [];
  let proxy: Haproxy | undefined;
  const close = async () => {
    await proxy?.stop();
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await dropTestDatabase(url);
  };
  try {
    // One pool per instance and one for checking, as separate processes and a checking tool would have.
    for (let i = 0; i <= count; i++) stores.push(await openPostgres({ url, poolSize: i === count ? 2 : 6, applicationName: `stockdesk-inv-${i}` }));
    const check = stores[count]!;
    const { account } = await seedDemo(check, clock, DEMO_KEYS);
    for (const store of stores.slice(0, count)) apps.push(await startServer({ store, clock, log: silent(), config: { port: 0 } }));
    const instances = apps.map((a) => testClient(a.url));
    if (count > 1) proxy = await startHaproxy(apps.map((a) => a.url));
    const front = proxy ? testClient(proxy.url) : instances[0]!;
    return { kind, ...front, account, clock, check, instances, close };
  } catch (e) {
    await close();
    throw e;
  }
}

function startTarget(kind: TargetKind): Promise<Running> {
  if (kind === 'sqlite') return startSqlite();
  return startPostgres(kind, kind === 'postgres' ? 1 : 3);
}

/**
 * Runs `specs` on every target, each target started once for the file. `specs` registers `it`s
 * that read the target through `t()`.
 */
export function onEveryTarget(specs: (t: () => Target) => void): void {
  describe.each(TARGETS)('on %s', (kind) => {
    let running: Running | undefined;
    beforeAll(async () => {
      running = await startTarget(kind);
    }, 90_000);
    afterAll(async () => {
      await running?.close();
    }, 60_000);
    specs(() => {
      if (!running) throw new Error(`the ${kind} target did not start`);
      return running;
    });
  });
}

/** Fires every call at once (each its own HTTP request) and waits for all their answers. */
export function atOnce<T>(n: number, call: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => call(i)));
}

type Outcome = CallOutcome<MethodName>;

/** The accepted answers and the refusals of a burst. */
export function split<O extends Outcome>(outcomes: O[]): { accepted: Array<Extract<O, { ok: true }>>; refused: ErrorBody[]; statuses: number[] } {
  const accepted = outcomes.filter((o): o is Extract<O, { ok: true }> => o.ok);
  const refused = outcomes.filter((o) => !o.ok).map((o) => (o as { error: ErrorBody }).error);
  return { accepted, refused, statuses: outcomes.map((o) => o.status) };
}

/**
 * Every refusal is a 409 CONFLICT with `reason` (docs/api.md): no reasonless conflict, no 500, no
 * other code. The figures are checked by the spec.
 */
export function expectRefusedWith(refused: ErrorBody[], reasonCode: string): void {
  const seen = refused.map((e) => `${e.code} ${e.reason ?? '(no reason)'}`);
  expect(seen).toEqual(refused.map(() => `CONFLICT ${reasonCode}`));
}

/** A short summary for the test's own log line (figures a report quotes). */
export function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const k = o.ok ? 'accepted' : `${o.status} ${o.error.code}${o.error.reason ? ` ${o.error.reason}` : ''}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
}
