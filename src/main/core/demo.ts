/**
 * The demo: the Command API server itself, in this process, on a loopback port the OS picks,
 * with its data in the data dir and the demo account seeded (idempotently) with fixed-per-install keys.
 */
import { join } from 'node:path';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import pino from 'pino';
import { openServerDb, startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { newKey } from '@server/repos/credentials';
import type { StoredCredentials } from './types';

export interface DemoServer {
  url: string;
  credentials: StoredCredentials;
  close(): Promise<void>;
}

export async function startDemoServer(dataDir: string, nativeBinding?: string): Promise<DemoServer> {
  const dir = join(dataDir, 'demo-server');
  await mkdir(dir, { recursive: true });
  const keysFile = join(dir, 'keys.json');
  let keys: { api_key: string; session_key: string };
  try {
    keys = JSON.parse(await readFile(keysFile, 'utf8')) as typeof keys;
  } catch {
    keys = { api_key: newKey('sdk'), session_key: newKey('sds') };
    await writeFile(keysFile, JSON.stringify(keys), { mode: 0o600 });
  }
  const dbPath = join(dir, 'server.db');
  // Inside Electron the server must load the same Electron-ABI SQLite build as the mirror.
  const db = openServerDb(dbPath, nativeBinding);
  await seedDemo(db, systemClock, keys);
  const app = await startServer({ db, config: { host: '127.0.0.1', port: 0, dbPath }, log: pino({ level: 'silent' }) });
  return {
    url: app.url,
    credentials: { apiKey: keys.api_key, sessionKey: keys.session_key },
    async close() {
      await app.close();
      db.close();
    },
  };
}
