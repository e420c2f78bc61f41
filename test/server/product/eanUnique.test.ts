/**
 * One EAN/GTIN names one product of the account. Through the real HTTP API: a second product with a
 * used code is refused (CONFLICT, reason duplicate_ean naming the product that has it) on create and
 * on update, and nothing is stored; a product that shares its code from before the rule can still be
 * edited; two setProduct calls with the same new code at once give exactly one product, on this
 * engine and (PostgreSQL pass) on three server processes behind HAProxy. The server's state is read
 * back by SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { gtinCheckDigit } from '@shared/protocol/fields';
import type { Sql } from '@server/db/sql';
import { DEMO_KEYS, onPostgres, TestClock, testClient, startTestServer, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { startEntryProcess, type ServerProcess } from '../../helpers/serverProcess';
import { startHaproxy, type Haproxy } from '../../helpers/haproxy';

/** A valid EAN-13 from a 12-digit body. */
const ean = (body: string) => `${body}${gtinCheckDigit(body)}`;
const product = (name: string, over: Record<string, unknown> = {}) => ({ product_name: name, currency: 'HUF', vat: 27, unit: 'db', ...over });
type Client = Pick<TestServer, 'call' | 'ok'>;

const holders = async (sql: Sql, accountId: number, code: string) =>
  (await sql.all<{ id: number; product_name: string }>('SELECT id, product_name FROM products WHERE account_id = ? AND ean_number = ? ORDER BY id', [accountId, code]))
    .map((r) => ({ id: Number(r.id), name: r.product_name }));

/** Sends the same new code in `n` setProduct calls at once; returns the answers. */
async function race(client: Client, code: string, n: number, tag: string) {
  return Promise.all(Array.from({ length: n }, (_, k) => client.call('setProduct', product(`Verseny ${tag} ${k}`, { ean_number: code }))));
}

function expectOneWinner(answers: Awaited<ReturnType<typeof race>>, code: string) {
  const won = answers.filter((a) => a.ok);
  const lost = answers.filter((a) => !a.ok);
  expect(won).toHaveLength(1);
  const winner = won[0]!.ok ? won[0]!.result.id : 0;
  for (const a of lost) {
    if (a.ok) continue;
    expect(a.status).toBe(409);
    expect(a.error).toMatchObject({ code: 'CONFLICT', reason: 'duplicate_ean', figures: { ean: code, product_id: winner } });
  }
  return winner;
}

