/**
 * The IPC contract: every channel between the screens and the desktop core (or the Electron
 * shell), declared once with the zod schema of its request and the type of its result, plus the
 * push events. The main process and the browser harness validate every request against this
 * table; the preload exposes exactly these names; the renderer's types come from here.
 */
import { z } from 'zod';
import { METHODS } from '../protocol/catalog';
import type { Result } from '../protocol/catalog';
import { setInvoiceParamsLocal, setOrderParamsLocal } from './localIds';
import type { BackupConfig, BackupOverview, BackupTaken, RestoreResult, SupportBundle } from './backup';
import type { UpdateStatus } from './updates';
import type {
  BankAccountRow, Clerk, ClerkView, ContactRow, CountSheet, DueCustomerRow, InvoicePdf, InvoiceRow, OrderView, OutboxCounts, OutboxEntryView, OutboxState,
  ProductDetail, ProductRow, Settings, SyncStatus, WarehouseRow, StockBin,
} from './types';
import { stockHistoryRequest, stockTransferRequest, type StockFeatures, type StockHistoryView } from './stockwork';
import { receivingPostRequest, type PoOpenList, type PoRead, type ReceivingView } from './receiving';
import { valuationPdfRequest, valuationRequest, type ValuationView } from './valuation';
import { labelsPdfRequest, type LabelsPdfResult } from './labels';
import { purchaseOrderRequest, reorderRuleRequest, type LowStockView, type PostedPo, type ReorderRuleView } from './reorder';
import {
  catalogueExportRequest, historyExportRequest, importProgressRequest, importRequest, IMPORT_FILE_MAX,
  type ExportedFile, type ImportPreview, type ImportProgress, type ImportResult,
} from './dataio';

interface Channel<Req extends z.ZodType, Res> {
  request: Req;
  /** Phantom: carries the result type only. */
  result?: Res;
  /** Where the channel is served: the core process, or the Electron shell (printing, files). */
  target: 'core' | 'shell';
}

/** A CSV row the import could not take: `problem` for the screen to word, `message` in English for logs. */
export interface CountImportError {
  line: number;
  problem: 'not_a_quantity' | 'unknown_product' | 'service' | 'wrong_bin';
  /** The cell or name the problem is about. */
  value: string;
  message: string;
}

/** The eight column titles of a count sheet's CSV, in the clerk's language. */
const csvColumns = z.array(z.string().trim().min(1).max(60)).length(8);
const core = <Req extends z.ZodType>(request: Req) => ({ returns: <Res>(): Channel<Req, Res> => ({ request, target: 'core' }) });
const shell = <Req extends z.ZodType>(request: Req) => ({ returns: <Res>(): Channel<Req, Res> => ({ request, target: 'shell' }) });

const none = z.strictObject({});
const clerkKeys = z.strictObject({ apiKey: z.string().trim().min(1, 'enter the API key').max(200), sessionKey: z.string().trim().min(1, 'enter the session key').max(200) });
const clerkId = z.string().min(1).max(64);
const localId = z.number().int();
const positiveId = z.number().int().positive();
const dateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form YYYY-MM-DD');
/** Every state an outbox entry can be in (outbox.list's filter). */
export const OUTBOX_STATES = ['queued', 'in_flight', 'retry_wait', 'needs_attention', 'done', 'discarded'] as const;

/** Protocol params as the screens send them: ids may be local (negative) until the server assigns real ones. */
const setOrderParams = setOrderParamsLocal;
const setInvoiceParams = setInvoiceParamsLocal;
const setProductParams = METHODS.setProduct.params;

