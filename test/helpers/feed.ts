/** A test's reader of GET /api/feed over real HTTP: collects the events and waits for them. */
import { FEED_API_KEY_HEADER, FEED_SESSION_KEY_HEADER, parseFeedChange, SseReader, type Credentials, type FeedChange, type SseEvent } from '@shared/protocol';

export interface FeedReader {
  status: number;
  events: SseEvent[];
  changes(): Array<FeedChange & { id: string }>;
  /** Resolves once `pred` holds for the events so far (or rejects after timeoutMs, listing them). */
  until(pred: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openFeedReader(url: string, keys: Credentials | null, lastEventId?: string): Promise<FeedReader & { body: string }> {
  const ctl = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (keys) Object.assign(headers, { [FEED_API_KEY_HEADER]: keys.api_key, [FEED_SESSION_KEY_HEADER]: keys.session_key });
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${url}/api/feed`, { headers, signal: ctl.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let body = '';
  let ended: Promise<void> = Promise.resolve();
  if (res.status === 200 && res.body) {
    const reader = new SseReader();
    const decoder = new TextDecoder();
    ended = (async () => {
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          for (const e of reader.push(decoder.decode(chunk, { stream: true }))) events.push(e);
          for (const w of waiters) w();
        }
      } catch {
        // aborted by close()
      }
    })();
  } else {
    body = await res.text();
  }
  const changes = () => events.filter((e) => e.event === 'change').map((e) => ({ ...parseFeedChange(e.data)!, id: e.lastEventId }));
  return {
    status: res.status, body, events, changes, ended,
    until: (pred, timeoutMs = 5_000) =>
      new Promise<void>((resolve, reject) => {
        if (pred(events)) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`feed events did not arrive in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const check = () => {
          if (!pred(events)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
    close: () => ctl.abort(),
  };
}
