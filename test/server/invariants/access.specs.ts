/**
 * Concurrency specs of the rules that guard access and what a desk copies (docs/invariants.md), on
 * SQLite, one PostgreSQL instance and three behind HAProxy: a disabled user's session is refused at
 * once by every instance, and an incremental pull's cursor never skips a write that commits late.
 */
import { expect, it } from 'vitest';
import type { TestServer } from '../../helpers/server';
import { DEMO_KEYS } from '../../helpers/server';
import { addClerk, admin } from '../roles/users';
import { atOnce, type Target } from './targets';

let seq = 0;
/** What the roles helpers want of a server: its store for the admin commands, its clock and account. */
const server = (t: Target) => ({ ...t, app: { store: t.check }, keys: DEMO_KEYS }) as unknown as TestServer;

async function newProduct(t: Target): Promise<number> {
  return (await t.ok('setProduct', { product_name: `Hozzáférés termék ${++seq}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 100 })).id;
}

const receipts = async (t: Target) => (await t.check.get<{ n: number }>('SELECT count(*) AS n FROM stock_receipts WHERE account_id = ?', [t.account.accountId]))!.n;

export function accessSpecs(t: () => Target): void {
  it('a disabled user\'s session is refused at once: 12 requests on every instance right after the disable → all AUTH_FAILED, nothing written', async () => {
    const p = await newProduct(t());
    const vera = await addClerk(server(t()), 'warehouse', `Raktáros Vera ${++seq}`);
    const take = { product_id: p, quantity: 1, contact_id: t().account.supplierContactId, warehouse: 'Default' };
    // Every instance has served Vera's keys: each remembers whose they are.
    for (const i of t().instances) await i.ok('setQuantity', take, { keys: vera.keys });
    // Requests racing the disable may pass or not; once it has committed, none may.
    const racing = atOnce(6, (i) => t().call(i % 2 ? 'setQuantity' : 'getQuantity', i % 2 ? take : { product_id: p, warehouse: 'Default' }, { keys: vera.keys }));
    expect(await admin(server(t()), ['user', 'disable', '--id', String(vera.userId)])).toMatchObject({ disabled: true });
    await racing;
    const before = await receipts(t());
    const after = await atOnce(12, (i) => {
      const instance = t().instances[i % t().instances.length]!;
      return i % 2 ? instance.call('setQuantity', take, { keys: vera.keys }) : instance.call('getQuantity', { product_id: p, warehouse: 'Default' }, { keys: vera.keys });
    });
    expect(after.map((r) => (r.ok ? 'accepted' : `${r.status} ${r.error.code}`))).toEqual(after.map(() => '401 AUTH_FAILED'));
    expect(await receipts(t())).toBe(before);
  });

  it('a pull cursor never skips a late commit: 6 writers at once against a looping puller → the puller\'s copy ends equal to the server\'s', async () => {
    const products = await Promise.all(Array.from({ length: 6 }, () => newProduct(t())));
    const copy = new Map<string, number>();
    let cursor: string | undefined;
    const pull = async () => {
      const r = await t().ok('getQuantities', { product_ids: products, ...(cursor ? { updated_since: cursor } : {}) });
      for (const row of r.stock) copy.set(`${row.product_id}/${row.warehouse}/${row.stock_label}`, row.deliverable);
      cursor = r.server_time;
    };
    let writing = true;
    const writers = Promise.all(products.map(async (p, w) => {
      for (let k = 0; k < 6; k++) {
        await t().ok('setQuantity', { product_id: p, quantity: 1 + w, contact_id: t().account.supplierContactId, warehouse: 'Default' });
      }
    })).finally(() => (writing = false));
    // The clock moves while they write, so stamps differ and the cursor moves on.
    while (writing) {
      t().clock.advance(3);
      await pull();
    }
    await writers;
    await pull();
    const truth = await t().ok('getQuantities', { product_ids: products });
    expect(Object.fromEntries(copy)).toEqual(Object.fromEntries(truth.stock.map((row) => [`${row.product_id}/${row.warehouse}/${row.stock_label}`, row.deliverable])));
    expect(truth.stock.map((row) => row.deliverable).sort((a, b) => a - b)).toEqual([6, 12, 18, 24, 30, 36]);
  });
}
