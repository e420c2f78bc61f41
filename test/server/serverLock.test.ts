/**
 * One serving process per database file (db/serverLock.ts): a second server on the same file is
 * refused with a message saying what to do, in this process or another, while the admin command
 * line keeps working; the lock goes with the server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openServerDb, startServer, type App } from '@server/app';
import { DatabaseInUse } from '@server/db/serverLock';

const quiet = pino({ level: 'silent' });
let dir: string;
let dbPath: string;
const started: App[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-lock-'));
  dbPath = join(dir, 'server.db');
});
afterEach(async () => {
  for (const app of started.splice(0)) await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (opts: Parameters<typeof startServer>[0]) => {
  const app = await startServer({ log: quiet, ...opts, config: { port: 0, dbPath, ...opts?.config } });
  started.push(app);
  return app;
};

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('the serving lock', () => {
  it('refuses a second server on the same database file, and gives the file back when the first closes', async () => {
    const first = await start({});
    await expect(startServer({ log: quiet, config: { port: 0, dbPath } })).rejects.toThrow(DatabaseInUse);
    await expect(startServer({ log: quiet, config: { port: 0, dbPath } })).rejects.toThrow(/Another Stockdesk server is already serving .*server\.db\. Stop it first/);
    await first.close();
    started.length = 0;
    const again = await start({});
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  });

  it('lets servers started on one connection share it (they share its caches)', async () => {
    const db = openServerDb(dbPath);
    try {
      const a = await start({ db });
      const b = await start({ db });
      await a.close();
      started.splice(started.indexOf(a), 1);
      // b still holds the lock: another connection is refused.
      await expect(startServer({ log: quiet, config: { port: 0, dbPath } })).rejects.toThrow(DatabaseInUse);
      await b.close();
      started.length = 0;
      await start({});
    } finally {
      db.close();
    }
  });

  it('refuses a server in another process with the message alone, while the admin command line works', async () => {
    await start({});
    const refused = cli('--port', '0', '--db', dbPath);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^Another Stockdesk server is already serving .*server\.db\. Stop it first, or give this one its own database with --db/);
    const created = cli('--db', dbPath, 'admin', 'account', 'create', '--name', 'Zár Kft.');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const listed = JSON.parse(cli('--db', dbPath, 'admin', 'account', 'list').stdout) as { accounts: Array<{ name: string }> };
    expect(listed.accounts.map((a) => a.name)).toContain('Zár Kft.');
  }, 90_000);

  it('takes no lock for an in-memory database', async () => {
    const db = openServerDb(':memory:');
    try {
      await start({ db });
      await start({ db });
    } finally {
      for (const app of started.splice(0)) await app.close();
      db.close();
    }
  });
});
