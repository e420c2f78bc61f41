/**
 * Several clerks on one desk (issue 19, "Signing in on the desk"), against the real server: each
 * clerk's own keys are kept, the picker switches, and every outbox entry is sent with the keys of
 * the clerk who made it — the server's audit trail says who did what. A removed clerk's entries
 * wait for a person; nobody else's keys send them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import type { TestCore } from '../helpers/core';
import { closeClerkDesk, keysOf, startClerkDesk } from '../helpers/clerkDesk';
import { keysFor, LEGACY_CLERK_ID, toBook } from '@main/core/clerkBook';
import { addClerk, admin, auditOf, type Clerk } from '../server/roles/users';

describe('several clerks on one desk', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  let vera: Clerk;
  let bela: Clerk;
  beforeEach(async () => {
    ({ s, c, ids, vera, bela } = await startClerkDesk(3));
  });
  afterEach(() => closeClerkDesk({ s, c }));
  const keys = keysOf;
  const order = (p: number) => ({
    warehouse: 'Default', shipping_aim: 'Sale' as const, method: 'transfer' as const, issued_date: '2026-11-22', selected_account: s.account.bankAccount,
    contact_id: s.account.customerContactId, currency: 'HUF', items: [{ product_id: p, quantity: 1 }],
  });
  /** Both clerks added in Settings (checked with the server first), then the desk goes offline. */
  async function twoClerksOffline() {
    expect(await c.ok('clerks.check', keys(vera))).toEqual({ name: vera.name, role: 'warehouse' });
    await c.ok('clerks.add', keys(vera));
    const list = await c.ok('clerks.add', keys(bela));
    expect(list.map((v) => [v.name, v.role, v.current])).toEqual([[vera.name, 'warehouse', false], [bela.name, 'billing', true]]);
    // The screens never see a key.
    expect(JSON.stringify(list)).not.toContain(vera.keys.session_key);
    await c.sync();
    c.net.offline = true;
    const byName = Object.fromEntries(list.map((v) => [v.name, v.id]));
    return { veraId: byName[vera.name]!, belaId: byName[bela.name]! };
  }
  async function backOnline() {
    c.net.offline = false;
    c.clock.advance(20_000);
    await c.sync();
  }
  const trailOf = async (requestIds: string[]) => (await auditOf(s)).filter((a) => a.request_id && requestIds.includes(a.request_id));

  it("A's take-in goes with A's keys and B's order with B's, each applied once (audit trail)", async () => {
    const { veraId, belaId } = await twoClerksOffline();
    await c.ok('clerks.switch', { id: veraId });
    expect((await c.ok('sync.status', {})).clerk).toEqual({ name: vera.name, role: 'warehouse' });
    const takeIn = (await c.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.supplierContactId, lines: [{ productId: ids[0]!, quantity: 3 }] })).entryIds[0]!;
    await c.ok('clerks.switch', { id: belaId });
    await c.ok('orders.save', { order: order(ids[1]!) });
    const pending = await c.ok('outbox.list', {});
    expect(pending.map((e) => [e.method, e.clerkId, e.clerkName])).toEqual([['setQuantity', veraId, vera.name], ['setOrder', belaId, bela.name]]);
    // Switching back and forth never reassigns an entry.
    await c.ok('clerks.switch', { id: veraId });
    expect((await c.ok('outbox.list', {})).map((e) => e.clerkId)).toEqual([veraId, belaId]);

    await backOnline();
    const done = await c.ok('outbox.list', { states: ['done'] });
    expect(done.map((e) => [e.method, e.clerkName])).toEqual([['setQuantity', vera.name], ['setOrder', bela.name]]);
    expect(done[0]!.id).toBe(takeIn);
    const requestIds = (c.core.db.prepare('SELECT request_id FROM outbox ORDER BY id').all() as Array<{ request_id: string }>).map((r) => r.request_id);
    const trail = await trailOf(requestIds);
    expect(trail.map((a) => [a.method, a.user_id])).toEqual([['setQuantity', vera.userId], ['setOrder', bela.userId]]);
    // The order list says who entered the order, whoever is signed in now (the server's audit line agrees).
    expect((await c.ok('orders.list', {})).map((o) => o.madeBy)).toEqual([bela.name]);
    // Sending again (a restart re-sends nothing done; a resend of the same request_id is the same command).
    await c.sync();
    expect(await trailOf(requestIds)).toHaveLength(2);
  });

  it("removing clerk A before the replay parks A's entries with the sentence; B's go through; adding A again lets them go", async () => {
    const { veraId, belaId } = await twoClerksOffline();
    await c.ok('clerks.switch', { id: veraId });
    const takeIn = (await c.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.supplierContactId, lines: [{ productId: ids[0]!, quantity: 3 }] })).entryIds[0]!;
    await c.ok('clerks.switch', { id: belaId });
    await c.ok('orders.save', { order: order(ids[1]!) });
    const left = await c.ok('clerks.remove', { id: veraId });
    expect(left.map((v) => v.name)).toEqual([bela.name]);

    await backOnline();
    const parked = (await c.ok('outbox.list', { states: ['needs_attention'] })).find((e) => e.id === takeIn)!;
    expect(parked).toMatchObject({ errorCode: 'CLERK_MISSING', clerkId: veraId, clerkName: vera.name, errorDetails: [{ field: 'clerk', message: vera.name }] });
    expect(parked.lastError).toContain(`(${vera.name}) are no longer on this desk`);
    const requestIds = (c.core.db.prepare('SELECT request_id FROM outbox ORDER BY id').all() as Array<{ request_id: string }>).map((r) => r.request_id);
    // Never sent with someone else's keys: the server has B's order only.
    expect((await trailOf(requestIds)).map((a) => [a.method, a.user_id])).toEqual([['setOrder', bela.userId]]);

    // Vera comes back with her keys: the same clerk id, so a retry sends her take-in with them.
    const again = await c.ok('clerks.add', keys(vera));
    expect(again.find((v) => v.name === vera.name)!.id).toBe(veraId);
    await c.ok('outbox.retry', { id: takeIn });
    await c.sync();
    expect((await trailOf(requestIds)).map((a) => [a.method, a.user_id])).toEqual([['setOrder', bela.userId], ['setQuantity', vera.userId]]);
  });

  it('product saves sent together (one batch) only among one clerk’s entries: each goes with its own keys', async () => {
    const m1 = await addClerk(s, 'manager', 'Vezető Mária');
    const m2 = await addClerk(s, 'manager', 'Vezető Gábor');
    const a = (await c.ok('clerks.add', keys(m1))).find((v) => v.name === m1.name)!.id;
    const b = (await c.ok('clerks.add', keys(m2))).find((v) => v.name === m2.name)!.id;
    await c.sync();
    c.net.offline = true;
    const save = (n: number) => c.ok('products.save', { product: { product_name: `Kötegelt szűrő ${n}`, currency: 'HUF', vat: 27, unit: 'db' } });
    await c.ok('clerks.switch', { id: a });
    await save(1);
    await c.ok('clerks.switch', { id: b });
    await save(2);
    await c.ok('clerks.switch', { id: a });
    await save(3);
    await backOnline();
    const requestIds = (c.core.db.prepare('SELECT request_id FROM outbox ORDER BY id').all() as Array<{ request_id: string }>).map((r) => r.request_id);
    expect((await trailOf(requestIds)).map((t) => [t.method, t.user_id])).toEqual([['setProduct', m1.userId], ['setProduct', m2.userId], ['setProduct', m1.userId]]);
  });

  it("another clerk's keys refused by the server (session ended): only her entries wait, with the sentence; the signed-in clerk's go on", async () => {
    const { veraId, belaId } = await twoClerksOffline();
    await c.ok('clerks.switch', { id: veraId });
    const takeIn = (await c.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.supplierContactId, lines: [{ productId: ids[0]!, quantity: 3 }] })).entryIds[0]!;
    await c.ok('clerks.switch', { id: belaId });
    await c.ok('orders.save', { order: order(ids[1]!) });
    // The operator ends Vera's session while the desk is offline.
    const sessions = (await admin(s, ['session', 'list', '--account', String(s.account.accountId)])).sessions as Array<{ id: number; user_id: number | null }>;
    for (const x of sessions.filter((x) => x.user_id === vera.userId)) await admin(s, ['session', 'expire', '--id', String(x.id)]);
    await backOnline();
    const status = await c.ok('sync.status', {});
    expect(status.paused).toBeNull();
    const parked = (await c.ok('outbox.list', { states: ['needs_attention'] })).find((e) => e.id === takeIn)!;
    expect(parked).toMatchObject({ errorCode: 'CLERK_KEYS_REFUSED', clerkName: vera.name, errorDetails: [{ field: 'clerk', message: vera.name }] });
    const requestIds = (c.core.db.prepare('SELECT request_id FROM outbox ORDER BY id').all() as Array<{ request_id: string }>).map((r) => r.request_id);
    expect((await trailOf(requestIds)).map((a) => [a.method, a.user_id])).toEqual([['setOrder', bela.userId]]);
    // Vera's new session: added again (same server user, same clerk id), Retry sends her take-in.
    const fresh = await admin(s, ['session', 'open', '--account', String(s.account.accountId), '--user', String(vera.userId)]);
    const again = await c.ok('clerks.add', { apiKey: vera.keys.api_key, sessionKey: fresh.session_key as string });
    expect(again.find((v) => v.name === vera.name)!.id).toBe(veraId);
    await c.ok('outbox.retry', { id: takeIn });
    await c.sync();
    expect((await trailOf(requestIds)).map((a) => [a.method, a.user_id])).toEqual([['setOrder', bela.userId], ['setQuantity', vera.userId]]);
  });

  it("a warehouse clerk's order is refused for her role and parks with the role reason", async () => {
    const { veraId } = await twoClerksOffline();
    await c.ok('clerks.switch', { id: veraId });
    const { id } = await c.ok('orders.save', { order: order(ids[2]!) });
    expect(id).toBeLessThan(0);
    await backOnline();
    const parked = await c.ok('outbox.list', { states: ['needs_attention'] });
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ method: 'setOrder', clerkName: vera.name, reason: { reason: 'role_forbidden', figures: { role: 'warehouse' } } });
    // Her role may not read invoices or dues: the pull does not report that as a problem in English.
    await c.ok('sync.now', {});
    expect((await c.ok('sync.status', {})).lastError).toBeNull();
  });

  it("another person's keys typed into the single keys form become a clerk of their own; the signed-in clerk's entries stay hers", async () => {
    const { veraId } = await twoClerksOffline();
    c.net.offline = false;
    await c.ok('clerks.switch', { id: veraId });
    await c.sync();
    await c.ok('settings.setCredentials', keys(bela));
    const list = await c.ok('clerks.list', {});
    expect(list.map((v) => [v.name, v.current])).toEqual([[vera.name, false], [bela.name, true]]);
    // New keys of the same person replace hers in place (same id).
    const fresh = await admin(s, ['session', 'open', '--account', String(s.account.accountId), '--user', String(vera.userId)]);
    await c.ok('clerks.switch', { id: veraId });
    await c.ok('settings.setCredentials', { apiKey: vera.keys.api_key, sessionKey: fresh.session_key as string });
    expect((await c.ok('clerks.list', {})).map((v) => [v.id === veraId, v.current])).toEqual([[true, true], [false, false]]);
  });

  it('bad keys get a clear message and are not kept; an old single pair is read as one clerk', async () => {
    const r = await c.call('clerks.add', { apiKey: vera.keys.api_key, sessionKey: 'not-a-session' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('AUTH_FAILED');
      expect(r.error.message).toContain('does not accept these keys');
    }
    expect(await c.ok('clerks.list', {})).toEqual([]);
    expect((await c.ok('settings.get', {})).hasCredentials).toBe(false);
    // What older desks stored: one pair, read back as the clerk 'desk' that NULL outbox rows go with.
    const book = toBook({ apiKey: 'k', sessionKey: 's' });
    expect(book).toMatchObject({ current: LEGACY_CLERK_ID, clerks: [{ id: LEGACY_CLERK_ID, apiKey: 'k', sessionKey: 's', name: null }] });
    expect(keysFor(book, null)?.id).toBe(LEGACY_CLERK_ID);
  });
});
