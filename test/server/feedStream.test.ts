/**
 * A wake-up's entries go to a stream in one write (feed/stream.ts, RowBatch): each entry still once,
 * in commit order, whether the stream is live, catching up, or resumed from a position past some of them.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FeedStream, RowBatch } from '@server/feed/stream';
import type { FeedRow } from '@server/feed/read';

function response() {
  const res = Object.assign(new EventEmitter(), {
    writes: [] as string[],
    writableLength: 0,
    writableEnded: false,
    write(text: string) {
      res.writes.push(text);
      return true;
    },
    end() {
      res.writableEnded = true;
    },
  });
  return res;
}

const row = (id: number): FeedRow => ({ id, account_id: 1, tx: 0, kind: 'product', ref_id: id * 10, warehouse_id: null, stock_label: null, invoice_id: null });
const ids = (writes: string[]) => writes.join('').split('\n').filter((l) => l.startsWith('id: ')).map((l) => l.slice(4));

describe('feed stream batches', () => {
  it('writes a live stream its batch in one write, each entry once', () => {
    const res = response();
    const s = new FeedStream(1, { tx: 0, id: 2 }, res as unknown as ServerResponse, 1 << 20, () => {});
    s.goLive();
    res.writes.length = 0;
    s.offerAll(new RowBatch([row(3), row(4), row(5)]));
    expect(res.writes).toHaveLength(1);
    s.offerAll(new RowBatch([row(6)]));
    expect(ids(res.writes)).toEqual(['0.3', '0.4', '0.5', '0.6']);
    expect(s.position).toEqual({ tx: 0, id: 6 });
  });

  it('skips the entries at or before a resumed position and sends the rest', () => {
    const res = response();
    const s = new FeedStream(1, { tx: 0, id: 4 }, res as unknown as ServerResponse, 1 << 20, () => {});
    s.goLive();
    res.writes.length = 0;
    s.offerAll(new RowBatch([row(3), row(4), row(5), row(6)]));
    expect(ids(res.writes)).toEqual(['0.5', '0.6']);
  });

  it('holds a batch while catching up and sends it after the catch-up, without repeats', () => {
    const res = response();
    const s = new FeedStream(1, { tx: 0, id: 0 }, res as unknown as ServerResponse, 1 << 20, () => {});
    s.offerAll(new RowBatch([row(2), row(3)]));
    expect(res.writes).toHaveLength(0);
    s.send(row(1));
    s.send(row(2));
    s.goLive();
    expect(ids(res.writes)).toEqual(['0.1', '0.2', '0.3', '0.3']); // the last is the ready event's id
    expect(res.writes.at(-1)).toContain('event: ready');
  });
});
