/**
 * Pulls the server's state into the mirror. With the mirroring extensions (after_id,
 * updated_since, getQuantities, crm.getContacts, crm.getBankAccounts) a pull pages through
 * everything once, and an incremental pull asks only for what changed since the last one. Without
 * them it falls back to the documented methods: the prefix walk for products and getQuantity per
 * product.
 */
import type { Capability, FeedKind } from '@shared/protocol';
import type { SyncProgress } from '@shared/ipc/types';
import type { ApiClient } from '../api/client';
import type { Failure, Outcome } from '../api/outcome';
import { replaceWarehouses, upsertContacts } from '../mirror/contacts';
import type { Db } from '../mirror/db';
import { accountDay } from '../mirror/timeZone';
import { replaceDues, saveBankAccounts, saveSeller, seller } from '../mirror/dues';
import { latestServerInvoiceId, saveDetail, upsertHeaders } from '../mirror/invoices';
import { allServerProductIds, optimizeSearchIndex, upsertServerProducts } from '../mirror/products';
import { upsertServerOrders } from '../mirror/orders';
import { getKv, setKv } from '../mirror/settings';
import { pendingStateOf } from '../outbox/repo';
import { applyQuantityRows, replaceStockOf, replaceStockOfProducts, replaceStockRange } from '../mirror/stock';
import type { CoreLog } from '../types';
import { walkProducts, WalkFailed } from './prefixWalk';
import { pullReorderRules } from './reorder';

export interface PullDeps {
  db: Db;
  api: ApiClient;
  caps: Set<Capability>;
  now(): Date;
  log: CoreLog;
  progress(p: SyncProgress | null): void;
  /** Called between pages, so commands the clerk makes meanwhile are not held up by a long pull. */
  between(): Promise<void>;
  /** How far back invoice headers are mirrored, in days. */
  invoiceDays?: number;
}

export class PullFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

function ok<T>(o: Outcome<never> | { kind: 'ok'; result: T } | Failure): T {
  if (o.kind === 'ok') return o.result as T;
  throw new PullFailed(o);
}


export interface PullReport {
  full: boolean;
  products: number;
  complete: boolean;
  warnings: string[];
}

/**
 * Reads are safe to repeat: a dropped or failed page is asked again a few times at once, so one
 * lost packet does not restart a pull of a hundred pages. A lasting failure still ends the pull.
 */
function retrying(api: ApiClient, tries = 6): Pick<ApiClient, 'call'> {
  return {
    async call(method, params, opts) {
      let o = await api.call(method, params, opts);
      for (let i = 1; i < tries && (o.kind === 'network' || o.kind === 'server'); i++) o = await api.call(method, params, opts);
      return o;
    },
  };
}

/**
 * A pull writes the search index page by page, leaving it in many small segments that every
 * search has to merge; past this many products written, the index is merged into one (about
 * half a second for 100,000 products), which cuts the cost of a broad search by about a fifth.
 */
const OPTIMIZE_AFTER = 5000;

/** What the pull steps use: the deps, with calls that retry a lost page. */
type PullCtx = Omit<PullDeps, 'api'> & { api: Pick<ApiClient, 'call'> };

/**
 * What the change feed named (live/feed.ts): an incremental pull of only those kinds, and the stock
 * of only those products (getQuantities product_ids, at most 1000 a call).
 */
export interface PullScope {
  kinds: Set<FeedKind>;
  stockProducts: Set<number>;
}

/** The mirror tables a scoped pull rewrites (the screens showing them refresh). */
export function scopeTables(scope: PullScope): Array<'products' | 'quantities' | 'contacts' | 'invoices' | 'dues' | 'orders'> {
  const t = new Set<'products' | 'quantities' | 'contacts' | 'invoices' | 'dues' | 'orders'>();
  for (const k of scope.kinds) {
    if (k === 'product') t.add('products');
    if (k === 'stock' || k === 'order') t.add('quantities');
    if (k === 'order') t.add('orders');
    if (k === 'contact') t.add('contacts');
    if (k === 'invoice' || k === 'payment') {
      t.add('invoices');
      t.add('dues');
    }
  }
  return [...t];
}

