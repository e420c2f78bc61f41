/**
 * The prefix walk (no after_id): more than 1000 products that share long prefixes, against the real
 * server with the mirroring extensions hidden. Every product has only a name, so no other field can
 * make up for a prefix the walk did not ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '@server/repos/products';
import { startTestServer, type TestServer } from '../helpers/server';
import { startTestCore, type TestCore } from '../helpers/core';

async function addNamed(s: TestServer, names: string[]): Promise<void> {
  await s.app.store.transaction(async (tx) => {
    for (const name of names) await insertProduct(tx, s.account.accountId, { name, action: 0, currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [] } as never, s.clock.now());
  });
}

const serverProducts = (s: TestServer) => s.app.store.all('SELECT id, product_name AS name FROM products WHERE account_id = ? ORDER BY id', [s.account.accountId]);
const mirrorProducts = (c: TestCore) => c.core.db.prepare('SELECT id, name FROM products WHERE local = 0 ORDER BY id').all();

describe('prefix walk over shared prefixes', () => {
  let s: TestServer;
  let c: TestCore;
  beforeAll(async () => {
    s = await startTestServer();
    // The lowest 1000 ids of "közös előtag " all continue with "0": the next 100 ("1…") and the
    // last one ("x…") continue with characters that answer never shows.
    await addNamed(s, [...Array.from({ length: 1100 }, (_, i) => `Közös előtag ${String(i).padStart(4, '0')}`), 'Közös előtag x-szel']);
    c = await startTestCore(s, { stripExtensions: true });
  }, 120_000);
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('splits every full answer by every character that could follow, and mirrors every product', async () => {
    expect(c.net.calls.some((x) => x.method === 'getProduct')).toBe(true);
    const server = await serverProducts(s);
    expect(server.length).toBeGreaterThan(1100);
    expect(mirrorProducts(c)).toEqual(server);
    expect(await c.ok('sync.status', {})).toMatchObject({ mirrored: true, lastError: null });
  });
});

describe('prefix walk that cannot split', () => {
  let s: TestServer;
  let c: TestCore;
  beforeAll(async () => {
    s = await startTestServer();
    // No filter tells these apart: the mirror must say it is incomplete.
    await addNamed(s, Array.from({ length: 1001 }, () => 'Ugyanaz'));
    c = await startTestCore(s, { stripExtensions: true });
  }, 120_000);
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('reports the mirror incomplete, naming the prefix', async () => {
    const status = await c.ok('sync.status', {});
    expect(status.lastError).toMatch(/could not be mirrored completely/);
    expect(status.lastError).toContain('"ugyanaz"');
  });
});
