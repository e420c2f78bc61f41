/**
 * The change feed (GET /api/feed, capability `feed`): what the server sends and the desk reads,
 * declared once. An event names WHAT changed, never the new figures: the desk pulls those through
 * the methods it already has, so its mirror is correct whether or not an event arrives.
 */
export const FEED_PATH = '/api/feed';

/** Request headers carrying the keys (never the URL, which proxies and logs keep). */
export const FEED_API_KEY_HEADER = 'x-stockdesk-api-key';
export const FEED_SESSION_KEY_HEADER = 'x-stockdesk-session-key';

export type FeedChange =
  | { kind: 'product'; product_id: number }
  /** A stock move (with its bin, '' outside bins) or a reservation (no stock_label: the warehouse's reserved stock). */
  | { kind: 'stock'; product_id: number; warehouse_id: number; stock_label?: string }
  | { kind: 'order'; order_id: number }
  | { kind: 'invoice'; invoice_id: number }
  | { kind: 'payment'; payment_id: number; invoice_id: number }
  | { kind: 'contact'; contact_id: number };

export type FeedKind = FeedChange['kind'];
export const FEED_KINDS: readonly FeedKind[] = ['product', 'stock', 'order', 'invoice', 'payment', 'contact'];

/**
 * SSE event names. `change`: one FeedChange, its `id:` the position to resume after. `ready`: sent once
 * the stream caught up (data `{"position":…}`); `reset`: the position the desk sent is unknown here
 * (a restored database): pull everything incrementally, then go on from the `id:` given.
 */
export type FeedEvent = 'change' | 'ready' | 'reset';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** A change event's data, checked; null for anything else (a newer server's kind is ignored, not fatal). */
export function parseFeedChange(data: string): FeedChange | null {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  switch (v.kind) {
    case 'product':
      return isId(v.product_id) ? { kind: 'product', product_id: v.product_id } : null;
    case 'stock':
      if (!isId(v.product_id) || !isId(v.warehouse_id)) return null;
      return typeof v.stock_label === 'string' ? { kind: 'stock', product_id: v.product_id, warehouse_id: v.warehouse_id, stock_label: v.stock_label } : { kind: 'stock', product_id: v.product_id, warehouse_id: v.warehouse_id };
    case 'order':
      return isId(v.order_id) ? { kind: 'order', order_id: v.order_id } : null;
    case 'invoice':
      return isId(v.invoice_id) ? { kind: 'invoice', invoice_id: v.invoice_id } : null;
    case 'payment':
      return isId(v.payment_id) && isId(v.invoice_id) ? { kind: 'payment', payment_id: v.payment_id, invoice_id: v.invoice_id } : null;
    case 'contact':
      return isId(v.contact_id) ? { kind: 'contact', contact_id: v.contact_id } : null;
    default:
      return null;
  }
}