export const CHANNELS = {
  'settings.get': core(none).returns<Settings>(),
  'settings.update': core(
    z.strictObject({
      serverUrl: z.string().url('must be an address like http://127.0.0.1:8787').nullable().optional(),
      format: z.enum(['xml', 'json']).optional(),
      language: z.enum(['hu', 'en', 'de', 'pl', 'es']).optional(),
    }),
  ).returns<Settings>(),
  'settings.setCredentials': core(z.strictObject({ apiKey: z.string().min(1).max(200), sessionKey: z.string().min(1).max(200) })).returns<Settings>(),
  /** The clerks whose keys this desk keeps (names and roles, never keys), the current one marked. */
  'clerks.list': core(none).returns<ClerkView[]>(),
  /** Asks the server whose keys these are (getSession) without keeping them: the name to show before saving. */
  'clerks.check': core(clerkKeys).returns<Clerk>(),
  /** Checks the keys with the server, keeps them as a clerk of this desk and signs that clerk in. */
  'clerks.add': core(clerkKeys).returns<ClerkView[]>(),
  /** Forgets a clerk's keys; their unsent entries wait for a person (never sent with other keys). */
  'clerks.remove': core(z.strictObject({ id: clerkId })).returns<ClerkView[]>(),
  /** The clerk picker: what is done from now on is sent with this clerk's keys. */
  'clerks.switch': core(z.strictObject({ id: clerkId })).returns<ClerkView[]>(),
  /** Starts the embedded Command API server with demo data on loopback and points the app at it. */
  'demo.start': core(none).returns<Settings>(),

  'sync.status': core(none).returns<SyncStatus>(),
  'sync.now': core(none).returns<SyncStatus>(),

  'products.search': core(z.strictObject({ query: z.string().max(200), offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(500).default(100) })).returns<{ rows: ProductRow[]; total: number }>(),
  /** Exact EAN or item number, as a scanner sends it. */
  'products.lookup': core(z.strictObject({ code: z.string().min(1).max(64) })).returns<ProductRow | null>(),
  /** Every product a scanned code names: more than one only for an EAN shared from before the rule (one EAN, one product), so the screen asks which. */
  'products.matches': core(z.strictObject({ code: z.string().min(1).max(64) })).returns<ProductRow[]>(),
  'products.get': core(z.strictObject({ id: localId })).returns<ProductDetail | null>(),
  /** `id` edits a product, also one made offline (negative id); without it a new product is made. */
  'products.save': core(z.strictObject({ id: localId.optional(), product: setProductParams })).returns<{ id: number; local: boolean }>(),

  'warehouses.list': core(none).returns<WarehouseRow[]>(),
  /** The account's own bank accounts: what orders and invoices accept as `selected_account` (exact match). */
  'account.bankAccounts': core(none).returns<BankAccountRow[]>(),
  'contacts.search': core(z.strictObject({ query: z.string().max(200), kind: z.enum(['customer', 'supplier']).optional(), limit: z.number().int().min(1).max(200).default(20) })).returns<ContactRow[]>(),
  'contacts.get': core(z.strictObject({ id: positiveId })).returns<ContactRow | null>(),

  'stock.takeIn': core(
    z.strictObject({
      warehouse: z.string().min(1),
      stockLabel: z.string().max(100).default(''),
      contactId: positiveId,
      date: dateStr.optional(),
      lines: z
        .array(
          z.strictObject({
            productId: localId,
            quantity: z.number().positive('must be greater than 0'),
            price: z.number().min(0).optional(),
            currency: z.string().length(3).optional(),
            fxRate: z.number().positive().optional(),
            batchNo: z.string().max(100).optional(),
            expireDate: dateStr.optional(),
            countryCode: z.string().length(2).optional(),
          }),
        )
        .min(1, 'add at least one line'),
    }),
  ).returns<{ entryIds: number[] }>(),
  /** The bins (stock labels) of a warehouse with the products each holds, as the mirror shows them: what bin fields offer. */
  'stock.bins': core(z.strictObject({ warehouse: z.string().max(100) })).returns<StockBin[]>(),
  /** A single signed stock change (wasting when negative). */
  'stock.adjust': core(z.strictObject({ productId: localId, warehouse: z.string().min(1), stockLabel: z.string().max(100).default(''), quantity: z.number().refine((n) => n !== 0, 'must not be zero'), contactId: positiveId })).returns<{ entryId: number }>(),

  /** A product's stock history (extension getStockHistory), or the mirror's kept page when offline. */
  'stock.history': core(stockHistoryRequest).returns<StockHistoryView>(),
  /** Moves stock between warehouses or bins as one document (extension setTransfer), through the outbox. */
  'stock.transfer': core(stockTransferRequest).returns<{ entryId: number }>(),
  'stock.features': core(none).returns<StockFeatures>(),
  /** The stock's value at the end of a day (extension getStockValuation); offline, the last one read, with when. */
  'stock.valuation': core(valuationRequest).returns<ValuationView>(),
  /** The valuation last read for this request as a PDF in the given language (never fetched anew: it prints what the screen shows). */
  'stock.valuationPdf': core(valuationPdfRequest).returns<{ filename: string; pdf: string }>(),
  /** Barcode labels of products (from the mirror: works offline) and bins, as a PDF on a label sheet. */
  'labels.pdf': core(labelsPdfRequest).returns<LabelsPdfResult>(),

  /** Products below their minimum level, from the mirror (works offline). */
  'reorder.lowStock': core(none).returns<LowStockView>(),
  /** A product's reorder rules as the desk keeps them. */
  'reorder.rules': core(z.strictObject({ productId: localId })).returns<ReorderRuleView[]>(),
  /** Writes (or removes) a product's minimum level and reorder quantity (extension setReorderRule), through the outbox. */
  'reorder.setRule': core(reorderRuleRequest).returns<{ entryId: number }>(),
  /** Creates a purchase order to a supplier (extension setPurchaseOrder), through the outbox. */
  'reorder.createPo': core(purchaseOrderRequest).returns<{ entryId: number }>(),
  /** The purchase orders this desk queued, with their code once the server confirmed them. */
  'reorder.posted': core(z.strictObject({ entryIds: z.array(positiveId).max(100) })).returns<PostedPo[]>(),

  /** A CSV or XLSX file (from shell.openFile) checked row by row against the mirror: nothing is sent. */
  'import.preview': core(importRequest).returns<ImportPreview>(),
  /** The same file and choices: the accepted rows into the outbox, one setProduct each, in one transaction. */
  'import.commit': core(importRequest).returns<ImportResult>(),
  /** How far an import's outbox entries got. */
  'import.progress': core(importProgressRequest).returns<ImportProgress>(),
  /** The catalogue with stock per warehouse as CSV or XLSX, for shell.saveFile. */
  'export.catalogue': core(catalogueExportRequest).returns<ExportedFile>(),
  /** A product's stock history (every page from the server, or the mirror's kept page offline) as CSV or XLSX. */
  'export.history': core(historyExportRequest).returns<ExportedFile>(),

  'count.open': core(z.strictObject({ warehouse: z.string().min(1), stockLabel: z.string().max(100).default('') })).returns<CountSheet>(),
  'count.list': core(none).returns<Array<{ id: number; warehouse: string; stockLabel: string; createdAt: string; counted: number; lines: number }>>(),
  'count.get': core(z.strictObject({ sheetId: positiveId })).returns<CountSheet | null>(),
  /** stockLabel: the line's bin on a whole-warehouse sheet ('' = no bin); left out, the product's bin counted last. */
  'count.setCounted': core(z.strictObject({ sheetId: positiveId, productId: localId, counted: z.number().min(0).nullable(), stockLabel: z.string().max(100).optional() })).returns<CountSheet>(),
  'count.scan': core(z.strictObject({ sheetId: positiveId, code: z.string().min(1).max(64) })).returns<{ sheet: CountSheet; productId: number | null; stockLabel: string | null }>(),
  'count.post': core(z.strictObject({ sheetId: positiveId, contactId: positiveId })).returns<{ entryIds: number[] }>(),
  'count.discard': core(z.strictObject({ sheetId: positiveId })).returns<{ discarded: true }>(),
  /**
   * A count sheet as CSV. `columns` are the eight column titles in the clerk's language (product id,
   * item number, EAN, name, bin, unit, expected, counted) and `fileName` the file's first word; the
   * import recognises both those titles and the fixed English ones of older files.
   */
  'count.exportCsv': core(z.strictObject({ sheetId: positiveId, columns: csvColumns.optional(), fileName: z.string().trim().min(1).max(40).optional() })).returns<{ filename: string; csv: string }>(),
  'count.importCsv': core(z.strictObject({ sheetId: positiveId, csv: z.string().max(5_000_000), columns: csvColumns.optional() })).returns<{ sheet: CountSheet; imported: number; errors: CountImportError[] }>(),

  /**
   * The open purchase orders on the server (extension getPOs), newest first: what a receiving clerk can
   * pick from. Offline, those this desk last read, with when (`keptAt`).
   */
  'po.open': core(none).returns<PoOpenList>(),
  /** A purchase order by project code; offline, as this desk last read it (`keptAt`), if it did. */
  'po.get': core(z.strictObject({ projectCode: z.string().min(1).max(64) })).returns<PoRead>(),
  /** Open purchase orders with their expected lines, from the mirror (refreshed from the server when online). */
  'receiving.orders': core(none).returns<ReceivingView>(),
  /** A partial receipt (and/or closing short) of an order, through the outbox (extension setPOTakeIn.items). */
  'receiving.post': core(receivingPostRequest).returns<{ entryId: number }>(),
  'po.receive': core(z.strictObject({ poId: positiveId, grossWeight: z.number().min(0).optional(), packageType: z.number().int().min(0).optional(), countryCode: z.string().length(2).optional() })).returns<{ entryId: number }>(),

  'orders.save': core(z.strictObject({ id: localId.optional(), order: setOrderParams })).returns<{ id: number }>(),
  'orders.setItems': core(z.strictObject({ id: localId, products: z.array(z.strictObject({ productId: localId, newQuantity: z.number().min(0) })).min(1) })).returns<{ id: number }>(),
  'orders.list': core(none).returns<OrderView[]>(),
  'orders.get': core(z.strictObject({ id: localId })).returns<OrderView | null>(),
  'orders.status': core(z.strictObject({ id: localId })).returns<Result<'getOrderStatus'> | null>(),

  'invoices.issue': core(z.strictObject({ invoice: setInvoiceParams })).returns<{ id: number }>(),
  'invoices.list': core(z.strictObject({ dateFrom: dateStr, dateTo: dateStr, status: z.string().optional(), contactId: positiveId.optional() })).returns<InvoiceRow[]>(),
  'invoices.get': core(z.strictObject({ id: localId })).returns<{ row: InvoiceRow; detail: Result<'getInvoice'> | null } | null>(),
  'invoices.pdf': core(z.strictObject({ id: localId, language: z.enum(['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES']).optional() })).returns<InvoicePdf>(),
  'invoices.storno': core(z.strictObject({ id: localId, issuedDate: dateStr.optional() })).returns<{ id: number }>(),
  'invoices.pay': core(z.strictObject({ id: localId, amount: z.number().refine((n) => n !== 0, 'must not be zero'), date: dateStr.optional(), note: z.string().max(500).optional() })).returns<{ entryId: number }>(),

  'dues.list': core(none).returns<DueCustomerRow[]>(),
  'dues.letter': core(z.strictObject({ contactId: positiveId, language: z.enum(['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES']) })).returns<Result<'getDueNotification'>>(),

  'outbox.list': core(z.strictObject({ states: z.array(z.enum(OUTBOX_STATES)).optional() })).returns<OutboxEntryView[]>(),
  'outbox.retry': core(z.strictObject({ id: positiveId })).returns<OutboxEntryView>(),
  /** Replaces a needs-attention entry's parameters and queues it again. */
  'outbox.edit': core(z.strictObject({ id: positiveId, params: z.record(z.string(), z.unknown()) })).returns<OutboxEntryView>(),
  /** Gives up an entry (and those that need it) and rolls their optimistic effects back; what was only ordered behind it goes on. */
  'outbox.discard': core(z.strictObject({ id: positiveId })).returns<{ discarded: number[]; goesOn?: number[] }>(),
  /** What discarding would take with it and what would go on, for the clerk to see before confirming. */
  'outbox.discardPlan': core(z.strictObject({ id: positiveId })).returns<{ discard: OutboxEntryView[]; goesOn: OutboxEntryView[] }>(),
  /** One of the fixes a refusal's reason offers (outbox/fixes.ts): the entry is changed accordingly and sent again. */
  'outbox.fix': core(z.strictObject({
    id: positiveId,
    fix: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('take_available') }),
      z.strictObject({ kind: z.literal('other_place'), warehouse: z.string().trim().min(1).max(200), stockLabel: z.string().trim().max(100) }),
      z.strictObject({ kind: z.literal('back_order') }),
    ]),
  })).returns<OutboxEntryView>(),
  'outbox.resolveCount': core(z.strictObject({ id: positiveId, action: z.enum(['apply_as_counted', 'rebase', 'discard']) })).returns<OutboxEntryView | null>(),

  /** What a clerk typed and has not posted yet, kept across crashes and restarts. */
  'drafts.get': core(z.strictObject({ key: z.string().min(1).max(100) })).returns<unknown>(),
  'drafts.set': core(z.strictObject({ key: z.string().min(1).max(100), value: z.unknown() })).returns<{ saved: true }>(),
  'drafts.clear': core(z.strictObject({ key: z.string().min(1).max(100) })).returns<{ cleared: true }>(),

  /** The backups of the mirror in both folders, with what each holds; the settings; a damaged mirror set aside at start. */
  'backup.list': core(none).returns<BackupOverview>(),
  /** A backup now (Settings), into the data folder and the clerk's folder. */
  'backup.create': core(none).returns<BackupTaken>(),
  /** Replaces the mirror with a backup from the list (by name: never a path), after backing up the current one. */
  'backup.restore': core(z.strictObject({
    folder: z.enum(['data', 'extra']),
    name: z.string().regex(/^mirror-\d{8}T\d{9}Z-(manual|daily|migration|restore)\.db$/, 'must be a backup name from the list'),
  })).returns<RestoreResult>(),
  /**
   * How many backups to keep, and the clerk's own folder: a path the shell's folder dialog returned
   * (shell.chooseFolder), checked by the core (absolute, an existing writable folder) before use; null stops using it.
   */
  'backup.configure': core(z.strictObject({
    keep: z.number().int().min(1, 'keep at least 1 backup').max(100, 'keep at most 100 backups').optional(),
    extraDir: z.string().min(1).max(1000).nullable().optional(),
  })).returns<BackupConfig>(),
  /** Logs, versions, settings without keys and the outbox's metadata without parameters, as a .tar.gz in the data folder's support/. */
  'support.exportBundle': core(none).returns<SupportBundle>(),

  'shell.print': shell(none).returns<{ printed: boolean }>(),
  'shell.savePdf': shell(z.strictObject({ filename: z.string().min(1).max(200), pdf: z.string().min(1) })).returns<{ saved: boolean; path: string | null }>(),
  /** The OS folder dialog (the backup folder); null when the clerk cancels or the shell has none (browser harness). */
  'shell.chooseFolder': shell(none).returns<{ path: string | null }>(),
  /** The OS open dialog for a CSV or XLSX file, read by the shell; null when the clerk cancels or the shell has none. */
  'shell.openFile': shell(none).returns<{ file: { name: string; data: string } | null }>(),
  /** The save dialog for a CSV or XLSX file the core made (base64). */
  'shell.saveFile': shell(z.strictObject({ filename: z.string().min(1).max(200), data: z.string().min(1).max(IMPORT_FILE_MAX) })).returns<{ saved: boolean; path: string | null }>(),
  /** The self-updater's state (phase "off" where the shell has none). */
  'shell.updateStatus': shell(none).returns<UpdateStatus>(),
  /** The clerk agreed to restart into the downloaded build: now, or once the outbox finished sending. */
  'shell.restartToUpdate': shell(none).returns<UpdateStatus>(),
} as const;

