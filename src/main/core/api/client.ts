/**
 * The one transport to the Command API: Node's fetch with a timeout per call and the caller's
 * AbortSignal, bodies written and read only by the shared codec. XML or JSON is a setting.
 */
import {
  areaPath, CAPABILITIES, FEED_API_KEY_HEADER, FEED_PATH, FEED_SESSION_KEY_HEADER, decodeResponse, encodeRequest, METHODS, ResponseFormatError,
  type Capability, type Format, type MethodName, type Params, type Reason, type Result,
} from '@shared/protocol';
import type { FetchFn } from '../types';
import type { Outcome } from './outcome';

export interface ApiConfig {
  baseUrl: string;
  format: Format;
  apiKey: string;
  sessionKey: string;
  fetch: FetchFn;
  /** Per call, unless the call says otherwise. */
  timeoutMs?: number;
  /**
   * Told after every call whether the server answered (any status, any body) or the call got no
   * answer at all; a call the caller cancelled tells nothing. The sync engine judges connectivity
   * from this, so every successful command, pull page or look-up is proof the network works.
   */
  observe?: (answered: boolean) => void;
}

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type Health =
  | { ok: true; capabilities: Set<Capability>; serverTime: string | null; version: string | null }
  | { ok: false; message: string };

// FORBIDDEN: the clerk's role may not make this call; a person must decide (another clerk sends it, or it is discarded).
const REJECTIONS = new Set(['VALIDATION_ERROR', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN', 'UNKNOWN_METHOD', 'MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'METHOD_NOT_ALLOWED']);

/** The caller gave up on the call: that says nothing about the network. */
const cancelled = (signal?: AbortSignal): boolean => signal?.aborted === true;

/** Nothing listening or routable there: sending again at once cannot help, unlike a lost call. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);
const unreachable = (e: unknown): boolean => UNREACHABLE.has(String((e as { cause?: { code?: unknown } } | null)?.cause?.code ?? ''));

function describe(e: unknown): string {
  if (e instanceof Error) {
    if (e.name === 'TimeoutError') return 'The server did not answer in time.';
    if (e.name === 'AbortError') return 'The call was cancelled.';
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ? `${e.message} (${cause.code})` : cause?.message ? `${e.message}: ${cause.message}` : e.message;
  }
  return String(e);
}

/**
 * A call's deadline and the caller's cancel, released the moment the call ends. Not
 * AbortSignal.timeout: its timer keeps the signal, and through fetch's abort listener the whole
 * request and response, alive for the full timeout; at replay speed (hundreds of calls a second,
 * 30 s timeout) that held about a hundred MB of finished calls in the core process.
 */
