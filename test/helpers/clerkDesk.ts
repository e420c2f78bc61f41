/**
 * A desk shared by two clerks of the demo account (issue 19): a server with a warehouse clerk
 * (Vera) and a billing clerk (Béla), each with their own keys, and a desk pointed at that server
 * that has no keys yet — the clerks' and the keys form's tests start here.
 */
import { startTestServer, type TestServer } from './server';
import { seedCatalog, startTestCore, type TestCore } from './core';
import { addClerk, type Clerk } from '../server/roles/users';

export interface ClerkDesk { s: TestServer; c: TestCore; ids: number[]; vera: Clerk; bela: Clerk }

export async function startClerkDesk(products: number): Promise<ClerkDesk> {
  const s = await startTestServer();
  const ids = await seedCatalog(s.app.store, s.account.accountId, products, s.clock.now(), { stockEvery: 1 });
  const vera = await addClerk(s, 'warehouse');
  const bela = await addClerk(s, 'billing');
  const c = await startTestCore(s, { connect: false });
  await c.ok('settings.update', { serverUrl: s.url, format: 'json' });
  return { s, c, ids, vera, bela };
}

export async function closeClerkDesk(d: { s?: TestServer; c?: TestCore }): Promise<void> {
  await d.c?.close();
  await d.s?.close();
}

/** A clerk's keys as the Settings forms take them. */
export const keysOf = (k: Clerk) => ({ apiKey: k.keys.api_key, sessionKey: k.keys.session_key });