export type ChannelName = keyof typeof CHANNELS;
export type RequestOf<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['request']>;
export type ParsedRequestOf<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['request']>;
export type ResultOf<C extends ChannelName> = NonNullable<(typeof CHANNELS)[C]['result']> extends never ? unknown : Exclude<(typeof CHANNELS)[C]['result'], undefined>;
export const CHANNEL_NAMES = Object.keys(CHANNELS) as ChannelName[];
export const isChannelName = (s: unknown): s is ChannelName => typeof s === 'string' && Object.prototype.hasOwnProperty.call(CHANNELS, s);

/** Push events from the core to every window. */
export interface Events {
  'sync.status': SyncStatus;
  'outbox.changed': OutboxCounts;
  /** From the shell's updater, not the core. */
  'updates.status': UpdateStatus;
  'mirror.changed': { tables: Array<'products' | 'quantities' | 'contacts' | 'warehouses' | 'orders' | 'invoices' | 'dues' | 'counts' | 'outbox'> };
}
export type EventName = keyof Events;
export const EVENT_NAMES: EventName[] = ['sync.status', 'outbox.changed', 'mirror.changed', 'updates.status'];

/** How a failed call reaches the screens. */
export type IpcErrorCode = 'VALIDATION_ERROR' | 'OFFLINE' | 'NOT_FOUND' | 'CONFLICT' | 'AUTH_FAILED' | 'INTERNAL_ERROR';
export interface IpcErrorBody {
  code: IpcErrorCode;
  message: string;
  details: Array<{ field: string; message: string }>;
}
export type IpcResponse<T> = { ok: true; result: T } | { ok: false; error: IpcErrorBody };

/** What the preload (or the harness bridge) puts on `window.stockdesk`. */
export interface StockdeskApi {
  platform: 'electron' | 'web';
  invoke<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

export type { OutboxState };