export async function pullScope(deps: PullDeps, scope: PullScope): Promise<PullReport> {
  const d = { ...deps, api: retrying(deps.api) };
  const report: PullReport = { full: false, products: 0, complete: true, warnings: [] };
  const since = (k: string) => getKv<string | undefined>(d.db, 'sync_state', k, undefined);
  // The outbox goes first between the steps (the clerk's own changes echo back through the feed,
  // so a scoped pull often runs just as the clerk makes the next change).
  if (scope.kinds.has('contact') && d.caps.has('crm.getContacts')) await pullContacts(d, since('contactsSince'));
  if (scope.kinds.has('product')) await pullProducts(d, report, since);
  if (scope.stockProducts.size > 0 && d.caps.has('getQuantities')) {
    const ids = [...scope.stockProducts];
    for (let i = 0; i < ids.length; i += 1000) {
      await d.between();
      const page = ids.slice(i, i + 1000);
      const r = ok(await d.api.call('getQuantities', { product_ids: page }));
      d.db.transaction(() => replaceStockOfProducts(d.db, page, r.stock, r.reserved))();
    }
  } else if (scope.kinds.has('stock') || scope.kinds.has('order')) {
    await pullQuantities(d, false, since('quantitiesSince'));
  }
  if (scope.kinds.has('order') && d.caps.has('getOrders')) {
    await d.between();
    await pullOrders(d, since('ordersSince'));
  }
  if (scope.kinds.has('invoice') || scope.kinds.has('payment')) {
    await d.between();
    await pullFinance(d, report);
  }
  // A receipt or an order changes what is incoming or reserved: the rules' figures follow (a short list).
  if (scope.kinds.has('stock') || scope.kinds.has('order')) await pullReorderRules(d).catch((e: Error) => void report.warnings.push(`reorder rules: ${e.message}`));
  d.progress(null);
  return report;
}

/** The account's orders (every desk's), or those changed since the last pull. */
async function pullOrders(d: PullCtx, updated: string | undefined): Promise<void> {
  d.progress({ phase: 'orders', done: 0, total: null });
  let after = 0;
  let first: string | null = null;
  for (;;) {
    const r = ok(await d.api.call('getOrders', { after_id: after, ...(updated ? { updated_since: updated } : {}) }));
    first ??= r.server_time;
    d.db.transaction(() => upsertServerOrders(d.db, r.orders, (id) => pendingStateOf(d.db, 'order', id) !== null))();
    if (!r.more || r.orders.length === 0) break;
    after = r.orders.at(-1)!.order_id;
    await d.between();
  }
  setKv(d.db, 'sync_state', 'ordersSince', first);
}

async function pullContacts(d: PullCtx, updated: string | undefined): Promise<void> {
  d.progress({ phase: 'contacts', done: 0, total: null });
  let after = 0;
  let first: string | null = null;
  for (;;) {
    const r = ok(await d.api.call('getContacts', { after_id: after, ...(updated ? { updated_since: updated } : {}) }));
    first ??= r.server_time;
    d.db.transaction(() => upsertContacts(d.db, r.contacts))();
    if (!r.more || r.contacts.length === 0) break;
    after = r.contacts.at(-1)!.id;
  }
  setKv(d.db, 'sync_state', 'contactsSince', first);
}

export async function pull(deps: PullDeps, full: boolean): Promise<PullReport> {
  const d = { ...deps, api: retrying(deps.api) };
  const report: PullReport = { full, products: 0, complete: true, warnings: [] };
  const since = (k: string) => (full ? undefined : getKv<string | undefined>(d.db, 'sync_state', k, undefined));

  d.progress({ phase: 'warehouses', done: 0, total: null });
  const wh = ok(await d.api.call('getWarehouses', {}));
  d.db.transaction(() => replaceWarehouses(d.db, wh.warehouses))();

  if (d.caps.has('crm.getContacts')) await pullContacts(d, since('contactsSince'));

  // Products and quantities are independent keyset streams: while the server prepares a page of
  // one, the mirror writes a page of the other.
  // Without getQuantities the quantities are read per mirrored product, so after the products.
  if (d.caps.has('getQuantities')) {
    await Promise.all([pullProducts(d, report, since), pullQuantities(d, full, since('quantitiesSince'))]);
  } else {
    await pullProducts(d, report, since);
    await pullQuantities(d, full, since('quantitiesSince'));
  }
  if (report.products >= OPTIMIZE_AFTER) optimizeSearchIndex(d.db);
  if (d.caps.has('getOrders')) await pullOrders(d, since('ordersSince'));
  await pullFinance(d, report);
  d.progress(null);
  return report;
}

async function pullProducts(d: PullCtx, report: PullReport, since: (k: string) => string | undefined): Promise<void> {
  d.progress({ phase: 'products', done: 0, total: null });
  if (d.caps.has('getProduct.after_id')) {
    const updated = d.caps.has('getProduct.updated_since') ? since('productsSince') : undefined;
    let first: string | null = null;
    const ask = (after: number) => d.api.call('getProduct', { filter: '%', after_id: after, ...(updated ? { updated_since: updated } : {}) });
    await pipelined(ask(0), (o) => {
      const r = ok(o);
      first ??= r.server_time;
      return {
        next: r.more && r.products.length > 0 ? ask(r.products.at(-1)!.id) : null,
        write: () => {
          d.db.transaction(() => upsertServerProducts(d.db, r.products))();
          report.products += r.products.length;
          d.progress({ phase: 'products', done: report.products, total: null });
        },
      };
    }, d.between);
    if (d.caps.has('getProduct.updated_since')) setKv(d.db, 'sync_state', 'productsSince', first);
  } else {
    let walk;
    try {
      walk = await walkProducts(d.api, (n) => d.progress({ phase: 'products', done: n, total: null }));
    } catch (e) {
      if (e instanceof WalkFailed) throw new PullFailed(e.failure);
      throw e;
    }
    const list = [...walk.products.values()];
    for (let i = 0; i < list.length; i += 1000) d.db.transaction(() => upsertServerProducts(d.db, list.slice(i, i + 1000)))();
    report.products = list.length;
    report.complete = walk.complete;
    if (!walk.complete) report.warnings.push(`The catalog could not be mirrored completely without the server's paging extension: over 1000 products match ${walk.unsplit.slice(0, 3).map((p) => `"${p}"`).join(', ')} exactly.`);
  }
}

