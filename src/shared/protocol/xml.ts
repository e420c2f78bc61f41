/**
 * The safe XML layer: one linear pass that checks a body is well-formed XML 1.0 and builds the
 * plain-object tree the codec shapes. It refuses what makes XML dangerous or ambiguous: DOCTYPE and
 * entity declarations (no XXE, no billion laughs), entity references other than the five
 * predefined ones, character references to characters XML does not allow (&#0;, &#xD800;,
 * &#x110000;), a bare `&` or `<` in text, raw control characters and lone surrogates, nesting
 * deeper than the cap, unbalanced or mismatched tags, more than one root, and element names that
 * would reach or shadow Object.prototype (RESERVED_NAMES). Every refusal names line and column.
 *
 * The tree is the one fast-xml-parser gave before (ignoreAttributes, parseTagValue off, trimmed
 * values): text as strings, repeated elements as arrays, an empty element as "", text beside
 * child elements under "#text". Parsing it here rather than there keeps the pass linear and cheap
 * enough for a 5 MiB body (fast-xml-parser took 350 ms for 5 MB of plain text), and the element
 * and reference counts are capped so no body can make the pass expensive.
 */
import { malformed, ProtocolError } from './errors';
import { RESERVED_NAMES } from './lists';
import { MAX_REQUEST_TEXT, textOverLimit } from './shape';
import { runAsync, runSync, type Steps } from './steps';
import { where, XmlReader, type XmlSink } from './xmlReader';

export const XML_MAX_DEPTH = 32;
/** Elements, attributes, comments and references one request may hold; a 10,000-line order of 6 fields needs 70,000. */
export const XML_MAX_NODES = 100_000;
/** Longest element or attribute name (field names are short; a 10,000-character one is an attack). */
export const XML_MAX_NAME = 200;
/** Attributes one tag may have in a request; commands use none, and they are ignored. */
export const XML_MAX_ATTRIBUTES = 1000;

/**
 * Characters XML 1.0 does not allow anywhere (§2.2): C0 controls other than tab, LF and CR,
 * U+FFFE/U+FFFF, and UTF-16 halves without their partner (a lone surrogate). One native scan, before
 * saxes reads anything, so such a body is refused with the character named.
 */
// eslint-disable-next-line no-control-regex -- matching exactly those characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a code point is an XML 1.0 Char (§2.2), i.e. may be written as a character reference. */
export function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

export function position(s: string, index: number): string {
  return runSync(positionSteps(s, index));
}

/** Newlines counted between two yields of positionSteps. */
const LINES_PER_STEP = 64 * 1024;

/**
 * Line and column of `index`, a slice at a time: a 5 MiB body of newlines holds five million
 * lines, and counting them took about 100 ms in one piece.
 */
function* positionSteps(s: string, index: number): Steps<string> {
  let line = 1;
  let last = -1;
  for (let i = s.indexOf('\n'); i !== -1 && i < index; i = s.indexOf('\n', i + 1)) {
    line++;
    last = i;
    if (line % LINES_PER_STEP === 0) yield;
  }
  return `line ${line}, column ${index - last}`;
}

// A refusal's place is a mark in its message (xmlReader.ts, where): parseXmlSteps replaces the
// marks with line and column, counted in slices (placed).
// eslint-disable-next-line no-control-regex -- the mark is made of NUL precisely because no message holds one
const MARK = /\u0000(\d+)\u0000/;

/** The refusal `e` with its marks replaced by line and column. */
function* placed(s: string, e: unknown): Steps<unknown> {
  if (!(e instanceof ProtocolError)) return e;
  let message = e.message;
  for (let m = MARK.exec(message); m; m = MARK.exec(message)) {
    const at = yield* positionSteps(s, Number(m[1]));
    message = message.replace(m[0], at);
  }
  return message === e.message ? e : new ProtocolError(e.code, message, e.details);
}

const hex4 = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Characters checked per step of badCharacter. */
const CHAR_SLICE = 256 * 1024;
const NOT_XML_CHAR_G = new RegExp(NOT_XML_CHAR.source, 'g');

