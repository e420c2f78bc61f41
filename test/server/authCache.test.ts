/**
 * The verified-keys cache in authenticate: it must never let a revoked, expired or wrong pair through
 * that the database would refuse, whichever connection or process made the change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openServerDb } from '@server/app';
import type { Db } from '@sqlite/types';
import { seedDemo } from '@server/demo/seed';
import { expireSession, insertSession, listApiKeys, listSessions, revokeApiKey } from '@server/repos/credentials';
import { AUTH_CACHE_MAX_AGE_MS, AUTH_CACHE_POLL_MS, authenticate } from '@server/services/auth';
import { DEMO_KEYS, TestClock } from '../helpers/server';
import { sqliteStore } from '@server/db/sqlite/store';

const refused = async (db: Db, keys: { api_key: string; session_key: string }, now: Date) => {
  try {
    await authenticate(sqliteStore(db), keys, now);
    return false;
  } catch (e) {
    return (e as { code?: string }).code === 'AUTH_FAILED';
  }
};

describe('authenticate with its verified-keys cache', () => {
  let dir: string;
  let dbPath: string;
  let db: Db;
  let clock: TestClock;
  let accountId: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stockdesk-auth-'));
    dbPath = join(dir, 'server.db');
    db = openServerDb(dbPath);
    clock = new TestClock();
    accountId = (await seedDemo(db, clock, DEMO_KEYS)).account.accountId;
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a cached pair and sees a session revoked through the same connection at once', async () => {
    expect(await authenticate(sqliteStore(db), DEMO_KEYS, clock.now())).toBe(accountId);
    expect(await authenticate(sqliteStore(db), DEMO_KEYS, clock.now())).toBe(accountId);
    const session = (await listSessions(sqliteStore(db), accountId)).find((s) => !s.revoked_at)!;
    await expireSession(sqliteStore(db), session.id, clock.now());
    expect(await refused(db, DEMO_KEYS, clock.now())).toBe(true);
  });

  it('sees an API key revoked through the same connection at once', async () => {
    await authenticate(sqliteStore(db), DEMO_KEYS, clock.now());
    for (const k of await listApiKeys(sqliteStore(db), accountId)) await revokeApiKey(sqliteStore(db), k.id, clock.now());
    expect(await refused(db, DEMO_KEYS, clock.now())).toBe(true);
  });

  it('sees a revocation committed by another connection (the admin CLI in another process) within AUTH_CACHE_POLL_MS', async () => {
    let t = 1_000_000;
    const clockSpy = vi.spyOn(performance, 'now').mockImplementation(() => t);
    const other = openServerDb(dbPath);
    try {
      await authenticate(sqliteStore(db), DEMO_KEYS, clock.now());
      const session = (await listSessions(sqliteStore(other), accountId)).find((s) => !s.revoked_at)!;
      await expireSession(sqliteStore(other), session.id, clock.now());
      t += AUTH_CACHE_POLL_MS;
      expect(await refused(db, DEMO_KEYS, clock.now())).toBe(true);
    } finally {
      other.close();
      clockSpy.mockRestore();
    }
  });

  it('sees a key revoked by another connection on the first request after a quiet spell (real time)', async () => {
    await authenticate(sqliteStore(db), DEMO_KEYS, clock.now());
    const other = openServerDb(dbPath);
    try {
      for (const k of await listApiKeys(sqliteStore(other), accountId)) await revokeApiKey(sqliteStore(other), k.id, clock.now());
    } finally {
      other.close();
    }
    await new Promise((r) => setTimeout(r, AUTH_CACHE_POLL_MS + 10));
    expect(await refused(db, DEMO_KEYS, clock.now())).toBe(true);
  });

  it('honours the session expiry exactly, by the request clock, for a cached pair', async () => {
    const key = 'sds_short_lived_session_0001';
    await insertSession(sqliteStore(db), accountId, key, 'short', clock.now(), new Date(clock.now().getTime() + 60_000));
    const keys = { api_key: DEMO_KEYS.api_key, session_key: key };
    expect(await authenticate(sqliteStore(db), keys, clock.now())).toBe(accountId);
    clock.advance(59_999);
    expect(await authenticate(sqliteStore(db), keys, clock.now())).toBe(accountId);
    clock.advance(1);
    expect(await refused(db, keys, clock.now())).toBe(true);
  });

  it('never caches a refusal: a session opened after a failed attempt works on the next request', async () => {
    const key = 'sds_opened_later_0001';
    const keys = { api_key: DEMO_KEYS.api_key, session_key: key };
    expect(await refused(db, keys, clock.now())).toBe(true);
    await insertSession(sqliteStore(db), accountId, key, 'later', clock.now(), new Date(clock.now().getTime() + 3_600_000));
    expect(await authenticate(sqliteStore(db), keys, clock.now())).toBe(accountId);
  });

  it('does not mix up pairs whose concatenations are equal', async () => {
    await authenticate(sqliteStore(db), DEMO_KEYS, clock.now());
    const shifted = { api_key: DEMO_KEYS.api_key.slice(0, -1), session_key: DEMO_KEYS.api_key.slice(-1) + DEMO_KEYS.session_key };
    expect(await refused(db, shifted, clock.now())).toBe(true);
  });

  it('re-verifies an entry after AUTH_CACHE_MAX_AGE_MS even if a change bypassed the repository', async () => {
    let t = 1_000_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => t);
    try {
      await authenticate(sqliteStore(db), DEMO_KEYS, clock.now());
      // Same connection, not through expireSession: neither data_version nor the revocation count moves.
      db.prepare('UPDATE sessions SET revoked_at = ?').run(clock.now().toISOString());
      t += AUTH_CACHE_MAX_AGE_MS - 1;
      expect(await authenticate(sqliteStore(db), DEMO_KEYS, clock.now())).toBe(accountId);
      t += 1;
      expect(await refused(db, DEMO_KEYS, clock.now())).toBe(true);
    } finally {
      now.mockRestore();
    }
  });
});
