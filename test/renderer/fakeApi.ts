/**
 * An in-memory window.stockdesk for component tests only: the real contract's validation, a small
 * catalogue, and just enough behaviour per channel for the screens. End-to-end tests use the real core.
 */
import {
  IpcError, validateRequest, type BackupOverview, type ChannelName, type CountSheet, type EventName, type Events, type IpcErrorBody, type OutboxEntryView,
  type ParsedRequestOf, type ProductDetail, type ProductRow, type ResultOf, type Settings, type StockdeskApi, type SyncStatus,
} from '@shared/ipc';

type Handler<C extends ChannelName> = (req: ParsedRequestOf<C>) => ResultOf<C> | Promise<ResultOf<C>>;
type Handlers = { [C in ChannelName]?: Handler<C> };

export interface FakeProduct extends ProductRow {
  stock: Record<string, number>;
  pendingLocal: Record<string, number>;
}

export function product(id: number, name: string, ean: string | null, over: Partial<FakeProduct> = {}): FakeProduct {
  return {
    id, local: false, name, itemNumber: `IT-${id}`, ean, manufacturer: null, productGroup: null, unit: 'db', vat: 27, listPrice: 1000, currency: 'HUF',
    service: false, deliverable: 0, available: 0, refusedEntryId: null, stock: {}, pendingLocal: {}, ...over,
  };
}

export const DEFAULT_PRODUCTS = [
  product(1, 'Szűrőbetét', '5990000000011', { stock: { Default: 10 } }),
  product(2, 'Csavar M6', '5990000000028', { stock: { Default: 100 } }),
  product(3, 'Kesztyű', '5990000000035', { stock: { Default: 0 } }),
];

export class FakeApi implements StockdeskApi {
  readonly platform = 'web' as const;
  readonly calls: Array<{ channel: ChannelName; request: unknown }> = [];
  readonly drafts = new Map<string, unknown>();
  products: FakeProduct[];
  settings: Settings = { serverUrl: 'http://127.0.0.1:8787', format: 'json', language: 'en', demo: false, hasCredentials: true };
  status: SyncStatus = {
    online: true, serverUrl: 'http://127.0.0.1:8787', lastPullAt: '2026-11-22T08:00:00.000Z', lastPushAt: null, progress: null, mirrored: true,
    outbox: { queued: 0, inFlight: 0, needsAttention: 0 }, paused: null, lastError: null, live: 'polling', clerk: null, timeZone: 'Europe/Budapest',
  };
  outbox: OutboxEntryView[] = [];
  /** What outbox.discardPlan answers per entry id (none: nothing goes with it, nothing waits). */
  discardPlans = new Map<number, { discard: OutboxEntryView[]; goesOn: OutboxEntryView[] }>();
  sheets: CountSheet[] = [];
  /** What backup.list answers (Settings' backup panel). */
  backups: BackupOverview = { config: { keep: 7, extraDir: null }, backups: [], mirrorVersion: 9, extraError: null, damagedMirror: null };
  private listeners = new Map<EventName, Set<(p: never) => void>>();
  private failures = new Map<ChannelName, IpcErrorBody>();
  private seq = 1;
  private handlers: Handlers;

  constructor(products: FakeProduct[] = DEFAULT_PRODUCTS.map((p) => structuredClone(p))) {
    this.products = products;
    this.handlers = this.build();
  }

  /** The next call of `channel` fails with this body. */
  failNext(channel: ChannelName, error: Partial<IpcErrorBody>): void {
    this.failures.set(channel, { code: 'VALIDATION_ERROR', message: 'refused', details: [], ...error });
  }

