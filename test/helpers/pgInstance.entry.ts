/**
 * One Command API server instance on a PostgreSQL database, as its own process, for the multi-instance
 * and failover tests and the HAProxy bench case (issue 16). A stand-in for `npm run server --
 * --database postgres://…` until the CLI serves PostgreSQL: it opens the store (migrating it under
 * the advisory lock, as every instance does), starts the server, prints `{"listening": url}` and on
 * SIGTERM/SIGINT drains (no new requests, in-flight ones finished) and closes its pool, then exits 0.
 *
 *   node --import tsx test/helpers/pgInstance.entry.ts
 *   STOCKDESK_FIXTURE_PG_URL   the database (required)
 *   STOCKDESK_FIXTURE_POOL     connections in this instance's pool (default 8)
 *   STOCKDESK_FIXTURE_START    ISO time the server's clock starts at, then moving with real time
 *                              (tests date their invoices on the test clock's day); default: real time
 *   STOCKDESK_FIXTURE_PORT     port (default 0: a free one)
 */
import pino from 'pino';
import { startServer } from '@server/app';
import type { Clock } from '@server/context';
import { openPostgres } from '@server/db/postgres';

function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: give the PostgreSQL URL this instance serves.`);
  return v;
}

function clockFrom(start: string | undefined): Clock | undefined {
  if (!start) return undefined;
  const base = Date.parse(start);
  if (!Number.isFinite(base)) throw new Error(`STOCKDESK_FIXTURE_START must be an ISO time; got ${start}`);
  const t0 = Date.now();
  return { now: () => new Date(base + (Date.now() - t0)) };
}

async function main(): Promise<void> {
  const url = required('STOCKDESK_FIXTURE_PG_URL');
  const poolSize = Number(process.env.STOCKDESK_FIXTURE_POOL ?? 8);
  const log = pino({ level: process.env.STOCKDESK_LOG_LEVEL ?? 'error' });
  // An idle pooled connection cut by a PostgreSQL restart is dropped by the pool; say so, don't die.
  const store = await openPostgres({ url, poolSize, applicationName: `stockdesk-fixture-${process.pid}`, onIdleError: (e) => log.warn({ err: e }, 'idle connection lost') });
  const clock = clockFrom(process.env.STOCKDESK_FIXTURE_START);
  const app = await startServer({ store, log, ...(clock ? { clock } : {}), config: { port: Number(process.env.STOCKDESK_FIXTURE_PORT ?? 0) } });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const started = Date.now();
    console.log(JSON.stringify({ stopping: signal }));
    await app.close();
    await store.close();
    console.log(JSON.stringify({ stopped: signal, ms: Date.now() - started }));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  console.log(JSON.stringify({ listening: app.url, engine: 'postgres', pid: process.pid }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
