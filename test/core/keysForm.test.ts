/**
 * The single keys form in Settings (settings.setCredentials, issue 19): keys that could take a
 * clerk's unsent work are kept only once the server has said whose they are. Offline, or refused by
 * the server, nothing changes and the signed-in clerk's entries are later sent with her own keys —
 * the server's audit trail names her. A desk's first keys, typed offline, are kept as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { startTestCore, type TestCore } from '../helpers/core';
import { closeClerkDesk, keysOf, startClerkDesk } from '../helpers/clerkDesk';
import { admin, auditOf, type Clerk } from '../server/roles/users';

describe('the keys form never hands a clerk’s unsent work to someone else', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  let vera: Clerk;
  let bela: Clerk;
  beforeEach(async () => {
    ({ s, c, ids, vera, bela } = await startClerkDesk(2));
  });
  afterEach(() => closeClerkDesk({ s, c }));
  const keys = keysOf;
  const takeIn = async () => (await c.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.supplierContactId, lines: [{ productId: ids[0]!, quantity: 3 }] })).entryIds[0]!;
  async function backOnline() {
    c.net.offline = false;
    c.clock.advance(20_000);
    await c.sync();
  }
  /** Who the server says made each of this desk's entries. */
  async function madeBy() {
    const requestIds = (c.core.db.prepare('SELECT request_id FROM outbox ORDER BY id').all() as Array<{ request_id: string }>).map((r) => r.request_id);
    return (await auditOf(s)).filter((a) => a.request_id && requestIds.includes(a.request_id)).map((a) => [a.method, a.user_id]);
  }

  it("offline: another person's keys are refused with the sentence; A stays signed in and her take-in goes with her keys", async () => {
    const veraId = (await c.ok('clerks.add', keys(vera)))[0]!.id;
    await c.sync();
    c.net.offline = true;
    const entry = await takeIn();
    const r = await c.call('settings.setCredentials', keys(bela));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('OFFLINE');
      expect(r.error.message).toMatch(/^These keys can be saved only once Stockdesk is online\b/);
      expect(r.error.message).toContain('the 1 unsent entry of the signed-in clerk stays theirs');
    }
    expect((await c.ok('clerks.list', {})).map((v) => [v.id, v.name, v.current])).toEqual([[veraId, vera.name, true]]);

    await backOnline();
    expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toEqual([entry]);
    expect(await madeBy()).toEqual([['setQuantity', vera.userId]]);
    // Nothing unsent, but the server knows whose her keys are: still checked first, so offline nothing changes.
    c.net.offline = true;
    const again = await c.call('settings.setCredentials', keys(bela));
    expect(again.ok ? null : [again.error.code, again.error.message]).toEqual(['OFFLINE', 'These keys can be saved only once Stockdesk is online and the server has said whose they are; nothing was changed.']);
    expect((await c.ok('clerks.list', {})).map((v) => [v.id, v.current])).toEqual([[veraId, true]]);
  });

  it('online: keys the server refuses change nothing; the old keys still work', async () => {
    await c.ok('clerks.add', keys(vera));
    await c.sync();
    const r = await c.call('settings.setCredentials', { apiKey: vera.keys.api_key, sessionKey: 'not-a-session' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('AUTH_FAILED');
      expect(r.error.message).toContain('does not accept these keys');
    }
    await takeIn();
    await c.sync();
    const status = await c.ok('sync.status', {});
    expect([status.paused, status.outbox.queued, status.outbox.needsAttention]).toEqual([null, 0, 0]);
    expect(await madeBy()).toEqual([['setQuantity', vera.userId]]);
  });

  it("a desk's first keys are kept offline; once they have unsent work, nobody's keys replace them unchecked", async () => {
    c.net.offline = true;
    // The first setup works without the server, as before (checked when the desk is next online).
    // These are the account's own keys: the server knows no user behind them.
    const owner = { apiKey: s.keys.api_key, sessionKey: s.keys.session_key };
    expect((await c.ok('settings.setCredentials', owner)).hasCredentials).toBe(true);
    await backOnline();
    c.net.offline = true;
    const entry = await takeIn();
    const r = await c.call('settings.setCredentials', keys(bela));
    expect(r.ok ? null : [r.error.code, /the 1 unsent entry/.test(r.error.message)]).toEqual(['OFFLINE', true]);

    // Online, with no user known behind the first keys: B's keys become a clerk of their own.
    c.net.offline = false;
    await c.ok('settings.setCredentials', keys(bela));
    const list = await c.ok('clerks.list', {});
    expect(list.map((v) => [v.name, v.current])).toEqual([[null, false], [bela.name, true]]);
    await backOnline();
    expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toEqual([entry]);
    expect(await madeBy()).toEqual([['setQuantity', null]]);
  });

  it('a renewed session key of the same person replaces hers in place, her unsent entries still hers', async () => {
    const veraId = (await c.ok('clerks.add', keys(vera)))[0]!.id;
    await c.sync();
    c.net.offline = true;
    await takeIn();
    c.net.offline = false;
    const fresh = await admin(s, ['session', 'open', '--account', String(s.account.accountId), '--user', String(vera.userId)]);
    await c.ok('settings.setCredentials', { apiKey: vera.keys.api_key, sessionKey: fresh.session_key as string });
    expect((await c.ok('clerks.list', {})).map((v) => [v.id, v.name, v.current])).toEqual([[veraId, vera.name, true]]);
    await backOnline();
    expect(await madeBy()).toEqual([['setQuantity', vera.userId]]);
  });

  it('an older server without getSession (its health does not list it): typed keys replace the signed-in clerk’s as before', async () => {
    await c.close();
    c = await startTestCore(s, { connect: false, stripExtensions: true });
    await c.ok('settings.update', { serverUrl: s.url, format: 'json' });
    await c.ok('settings.setCredentials', keys(vera));
    await c.sync();
    c.net.offline = true;
    await takeIn();
    c.net.calls.length = 0;
    expect((await c.ok('settings.setCredentials', keys(bela))).hasCredentials).toBe(true);
    expect(c.net.calls.filter((x) => x.method === 'getSession')).toEqual([]);
    expect((await c.ok('clerks.list', {})).map((v) => v.current)).toEqual([true]);
  });
});
