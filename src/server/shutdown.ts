/**
 * Graceful shutdown of the serving process on SIGTERM or SIGINT (docs/api.md, "Shutting down"):
 * the app stops listening, refuses what arrives on open connections with 503, finishes what is in
 * flight and closes; then the database is closed and the process exits 0. Past the deadline it
 * cuts the remaining connections, closes the database (an open transaction is rolled back: those
 * requests were never answered, so their clients send them again) and exits 1, saying so. A second
 * signal ends the process at once.
 */
import type { App } from './app';
import { inFlight } from './http/server';

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** `closeDb` closes the SQLite file, or ends the PostgreSQL pool (a promise, awaited). */
export function stopOnSignals(app: App, closeDb: () => void | Promise<void>, deadlineMs: number): void {
  let stopping = false;
  const closeDbQuietly = async () => {
    try {
      await closeDb();
    } catch (e) {
      console.error(`Closing the database failed: ${(e as Error).message}`);
    }
  };
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again while shutting down: exiting now, with ${inFlight(app.server)} request(s) in flight.`);
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    console.log(JSON.stringify({ stopping: signal, deadline_ms: deadlineMs }));
    const deadline = setTimeout(() => {
      console.error(`The shutdown deadline of ${deadlineMs} ms passed with ${inFlight(app.server)} request(s) in flight; exiting without finishing them (--shutdown-timeout-ms).`);
      app.server.closeAllConnections();
      // Ending the pool waits for its checked-out connections: bounded, as the deadline has passed.
      void Promise.race([closeDbQuietly(), new Promise((r) => setTimeout(r, 1000))]).then(() => process.exit(1));
    }, deadlineMs);
    try {
      await app.close();
      await closeDb();
    } catch (e) {
      console.error(`Shutting down failed: ${(e as Error).message}`);
      process.exit(1);
    }
    clearTimeout(deadline);
    console.log(JSON.stringify({ stopped: signal, ms: Date.now() - started }));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
