/**
 * The user and audit commands through the real command line, on the engine the suite runs on; a
 * server started on that database then serves the user's session with the user's role.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaPath, decodeResponse, encodeRequest, METHODS, type Credentials, type MethodName } from '@shared/protocol';
import { TEST_ENGINE } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { runCli, startServerProcess } from '../../helpers/serverProcess';

let dir: string;
let database: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-admin-users-'));
  database = TEST_ENGINE === 'postgres' ? await createTestDatabase() : join(dir, 'server.db');
}, 120_000);
afterAll(async () => {
  if (TEST_ENGINE === 'postgres' && database) await dropTestDatabase(database);
  rmSync(dir, { recursive: true, force: true });
});

function admin(...args: string[]): Record<string, unknown> {
  const r = runCli(['--database', database, 'admin', ...args]);
  if (r.status !== 0) throw new Error(`admin ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

async function call(base: string, method: MethodName, params: Record<string, unknown>, keys: Credentials) {
  const { body, contentType } = encodeRequest('json', method, params, keys);
  const res = await fetch(base + areaPath(METHODS[method].area), { method: 'POST', body, headers: { 'content-type': contentType } });
  return { status: res.status, ...decodeResponse('json', method, await res.text()) };
}

describe(`admin user commands on ${TEST_ENGINE}`, () => {
  it('add a user, open their session, list, change the role, audit, disable', async () => {
    const a = String(admin('account', 'create', '--name', 'Felhasználó Próba Kft.').account_id);
    const { api_key } = admin('key', 'issue', '--account', a) as { api_key: string };
    const { user_id } = admin('user', 'add', '--account', a, '--name', 'Kovács Anna', '--email', 'anna@pelda.hu', '--role', 'billing') as { user_id: number };
    const { session_key } = admin('session', 'open', '--account', a, '--user', String(user_id)) as { session_key: string };
    const bad = runCli(['--database', database, 'admin', 'user', 'add', '--account', a, '--name', 'X', '--email', 'x@pelda.hu', '--role', 'boss']);
    expect([bad.status, bad.stderr.trim()]).toEqual([1, '--role must be one of warehouse, billing, manager; got boss']);

    const s = await startServerProcess(['--port', '0', '--database', database]);
    try {
      const keys = { api_key, session_key };
      expect((await call(s.url, 'setWarehouse', { name: 'Tilos' }, keys)).status).toBe(403);
      expect(admin('user', 'role', '--id', String(user_id), '--role', 'manager')).toEqual({ changed: true });
      // Another process changed the role: the server's cache notices (SQLite's data_version; PostgreSQL keeps none).
      await expect.poll(async () => (await call(s.url, 'setWarehouse', { name: 'Szeged Raktár', request_id: 'cli-1' }, keys)).status, { timeout: 5_000 }).toBe(200);
      expect((admin('audit', '--account', a) as { entries: unknown[] }).entries).toEqual([
        expect.objectContaining({ user_id, user: 'Kovács Anna', method: 'setWarehouse', request_id: 'cli-1', summary: expect.stringContaining('"Szeged Raktár"') }),
      ]);
      expect(admin('user', 'disable', '--id', String(user_id))).toEqual({ disabled: true, sessions_revoked: 1 });
      await expect.poll(async () => (await call(s.url, 'getWarehouses', {}, keys)).status, { timeout: 5_000 }).toBe(401);
      expect((admin('user', 'list', '--account', a) as { users: unknown[] }).users).toEqual([
        expect.objectContaining({ id: user_id, name: 'Kovács Anna', email: 'anna@pelda.hu', role: 'manager', active: false }),
      ]);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  }, 240_000);
});
