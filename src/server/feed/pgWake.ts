/**
 * LISTEN on PostgreSQL: the feed's triggers NOTIFY at commit (feed/migration.ts), so a write on any
 * instance wakes the feed of every instance. One connection of its own (a pooled one would be held
 * for ever); reconnected after a failure, while the hub's timed poll covers the gap.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { Store } from '../db/sql';
import { FEED_CHANNEL } from './migration';

export interface Wake {
  stop(): Promise<void>;
}

const RECONNECT_MS = 1_000;

export function listenForFeed(store: Store, wake: () => void, log: Logger): Wake {
  const pool = (store as unknown as { pool?: pg.Pool }).pool;
  const options = (pool as unknown as { options?: pg.ClientConfig } | undefined)?.options;
  if (!options) {
    log.warn('change feed: no PostgreSQL pool to take connection settings from; the feed polls instead of listening');
    return { stop: async () => {} };
  }
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const c = new pg.Client({ ...options, application_name: 'stockdesk-feed' } as pg.ClientConfig);
    c.on('notification', () => wake());
    c.on('error', (err) => {
      log.warn({ err }, 'change feed: the LISTEN connection failed; reconnecting');
      c.end().catch(() => {});
      if (client === c) client = null;
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${FEED_CHANNEL}`);
      if (stopped) return void (await c.end());
      client = c;
      // Whatever committed while not listening.
      wake();
    } catch (err) {
      log.warn({ err }, 'change feed: cannot LISTEN; retrying');
      await c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
