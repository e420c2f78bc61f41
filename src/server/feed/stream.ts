/**
 * One desk's stream: Server-Sent Events on an open response. It first catches up from the desk's
 * position to the hub's (its own account's entries, read from the table), then takes what the hub
 * hands it; entries arriving from the hub meanwhile wait in `held`. Whatever the source, an entry at
 * or before the last one sent is dropped, so nothing is sent twice and, as both sources are in
 * commit order, nothing is skipped.
 */
import type { ServerResponse } from 'node:http';
import type { FeedChange, FeedEvent } from '@shared/protocol';
import { after, formatPosition, type FeedRow, type Position } from './read';

export function changeOf(r: FeedRow): FeedChange {
  switch (r.kind) {
    case 'product':
      return { kind: 'product', product_id: r.ref_id };
    case 'stock':
      return r.stock_label === null
        ? { kind: 'stock', product_id: r.ref_id, warehouse_id: r.warehouse_id! }
        : { kind: 'stock', product_id: r.ref_id, warehouse_id: r.warehouse_id!, stock_label: r.stock_label };
    case 'order':
      return { kind: 'order', order_id: r.ref_id };
    case 'invoice':
      return { kind: 'invoice', invoice_id: r.ref_id };
    case 'payment':
      return { kind: 'payment', payment_id: r.ref_id, invoice_id: r.invoice_id! };
    default:
      return { kind: 'contact', contact_id: r.ref_id };
  }
}

export const frame = (event: FeedEvent, id: string | null, data: unknown): string => `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A row's frame is the same on every stream of its account: built once, however many desks listen. */
const frames = new WeakMap<FeedRow, string>();
function changeFrame(row: FeedRow): string {
  let text = frames.get(row);
  if (text === undefined) frames.set(row, (text = frame('change', formatPosition({ tx: row.tx, id: row.id }), changeOf(row))));
  return text;
}

/**
 * One wake-up's entries of one account, in commit order, and their frames as one text, built once on
 * first use and written to each of the account's streams in one call.
 */
export class RowBatch {
  private joined: string | undefined;

  constructor(readonly rows: readonly FeedRow[]) {}

  get first(): FeedRow {
    return this.rows[0]!;
  }

  get last(): FeedRow {
    return this.rows.at(-1)!;
  }

  get text(): string {
    return (this.joined ??= this.rows.map(changeFrame).join(''));
  }
}

/** Entries held while catching up, beyond which the stream is closed (the desk resumes from its position). */
const MAX_HELD = 10_000;

export class FeedStream {
  private live = false;
  private held: FeedRow[] = [];
  private closed = false;

  constructor(
    readonly accountId: number,
    private last: Position,
    private readonly res: ServerResponse,
    private readonly maxBufferedBytes: number,
    private readonly onClose: (s: FeedStream, why: string) => void,
  ) {
    res.once('close', () => this.close('client gone'));
  }

  get position(): Position {
    return this.last;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** From the hub, in commit order. */
  offer(row: FeedRow): void {
    if (this.closed) return;
    if (!this.live) {
      if (this.held.length >= MAX_HELD) return this.close('too far behind while catching up');
      this.held.push(row);
      return;
    }
    this.send(row);
  }

  /** A wake-up's entries of this stream's account, from the hub, in commit order. */
  offerAll(batch: RowBatch): void {
    if (this.closed) return;
    if (!this.live || !after(batch.first, this.last)) {
      // Catching up (held), or a stream whose position is past some of them (it resumed from a
      // position the hub had not read to yet): entry by entry, each checked against the last sent.
      for (const row of batch.rows) this.offer(row);
      return;
    }
    // Every entry is after the last one sent (the batch is in commit order): all of them, in one write.
    this.last = { tx: batch.last.tx, id: batch.last.id };
    this.write(batch.text);
  }

  /** From the catch-up read. */
  send(row: FeedRow): void {
    const at = { tx: row.tx, id: row.id };
    if (this.closed || !after(at, this.last)) return;
    this.last = at;
    this.write(changeFrame(row));
  }

  /** The catch-up is done: what the hub handed meanwhile goes out, then everything as it comes. */
  goLive(): void {
    this.live = true;
    for (const row of this.held.splice(0)) this.send(row);
    this.write(frame('ready', formatPosition(this.last), { position: formatPosition(this.last) }));
  }

  raw(text: string): void {
    this.write(text);
  }

  private write(text: string): void {
    if (this.closed) return;
    this.res.write(text);
    // A desk that does not read is cut off rather than buffered without end; it resumes from its position.
    if (this.res.writableLength > this.maxBufferedBytes) this.close('slow consumer');
  }

  close(why: string): void {
    if (this.closed) return;
    this.closed = true;
    this.held = [];
    this.onClose(this, why);
    if (!this.res.writableEnded) this.res.end();
  }
}
