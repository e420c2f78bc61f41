/**
 * Users' sessions over real HTTP: a disabled user is refused at once (through the verified-keys cache
 * on SQLite too), a changed role applies from the next request, a user of one account can never act
 * for another, refused authentications are counted. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../helpers/server';
import { product } from '../product/fixtures';
import { addClerk, admin } from './users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const take = (productId: number) => ({ product_id: productId, quantity: 1, contact_id: s.account.supplierContactId, warehouse: 'Default' });

describe(`users' sessions on ${TEST_ENGINE}`, () => {
  it('disabling a user revokes their sessions at once, even right after a cached success', async () => {
    const vera = await addClerk(s, 'warehouse', 'Kiss Vera');
    const p = await product(s);
    await s.ok('setQuantity', take(p), { keys: vera.keys });
    await s.ok('setQuantity', take(p), { keys: vera.keys });
    expect(await admin(s, ['user', 'disable', '--id', String(vera.userId)])).toEqual({ disabled: true, sessions_revoked: 1 });
    const r = await s.call('setQuantity', take(p), { keys: vera.keys, format: 'xml' });
    expect(r.ok || [r.status, r.error.code]).toEqual([401, 'AUTH_FAILED']);
    const users = (await admin(s, ['user', 'list', '--account', String(s.account.accountId)])).users as Array<Record<string, unknown>>;
    expect(users.find((u) => u.id === vera.userId)).toMatchObject({ name: 'Kiss Vera', role: 'warehouse', active: false });
    await expect(admin(s, ['session', 'open', '--account', String(s.account.accountId), '--user', String(vera.userId)])).rejects.toThrow('is disabled');
  });

  it('a changed role applies from the next request', async () => {
    const bela = await addClerk(s, 'warehouse', 'Nagy Béla');
    const p = await product(s);
    await s.ok('setQuantity', take(p), { keys: bela.keys });
    expect(await admin(s, ['user', 'role', '--id', String(bela.userId), '--role', 'billing'])).toEqual({ changed: true });
    const r = await s.call('setQuantity', take(p), { keys: bela.keys });
    expect(r.ok || [r.status, r.error.code, r.error.message]).toEqual([403, 'FORBIDDEN', expect.stringContaining("Nagy Béla's role (billing) may not make setQuantity calls")]);
    await expect(admin(s, ['user', 'role', '--id', String(bela.userId), '--role', 'boss'])).rejects.toThrow('--role must be one of warehouse, billing, manager; got boss');
  });

  it('a user of one account cannot be used for another', async () => {
    const other = (await admin(s, ['account', 'create', '--name', 'Másik Kft.'])).account_id as number;
    const otherKey = (await admin(s, ['key', 'issue', '--account', String(other)])).api_key as string;
    const vera = await addClerk(s, 'manager', 'Tóth Vera');
    // The operator cannot give a user of the demo account a session of the other one…
    await expect(admin(s, ['session', 'open', '--account', String(other), '--user', String(vera.userId)])).rejects.toThrow(`User ${vera.userId} is not a user of account ${other}`);
    // …and the user's session with the other account's API key is no pair.
    const r = await s.call('getWarehouses', {}, { keys: { api_key: otherKey, session_key: vera.keys.session_key } });
    expect(r.ok || r.error.code).toBe('AUTH_FAILED');
    // A session written straight into the database for the other account with this user is refused too.
    const { insertSession } = await import('@server/repos/credentials');
    await insertSession(s.app.store, other, 'sds_crafted_cross_account', '', s.clock.now(), new Date(s.clock.now().getTime() + 3_600_000), vera.userId);
    const crafted = await s.call('getWarehouses', {}, { keys: { api_key: otherKey, session_key: 'sds_crafted_cross_account' } });
    expect(crafted.ok || crafted.error.code).toBe('AUTH_FAILED');
  });

  it('getSession says whose the keys are: a user and their role, or the account’s own session as a manager (both formats)', async () => {
    const vera = await addClerk(s, 'warehouse', 'Kiss Vera');
    expect(await s.ok('getSession', {}, { keys: vera.keys })).toEqual({ user: { id: vera.userId, name: 'Kiss Vera' }, role: 'warehouse', time_zone: 'Europe/Budapest' });
    const xml = await s.call('getSession', {}, { keys: vera.keys, format: 'xml' });
    expect(xml.ok ? xml.result : xml.error).toEqual({ user: { id: vera.userId, name: 'Kiss Vera' }, role: 'warehouse', time_zone: 'Europe/Budapest' });
    expect(await s.ok('getSession', {})).toEqual({ role: 'manager', time_zone: 'Europe/Budapest' });
  });

  it('counts refused authentications in /api/health', async () => {
    const count = async () => (JSON.parse((await s.raw('/api/health', '', undefined, 'GET')).body) as { auth_refusals: number }).auth_refusals;
    const before = await count();
    await s.call('getWarehouses', {}, { keys: { api_key: s.keys.api_key, session_key: 'sds_wrong' } });
    await s.call('getWarehouses', {}, { keys: { api_key: 'sdk_wrong', session_key: s.keys.session_key } });
    expect(await count()).toBe(before + 2);
    const health = JSON.parse((await s.raw('/api/health', '', undefined, 'GET')).body) as { capabilities: string[] };
    expect(health.capabilities).toContain('roles');
  });

  it('user add refuses what an operator must fix', async () => {
    const a = String(s.account.accountId);
    await expect(admin(s, ['user', 'add', '--account', a, '--name', 'X', '--email', 'nem-email', '--role', 'billing'])).rejects.toThrow('--email must be an e-mail address');
    await admin(s, ['user', 'add', '--account', a, '--name', 'Y', '--email', 'y@pelda.hu', '--role', 'billing']);
    await expect(admin(s, ['user', 'add', '--account', a, '--name', 'Z', '--email', 'y@pelda.hu', '--role', 'manager'])).rejects.toThrow('already has a user with e-mail y@pelda.hu');
  });
});
