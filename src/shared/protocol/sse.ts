/**
 * A Server-Sent Events reader (the WHATWG "event stream" format): text in, events out, chunk
 * boundaries anywhere (a line, even a CRLF pair, may be split between chunks). Comments (heartbeats)
 * are ignored; `retry:` is reported so a client can honour the server's reconnect delay.
 */
export interface SseEvent {
  event: string;
  data: string;
  /** The event's `id:`, or the last one seen before it (the Last-Event-ID to resume from). */
  lastEventId: string;
}

export class SseReader {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private lastId = '';
  private pendingCr = false;
  retryMs: number | null = null;

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A lone CR at the end may be the first half of CRLF: its line is complete either way.
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const ev = { event: this.event || 'message', data: this.data.join('\n'), lastEventId: this.lastId };
      this.data = [];
      this.event = '';
      return ev;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}
