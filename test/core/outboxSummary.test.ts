import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { startTestCore, type TestCore } from '../helpers/core';

describe('outbox entries carry what they do as data, for the screens to word', () => {
  let s: TestServer;
  let c: TestCore;
  beforeAll(async () => {
    s = await startTestServer();
    c = await startTestCore(s);
    c.net.offline = true;
  });
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('take-in and wasting: the same facts as the English line', async () => {
    const p = (await c.ok('products.search', { query: '', limit: 50 })).rows.find((r) => !r.service)!;
    const { entryIds } = await c.ok('stock.takeIn', { warehouse: 'Default', stockLabel: 'A-01', contactId: s.account.supplierContactId, lines: [{ productId: p.id, quantity: 2.5 }] });
    const { entryId } = await c.ok('stock.adjust', { productId: p.id, warehouse: 'Default', quantity: -1, contactId: s.account.supplierContactId });
    const entries = await c.ok('outbox.list', {});
    const takeIn = entries.find((e) => e.id === entryIds[0])!;
    expect(takeIn.summaryData).toEqual({ kind: 'takeIn', args: { quantity: 2.5, product: p.name, place: 'Default (A-01)', warehouse: 'Default', stockLabel: 'A-01' } });
    expect(takeIn.summary).toBe(`Take-in 2.5 × ${p.name} into Default (A-01)`);
    expect(entries.find((e) => e.id === entryId)!.summaryData).toEqual({ kind: 'wasting', args: { quantity: 1, product: p.name, place: 'Default', warehouse: 'Default', stockLabel: '' } });
  });
});
