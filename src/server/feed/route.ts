/**
 * GET /api/feed: a desk's change stream (docs/api.md, "Change feed"). The keys come in two headers
 * and are verified by the same code as a command's; a stream hears only its own account's changes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeError, FEED_API_KEY_HEADER, FEED_SESSION_KEY_HEADER, ProtocolError } from '@shared/protocol';
import type { DispatchDeps } from '../http/dispatch';
import { authenticatePrincipal } from '../services/auth';
import { FeedFull, type FeedHub, type Slot } from './hub';
import { StreamKeys } from './access';
import { formatPosition, parsePosition } from './read';
import { FeedStream, frame } from './stream';

/** How long a desk waits before reconnecting after the stream ends (the SSE `retry:` field). */
const RETRY_MS = 2_000;

function refuse(res: ServerResponse, e: ProtocolError, extra: Record<string, string> = {}): void {
  const out = encodeError('json', null, e);
  res.writeHead(out.status, { 'Content-Type': out.contentType, 'Cache-Control': 'no-store', ...extra });
  res.end(out.body);
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export async function serveFeed(req: IncomingMessage, res: ServerResponse, deps: DispatchDeps, hub: FeedHub): Promise<void> {
  if (req.method !== 'GET') {
    return refuse(res, new ProtocolError('METHOD_NOT_ALLOWED', '/api/feed is a stream of Server-Sent Events: open it with GET.'), { Allow: 'GET' });
  }
  const keys = { api_key: header(req, FEED_API_KEY_HEADER) ?? '', session_key: header(req, FEED_SESSION_KEY_HEADER) ?? '' };
  if (!keys.api_key || !keys.session_key) {
    return refuse(res, new ProtocolError('AUTH_FAILED', `Send the api_key in the ${FEED_API_KEY_HEADER} header and the session_key in ${FEED_SESSION_KEY_HEADER}.`));
  }
  let accountId: number;
  let streamKeys: StreamKeys;
  try {
    const principal = await authenticatePrincipal(deps.db, keys, deps.clock.now());
    accountId = principal.accountId;
    streamKeys = new StreamKeys(keys.api_key, keys.session_key, principal.role);
  } catch (e) {
    if (e instanceof ProtocolError) {
      // Counted in services/auth.ts, logged as the dispatcher does: never the keys.
      if (e.code === 'AUTH_FAILED') deps.log.warn({ path: '/api/feed' }, 'authentication refused');
      return refuse(res, e);
    }
    throw e;
  }
  const lastId = header(req, 'last-event-id');
  let from = lastId === undefined || lastId.trim() === '' ? null : parsePosition(lastId);
  if (lastId !== undefined && lastId.trim() !== '' && !from) {
    return refuse(res, new ProtocolError('VALIDATION_ERROR', `Last-Event-ID "${lastId.slice(0, 40)}" is not a position of this feed; send the id of the last event received (like "0.1234"), or none to start from now.`, [{ field: 'Last-Event-ID', message: 'not a feed position' }]));
  }
  // A position this database never handed out (a restored or replaced database): the desk is told to
  // pull everything incrementally and goes on from now.
  const reset = from !== null && !(await hub.known(from));
  if (reset) from = null;
  if (res.destroyed) return;
  // The caps are checked and the place taken in one step, after the last await before the stream is registered.
  let slot: Slot;
  try {
    slot = hub.reserve(accountId, req.socket.remoteAddress ?? '');
  } catch (e) {
    if (!(e instanceof FeedFull)) throw e;
    const { maxPerAccount, maxPerAddress } = deps.config.feed;
    return refuse(res, new ProtocolError('CONFLICT', e.scope === 'account'
      ? `This account already has ${maxPerAccount} feed streams open on this server; close a desk's connection or try again later (desks poll meanwhile).`
      : `This address already has ${maxPerAddress} feed streams open on this server, whatever their accounts; close a connection or try again later (desks poll meanwhile).`), { 'Retry-After': '30' });
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', 'X-Content-Type-Options': 'nosniff' });
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);
  res.write(`retry: ${RETRY_MS}\n\n`);
  const now = () => deps.clock.now();
  const opened = await hub.open(
    slot,
    from,
    (start) => {
      const s = new FeedStream(accountId, start, res, deps.config.feed.maxBufferedBytes, (closed, why) => {
        hub.closed(closed);
        deps.log.debug({ accountId, why }, 'feed stream closed');
      });
      if (reset) s.raw(frame('reset', formatPosition(start), { position: formatPosition(start) }));
      return s;
    },
    streamKeys,
    now,
  );
  // The server is shutting down: the desk reconnects elsewhere.
  if (!opened) res.end();
}
