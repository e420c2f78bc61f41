/**
 * What the desktop core hands the screens. Amounts and quantities are numbers already rounded by
 * @shared/money; `pending*` fields are the clerk's own changes still in the outbox.
 */
import type { Role } from '../protocol/roles';
import type { Locale } from '../protocol/fields';
import type { Reason } from '../protocol/reasons';

export type Format = 'xml' | 'json';
export type UiLanguage = 'hu' | 'en' | 'de' | 'pl' | 'es';

export interface Settings {
  serverUrl: string | null;
  format: Format;
  language: UiLanguage;
  /** True when the embedded demo server is the configured server. */
  demo: boolean;
  hasCredentials: boolean;
}

export interface OutboxCounts {
  queued: number;
  inFlight: number;
  needsAttention: number;
}

export interface SyncProgress {
  phase: 'warehouses' | 'contacts' | 'products' | 'quantities' | 'orders' | 'invoices' | 'dues' | 'push';
  done: number;
  total: number | null;
}

export interface SyncStatus {
  online: boolean;
  serverUrl: string | null;
  lastPullAt: string | null;
  lastPushAt: string | null;
  /** Set while a pull or push runs. */
  progress: SyncProgress | null;
  /** Whether the mirror has ever completed a full pull. */
  mirrored: boolean;
  outbox: OutboxCounts;
  /** The queue stops when the server refuses the credentials, until new ones are saved. */
  paused: 'auth' | null;
  lastError: string | null;
  /** live: the server's change feed is open (other desks' changes arrive within a second); polling: timed pulls only; offline. */
  live: 'live' | 'polling' | 'offline';
  /**
   * Who the keys belong to (crm.getSession): the clerk's name (null for the account's own session)
   * and role; null until the server said, or when it cannot say (an older server: everything allowed).
   */
  clerk: Clerk | null;
  /**
   * The account's time zone (IANA name, getSession): every "today" the screens use is the calendar
   * day there. Europe/Budapest until the server said.
   */
  timeZone: string;
}

export interface Clerk {
  name: string | null;
  role: Role;
}

/**
 * A clerk whose keys this desk keeps (issue 19): what the screens may know — never the keys.
 * name and role are null until the server said (a desk upgraded from one pair of keys).
 */
export interface ClerkView {
  /** Desk-local, random: the outbox remembers it for every entry. */
  id: string;
  name: string | null;
  role: Role | null;
  /** The clerk signed in now: what they do is sent with their keys. */
  current: boolean;
}

export interface ProductRow {
  id: number;
  /** True while the product exists only here, waiting in the outbox. */
  local: boolean;
  name: string;
  itemNumber: string | null;
  ean: string | null;
  manufacturer: string | null;
  productGroup: string | null;
  unit: string;
  vat: number;
  listPrice: number | null;
  currency: string;
  service: boolean;
  /** Sum over warehouses, including pending local changes (not those the server refused). */
  deliverable: number;
  available: number;
  /** The newest outbox entry changing this product's stock that the server refused (waiting in the sync centre), or null. */
  refusedEntryId: number | null;
}

export interface QuantityView {
  warehouse: string;
  stockLabel: string;
  deliverable: number;
  pending: number;
  available: number;
  /** Part of `deliverable` that is the clerk's own, not yet confirmed by the server. */
  pendingLocal: number;
  /** The clerk's changes here that the server refused: not part of `deliverable`. */
  refusedLocal: number;
}

/** A bin (stock label) of a warehouse and what it holds, confirmed + pending. */
export interface StockBin {
  label: string;
  products: Array<{ productId: number; quantity: number }>;
}

export interface ProductDetail extends ProductRow {
  fields: Record<string, unknown>;
  tags: string[];
  quantities: QuantityView[];
}

export interface ContactRow {
  id: number;
  name: string;
  kind: 'customer' | 'supplier' | 'both';
  countryCode: string;
  city: string | null;
  taxNumber: string | null;
  euVatNumber: string | null;
  email: string | null;
  customerVatType: 'DOMESTIC' | 'PRIVATE_PERSON' | 'OTHER' | null;
}

/** One of the account's bank accounts, as the mirror keeps it. */
export interface BankAccountRow {
  /** Exactly as `selected_account` must spell it. */
  number: string;
  bankName: string | null;
  currency: string;
  swift: string | null;
}

export interface WarehouseRow {
  id: number;
  name: string;
  city: string | null;
}

export type OutboxState = 'queued' | 'in_flight' | 'retry_wait' | 'needs_attention' | 'done' | 'discarded';

/**
 * What an outbox entry does, as a kind and its values (names, places, numbers as the clerk gave
 * them). `place` is a warehouse, with its stock label in brackets when there is one.
 */
