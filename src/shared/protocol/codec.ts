/**
 * The codec: the only code that reads or writes Command API bodies, for the server and the
 * desktop client alike. Requests are `<command><method>…</method></command>` or
 * `{"method": {…}}`; responses use the envelope in docs/api.md, in the request's format.
 * Parameters are checked by a compiled validator first and by zod whenever that says no
 * (compiled.ts), so errors always read exactly as zod reports them.
 */
import type { z } from 'zod';
import { isMethodName, METHOD_NAMES, METHODS, type MethodName, type Params, type Result } from './catalog';
import { parseReason } from './reasons';
import { invalid, malformed, ProtocolError, type ErrorBody, type ErrorCode, type ErrorDetail, ERROR_STATUS, isErrorCode } from './errors';
import { fastParams, INVALID, paramsAudit } from './compiled';
import { CUSTOM_FIELDS, listChild, NODE, RESERVED_NAMES } from './lists';
import { checkParamCount, MAX_LIST_ENTRIES, shape, shapeSteps } from './shape';
import { checkJsonValues, SCAN_FROM_CHARS } from './jsonScan';
import { boundedValidationSteps } from './bounded';
import { buildXml, parseXml, parseXmlSteps, XML_MAX_DEPTH } from './xml';
import { runAsync, runSync, TURN, type Steps } from './steps';

export type Format = 'xml' | 'json';
export interface Credentials {
  api_key: string;
  session_key: string;
}

export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const CONTENT_TYPE: Record<Format, string> = {
  xml: 'text/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export interface DecodeOptions {
  maxBytes?: number;
  maxDepth?: number;
}

/** A request whose syntax, method and credentials are known but whose parameters are not yet checked. */
export interface ParsedRequest {
  format: Format;
  method: MethodName;
  raw: Record<string, unknown>;
  credentials: Credentials;
}

export interface DecodedRequest<M extends MethodName = MethodName> {
  format: Format;
  method: M;
  params: Params<M>;
  credentials: Credentials;
}

export type DecodeOutcome =
  | { ok: true; request: DecodedRequest }
  | { ok: false; format: Format; method: string | null; error: ProtocolError };

