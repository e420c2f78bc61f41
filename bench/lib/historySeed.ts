/**
 * The ledger of the history bench (bench/cases/history.ts): one product with `moves` movements of
 * every kind the history shows — take-ins from suppliers (HUF and EUR), purchase-order receipts,
 * deliveries to customers (some invoiced), wastings, count differences (take-ins and wastings without
 * a partner, as the desk's count posts them), transfers between warehouses and bins — over four years,
 * in six warehouses and four bins each, posted by three users, among other products' movements (some
 * on the same receipts, as a delivery of several lines). Outgoing moves never take a bin below zero.
 *
 * Written in multi-row INSERTs with explicit ids, the same statements on both engines: seeding
 * through the write path would take minutes on PostgreSQL, and the bench measures reads. The levels
 * follow from the moves through the ledger's own trigger, as on every write. A transaction per few
 * thousand rows: on PostgreSQL a level updated thousands of times in one transaction leaves a chain of
 * row versions every later update walks (the seed then takes hours).
 */
import type { Sql, SqlValue, Store } from '@server/db/sql';

export interface HistorySeed {
  productId: number;
  /** Warehouses by name and the bins the product moved through in each. */
  warehouses: string[];
  bins: string[];
  /** Cursors (receipt_id, line) of the product's moves at various depths, newest first, for later pages. */
  cursors: Array<{ depth: number; receiptId: number; line: number; warehouse: string; bin: string }>;
  moves: number;
  otherMoves: number;
}

const BINS = ['', 'A-01', 'A-02', 'B-07'];
const DAY_MS = 86_400_000;
const START = Date.UTC(2022, 0, 3);