/**
 * The first character XML 1.0 does not allow, as a MALFORMED_REQUEST, or null; a slice at a time.
 * Each slice reads one character on either side, so a surrogate pair across the cut is seen whole;
 * a match in that margin is the neighbouring slice's to report.
 */
function* badCharacter(s: string): Steps<Error | null> {
  const n = s.length;
  for (let off = 0; off < n; off += CHAR_SLICE) {
    const from = Math.max(0, off - 1);
    const piece = s.slice(from, Math.min(n, off + CHAR_SLICE + 1));
    NOT_XML_CHAR_G.lastIndex = 0;
    for (let m = NOT_XML_CHAR_G.exec(piece); m; m = NOT_XML_CHAR_G.exec(piece)) {
      const at = from + m.index;
      if (at < off || at >= off + CHAR_SLICE) continue;
      const c = s.charCodeAt(at);
      const what = c >= 0xd800 && c <= 0xdfff ? `a lone surrogate (${hex4(c)})` : `the character ${hex4(c)}`;
      return malformed(`XML is not well-formed: ${what} at ${where(at)} is not allowed in XML 1.0; remove it or send the text without control characters.`);
    }
    yield;
  }
  return null;
}

/** One open element while its content is read. */
interface Frame {
  name: string;
  /** Child elements by name (an array once a name repeats); null until the first child. */
  children: Record<string, unknown> | null;
  /** Distinct child names so far, and their cap (none for answers). */
  names: number;
  maxNames: number;
  /** Where its start tag is, for "not closed". */
  at: number;
  /** Its text so far, from the first piece that is not blank to the last. */
  text: string;
  /** Blank pieces after the last one that is not: kept out of `text` (and its trim) until more text follows. */
  blank: string;
}

const BLANK = /^[ \t\n\r]*$/;

/**
 * Adds a piece of character data to an element's text. Blank pieces wait in `blank`: the value is
 * trimmed, and trimming 5 MiB of whitespace between two fields took 8 ms in one piece.
 */
function addText(f: Frame, piece: string): void {
  if (BLANK.test(piece)) {
    if (f.text !== '') f.blank += piece;
    return;
  }
  if (f.blank !== '') {
    f.text += f.blank;
    f.blank = '';
  }
  f.text += piece;
}

/**
 * Different child names one element may have: a request's method has a few dozen fields, and an
 * element with 100,000 differently named children turns its object into a slow dictionary.
 */
export const XML_MAX_CHILD_NAMES = 1000;

function addChild(parent: Frame, name: string, value: unknown): void {
  const kids = (parent.children ??= {});
  if (!Object.prototype.hasOwnProperty.call(kids, name)) {
    if (++parent.names > parent.maxNames) {
      throw malformed(`XML element <${parent.name}> has more than ${XML_MAX_CHILD_NAMES} differently named child elements; a command has a few dozen fields.`);
    }
    kids[name] = value;
  }
  else {
    const prev = kids[name];
    if (Array.isArray(prev)) prev.push(value);
    else kids[name] = [prev, value];
  }
}

function valueOf(f: Frame): unknown {
  const text = f.text.trim();
  if (f.children === null) return text;
  if (text !== '') f.children['#text'] = text;
  return f.children;
}

/**
 * Checks that `s` is well-formed XML 1.0 within the caps and returns its tree: `{ root: value }`.
 * Throws MALFORMED_REQUEST naming line and column.
 */
export function parseXml(s: string, maxDepth = XML_MAX_DEPTH, maxNodes = XML_MAX_NODES, reservedMethod?: (name: string) => Error): Record<string, unknown> {
  return runSync(parseXmlSteps(s, maxDepth, maxNodes, reservedMethod));
}

/**
 * The tree of one body as saxes reads it (xmlReader.ts), with the server's caps: depth, the node
 * budget (elements, attributes, comments and instructions, references), names, attributes, text.
 */