const XML_TYPES = new Set(['text/xml', 'application/xml']);
const JSON_TYPES = new Set(['application/json']);
// Types curl and simple clients send by default; for these the body tells its own format.
const SNIFF_TYPES = new Set(['', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']);

function mediaType(contentType: string | undefined): { type: string; charset: string | null } {
  const [type = '', ...params] = (contentType ?? '').split(';').map((p) => p.trim().toLowerCase());
  const cs = params.find((p) => p.startsWith('charset='));
  return { type, charset: cs ? cs.slice(8).replace(/"/g, '') : null };
}

function sniff(text: string): Format | null {
  const m = /\S/.exec(text);
  if (!m) return null;
  return m[0] === '<' ? 'xml' : m[0] === '{' || m[0] === '[' ? 'json' : null;
}

/** The format a response should use for this request, even when the request is unreadable. */
export function guessFormat(contentType: string | undefined, body?: string): Format {
  const { type } = mediaType(contentType);
  if (XML_TYPES.has(type) || type.endsWith('+xml')) return 'xml';
  if (JSON_TYPES.has(type) || type.endsWith('+json')) return 'json';
  return (body !== undefined && sniff(body)) || 'json';
}

// One decoder for every request: without the stream option decode() keeps no state between calls,
// and each new fatal decoder is a native converter the garbage collector has to finalize.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * The charsets a request may be in (docs/api.md, "Character sets"): UTF-8, and the two that
 * Hungarian integrators' older systems send, ISO-8859-2 (Latin-2) and windows-1250. Any label the
 * WHATWG Encoding standard gives them is accepted (latin2, cp1250, …).
 */
const DECODERS: Record<string, TextDecoder> = {
  'utf-8': utf8,
  'iso-8859-2': new TextDecoder('iso-8859-2', { fatal: true }),
  'windows-1250': new TextDecoder('windows-1250', { fatal: true }),
};
const CHARSET_NAMES: Record<string, string> = { 'utf-8': 'UTF-8', 'iso-8859-2': 'ISO-8859-2', 'windows-1250': 'windows-1250' };

/** The canonical name of an accepted charset label, or an UNSUPPORTED_MEDIA_TYPE naming it. */
export function acceptedCharset(label: string): string {
  let encoding: string | null = null;
  try {
    encoding = new TextDecoder(label.trim()).encoding;
  } catch {
    encoding = null;
  }
  if (encoding === null || !(encoding in DECODERS)) {
    throw new ProtocolError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The charset "${label.slice(0, 40)}" is not supported; send the body as UTF-8 (ISO-8859-2 and windows-1250 are also accepted).`,
    );
  }
  return encoding;
}

// The encoding an XML declaration names, looked for only at the very start of the body.
const XML_ENCODING = /^(?:\uFEFF)?\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']*)["']/;

/** The charset of a body: the Content-Type's, else an XML declaration's (read as ASCII), else UTF-8. */
function charsetOf(body: string | Uint8Array, contentType: string | undefined): string {
  const { charset } = mediaType(contentType);
  if (charset) return acceptedCharset(charset);
  const head = typeof body === 'string' ? body.slice(0, 256) : Buffer.from(body.buffer, body.byteOffset, Math.min(256, body.byteLength)).toString('latin1');
  const declared = XML_ENCODING.exec(head)?.[1];
  return declared === undefined ? 'utf-8' : acceptedCharset(declared);
}

function toText(body: string | Uint8Array, maxBytes: number, contentType?: string): string {
  // A UTF-16 unit is at most 3 UTF-8 bytes: a short enough string needs no byte count (a full scan).
  const size = typeof body !== 'string' ? body.byteLength : body.length * 3 <= maxBytes ? 0 : Buffer.byteLength(body);
  if (size > maxBytes) {
    throw new ProtocolError('PAYLOAD_TOO_LARGE', `The request body is ${size} bytes; the limit is ${maxBytes} bytes. Send fewer rows per call.`);
  }
  // The charset is checked before the bytes are: an unsupported one is refused alike for any body.
  const charset = charsetOf(body, contentType);
  if (typeof body === 'string') return body.replace(/^\uFEFF/, '');
  try {
    return DECODERS[charset]!.decode(body);
  } catch {
    throw malformed(`The request body is not valid ${CHARSET_NAMES[charset]} text; send it encoded as the charset it declares (UTF-8 if none).`);
  }
}

export function detectFormat(text: string, contentType: string | undefined): Format {
  const { type, charset } = mediaType(contentType);
  if (charset) acceptedCharset(charset);
  const declared: Format | null =
    XML_TYPES.has(type) || type.endsWith('+xml') ? 'xml' : JSON_TYPES.has(type) || type.endsWith('+json') ? 'json' : null;
  if (!declared && !SNIFF_TYPES.has(type)) {
    throw new ProtocolError('UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type} is not supported; send text/xml or application/json.`);
  }
  const sniffed = sniff(text);
  if (!sniffed && !/\S/.test(text)) throw malformed('The request body is empty; send one command as XML or JSON.');
  if (declared === 'xml' && sniffed !== 'xml') throw malformed('Content-Type says XML but the body does not start with an XML element.');
  if (declared === 'json' && sniffed !== 'json') throw malformed('Content-Type says JSON but the body does not start with a JSON object.');
  const format = declared ?? sniffed;
  if (!format) throw malformed('The request body is neither XML nor JSON; send one command as XML or JSON.');
  if (format === 'xml') {
    const enc = XML_ENCODING.exec(text.slice(0, 256))?.[1];
    if (enc !== undefined) acceptedCharset(enc);
  }
  return format;
}

function asRecord(v: unknown, method: string): Record<string, unknown> {
  if (v === '' || v === null || v === undefined) return {};
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw malformed(`The parameters of ${method} must be named fields inside the method element.`);
  }
  return v as Record<string, unknown>;
}

const clip = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);

function unknownMethod(name: string): ProtocolError {
  const near = METHOD_NAMES.find((m) => m.toLowerCase() === name.toLowerCase());
  return new ProtocolError(
    'UNKNOWN_METHOD',
    near
      ? `Unknown method "${clip(name)}"; did you mean ${near}? Method names are case-sensitive.`
      : `Unknown method "${clip(name)}". Check the spelling; methods are case-sensitive, e.g. getProduct.`,
  );
}

function liftCredentials(raw: Record<string, unknown>): Credentials {
  const take = (k: 'api_key' | 'session_key') => {
    const v = raw[k];
    delete raw[k];
    return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  };
  return { api_key: take('api_key'), session_key: take('session_key') };
}

export { JSON_MAX_KEYS, JSON_MAX_NUMBER_CHARS, JSON_MAX_VALUES, JSON_MAX_WIDE_KEYS } from './jsonScan';

/** Step 1: syntax, method name and credentials. Parameters are checked by `validateParams`. */
export function parseRequest(body: string | Uint8Array, contentType: string | undefined, opts: DecodeOptions = {}): ParsedRequest {
  return runSync(parseRequestSteps(body, contentType, opts));
}

/** parseRequest in slices of a few milliseconds, the event loop free between them (the server's large bodies). */
export function parseRequestAsync(body: string | Uint8Array, contentType: string | undefined, opts: DecodeOptions = {}): Promise<ParsedRequest> {
  return runAsync(parseRequestSteps(body, contentType, opts));
}

function* parseRequestSteps(body: string | Uint8Array, contentType: string | undefined, opts: DecodeOptions): Steps<ParsedRequest> {
  // Decoding a large body starts a turn of its own, apart from whatever read the body.
  if (body.length > SCAN_FROM_CHARS) yield TURN;
  const text = toText(body, opts.maxBytes ?? MAX_BODY_BYTES, contentType);
  // Decoding 5 MiB takes a few milliseconds; what follows starts a slice of its own.
  if (text.length > SCAN_FROM_CHARS) yield TURN;
  const format = detectFormat(text, contentType);
  const maxDepth = opts.maxDepth ?? XML_MAX_DEPTH;
  let doc: unknown;
  if (format === 'xml') {
    doc = yield* parseXmlSteps(text, maxDepth, undefined, unknownMethod);
    const keys = Object.keys(doc as object);
    if (keys.length !== 1 || keys[0] !== 'command') throw malformed(`The XML root element must be <command>, not <${clip(keys[0] ?? '')}>.`);
    doc = (doc as Record<string, unknown>).command;
    if (doc === '' || typeof doc !== 'object' || doc === null) throw malformed('<command> must contain exactly one method element, e.g. <getProduct>.');
    if (Object.prototype.hasOwnProperty.call(doc, '#text')) {
      throw malformed('XML has text directly inside <command>; it must contain only the method element, e.g. <getProduct>.');
    }
  } else {
    yield* checkJsonValues(text);
    // JSON.parse is one native call of up to ~15 ms for 5 MiB: it gets a turn of its own.
    if (text.length > SCAN_FROM_CHARS) yield TURN;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw malformed(`The JSON body is not valid: ${(e as Error).message.replace(/\.?$/, '.')}`);
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw malformed('The JSON body must be an object with the method name as its only key.');
  }
  const names = Object.keys(doc as object);
  if (names.length !== 1) {
    const listed = names.slice(0, 5).map(clip).join(', ') + (names.length > 5 ? ', …' : '');
    throw malformed(`The body must name exactly one method; it has ${names.length === 0 ? 'none' : listed}.`);
  }
  const name = names[0]!;
  // toString, constructor, __proto__ …: no method has such a name, and the lookup below must not reach Object.prototype.
  if (RESERVED_NAMES.has(name)) throw unknownMethod(name);
  const value = (doc as Record<string, unknown>)[name];
  if (Array.isArray(value)) {
    throw malformed(format === 'xml' ? `The method element ${clip(name)} appears more than once.` : `The value of ${clip(name)} must be an object of named parameters, not a list.`);
  }
  if (!isMethodName(name)) throw unknownMethod(name);
  yield;
  const params = asRecord(value, name);
  checkParamCount(params, METHODS[name].params);
  const raw = { ...params };
  const credentials = liftCredentials(raw);
  // The parameters sit at depth 1 of the document; shaping also enforces the depth cap for JSON.
  const shaped = yield* shapeSteps(raw, METHODS[name].params, format === 'xml', maxDepth, 1, MAX_LIST_ENTRIES);
  return { format, method: name, raw: shaped as Record<string, unknown>, credentials };
}

/** "items[2].quantity" from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

export function issuesToDetails(error: z.ZodError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ field: fieldPath([...issue.path, key]), message: 'is not a known field; check the spelling' });
    } else if (issue.code === 'invalid_key') {
      // A custom field's name failed its own schema; that schema's message says why.
      details.push({ field: fieldPath(issue.path), message: issue.issues[0]?.message ?? 'is not an allowed name' });
    } else if (issue.code === 'invalid_type' && (issue.expected === 'object' || issue.expected === 'record')) {
      // Groups (list rows, custom_fields) carry no message of their own.
      details.push({ field: fieldPath(issue.path), message: 'must be a group of named fields' });
    } else {
      details.push({ field: fieldPath(issue.path), message: issue.message });
    }
  }
  return details;
}

function summary(method: string, details: ErrorDetail[], stopped = false): string {
  const total = details.length;
  const shown = details.slice(0, 3).map((d) => (d.field ? `${d.field} ${d.message}` : d.message));
  const more = stopped
    ? ` (and ${total - 3} more; checking stopped after ${total} problems, there may be others)`
    : total > 3
      ? ` (and ${total - 3} more${total > MAX_DETAILS ? `; details lists the first ${MAX_DETAILS}` : ''})`
      : '';
  return `${method}: ${shown.join('; ')}${more}.`;
}

/** Problems listed in an error's details; the message gives the total. */
export const MAX_DETAILS = 100;
/** Longest message and field path an error carries (a field path can echo a hostile key). */
const MAX_MESSAGE_CHARS = 2000;
const MAX_DETAIL_CHARS = 300;

const cut = (t: string, max: number) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);

