/**
 * The statements one request sends to PostgreSQL, in order (issue 16's round-trip count): the server
 * on a fresh database of STOCKDESK_TEST_PG_URL (or a private cluster), one request of each kind
 * sent twice, the second one's statements printed. `npx tsx bench/tools/roundTrips.ts`
 */
import pg from 'pg';
import pino from 'pino';
import { startServer, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { openPostgres } from '@server/db/postgres';
import { insertProduct } from '@server/repos/products';
import { startCluster, stopCluster } from '../../scripts/pg-cluster.mjs';

const sent: string[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string; name?: string };
  sent.push(typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text}`);
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function main(): Promise<void> {
  let url = process.env.STOCKDESK_TEST_PG_URL;
  const cluster = url ? undefined : await startCluster();
  url ??= cluster!.url;
  const name = `stockdesk_rt_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const store = await openPostgres({ url: u.toString(), poolSize: 2 });
  try {
    const { account, keys } = await seedDemo(store, systemClock);
    const now = new Date();
    const productId = await store.transaction((tx) => insertProduct(tx, account.accountId, {
      name: 'Bench', action: 0, listPrice: '1000', currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [],
    }, now));
    const app = await startServer({ store, config: { port: 0 }, log: pino({ level: 'silent' }) });
    const bodies: Record<string, (i: number) => object> = {
      'getQuantity *': () => ({ getQuantity: { ...keys, product_id: productId, warehouse: '*' } }),
      'getQuantity Default': () => ({ getQuantity: { ...keys, product_id: productId, warehouse: 'Default' } }),
      setQuantity: () => ({ setQuantity: { ...keys, product_id: productId, quantity: 1, contact_id: account.supplierContactId, warehouse: 'Default' } }),
      'setQuantity request_id': (i) => ({ setQuantity: { ...keys, product_id: productId, quantity: 1, contact_id: account.supplierContactId, warehouse: 'Default', request_id: `rt-${i}` } }),
    };
    for (const [what, body] of Object.entries(bodies)) {
      for (let i = 0; i < 2; i++) {
        sent.length = 0;
        const res = await fetch(`${app.url}/api/product`, { method: 'POST', body: JSON.stringify(body(i)), headers: { 'content-type': 'application/json' } });
        const text = await res.text();
        if (!text.includes('"ok"') && !text.includes('quantities')) throw new Error(`${what}: ${text}`);
      }
      console.log(`\n${what}: ${sent.length} round trips`);
      for (const s of sent) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    await app.close();
  } finally {
    await store.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
    if (cluster) stopCluster(cluster.dir);
  }
}

void main();