function deadline(timeoutMs: number, outer?: AbortSignal): { signal: AbortSignal; release(): void } {
  const c = new AbortController();
  const timer = setTimeout(() => c.abort(new DOMException('The call timed out.', 'TimeoutError')), timeoutMs);
  timer.unref?.();
  const onOuter = () => c.abort(outer!.reason);
  if (outer?.aborted) c.abort(outer.reason);
  else outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: c.signal,
    release() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/** Opening the change feed: the stream's body, or why not (auth: the keys; absent: the server has no feed). */
export type FeedOpen =
  | { kind: 'open'; body: ReadableStream<Uint8Array> }
  | { kind: 'auth' | 'absent' | 'network' | 'server'; message: string };

export class ApiClient {
  readonly baseUrl: string;
  constructor(private readonly cfg: ApiConfig) {
    this.baseUrl = cfg.baseUrl.replace(/\/+$/, '');
  }

  get format(): Format {
    return this.cfg.format;
  }

  async call<M extends MethodName>(method: M, params: Params<M> | Record<string, unknown>, opts: CallOptions = {}): Promise<Outcome<M>> {
    const { body, contentType } = encodeRequest(this.cfg.format, method, params, { api_key: this.cfg.apiKey, session_key: this.cfg.sessionKey });
    let status: number;
    let text: string;
    const d = deadline(opts.timeoutMs ?? this.cfg.timeoutMs ?? 30_000, opts.signal);
    try {
      const res = await this.cfg.fetch(this.baseUrl + areaPath(METHODS[method].area), {
        method: 'POST',
        body,
        headers: { 'content-type': contentType, accept: contentType },
        signal: d.signal,
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      if (!cancelled(opts.signal)) this.cfg.observe?.(false);
      return { kind: 'network', message: describe(e), unreachable: unreachable(e) };
    } finally {
      d.release();
    }
    this.cfg.observe?.(true);
    let decoded;
    try {
      decoded = decodeResponse(this.cfg.format, method, text);
    } catch (e) {
      // A proxy's error page or a cut-off body: an answer, but not the server's verdict.
      const why = e instanceof ResponseFormatError ? e.message : describe(e);
      return { kind: 'server', status, message: status >= 500 ? `The server answered HTTP ${status}.` : why };
    }
    if (decoded.ok) return { kind: 'ok', result: decoded.result };
    const { code, message, details } = decoded.error;
    if (code === 'AUTH_FAILED') return { kind: 'auth', message };
    if (REJECTIONS.has(code) && status < 500) {
      // decodeResponse validated the figures against reasons.ts; both fields are present or neither.
      const reason = decoded.error.reason ? ({ reason: decoded.error.reason, figures: decoded.error.figures ?? {} } as Reason) : undefined;
      return { kind: 'rejected', code, message, details, ...(reason ? { reason } : {}) };
    }
    return { kind: 'server', status, message };
  }

  /**
   * GET /api/feed (docs/api.md, "Change feed"): resolves once the server answered the headers; the
   * body then streams until the server or `signal` ends it. Only the opening counts as a call for
   * connectivity: a stream that ends later says nothing about the network.
   */
  async openFeed(lastEventId: string | null, signal: AbortSignal, timeoutMs = 10_000): Promise<FeedOpen> {
    // The deadline covers the headers only; the caller's signal ends the stream whenever it is aborted.
    const c = new AbortController();
    const timer = setTimeout(() => c.abort(new DOMException('The call timed out.', 'TimeoutError')), timeoutMs);
    timer.unref?.();
    if (signal.aborted) c.abort(signal.reason);
    else signal.addEventListener('abort', () => c.abort(signal.reason), { once: true });
    let res: Response;
    try {
      res = await this.cfg.fetch(this.baseUrl + FEED_PATH, {
        method: 'GET',
        headers: { accept: 'text/event-stream', [FEED_API_KEY_HEADER]: this.cfg.apiKey, [FEED_SESSION_KEY_HEADER]: this.cfg.sessionKey, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        signal: c.signal,
      });
    } catch (e) {
      if (!cancelled(signal)) this.cfg.observe?.(false);
      return { kind: 'network', message: describe(e) };
    } finally {
      clearTimeout(timer);
    }
    this.cfg.observe?.(true);
    if (res.status === 200 && res.body && (res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return { kind: 'open', body: res.body };
    const text = await res.text().catch(() => '');
    const message = /"message":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? `HTTP ${res.status}`;
    if (res.status === 401) return { kind: 'auth', message };
    if (res.status === 404 || res.status === 405) return { kind: 'absent', message };
    return { kind: 'server', message };
  }

  /**
   * `/api/health`: whether the server answers, and which extensions it offers. Only a ready
   * server counts as an answer for connectivity: a proxy's 502 or "not ready" is not the server.
   */
  async health(opts: CallOptions = {}): Promise<Health> {
    const h = await this.probe(opts);
    if (!cancelled(opts.signal)) this.cfg.observe?.(h.ok);
    return h;
  }

  private async probe(opts: CallOptions): Promise<Health> {
    const d = deadline(opts.timeoutMs ?? 5_000, opts.signal);
    try {
      const res = await this.cfg.fetch(`${this.baseUrl}/api/health`, { method: 'GET', signal: d.signal });
      const text = await res.text();
      if (!res.ok) return { ok: false, message: `The server answered HTTP ${res.status}.` };
      const body = JSON.parse(text) as { status?: unknown; capabilities?: unknown; server_time?: unknown; version?: unknown };
      if (body.status !== 'ok') return { ok: false, message: 'The server is not ready.' };
      const caps = Array.isArray(body.capabilities) ? body.capabilities : [];
      const known = new Set<Capability>(CAPABILITIES.filter((c) => caps.includes(c)));
      return { ok: true, capabilities: known, serverTime: typeof body.server_time === 'string' ? body.server_time : null, version: typeof body.version === 'string' ? body.version : null };
    } catch (e) {
      return { ok: false, message: describe(e) };
    } finally {
      d.release();
    }
  }
}

/** Unwraps an ok outcome or throws one typed error, for read calls made on a clerk's behalf. */
export class CallFailed extends Error {
  constructor(readonly outcome: Exclude<Outcome<MethodName>, { kind: 'ok' }>) {
    super(outcome.message);
    this.name = 'CallFailed';
  }
}

export async function must<M extends MethodName>(p: Promise<Outcome<M>>): Promise<Result<M>> {
  const o = await p;
  if (o.kind === 'ok') return o.result;
  throw new CallFailed(o);
}