describe('one EAN, one product (this engine)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it.each(['json', 'xml'] as const)('refuses a second product with a used EAN, naming the product that has it; nothing is stored (%s)', async (format) => {
    const code = ean(format === 'json' ? '599123400001' : '599123400002');
    const first = await s.ok('setProduct', product(`Makita fúró ${format}`, { ean_number: code, item_number: `MAK-${format}` }), { format });
    const r = await s.call('setProduct', product(`Másik fúró ${format}`, { ean_number: code }), { format });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toBe(409);
    expect(r.error).toMatchObject({
      code: 'CONFLICT', reason: 'duplicate_ean',
      figures: { ean: code, product_id: first.id, item_number: `MAK-${format}`, product_name: `Makita fúró ${format}` },
    });
    expect(r.error.details?.[0]?.field).toBe('ean_number');
    expect(r.error.message).toContain(`MAK-${format}`);
    expect(await holders(s.app.store, s.account.accountId, code)).toEqual([{ id: first.id, name: `Makita fúró ${format}` }]);
    expect((await s.ok('getProduct', { filter: `Másik fúró ${format}` })).products).toEqual([]);
  });

  it('refuses an update that gives a product another product’s EAN; the product keeps its own', async () => {
    const code = ean('599123400003');
    const own = ean('599123400004');
    const a = await s.ok('setProduct', product('Bosch csiszoló', { ean_number: code, item_number: 'BOS-1' }));
    const b = await s.ok('setProduct', product('Festőhenger', { ean_number: own }));
    const r = await s.call('setProduct', product('Festőhenger', { id: b.id, ean_number: code, list_price: 990 }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ reason: 'duplicate_ean', figures: { ean: code, product_id: a.id, item_number: 'BOS-1', product_name: 'Bosch csiszoló' } });
    expect(await holders(s.app.store, s.account.accountId, code)).toEqual([{ id: a.id, name: 'Bosch csiszoló' }]);
    expect(await holders(s.app.store, s.account.accountId, own)).toEqual([{ id: b.id, name: 'Festőhenger' }]);
    // Saving a product with its own code again is no clash with itself.
    await s.ok('setProduct', product('Bosch csiszoló', { id: a.id, ean_number: code, list_price: 12990 }));
  });

  it('a product that shares its EAN from before the rule can still be edited; a third one cannot take the code', async () => {
    const code = ean('599123400005');
    const a = await s.ok('setProduct', product('Régi A', { ean_number: code }));
    const b = await s.ok('setProduct', product('Régi B'));
    // Data from before the rule: written straight into the table.
    await s.app.store.run('UPDATE products SET ean_number = ? WHERE account_id = ? AND id = ?', [code, s.account.accountId, b.id]);
    await s.ok('setProduct', product('Régi B átnevezve', { id: b.id, list_price: 500 }));
    await s.ok('setProduct', product('Régi B átnevezve', { id: b.id, ean_number: code, list_price: 600 }));
    const r = await s.call('setProduct', product('Harmadik', { ean_number: code }));
    expect(r.ok ? undefined : r.error).toMatchObject({ reason: 'duplicate_ean', figures: { product_id: a.id } });
    expect((await holders(s.app.store, s.account.accountId, code)).map((h) => h.id)).toEqual([a.id, b.id]);
  });

  it('two setProduct calls with the same new EAN at once: exactly one product, the other refused with duplicate_ean (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const code = ean(`59912350${String(round).padStart(4, '0')}`);
      const winner = expectOneWinner(await race(s, code, 2, `${round}`), code);
      expect((await holders(s.app.store, s.account.accountId, code)).map((h) => h.id)).toEqual([winner]);
    }
  });
});

describe.runIf(onPostgres)('one EAN, one product: three server processes behind HAProxy on one PostgreSQL database', () => {
  let url: string;
  let check: PgStore;
  let account: DemoAccount;
  const instances: ServerProcess[] = [];
  let proxy: Haproxy;
  let lb: Client;

  beforeAll(async () => {
    url = await createTestDatabase();
    check = await openPostgres({ url, poolSize: 2, applicationName: 'stockdesk-test-ean' });
    account = (await seedDemo(check, new TestClock(), DEMO_KEYS)).account;
    const env = { STOCKDESK_FIXTURE_PG_URL: url, STOCKDESK_FIXTURE_POOL: '4' };
    instances.push(...(await Promise.all(Array.from({ length: 3 }, () => startEntryProcess('test/helpers/pgInstance.entry.ts', [], env)))));
    proxy = await startHaproxy(instances.map((p) => p.url));
    lb = testClient(proxy.url);
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(instances.map(async (p) => {
      p.child.kill('SIGTERM');
      const timer = setTimeout(() => void p.kill(), 10_000);
      await p.exited;
      clearTimeout(timer);
    }));
    await check?.close();
    if (url) await dropTestDatabase(url);
  }, 60_000);

  it('the same new EAN sent at once through HAProxy (so to different instances): exactly one product per code (15 rounds of 3)', async () => {
    for (let round = 0; round < 15; round++) {
      const code = ean(`59912360${String(round).padStart(4, '0')}`);
      const winner = expectOneWinner(await race(lb, code, 3, `lb ${round}`), code);
      expect((await holders(check, account.accountId, code)).map((h) => h.id)).toEqual([winner]);
    }
  });
});