class TreeSink implements XmlSink {
  readonly stack: Frame[] = [];
  rootName: string | null = null;
  rootValue: unknown = undefined;
  private nodes: number;
  /** Requests carry the text and attribute caps; answers (no node budget) are the server's own and carry none. */
  private readonly limited: boolean;
  private readonly maxText: number;
  private attributes = 0;

  constructor(
    private readonly s: string,
    private readonly maxDepth: number,
    maxNodes: number,
    private readonly reservedMethod: ((name: string) => Error) | undefined,
  ) {
    this.nodes = maxNodes;
    this.limited = maxNodes !== Infinity;
    this.maxText = this.limited ? MAX_REQUEST_TEXT : Infinity;
  }

  private spend(at: number): void {
    if (--this.nodes < 0) throw malformed(`XML has more elements, attributes and references than a request may hold (the limit is reached at ${where(at)}); send fewer rows per call.`);
  }

  openStart(name: string, at: number): void {
    const stack = this.stack;
    if (name.length > XML_MAX_NAME) throw malformed(`XML element name at ${where(at)} is longer than ${XML_MAX_NAME} characters.`);
    if (RESERVED_NAMES.has(name)) {
      // Directly under the root stands the method: a reserved name there is an unknown method.
      if (this.reservedMethod && stack.length === 1) throw this.reservedMethod(name);
      throw malformed(`XML element name "${name}" is not allowed (${where(at)}).`);
    }
    this.spend(at);
    if (stack.length === 0) {
      if (this.rootName !== null) throw malformed(`XML has more than one root element (${where(at)}).`);
      this.rootName = name;
    }
    this.attributes = 0;
    stack.push({ name, children: null, names: 0, maxNames: this.limited ? XML_MAX_CHILD_NAMES : Infinity, at, text: '', blank: '' });
    if (stack.length > this.maxDepth) throw malformed(`XML is nested deeper than ${this.maxDepth} levels (${where(at)}).`);
  }

  attribute(tag: string, name: string, value: string, at: number): void {
    const open = this.stack[this.stack.length - 1]!;
    if (name.length > XML_MAX_NAME) throw malformed(`XML is not well-formed: tag <${tag}> has a malformed attribute at ${where(at)}; write attributes as name="value".`);
    if (this.limited && ++this.attributes > XML_MAX_ATTRIBUTES) throw malformed(`XML tag <${tag}> has more than ${XML_MAX_ATTRIBUTES} attributes (${where(open.at)}); commands use none.`);
    // As written: the value holds no quote of its kind, so its opening quote is the last one before its end.
    const opened = this.limited ? this.s.lastIndexOf(this.s[at]!, at - 1) : at;
    if (at - opened - 1 > MAX_REQUEST_TEXT) {
      throw malformed(`XML attribute value at ${where(opened)} is longer than ${MAX_REQUEST_TEXT} characters; commands use no attributes.`);
    }
    this.spend(at);
  }

  openEnd(selfClosing: boolean): void {
    if (selfClosing) this.end();
  }

  close(name: string, at: number): void {
    const open = this.stack[this.stack.length - 1];
    if (!open) throw malformed(`XML closing tag </${name}> has no opening tag (${where(at)}).`);
    if (open.name !== name) throw malformed(`XML closing tag </${name}> does not match <${open.name}> (${where(at)}).`);
    this.end();
  }

  private end(): void {
    const open = this.stack.pop()!;
    const value = valueOf(open);
    const parent = this.stack[this.stack.length - 1];
    if (parent) addChild(parent, open.name, value);
    else this.rootValue = value;
  }

  text(text: string): void {
    const top = this.stack[this.stack.length - 1];
    if (top) addText(top, text);
  }

  cdata(text: string): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) return;
    // Its text is taken whole: one longer than a value may be is refused before it is looked at.
    if (text.length > this.maxText) textOverLimit(top.name);
    addText(top, text);
  }

  other(at: number): void {
    this.spend(at);
  }

  reference(at: number, pending: number, inText: boolean): void {
    this.spend(at);
    // A text of a million references stops being decoded once it is over what a value may be.
    const top = this.stack[this.stack.length - 1];
    if (inText && top && pending > this.maxText) textOverLimit(top.name);
  }
}