/** A small deterministic generator, so both engines get the same ledger. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertRows(store: Store, table: string, columns: string[], rows: SqlValue[][]): Promise<void> {
  const per = Math.floor(8000 / columns.length);
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += per * 4) {
    await store.transaction(async (tx: Sql) => {
      for (let j = i; j < Math.min(rows.length, i + per * 4); j += per) {
        const chunk = rows.slice(j, Math.min(j + per, i + per * 4));
        await tx.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => one).join(', ')}`, chunk.flat());
      }
    });
  }
}

export async function seedHistory(
  sql: Store,
  accountId: number,
  q: { productId: number; others: number[]; warehouses: Array<{ id: number; name: string }>; moves: number; otherShare: number },
): Promise<HistorySeed> {
  const random = rng(18);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const now = new Date().toISOString();
  const contacts = await sql.all<{ id: number; kind: string }>('SELECT id, kind FROM contacts WHERE account_id = ? ORDER BY id', [accountId]);
  const suppliers = contacts.filter((c) => c.kind !== 'customer').map((c) => c.id);
  const customers = contacts.filter((c) => c.kind === 'customer').map((c) => c.id);
  if (suppliers.length === 0 || customers.length === 0) throw new Error('the history seed needs the demo account’s suppliers and customers');
  for (const [i, name] of ['Kiss Anna', 'Tóth Gábor', 'Varga Zsófia'].entries()) {
    await sql.run('INSERT INTO users (account_id, name, email, role, created_at) VALUES (?, ?, ?, ?, ?)', [accountId, name, `raktar${i}@bench.example`, 'warehouse', now]);
  }
  const users = (await sql.all<{ id: number }>('SELECT id FROM users WHERE account_id = ?', [accountId])).map((u) => u.id);
  let receiptId = ((await sql.get<{ m: number | null }>('SELECT MAX(id) AS m FROM stock_receipts'))?.m ?? 0) + 1000;
  let transferId = ((await sql.get<{ m: number | null }>('SELECT MAX(id) AS m FROM stock_transfers'))?.m ?? 0) + 1000;

  const receipts: SqlValue[][] = [];
  const moves: SqlValue[][] = [];
  const transfers: SqlValue[][] = [];
  const level = new Map<string, number>();
  const productMoves: Array<{ receiptId: number; line: number; warehouse: string; bin: string }> = [];
  let otherMoves = 0;
  let orderId = 5000;
  let poId = 700;
  let invoiceId = 9000;
  const wh = () => pick(q.warehouses);
  const place = (w: { id: number }, bin: string) => `${w.id}/${bin}`;

  // Receipt header columns: id, account, kind, warehouse, contact, order, po, invoice, date, price, currency, fxrate, transfer, created_at, created_by.
  const receipt = (at: number, kind: string, warehouseId: number, extra: { contact?: number; order?: number; po?: number; invoice?: number; price?: string; currency?: string; fxrate?: string; transfer?: number } = {}) => {
    const id = receiptId++;
    const stamp = new Date(at);
    receipts.push([id, accountId, kind, warehouseId, extra.contact ?? null, extra.order ?? null, extra.po ?? null, extra.invoice ?? null,
      stamp.toISOString().slice(0, 10), extra.price ?? null, extra.currency ?? null, extra.fxrate ?? null, extra.transfer ?? null, stamp.toISOString(), pick(users)]);
    return id;
  };
  const move = (rid: number, line: number, productId: number, w: { id: number; name: string }, bin: string, qtyMilli: number) => {
    moves.push([rid, line, accountId, productId, w.id, bin, qtyMilli]);
    if (productId === q.productId) {
      level.set(place(w, bin), (level.get(place(w, bin)) ?? 0) + qtyMilli);
      productMoves.push({ receiptId: rid, line, warehouse: w.name, bin });
    } else otherMoves++;
  };
  const others = (rid: number, from: number, w: { id: number; name: string }, sign: number) => {
    const n = Math.floor(random() * 3);
    for (let k = 0; k < n; k++) move(rid, from + k, pick(q.others), w, pick(BINS), sign * (1 + Math.floor(random() * 20)) * 1000);
    return n;
  };

  const span = 4 * 365 * DAY_MS;
  while (productMoves.length < q.moves) {
    const at = START + Math.floor((productMoves.length / q.moves) * span) + Math.floor(random() * 8 * 3600_000);
    // Other products' own receipts between the product's, so its moves are spread through the ledger.
    while (random() < q.otherShare) {
      const w = wh();
      const rid = receipt(at, 'takein', w.id, { contact: pick(suppliers), price: String(100 + Math.floor(random() * 9000)), currency: 'HUF' });
      move(rid, 1, pick(q.others), w, pick(BINS), (5 + Math.floor(random() * 50)) * 1000);
    }
    const w = wh();
    const bin = pick(BINS);
    const held = level.get(place(w, bin)) ?? 0;
    const out = (1 + Math.floor(random() * 30)) * 1000;
    const r = random();
    const canOut = held >= out;
    if (r < 0.24 || (!canOut && r < 0.8)) {
      const eur = random() < 0.2;
      const rid = receipt(at, 'takein', w.id, { contact: pick(suppliers), price: eur ? (2 + random() * 40).toFixed(2) : String(150 + Math.floor(random() * 4000)), currency: eur ? 'EUR' : 'HUF', ...(eur ? { fxrate: '392.15' } : {}) });
      move(rid, 1, q.productId, w, bin, (10 + Math.floor(random() * 190)) * 1000);
      others(rid, 2, w, 1);
    } else if (r < 0.38 || !canOut) {
      const rid = receipt(at, 'po_takein', w.id, { contact: pick(suppliers), po: poId++, price: String(150 + Math.floor(random() * 4000)), currency: 'HUF' });
      move(rid, 1, q.productId, w, bin, (20 + Math.floor(random() * 300)) * 1000);
      others(rid, 2, w, 1);
    } else if (r < 0.64) {
      const rid = receipt(at, 'delivery', w.id, { contact: pick(customers), order: orderId++, ...(random() < 0.6 ? { invoice: invoiceId++ } : {}) });
      const n = others(rid, 1, w, -1);
      move(rid, n + 1, q.productId, w, bin, -out);
    } else if (r < 0.72) {
      move(receipt(at, 'wasting', w.id), 1, q.productId, w, bin, -Math.min(out, 3000));
    } else if (r < 0.8) {
      // A count difference: setQuantity of the difference, without a partner.
      const diff = (1 + Math.floor(random() * 4)) * 1000 * (random() < 0.5 ? -1 : 1);
      move(receipt(at, diff < 0 ? 'wasting' : 'takein', w.id), 1, q.productId, w, bin, diff);
    } else {
      // A transfer to another warehouse or bin: its out-side and in-side receipts.
      let to = wh();
      const toBin = to.id === w.id ? BINS[(BINS.indexOf(bin) + 1) % BINS.length]! : pick(BINS);
      if (to.id === w.id && toBin === bin) to = q.warehouses[(q.warehouses.indexOf(w) + 1) % q.warehouses.length]!;
      const tid = transferId++;
      transfers.push([tid, accountId, new Date(at).toISOString().slice(0, 10), new Date(at).toISOString(), pick(users)]);
      move(receipt(at, 'wasting', w.id, { transfer: tid }), 1, q.productId, w, bin, -out);
      move(receipt(at, 'takein', to.id, { transfer: tid }), 1, q.productId, to, toBin, out);
    }
  }

  await insertRows(sql, 'stock_transfers', ['id', 'account_id', 'date', 'created_at', 'created_by'], transfers);
  await insertRows(sql, 'stock_receipts', ['id', 'account_id', 'kind', 'warehouse_id', 'contact_id', 'order_id', 'po_id', 'invoice_id', 'date', 'price', 'currency', 'fxrate', 'transfer_id', 'created_at', 'created_by'], receipts);
  await insertRows(sql, 'stock_moves', ['receipt_id', 'line', 'account_id', 'product_id', 'warehouse_id', 'stock_label', 'qty_milli'], moves);
  if (sql.engine === 'postgres') {
    await sql.get("SELECT setval(pg_get_serial_sequence('stock_receipts', 'id'), (SELECT MAX(id) FROM stock_receipts))");
    await sql.get("SELECT setval(pg_get_serial_sequence('stock_transfers', 'id'), (SELECT MAX(id) FROM stock_transfers))");
  }

  const newest = [...productMoves].reverse();
  const cursors = [100, 1000, 5000, 20_000, 50_000, 80_000, 99_000].filter((d) => d < newest.length).map((depth) => ({ depth, ...newest[depth]! }));
  return {
    productId: q.productId, warehouses: q.warehouses.map((w) => w.name), bins: BINS,
    cursors: cursors.map((c) => ({ depth: c.depth, receiptId: c.receiptId, line: c.line, warehouse: c.warehouse, bin: c.bin })),
    moves: productMoves.length, otherMoves,
  };
}
