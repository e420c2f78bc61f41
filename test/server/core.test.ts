import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '@server/db/migrations';
import { FutureDatabaseError, migrate, userVersion } from '@sqlite/migrate';
import { runAdmin } from '@server/admin/commands';
import { startTestServer, type TestServer } from '../helpers/server';

describe('migrations', () => {
  it('apply in order to the latest version and are idempotent', () => {
    const db = new Database(':memory:');
    expect(migrate(db, MIGRATIONS)).toEqual({ from: 0, to: MIGRATIONS.length });
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    expect(migrate(db, MIGRATIONS)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
  });

  it('each migration applies on top of the previous ones', () => {
    for (let n = 1; n <= MIGRATIONS.length; n++) {
      const db = new Database(':memory:');
      migrate(db, MIGRATIONS.slice(0, n));
      expect(userVersion(db)).toBe(n);
      expect(() => db.pragma('foreign_key_check')).not.toThrow();
    }
  });

  it('refuse a database from the future', () => {
    const db = new Database(':memory:');
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => migrate(db, MIGRATIONS)).toThrow(FutureDatabaseError);
  });

  it('roll back completely when one fails', () => {
    const db = new Database(':memory:');
    const broken = [...MIGRATIONS, { version: MIGRATIONS.length + 1, name: 'broken', up: (d: Database.Database) => d.exec('CREATE TABLE x (a); SELECT * FROM missing_table') }];
    expect(() => migrate(db, broken)).toThrow();
    expect(userVersion(db)).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'accounts'").get()).toEqual({ n: 0 });
  });
});

describe('service', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('reports health with capabilities', async () => {
    const r = await s.raw('/api/health', '', undefined, 'GET');
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body);
    expect(body.status).toBe('ok');
    // The engine actually serving (the suite runs on both: STOCKDESK_TEST_ENGINE).
    expect(body.engine).toBe(s.app.store.engine);
    expect(body.capabilities).toContain('request_id');
  });

  it('answers 405 for anything but POST on the API paths', async () => {
    for (const m of ['GET', 'PUT', 'DELETE']) {
      const r = await s.raw('/api/product', '', undefined, m);
      expect(r.status).toBe(405);
    }
  });

  it('answers 404 for unknown paths', async () => {
    const r = await s.raw('/api/nothing', '{}', 'application/json');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body).error.code).toBe('NOT_FOUND');
  });

  it('routes a method posted to the wrong area to UNKNOWN_METHOD naming the right path', async () => {
    const r = await s.raw('/api/finance', JSON.stringify({ getContacts: { ...s.keys } }), 'application/json');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body).error.message).toContain('/api/crm');
  });

  it('refuses wrong, revoked and expired credentials with one message', async () => {
    const bad = await s.call('getContacts', {}, { keys: { api_key: s.keys.api_key, session_key: 'nope' } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('AUTH_FAILED');
    const opened = await runAdmin(s.app.store, ['session', 'open', '--account', String(s.account.accountId), '--ttl', '1h'], s.clock.now()) as { session_key: string; session_id: number };
    const keys = { api_key: s.keys.api_key, session_key: opened.session_key };
    expect((await s.call('getContacts', {}, { keys })).ok).toBe(true);
    s.clock.advance(2 * 3_600_000);
    const expired = await s.call('getContacts', {}, { keys });
    expect(expired.ok).toBe(false);
    if (!expired.ok && !bad.ok) expect(expired.error.message).toBe(bad.error.message);
  });

  it('getBankAccounts lists the bank accounts of the account, spelled as selected_account needs them, in both formats', async () => {
    for (const format of ['json', 'xml'] as const) {
      const r = await s.ok('getBankAccounts', {}, { format });
      expect(r.bank_accounts).toEqual([
        { number: '11773016-11111018-00000000', bank_name: 'OTP Bank', currency: 'HUF', swift: 'OTPVHUHB' },
        { number: 'HU42117730161111101800000000', bank_name: 'OTP Bank (EUR)', currency: 'EUR', swift: 'OTPVHUHB' },
      ]);
      expect(r.bank_accounts[0]!.number).toBe(s.account.bankAccount);
    }
    const bad = await s.call('getBankAccounts', { account_id: 2 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('VALIDATION_ERROR');
  });

  it('getContacts filters in both formats', async () => {
    for (const format of ['json', 'xml'] as const) {
      const r = await s.ok('getContacts', { filter: 'Győr' }, { format });
      expect(r.contacts.map((c) => c.name)).toEqual(['Kovács és Fiú Kft.']);
    }
  });
});