/** Characters handed to saxes per step: about a millisecond of its work at most. */
const CHUNK = 16 * 1024;

/** parseXml in slices, the event loop free between them (steps.ts). */
export function parseXmlAsync(s: string, maxDepth = XML_MAX_DEPTH, maxNodes = XML_MAX_NODES, reservedMethod?: (name: string) => Error): Promise<Record<string, unknown>> {
  return runAsync(parseXmlSteps(s, maxDepth, maxNodes, reservedMethod));
}

/** The pass of parseXml as steps. */
export function* parseXmlSteps(s: string, maxDepth = XML_MAX_DEPTH, maxNodes = XML_MAX_NODES, reservedMethod?: (name: string) => Error): Steps<Record<string, unknown>> {
  try {
    return yield* passSteps(s, maxDepth, maxNodes, reservedMethod);
  } catch (e) {
    throw yield* placed(s, e);
  }
}

function* passSteps(s: string, maxDepth: number, maxNodes: number, reservedMethod: ((name: string) => Error) | undefined): Steps<Record<string, unknown>> {
  const badChar = yield* badCharacter(s);
  if (badChar) throw badChar;
  // Every element, comment and instruction opens with "<" (an element's end tag too): far more of
  // them than the budget allows is refused before any tree is built.
  if (maxNodes !== Infinity && s.length > 2 * maxNodes) {
    let opens = 0;
    for (let k = s.indexOf('<'); k !== -1; k = s.indexOf('<', k + 1)) {
      if ((opens & 0xffff) === 0) yield;
      if (++opens > 2 * maxNodes + 2) throw malformed(`XML has more elements than a request may hold (over ${maxNodes}); send fewer rows per call.`);
    }
  }
  const sink = new TreeSink(s, maxDepth, maxNodes, reservedMethod);
  const reader = new XmlReader(s, sink);
  for (let at = 0; at < s.length; at += CHUNK) {
    reader.write(at, Math.min(s.length, at + CHUNK));
    yield;
  }
  const unclosed = reader.unclosed();
  if (unclosed) throw unclosed;
  const { stack } = sink;
  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    throw malformed(`XML element <${open.name}> opened at ${where(open.at)} is not closed.`);
  }
  reader.end();
  if (sink.rootName === null) throw malformed('XML body has no root element.');
  return { [sink.rootName]: sink.rootValue };
}

/** Checks structure and returns the root element's name. Throws MALFORMED_REQUEST. */
export function scanXml(s: string, maxDepth = XML_MAX_DEPTH): string {
  return Object.keys(parseXml(s, maxDepth))[0]!;
}

// Values are only ever written as element text, where a quote needs no escape (`&quot;` in every
// message with a quoted value was noise for whoever reads the XML).
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// Control characters other than tab, LF and CR cannot appear in XML 1.0 at all.
// eslint-disable-next-line no-control-regex -- matching exactly those characters is the point
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>]/g, (c) => ESC[c]!);
}

/** The element name of a list's children, from the list's name and the name of the element holding the list. */
export type ChildName = (key: string, parent: string | undefined) => string;

/**
 * Writes a value as XML elements. Arrays become a container with repeated children named by
 * `childName` (`items` → `item`); arrays of strings inside custom fields become `node` children.
 */
export function buildXml(name: string, value: unknown, childName: ChildName, out: string[] = [], parent?: string): string[] {
  if (value === undefined) return out;
  if (value === null || value === '') {
    out.push(`<${name}/>`);
  } else if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push(`<${name}/>`);
    } else {
      out.push(`<${name}>`);
      const child = childName(name, parent);
      for (const v of value) buildXml(child, v, childName, out, name);
      out.push(`</${name}>`);
    }
  } else if (typeof value === 'object') {
    out.push(`<${name}>`);
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) buildXml(k, v, childName, out, name);
    out.push(`</${name}>`);
  } else {
    out.push(`<${name}>${escapeXml(String(value))}</${name}>`);
  }
  return out;
}