/**
 * Bounds an error before it is written: at most MAX_DETAILS details, each field and message cut
 * short, the message too. Whatever raised it (validation, a service refusing 10,000 unknown
 * products), the answer stays a few tens of kilobytes. A cut list says so in the message.
 */
export function boundError(body: ErrorBody): ErrorBody {
  const { details } = body;
  let message = body.message;
  if (details.length > MAX_DETAILS && !message.includes(`details lists the first ${MAX_DETAILS}`)) {
    message = `${message.replace(/\.$/, '')} (${details.length} problems; details lists the first ${MAX_DETAILS}).`;
  }
  const bounded = details.length > MAX_DETAILS || message.length > MAX_MESSAGE_CHARS || details.some((d) => d.field.length > MAX_DETAIL_CHARS || d.message.length > MAX_DETAIL_CHARS);
  if (!bounded) return body;
  return {
    ...body,
    message: cut(message, MAX_MESSAGE_CHARS),
    details: details.slice(0, MAX_DETAILS).map((d) => ({ ...d, field: cut(d.field, MAX_DETAIL_CHARS), message: cut(d.message, MAX_DETAIL_CHARS) })),
  };
}

/** Step 2: the method's schema, with every problem listed by field. */
export function validateParams<M extends MethodName>(method: M, raw: Record<string, unknown>): Params<M> {
  return runSync(validateSteps(method, raw));
}

