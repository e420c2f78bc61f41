/**
 * PostgreSQL for the bench cases: a fresh database on STOCKDESK_TEST_PG_URL's server, or on a private
 * cluster started for the case (scripts/pg-cluster.mjs), with synchronous_commit on (durability is part
 * of what is measured); and the stocked catalog the server cases seed on either engine.
 */
import pg from 'pg';
import type { Store } from '@server/db/sql';
import { insertProduct } from '@server/repos/products';
import { addMove, insertReceipt } from '@server/repos/stock';
import { insertWarehouse } from '@server/repos/warehouses';
import { startCluster, stopCluster } from '../../scripts/pg-cluster.mjs';
import { syntheticProduct } from './catalog';
import type { BenchContext } from './types';

export async function benchDatabase(ctx: BenchContext, caseName: string, prefix: string): Promise<{ url: string; done: () => Promise<void> }> {
  let serverUrl = process.env.STOCKDESK_TEST_PG_URL;
  let clusterDir: string | undefined;
  if (!serverUrl) {
    ctx.log(`${caseName}: starting a private PostgreSQL cluster (scripts/pg-cluster.mjs)`);
    ({ url: serverUrl, dir: clusterDir } = await startCluster());
  }
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = on`);
  const u = new URL(serverUrl!);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    done: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      if (clusterDir) stopCluster(clusterDir);
    },
  };
}

/**
 * `warehouses` warehouses and `products` products, each with stock in two of the warehouses (so "*"
 * reads several rows, and take-ins and wastings meet existing levels), in the bin `label(i)` gives.
 */
export async function seedStockedCatalog(
  store: Store,
  accountId: number,
  products: number,
  warehouses: number,
  label: (i: number) => string = () => '',
): Promise<{ firstId: number; names: string[] }> {
  const now = new Date();
  return store.transaction(async (db) => {
    const whs: Array<{ id: number; name: string }> = [];
    for (let w = 1; w <= warehouses; w++) whs.push({ id: await insertWarehouse(db, accountId, { name: `Raktár ${w}` }, now), name: `Raktár ${w}` });
    let firstId = 0;
    for (let i = 0; i < products; i++) {
      const { maker, kind, name } = syntheticProduct(i);
      const id = await insertProduct(db, accountId, {
        name, action: 0, listPrice: String(1000 + i), currency: 'HUF', vat: '27', unit: 'db', manufacturer: maker,
        itemNumber: `SD-${String(i).padStart(6, '0')}`, eanNumber: String(5_990_000_000_000 + i), productGroup: kind, tags: [], service: 0, components: [],
      }, now);
      firstId ||= id;
      for (const w of [whs[i % warehouses]!, whs[(i + 1) % warehouses]!]) {
        const receiptId = await insertReceipt(db, accountId, { kind: 'takein', warehouseId: w.id, date: now.toISOString().slice(0, 10) }, now);
        await addMove(db, accountId, receiptId, { productId: id, warehouseId: w.id, label: label(i), qtyMilli: 10_000_000 });
      }
    }
    return { firstId, names: whs.map((w) => w.name) };
  });
}
