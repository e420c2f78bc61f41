/** scripts/pg-cluster.mjs: a private cluster on 127.0.0.1 only, in its own temporary directory, gone after stop. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { startCluster, stopCluster } from '../../../scripts/pg-cluster.mjs';

describe('private PostgreSQL cluster', () => {
  it('starts on a free loopback port with its socket and data in its own directory, and is gone after stop', async () => {
    const { dir, url } = await startCluster();
    let stopped = false;
    try {
      const port = Number(new URL(url).port);
      expect(new URL(url).hostname).toBe('127.0.0.1');
      expect(existsSync(`${dir}/.s.PGSQL.${port}`)).toBe(true);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const settings = (await c.query("SELECT name, setting FROM pg_settings WHERE name IN ('listen_addresses', 'data_directory', 'lc_collate') ORDER BY name")).rows;
      await c.end();
      expect(settings).toEqual([
        { name: 'data_directory', setting: `${dir}/data` },
        { name: 'lc_collate', setting: 'C' },
        { name: 'listen_addresses', setting: '127.0.0.1' },
      ]);
      stopCluster(dir);
      stopped = true;
      expect(existsSync(dir)).toBe(false);
      const after = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      if (!stopped) stopCluster(dir);
    }
  });
});