/** validateParams in slices (the server's large bodies): an invalid 10,000-line order is explained a few hundred lines at a time. */
export function validateParamsAsync<M extends MethodName>(method: M, raw: Record<string, unknown>): Promise<Params<M>> {
  return runAsync(validateSteps(method, raw));
}

function* validateSteps<M extends MethodName>(method: M, raw: Record<string, unknown>): Steps<Params<M>> {
  if (paramsAudit) paramsAudit(method, raw);
  // The compiled path answers valid bodies; anything else is zod's to explain (compiled.ts).
  const fast = fastParams(method, raw);
  if (fast !== INVALID) return fast as Params<M>;
  // Long lists are checked element by element, stopping after MAX_PROBLEMS (bounded.ts), in a turn of their own.
  yield TURN;
  const bounded = yield* boundedValidationSteps(METHODS[method].params, raw, issuesToDetails);
  if (bounded && bounded.details.length > 0) throw invalid(summary(method, bounded.details, bounded.stopped), bounded.details.slice(0, MAX_DETAILS));
  const r = METHODS[method].params.safeParse(raw);
  if (!r.success) {
    const details = issuesToDetails(r.error);
    throw invalid(summary(method, details), details.slice(0, MAX_DETAILS + 1));
  }
  return r.data as Params<M>;
}

export function decodeRequest(body: string | Uint8Array, contentType: string | undefined, opts: DecodeOptions = {}): DecodeOutcome {
  let parsed: ParsedRequest | undefined;
  try {
    parsed = parseRequest(body, contentType, opts);
    const params = validateParams(parsed.method, parsed.raw);
    return { ok: true, request: { format: parsed.format, method: parsed.method, params, credentials: parsed.credentials } };
  } catch (e) {
    const error = e instanceof ProtocolError ? e : new ProtocolError('INTERNAL_ERROR', 'The request could not be read.');
    const format = parsed?.format ?? guessFormat(contentType, typeof body === 'string' ? body : undefined);
    return { ok: false, format, method: parsed?.method ?? null, error };
  }
}

