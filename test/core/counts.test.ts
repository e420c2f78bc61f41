import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';

/** A count whose expected quantity moved on the server, resolved each of the three ways. */
for (const mode of ['server check (expected_quantity)', 'check before sending (no extension)'] as const) {
  describe(`stock-count conflicts, ${mode}`, () => {
    let s: TestServer;
    let c: TestCore;
    let ids: number[];
    beforeAll(async () => {
      s = await startTestServer();
      ids = await seedCatalog(s.app.store, s.account.accountId, 4, s.clock.now(), { stockEvery: 1 });
      c = await startTestCore(s, { stripExtensions: mode !== 'server check (expected_quantity)' });
    });
    afterAll(async () => {
      await c?.close();
      await s?.close();
    });
    const serverDefault = async (id: number) => (await s.ok('getQuantity', { product_id: id, warehouse: 'Default' })).quantities[0]!.deliverable;

    /** Counts `counted` of product i (the clerk saw 10) while the server gains 5 by someone else's hand. */
    async function conflicted(i: number, counted: number) {
      const sheet = await c.ok('count.open', { warehouse: 'Default' });
      expect(sheet.lines.find((l) => l.productId === ids[i])).toMatchObject({ expected: 10, counted: null });
      await c.ok('count.setCounted', { sheetId: sheet.id, productId: ids[i]!, counted });
      await s.ok('setQuantity', { product_id: ids[i]!, quantity: 5, contact_id: s.account.supplierContactId, warehouse: 'Default' });
      const { entryIds } = await c.ok('count.post', { sheetId: sheet.id, contactId: s.account.supplierContactId });
      expect(entryIds).toHaveLength(1);
      await c.sync();
      const e = (await c.ok('outbox.list', {})).find((x) => x.id === entryIds[0])!;
      expect(e).toMatchObject({ state: 'needs_attention', errorCode: 'CONFLICT', countConflict: { expected: 10, serverNow: 15, counted } });
      expect(await serverDefault(ids[i]!)).toBe(15);
      return e.id;
    }

    it('apply_as_counted: the server ends at what was counted', async () => {
      const id = await conflicted(0, 8);
      const v = await c.ok('outbox.resolveCount', { id, action: 'apply_as_counted' });
      expect(v).toMatchObject({ state: 'queued', params: { quantity: -7 } });
      await c.sync();
      expect(await serverDefault(ids[0]!)).toBe(8);
      expect((await c.ok('products.get', { id: ids[0]! }))!.quantities.find((q) => q.warehouse === 'Default')).toMatchObject({ deliverable: 8, pendingLocal: 0 });
    });

    it('rebase: the original difference is applied to what the server has now', async () => {
      const id = await conflicted(1, 8);
      await c.ok('outbox.resolveCount', { id, action: 'rebase' });
      await c.sync();
      expect(await serverDefault(ids[1]!)).toBe(13);
      expect((await c.ok('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(id);
    });

    it('discard: nothing is sent and the pending difference is gone', async () => {
      const id = await conflicted(2, 8);
      // The refused count's difference is marked beside the figure, not counted in it.
      expect((await c.ok('products.get', { id: ids[2]! }))!.quantities.find((q) => q.warehouse === 'Default')).toMatchObject({ pendingLocal: 0, refusedLocal: -2 });
      expect(await c.ok('outbox.resolveCount', { id, action: 'discard' })).toBeNull();
      await c.ok('sync.now', {});
      expect(await serverDefault(ids[2]!)).toBe(15);
      expect((await c.ok('products.get', { id: ids[2]! }))!.quantities.find((q) => q.warehouse === 'Default')).toMatchObject({ deliverable: 15, pendingLocal: 0, refusedLocal: 0 });
      expect((await c.ok('sync.status', {})).outbox.needsAttention).toBe(0);
    });

    it('a count that matches the server is applied without a conflict', async () => {
      const sheet = await c.ok('count.open', { warehouse: 'Default' });
      await c.ok('count.setCounted', { sheetId: sheet.id, productId: ids[3]!, counted: 9.5 });
      await c.ok('count.post', { sheetId: sheet.id, contactId: s.account.supplierContactId });
      await c.sync();
      expect(await serverDefault(ids[3]!)).toBe(9.5);
    });
  });
}
