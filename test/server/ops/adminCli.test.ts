/**
 * Every `admin` command through the real command line, on the engine the suite runs on
 * (STOCKDESK_TEST_ENGINE: a SQLite file, or a fresh PostgreSQL database given as --database URL),
 * then a server started on that database answers with what the commands made, and serves a user's
 * session with the user's role.
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
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-admin-'));
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

describe(`admin commands on ${TEST_ENGINE}`, () => {
  it('create accounts, keys, sessions, bank accounts, contacts, fields and fee codes that the server then serves', async () => {
    const { account_id: account } = admin('account', 'create', '--name', 'Admin Próba Kft.', '--tax-number', '12345676-2-41', '--city', 'Pécs');
    expect(account).toEqual(expect.any(Number));
    expect(admin('account', 'list').accounts).toEqual([expect.objectContaining({ id: account, name: 'Admin Próba Kft.' })]);
    const a = String(account);
    const key = admin('key', 'issue', '--account', a, '--label', 'pénztár');
    const spare = admin('key', 'issue', '--account', a);
    const session = admin('session', 'open', '--account', a, '--ttl', '8h', '--label', 'reggel');
    const old = admin('session', 'open', '--account', a);
    expect(admin('key', 'list', '--account', a).keys).toHaveLength(2);
    expect(admin('session', 'list', '--account', a).sessions).toHaveLength(2);
    expect(admin('key', 'revoke', '--id', String(spare.key_id))).toEqual({ revoked: true });
    expect(admin('session', 'expire', '--id', String(old.session_id))).toEqual({ expired: true });
    expect(admin('bank', 'add', '--account', a, '--number', '11773016-11111018-00000000', '--bank-name', 'OTP')).toEqual({ bank_account_id: expect.any(Number) });
    expect(admin('contact', 'add', '--account', a, '--name', 'Vevő Bt.', '--city', 'Eger')).toEqual({ contact_id: expect.any(Number) });
    expect(admin('field', 'add', '--account', a, '--area', 'finance', '--name', 'Projekt', '--type', 'text')).toEqual({ added: true });
    expect(admin('envfee', 'add', '--account', a, '--code', '7', '--description', 'Papír')).toEqual({ added: true });
    const bad = runCli(['--database', database, 'admin', 'key', 'issue', '--account', 'x']);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('--account must be a positive whole number');

    const s = await startServerProcess(['--port', '0', '--database', database]);
    try {
      expect(s.lines.find((l) => 'listening' in l)).toMatchObject({ engine: TEST_ENGINE });
      const keys = { api_key: String(key.api_key), session_key: String(session.session_key) };
      const banks = await call(s.url, 'getBankAccounts', {}, keys);
      expect(banks).toMatchObject({ ok: true, result: { bank_accounts: [expect.objectContaining({ number: '11773016-11111018-00000000', bank_name: 'OTP' })] } });
      const refused = await call(s.url, 'getBankAccounts', {}, { api_key: String(spare.api_key), session_key: String(session.session_key) });
      expect(refused).toMatchObject({ ok: false, error: { code: 'AUTH_FAILED' } });
      const expired = await call(s.url, 'getBankAccounts', {}, { api_key: String(key.api_key), session_key: String(old.session_key) });
      expect(expired).toMatchObject({ ok: false, error: { code: 'AUTH_FAILED' } });
    } finally {
      await s.kill();
    }
  }, 480_000);
});

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
      await s.kill();
    }
  }, 240_000);
});