// Arrays inside custom_fields, and arrays not in the list table, are checkbox/radio `node` lists.
const childName = (key: string, parent: string | undefined) => (parent === CUSTOM_FIELDS ? NODE : (listChild(key) ?? NODE));

function xmlDocument(root: string, name: string, value: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml(root, { [name]: value }, childName).join('')}`;
}

export function encodeRequest<M extends MethodName>(format: Format, method: M, params: Params<M> | Record<string, unknown>, credentials: Credentials): { body: string; contentType: string } {
  const value = { api_key: credentials.api_key, session_key: credentials.session_key, ...(params as object) };
  const body = format === 'json' ? JSON.stringify({ [method]: value }) : xmlDocument('command', method, value);
  return { body, contentType: CONTENT_TYPE[format] };
}

export interface EncodedResponse {
  status: number;
  body: string;
  contentType: string;
}

function envelope(format: Format, content: Record<string, unknown>, status: number): EncodedResponse {
  const body =
    format === 'json'
      ? JSON.stringify(content)
      : `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('response', content, childName).join('')}`;
  return { status, body, contentType: CONTENT_TYPE[format] };
}

/** The success envelope before encoding (a server may encode large ones its own way). */
export const successEnvelope = <M extends MethodName>(method: M, result: Result<M>) => ({ status: 'success' as const, method, result });

export function encodeResponse<M extends MethodName>(format: Format, method: M, result: Result<M>): EncodedResponse {
  return envelope(format, successEnvelope(method, result), 200);
}

export function encodeError(format: Format, method: string | null, error: ProtocolError | ErrorBody): EncodedResponse {
  const body = boundError(error instanceof ProtocolError ? error.toBody() : error);
  return envelope(format, { status: 'error', method: format === 'xml' ? (method ?? '') : method, error: body }, ERROR_STATUS[body.code]);
}

export type ResponseOutcome<M extends MethodName> = { ok: true; result: Result<M> } | { ok: false; error: ErrorBody };

/** Thrown by decodeResponse when a body is not a Command API response at all. */
export class ResponseFormatError extends Error {
  override name = 'ResponseFormatError';
}

/** Client side: reads an envelope and validates a success result against the method's schema. */
export function decodeResponse<M extends MethodName>(format: Format, method: M, body: string): ResponseOutcome<M> {
  let doc: Record<string, unknown>;
  try {
    if (format === 'xml') {
      // An answer is the server's own and may be long (50,000 invoices): no element budget.
      const parsed = parseXml(body, 64, Infinity);
      doc = parsed.response as Record<string, unknown>;
    } else {
      doc = JSON.parse(body) as Record<string, unknown>;
    }
  } catch (e) {
    throw new ResponseFormatError(`The server's answer is not a readable ${format.toUpperCase()} response: ${(e as Error).message}`);
  }
  if (!doc || typeof doc !== 'object') throw new ResponseFormatError('The server answered without a response envelope.');
  if (doc.status === 'success') {
    let shaped: unknown;
    try {
      shaped = shape(doc.result ?? {}, METHODS[method].result, format === 'xml');
    } catch (e) {
      throw new ResponseFormatError(`The server's ${method} result could not be read: ${(e as Error).message}`);
    }
    const r = METHODS[method].result.safeParse(shaped);
    if (!r.success) {
      throw new ResponseFormatError(`The server's ${method} result does not match the protocol: ${summary(method, issuesToDetails(r.error))}`);
    }
    return { ok: true, result: r.data as Result<M> };
  }
  if (doc.status === 'error' && doc.error && typeof doc.error === 'object') {
    const e = doc.error as Record<string, unknown>;
    const code: ErrorCode = isErrorCode(e.code) ? e.code : 'INTERNAL_ERROR';
    const rawDetails = e.details;
    let list: unknown[] = [];
    if (Array.isArray(rawDetails)) list = rawDetails;
    else if (rawDetails && typeof rawDetails === 'object') {
      const d = (rawDetails as Record<string, unknown>).detail;
      list = Array.isArray(d) ? d : d ? [d] : [];
    }
    const details = list
      .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
      .map((d) => ({ field: String(d.field ?? ''), message: String(d.message ?? '') }));
    const error: ErrorBody = { code, message: String(e.message ?? 'The server reported an error.'), details };
    const why = parseReason(e.reason, e.figures);
    if (why) {
      error.reason = why.reason;
      error.figures = why.figures as Record<string, unknown>;
    }
    return { ok: false, error };
  }
  throw new ResponseFormatError('The server answered with an unknown response status.');
}