/**
 * Keyset paging with the next request already on its way while the current page is written:
 * `step` reads a page's answer and returns the next request (or null) and the page's write.
 */
async function pipelined<T>(first: Promise<T>, step: (answer: T) => { next: Promise<T> | null; write: () => void }, between: () => Promise<void>): Promise<void> {
  let current: Promise<T> | null = first;
  while (current) {
    const { next, write } = step(await current);
    // A failed page must not leave its successor's promise unobserved.
    next?.catch(() => {});
    write();
    current = next;
    if (current) await between();
  }
}

async function pullQuantities(d: PullCtx, full: boolean, updated: string | undefined): Promise<void> {
  d.progress({ phase: 'quantities', done: 0, total: null });
  if (d.caps.has('getQuantities')) {
    let first: string | null = null;
    let done = 0;
    const ask = (after: number) => d.api.call('getQuantities', { after_id: after, ...(updated && !full ? { updated_since: updated } : {}) }).then((o) => ({ o, after }));
    await pipelined(ask(0), ({ o, after }) => {
      const r = ok(o);
      first ??= r.server_time;
      return {
        next: r.more ? ask(r.last_id) : null,
        write: () => {
          const last = r.more ? r.last_id : null;
          d.db.transaction(() => (updated && !full ? replaceStockOf(d.db, r.stock, r.reserved) : replaceStockRange(d.db, after, last, r.stock, r.reserved)))();
          done += r.stock.length;
          d.progress({ phase: 'quantities', done, total: null });
        },
      };
    }, d.between);
    setKv(d.db, 'sync_state', 'quantitiesSince', first);
    return;
  }
  // One call per product: slow, but it is what the document offers. Four at a time.
  const ids = allServerProductIds(d.db);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const o = await d.api.call('getQuantity', { product_id: id, warehouse: '*' });
      if (o.kind === 'ok') d.db.transaction(() => applyQuantityRows(d.db, o.result.quantities, { allWarehouses: true }))();
      else if (o.kind !== 'rejected') throw new PullFailed(o);
      if (++done % 100 === 0) d.progress({ phase: 'quantities', done, total: ids.length });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Invoices, dues and the seller's data; a finance failure is reported but does not undo the catalog. */
async function pullFinance(d: PullCtx, report: PullReport): Promise<void> {
  const now = d.now();
  const from = new Date(now.getTime() - (d.invoiceDays ?? 400) * 86_400_000);
  const soft = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      if (e instanceof PullFailed && e.failure.kind === 'network') throw e;
      if (e instanceof PullFailed && e.failure.kind === 'auth') throw e;
      // The signed-in clerk's role may not read this (a warehouse clerk and invoices): no problem to
      // report — the screens that show it are greyed out for the role, saying why (issue 19).
      if (e instanceof PullFailed && e.failure.kind === 'rejected' && e.failure.reason?.reason === 'role_forbidden') {
        d.log.info('pull step not for this role', { what });
        return;
      }
      report.warnings.push(`${what}: ${(e as Error).message}`);
      d.log.warn('pull step failed', { what, message: (e as Error).message });
    }
  };
  await soft('invoices', async () => {
    d.progress({ phase: 'invoices', done: 0, total: null });
    const r = ok(await d.api.call('getInvoices', { date_from: accountDay(d.db, from), date_to: accountDay(d.db, new Date(now.getTime() + 86_400_000)) }));
    d.db.transaction(() => upsertHeaders(d.db, r.invoices, now))();
    const latest = latestServerInvoiceId(d.db);
    if (latest && !seller(d.db)) {
      const inv = ok(await d.api.call('getInvoice', { invoice_id: latest }));
      d.db.transaction(() => {
        saveDetail(d.db, inv);
        saveSeller(d.db, inv.seller, `invoice ${inv.invoice_number ?? inv.id}`, now);
      })();
    }
  });
  await soft('dues', async () => {
    d.progress({ phase: 'dues', done: 0, total: null });
    const r = ok(await d.api.call('getDueCustomers', {}));
    d.db.transaction(() => replaceDues(d.db, r.customers))();
  });
  await soft('reorder rules', () => pullReorderRules(d));
  if (d.caps.has('crm.getBankAccounts')) {
    await soft('bank accounts', async () => {
      const r = ok(await d.api.call('getBankAccounts', {}));
      saveBankAccounts(d.db, r.bank_accounts.map((b) => ({ number: b.number, bankName: b.bank_name, currency: b.currency, swift: b.swift ?? null })));
    });
  }
}
