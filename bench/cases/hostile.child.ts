/**
 * The server process of the `server.hostile` bench: the real Command API (bundled as shipped) on a
 * temp SQLite file with the demo account, and an event-loop delay monitor the parent resets and
 * reads over IPC around each hostile request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { openServerDb, startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-hostile-'));
  const dbPath = join(dir, 'server.db');
  const db = openServerDb(dbPath);
  const { account, keys } = await seedDemo(db, systemClock);
  const app = await startServer({ db, config: { port: 0, dbPath }, log: pino({ level: 'silent' }) });
  // 1 ms resolution: the histogram's max is the longest the loop was held (plus up to that).
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.send!({ url: app.url, keys, account });
  // CPU time beside the delay: on a busy machine the delay also counts time the process waited for a core.
  let cpu = process.cpuUsage();
  process.on('message', (m: { reset?: boolean; read?: boolean }) => {
    if (m.reset) {
      delay.reset();
      cpu = process.cpuUsage();
      process.send!({ reset: true });
    } else if (m.read) {
      const used = process.cpuUsage(cpu);
      process.send!({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, cpuMs: (used.user + used.system) / 1000 });
    }
  });
  process.on('disconnect', () => {
    delay.disable();
    void app.close().then(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

void main();