  callsOf(channel: ChannelName): unknown[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.request);
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const l of this.listeners.get(event) ?? []) (l as (p: Events[E]) => void)(payload);
  }

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (p: never) => void);
    return () => void set.delete(listener as (p: never) => void);
  }

  invoke: StockdeskApi['invoke'] = async (channel, request) => {
    this.calls.push({ channel, request });
    await Promise.resolve();
    const failure = this.failures.get(channel);
    if (failure) {
      this.failures.delete(channel);
      throw { name: 'StockdeskError', ...failure };
    }
    let parsed;
    try {
      parsed = validateRequest(channel, request);
    } catch (e) {
      throw e instanceof IpcError ? { name: 'StockdeskError', ...e.body } : e;
    }
    const h = this.handlers[channel] as Handler<typeof channel> | undefined;
    if (!h) throw { name: 'StockdeskError', code: 'INTERNAL_ERROR', message: `${channel} is not in the fake`, details: [] };
    return structuredClone(await h(parsed.request as never)) as never;
  };

  row(p: FakeProduct): ProductRow {
    const { stock, pendingLocal, ...row } = p;
    const total = Object.values(stock).reduce((s, n) => s + n, 0) + Object.values(pendingLocal).reduce((s, n) => s + n, 0);
    return { ...row, deliverable: total, available: total };
  }

  detail(p: FakeProduct): ProductDetail {
    const whs = new Set([...Object.keys(p.stock), ...Object.keys(p.pendingLocal)]);
    return {
      ...this.row(p), fields: { product_name: p.name, ean_number: p.ean ?? undefined, item_number: p.itemNumber ?? undefined, unit: p.unit, vat: p.vat, currency: p.currency }, tags: [],
      quantities: [...whs].map((w) => {
        const local = p.pendingLocal[w] ?? 0;
        const q = (p.stock[w] ?? 0) + local;
        return { warehouse: w, stockLabel: '', deliverable: q, pending: 0, available: q, pendingLocal: local, refusedLocal: 0 };
      }),
    };
  }

  private find(id: number): FakeProduct {
    const p = this.products.find((x) => x.id === id);
    if (!p) throw { name: 'StockdeskError', code: 'NOT_FOUND', message: `Product ${id} not found`, details: [] };
    return p;
  }

  private lookup(code: string): FakeProduct | undefined {
    return this.products.find((p) => p.ean === code || p.itemNumber?.toLowerCase() === code.toLowerCase());
  }

  private queue(method: string, summary: string, params: Record<string, unknown>): number {
    const id = this.seq++;
    this.outbox.push({ id, method, summary, summaryData: null, state: 'queued', attempts: 0, nextAttemptAt: null, createdAt: '2026-11-22T09:00:00.000Z', lastError: null, errorCode: null, errorDetails: [], blockedBy: null, countConflict: null, params, fixes: [] });
    return id;
  }

  private sheet(id: number): CountSheet {
    const s = this.sheets.find((x) => x.id === id);
    if (!s) throw { name: 'StockdeskError', code: 'NOT_FOUND', message: `Count sheet ${id} not found`, details: [] };
    return s;
  }

  private build(): Handlers {
    return {
      'settings.get': () => this.settings,
      // One clerk (or none): the status bar shows no picker.
      'clerks.list': () => [],
      'backup.list': () => this.backups,
      'backup.restore': (r) => ({ restored: this.backups.backups.find((b) => b.name === r.name && b.folder === r.folder)!, previous: 'mirror-20261122T090000000Z-restore.db', setAside: null }),
      'settings.update': (r) => (this.settings = { ...this.settings, ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) }),
      'settings.setCredentials': () => (this.settings = { ...this.settings, hasCredentials: true }),
      'demo.start': () => (this.settings = { ...this.settings, demo: true }),
      'sync.status': () => this.status,
      'sync.now': () => this.status,
      'warehouses.list': () => [{ id: 1, name: 'Default', city: null }, { id: 2, name: 'Budapest', city: 'Budapest' }],
      'contacts.search': (r) =>
        [
          { id: 7, name: 'Szállító Kft.', kind: 'supplier' as const, countryCode: 'HU', city: 'Győr', taxNumber: '12345678-2-08', euVatNumber: null, email: null, customerVatType: null },
          { id: 8, name: 'Vevő Bt.', kind: 'customer' as const, countryCode: 'HU', city: 'Pécs', taxNumber: null, euVatNumber: null, email: null, customerVatType: 'DOMESTIC' as const },
        ].filter((c) => (!r.kind || c.kind === r.kind) && c.name.toLowerCase().includes(r.query.toLowerCase())),
      'products.lookup': (r) => {
        const p = this.lookup(r.code);
        return p ? this.row(p) : null;
      },
      'products.matches': (r) => {
        const p = this.lookup(r.code);
        return p ? [this.row(p)] : [];
      },
      'products.search': (r) => {
        const q = r.query.toLowerCase();
        const all = this.products.filter((p) => !q || [p.name, p.ean, p.itemNumber].some((s) => s?.toLowerCase().includes(q)));
        return { rows: all.slice(r.offset, r.offset + r.limit).map((p) => this.row(p)), total: all.length };
      },
      'products.get': (r) => {
        const p = this.products.find((x) => x.id === r.id);
        return p ? this.detail(p) : null;
      },
      'products.save': (r) => {
        const id = -this.seq++;
        const p = r.product;
        this.products.push(product(id, p.product_name, p.ean_number ?? null, { local: true, unit: p.unit, vat: p.vat, currency: p.currency }));
        return { id, local: true };
      },
      // No bins in the fake's catalogue: its stock has no labels.
      'stock.bins': () => [],
      'stock.takeIn': (r) => {
        const entryIds = r.lines.map((l) => {
          const p = this.find(l.productId);
          p.pendingLocal[r.warehouse] = (p.pendingLocal[r.warehouse] ?? 0) + l.quantity;
          return this.queue('setQuantity', `Take-in ${l.quantity} × ${p.name} into ${r.warehouse}`, { product_id: p.id, quantity: l.quantity, warehouse: r.warehouse, contact_id: r.contactId });
        });
        this.emit('mirror.changed', { tables: ['quantities', 'outbox'] });
        return { entryIds };
      },
      'count.open': (r) => {
        const lines = this.products.filter((p) => !p.service).map((p) => ({ productId: p.id, name: p.name, ean: p.ean, itemNumber: p.itemNumber, unit: p.unit, expected: p.stock[r.warehouse] ?? 0, counted: null, stockLabel: '' }));
        const s: CountSheet = { id: this.seq++, warehouse: r.warehouse, stockLabel: r.stockLabel, createdAt: '2026-11-22T09:00:00.000Z', lines };
        this.sheets.push(s);
        return s;
      },
      'count.list': () => this.sheets.map((s) => ({ id: s.id, warehouse: s.warehouse, stockLabel: s.stockLabel, createdAt: s.createdAt, counted: s.lines.filter((l) => l.counted !== null).length, lines: s.lines.length })),
      'count.get': (r) => this.sheets.find((s) => s.id === r.sheetId) ?? null,
      'count.setCounted': (r) => {
        const s = this.sheet(r.sheetId);
        s.lines = s.lines.map((l) => (l.productId === r.productId ? { ...l, counted: r.counted } : l));
        return s;
      },
      'count.scan': (r) => {
        const s = this.sheet(r.sheetId);
        const p = this.lookup(r.code);
        if (p) s.lines = s.lines.map((l) => (l.productId === p.id ? { ...l, counted: (l.counted ?? 0) + 1 } : l));
        return { sheet: s, productId: p?.id ?? null, stockLabel: p ? '' : null };
      },
      'count.post': (r) => {
        const s = this.sheet(r.sheetId);
        const entryIds = s.lines.filter((l) => l.counted !== null && l.counted !== l.expected).map((l) => this.queue('setQuantity', `Count ${l.name}`, { product_id: l.productId, quantity: (l.counted ?? 0) - l.expected }));
        this.sheets = this.sheets.filter((x) => x !== s);
        return { entryIds };
      },
      'count.discard': (r) => {
        this.sheets = this.sheets.filter((x) => x.id !== r.sheetId);
        return { discarded: true as const };
      },
      'count.exportCsv': (r) => ({ filename: `count-${r.sheetId}.csv`, csv: 'product_id;counted\n' }),
      'count.importCsv': (r) => ({ sheet: this.sheet(r.sheetId), imported: 0, errors: [] }),
      'outbox.list': (r) => this.outbox.filter((e) => !r.states || r.states.includes(e.state)),
      'outbox.retry': (r) => this.setState(r.id, 'queued'),
      'outbox.edit': (r) => {
        const e = this.setState(r.id, 'queued');
        e.params = r.params;
        return e;
      },
      'outbox.discard': (r) => {
        this.setState(r.id, 'discarded');
        return { discarded: [r.id] };
      },
      'outbox.discardPlan': (r) => this.discardPlans.get(r.id) ?? { discard: [], goesOn: [] },
      'outbox.fix': (r) => this.setState(r.id, 'queued'),
      'outbox.resolveCount': (r) => this.setState(r.id, r.action === 'discard' ? 'discarded' : 'queued'),
      'drafts.get': (r) => this.drafts.get(r.key) ?? null,
      'drafts.set': (r) => {
        this.drafts.set(r.key, structuredClone(r.value));
        return { saved: true as const };
      },
      'drafts.clear': (r) => {
        this.drafts.delete(r.key);
        return { cleared: true as const };
      },
    };
  }

  private setState(id: number, state: OutboxEntryView['state']): OutboxEntryView {
    const e = this.outbox.find((x) => x.id === id);
    if (!e) throw { name: 'StockdeskError', code: 'NOT_FOUND', message: `Outbox entry ${id} not found`, details: [] };
    e.state = state;
    return e;
  }
}