export type OutboxSummary =
  // `place` is the English wording ("Default (A-01)"); warehouse and stockLabel let a screen word it
  // in the clerk's language (entries written before they existed have only `place`).
  | { kind: 'takeIn' | 'wasting'; args: { quantity: number; product: string; place: string; warehouse?: string; stockLabel?: string } }
  | { kind: 'count'; args: { product: string; place: string; warehouse?: string; stockLabel?: string; expected: number; counted: number } }
  | { kind: 'poReceipt'; args: { po: string } }
  | { kind: 'transfer'; args: { lines: number; fromWarehouse: string; fromStockLabel: string; toWarehouse: string; toStockLabel: string } }
  | { kind: 'reorderRule'; args: { product: string; warehouse: string; min: number; reorder: number; remove: boolean } }
  | { kind: 'purchaseOrder'; args: { supplier: string; warehouse: string; lines: number } }
  | { kind: 'newProduct' | 'productChange'; args: { name: string } }
  | { kind: 'newOrder'; args: { customer: string; lines: number } }
  | { kind: 'orderChange'; args: { id: number; customer: string; lines: number } }
  | { kind: 'orderItems'; args: { id: number; products: number } }
  | { kind: 'invoice' | 'proforma'; args: { customer: string; lines: number; currency: string } }
  | { kind: 'storno'; args: { original: string; customer: string; lines: number; currency: string } }
  | { kind: 'payment'; args: { amount: number; currency: string; invoice: string } };

/** A warehouse and bin ('' = none). */
export interface StockPlace {
  warehouse: string;
  stockLabel: string;
}

/**
 * A fix the core offers for a refused entry (src/main/core/outbox/fixes): take what is there
 * (`quantity`: what would then be sent), send it from another place (`by` a whole warehouse or a
 * bin; never one of `not`), or back-order the rest.
 */
export type FixOffer = { kind: 'take_available'; quantity: number } | { kind: 'other_place'; by: 'warehouse' | 'bin'; not: StockPlace[] } | { kind: 'back_order' };

export interface OutboxEntryView {
  id: number;
  method: string;
  /** A line a clerk understands, in English: "Take-in 12 × Szűrőbetét into Default" (logs, older entries). */
  summary: string;
  /** The same as data, for the screens to word in the clerk's language; null on entries from before it existed. */
  summaryData: OutboxSummary | null;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  /** The server's words when it refused the command, or the last network failure. */
  lastError: string | null;
  errorCode: string | null;
  errorDetails: Array<{ field: string; message: string }>;
  /** Why the server refused it, as data (src/shared/protocol/reasons.ts); null for older servers and other failures. */
  reason?: Reason | null;
  /** Entries parked because an entry they depend on needs attention. */
  blockedBy: number | null;
  /** For stock-count entries whose expected quantity moved on the server. */
  countConflict: { expected: number; serverNow: number; counted: number } | null;
  params: Record<string, unknown>;
  /** The fixes the sync centre offers for its refusal, and no others (empty: edit or discard it). */
  fixes: FixOffer[];
  /** The desk-local id of the clerk who made it (sent with their keys); null: made before the desk kept clerks apart. */
  clerkId?: string | null;
  /** That clerk's name as the desk knows it (also after the clerk was removed); null when unknown or the account's own keys. */
  clerkName?: string | null;
}

export interface CountLine {
  productId: number;
  /** The bin (stock label) this line counts; '' = stock without a bin. */
  stockLabel: string;
  name: string;
  ean: string | null;
  itemNumber: string | null;
  unit: string;
  expected: number;
  counted: number | null;
  /**
   * Set when the shelf's stock moved (another desk, through the live feed or a pull) after this line
   * was counted: what the mirror shows now, against `expected`, the figure the count was made on.
   */
  movedTo?: number;
}

export interface CountSheet {
  id: number;
  warehouse: string;
  stockLabel: string;
  createdAt: string;
  lines: CountLine[];
}

export interface OrderLineInput {
  productId: number;
  quantity: number;
  customPrice?: number | null;
  discount?: number;
  description?: string;
}

export interface OrderView {
  id: number;
  local: boolean;
  serverId: number | null;
  status: string;
  contactId: number;
  contactName: string;
  warehouse: string;
  currency: string;
  issuedDate: string;
  totals: { net: number; vat: number; gross: number };
  lines: Array<OrderLineInput & { name: string; unit: string; vat: number; unitPrice: number; net: number; vatAmount: number; gross: number }>;
  header: Record<string, unknown>;
  outboxState: OutboxState | null;
  /** The server refused the clerk's last change of this order: its words, for the screen to show. */
  refusal: Refusal | null;
  /** The invoice issued for this order (here or at another desk): pending while the server has not numbered it yet; its number once it has. */
  invoice: { id: number; pending: boolean; number: string | null } | null;
  /** The clerk of this desk who made it (issue 19); null when the desk no longer knows. */
  madeBy: string | null;
}

/** Why the server refused an outbox entry (error code, its sentence and the fields it named). */
export interface Refusal {
  code: string;
  message: string;
  details: Array<{ field: string; message: string }>;
}

export interface InvoiceRow {
  id: number;
  local: boolean;
  serverId: number | null;
  invoiceNumber: string | null;
  type: 'invoice' | 'proforma' | 'storno';
  status: string;
  contactId: number;
  contactName: string;
  currency: string;
  issuedDate: string;
  paymentDate: string;
  total: number;
  balance: number;
  overdue: boolean;
  outboxState: OutboxState | null;
  /** The user who issued it, as the server says (extension "roles"); null for an owner session, an older server, or not yet sent. */
  createdBy: string | null;
}

export interface InvoicePdf {
  filename: string;
  /** base64 */
  pdf: string;
  /** A local preview of an invoice the server has not numbered yet. */
  draft: boolean;
}

export interface DueCustomerRow {
  contactId: number;
  name: string;
  currencies: Array<{ currency: string; outstanding: number; overdue: number; oldestDueDate: string }>;
  invoiceCount: number;
  /** Invoices issued or payments recorded here that the server has not confirmed yet are counted in. */
  pending: boolean;
}

export type { Locale };
