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

export const XML_MAX_DEPTH = 32;
/** Elements, attributes, comments and references one request may hold; a 10,000-line order of 6 fields needs 70,000. */
export const XML_MAX_NODES = 100_000;
/** Longest element or attribute name (field names are short; a 10,000-character one is an attack). */
export const XML_MAX_NAME = 200;
/** Attributes one tag may have in a request; commands use none, and they are ignored. */
export const XML_MAX_ATTRIBUTES = 1000;

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f; // /
const EQ = 0x3d; // =
const DQUOTE = 0x22;
const SQUOTE = 0x27;

/**
 * Characters XML 1.0 does not allow anywhere (§2.2): C0 controls other than tab, LF and CR,
 * U+FFFE/U+FFFF, and UTF-16 halves without their partner (a lone surrogate). One native scan.
 */
// eslint-disable-next-line no-control-regex -- matching exactly those characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A letter, `_`, `:` or any character from U+00C0 up (XML's NameStartChar, without its finer holes). */
function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0xc0;
}

/** NameChar: a start character, a digit, `-`, `.` or U+00B7. */
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0xb7;
}

const NON_SPACE = /[^ \t\n\r]/g;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

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

/**
 * Where a refusal stands, as a mark in its message (NUL cannot occur in a message: the body's
 * control characters are refused first). The pass throws at once and parseXmlSteps replaces the
 * marks with line and column, counted in slices (placed).
 */
const where = (index: number) => `\u0000${index}\u0000`;
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

/** Steps between two yields of the loops below. */
const STEP = 4096;

// No prototype: `&toString;` must not find Object.prototype's function and write its source into the text.
const PREDEFINED: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" });

/**
 * The pass's state: the text, the element/reference budget, and where the next `&` and `<`
 * are. Those are looked up once and reused until passed (indexOf from every text segment to a far
 * occurrence would make the pass quadratic).
 */
class Cursor {
  private amp = -2;
  private lt = -2;
  constructor(
    readonly s: string,
    private nodes: number,
  ) {}

  private next(cached: number, what: string, from: number): number {
    if (cached >= from || cached === -1) return cached;
    return this.s.indexOf(what, from);
  }
  /** Index of the next `&` at or after `from`, or -1. */
  nextAmp(from: number): number {
    return (this.amp = this.next(this.amp, '&', from));
  }
  nextLt(from: number): number {
    return (this.lt = this.next(this.lt, '<', from));
  }

  /** Nodes spent so far, budget or none: what a slice of the pass has done. */
  work = 0;

  spend(at: number): void {
    this.work++;
    if (--this.nodes < 0) throw malformed(`XML has more elements, attributes and references than a request may hold (the limit is reached at ${where(at)}); send fewer rows per call.`);
  }
}

/** Value of one hex or decimal digit, or -1. */
function digit(c: number, hex: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!hex) return -1;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/**
 * Decodes the references in s[from, to), refusing any that is not one of the five predefined
 * entities or a character reference to a legal XML character. Stops as soon as the text is longer
 * than `maxText` (the text of element `field`): a text of a million references is refused after
 * the first 20,000, not decoded whole first.
 */
function decodeRefs(cur: Cursor, from: number, to: number, maxText: number, field: string): string {
  const s = cur.s;
  let out = '';
  let i = from;
  for (let amp = cur.nextAmp(i); amp !== -1 && amp < to; amp = cur.nextAmp(i)) {
    cur.spend(amp);
    // References are short: `&#x10FFFF;` is the longest legal one; anything longer is a bare `&`.
    let semi = amp + 1;
    const limit = Math.min(to, amp + 12);
    while (semi < limit && s.charCodeAt(semi) !== 0x3b) semi++;
    if (semi >= limit) throw malformed(`XML is not well-formed: a bare "&" at ${where(amp)}; write it as &amp;.`);
    let ch: string | undefined;
    if (s.charCodeAt(amp + 1) === 0x23) {
      // Digits read by hand: a regular expression and parseInt per reference cost five times as much.
      const hex = s.charCodeAt(amp + 2) === 0x78;
      let k = amp + (hex ? 3 : 2);
      let cp = k < semi ? 0 : -1;
      for (; k < semi && cp >= 0; k++) {
        const d = digit(s.charCodeAt(k), hex);
        cp = d < 0 ? -1 : cp * (hex ? 16 : 10) + d;
      }
      if (!isXmlChar(cp)) {
        throw malformed(`XML is not well-formed: the character reference &${s.slice(amp + 1, semi)}; at ${where(amp)} is not a character XML 1.0 allows.`);
      }
      ch = cp < 0x10000 ? String.fromCharCode(cp) : String.fromCodePoint(cp);
    } else {
      const ref = s.slice(amp + 1, semi);
      ch = PREDEFINED[ref];
      if (ch === undefined) {
        const shown = /^[A-Za-z_:][\w.:-]*$/.test(ref) ? `the entity reference &${ref};` : 'a bare "&"';
        throw malformed(`XML is not well-formed: ${shown} at ${where(amp)} is not one of &amp; &lt; &gt; &quot; &apos;; write a literal "&" as &amp;.`);
      }
    }
    // The reference is checked first: a malformed body is MALFORMED_REQUEST however long its text.
    if (out.length + (amp - i) + ch.length > maxText) textOverLimit(field);
    out += amp > i ? s.slice(i, amp) + ch : ch;
    i = semi + 1;
  }
  if (out.length + (to - i) > maxText) textOverLimit(field);
  return out + s.slice(i, to);
}

/**
 * Checks character data s[from, to) of element `field`: no `]]>` and only legal references.
 * Returns it decoded (refused once longer than maxText, if it has references to decode).
 */
function textOf(cur: Cursor, from: number, to: number, maxText: number, field: string): string {
  // "]]>" is found by its ">" (rare in text): a search for "]]>" itself crawls through text full of "]".
  const s = cur.s;
  for (let gt = s.indexOf('>', from); gt !== -1 && gt < to; gt = s.indexOf('>', gt + 1)) {
    // Each ">" in text counts against the budget: 5 MB of them would be 5 million steps here.
    cur.spend(gt);
    // Before `from` stands either the same text (read in pieces) or a tag's ">": never "]".
    if (s.charCodeAt(gt - 1) === 0x5d && s.charCodeAt(gt - 2) === 0x5d) {
      throw malformed(`XML is not well-formed: "]]>" in text at ${where(gt - 2)}; write ">" as &gt;.`);
    }
  }
  const amp = cur.nextAmp(from);
  return amp === -1 || amp >= to ? cur.s.slice(from, to) : decodeRefs(cur, from, to, maxText, field);
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

// Plain functions, not closures made per tag: a closure per element is measurable at 200,000 elements.
function unclosedTag(s: string, name: string, at: number): Error {
  return malformed(`XML tag <${name}> is not closed (${where(at)}).`);
}

function badAttribute(s: string, name: string, at: number): Error {
  return malformed(`XML is not well-formed: tag <${name}> has a malformed attribute at ${where(at)}; write attributes as name="value".`);
}

/**
 * Skips the attributes of a start tag from `j` and returns the index of its `>`: each must be
 * `name="value"` (or single quotes) with no `<` in the value and only legal references. A request
 * (`limited`) may give a tag at most XML_MAX_ATTRIBUTES of them, each value at most
 * MAX_REQUEST_TEXT long: 5 MiB of attributes in one tag would be one long step of the pass.
 */
function skipAttributes(cur: Cursor, j: number, name: string, at: number, limited: boolean): number {
  const s = cur.s;
  const n = s.length;
  for (let count = 0; ; count++) {
    const start = j;
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    if (j >= n) throw unclosedTag(s, name, at);
    const c = s.charCodeAt(j);
    if (c === GT) return j;
    if (c === SLASH) {
      if (s.charCodeAt(j + 1) !== GT) throw badAttribute(s, name, j);
      return j + 1;
    }
    if (c === LT) throw unclosedTag(s, name, at);
    if (j === start || !isNameStart(c)) throw badAttribute(s, name, j);
    if (limited && count >= XML_MAX_ATTRIBUTES) throw malformed(`XML tag <${name}> has more than ${XML_MAX_ATTRIBUTES} attributes (${where(at)}); commands use none.`);
    const nameEnd = Math.min(n, j + XML_MAX_NAME + 1);
    while (j < nameEnd && isNameChar(s.charCodeAt(j))) j++;
    if (j === nameEnd) throw badAttribute(s, name, j);
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    if (s.charCodeAt(j) !== EQ) throw badAttribute(s, name, j);
    j++;
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    const q = s.charCodeAt(j);
    if (q !== DQUOTE && q !== SQUOTE) throw badAttribute(s, name, j);
    // The value ends at its quote; it may not hold "<", so the next "<" bounds the search.
    cur.spend(j);
    const lt = cur.nextLt(j + 1);
    const stop = lt === -1 ? n : lt;
    let end = s.indexOf(q === DQUOTE ? '"' : "'", j + 1);
    if (end === -1) end = n;
    if (end >= stop) {
      throw lt === -1 ? unclosedTag(s, name, at) : malformed(`XML is not well-formed: "<" inside an attribute value at ${where(lt)}; write it as &lt;.`);
    }
    if (limited && end - j - 1 > MAX_REQUEST_TEXT) {
      throw malformed(`XML attribute value at ${where(j)} is longer than ${MAX_REQUEST_TEXT} characters; commands use no attributes.`);
    }
    decodeRefs(cur, j + 1, end, Infinity, name);
    j = end + 1;
  }
}

/**
 * Checks that `s` is well-formed XML 1.0 within the caps and returns its tree: `{ root: value }`.
 * Throws MALFORMED_REQUEST naming line and column.
 */
export function parseXml(s: string, maxDepth = XML_MAX_DEPTH, maxNodes = XML_MAX_NODES, reservedMethod?: (name: string) => Error): Record<string, unknown> {
  return runSync(parseXmlSteps(s, maxDepth, maxNodes, reservedMethod));
}

/** The state of one parse between slices. */
interface Pass {
  s: string;
  cur: Cursor;
  stack: Frame[];
  rootName: string | null;
  rootValue: unknown;
  i: number;
  maxDepth: number;
  maxNodes: number;
  /** Longest text with references one element may have (requests); Infinity for answers. */
  maxText: number;
  reservedMethod: ((name: string) => Error) | undefined;
}

/** Characters of text outside the root checked per slice (it may be 5 MiB of whitespace). */
const OUTSIDE_CHUNK = 256 * 1024;
/** Characters of one text read per slice. */
const TEXT_CHUNK = 256 * 1024;

/**
 * Up to `limit` tags of the pass; true when the body is read to its end. A plain function, not the
 * generator itself: V8 optimises a long loop inside a generator only on a later call, and a 1 MB
 * body read cold in the interpreter cost six times as much.
 */
function advance(p: Pass, limit: number): boolean {
  const { s, cur, stack, maxDepth, maxNodes, reservedMethod } = p;
  const n = s.length;
  let i = p.i;
  // A slice ends after `limit` tags or nodes spent (elements, attributes, references), whichever
  // first: one text of 20,000 references is as much work as 20,000 tags.
  const spent = cur.work;
  for (let steps = 0; i < n && steps + cur.work - spent < limit; steps++) {
    const lt = cur.nextLt(i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      const top = stack[stack.length - 1];
      if (top) {
        // A long text is read a slice at a time, never cut inside a reference (at most 12 characters).
        let stop = Math.min(textEnd, i + TEXT_CHUNK);
        if (stop < textEnd) {
          const amp = s.lastIndexOf('&', stop - 1);
          if (amp > stop - 12) stop = amp;
        }
        addText(top, textOf(cur, i, stop, p.maxText, top.name));
        cur.work += (stop - i) >> 6;
        if (stop < textEnd) {
          i = stop;
          break;
        }
      }
      else {
        const stop = Math.min(textEnd, i + OUTSIDE_CHUNK);
        NON_SPACE.lastIndex = 0;
        const m = NON_SPACE.exec(s.slice(i, stop));
        if (m) throw malformed(`XML has text outside the root element at ${where(i + m.index)}.`);
        if (stop < textEnd) {
          // The rest of this whitespace in the next slice.
          i = stop;
          break;
        }
      }
    }
    if (lt === -1) {
      i = n;
      break;
    }
    const next = s.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      cur.spend(lt);
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('--', lt + 4);
        if (end === -1) throw malformed(`XML comment is not closed (${where(lt)}).`);
        if (s.charCodeAt(end + 2) !== GT) throw malformed(`XML is not well-formed: "--" inside a comment at ${where(end)}.`);
        i = end + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        const top = stack[stack.length - 1];
        if (!top) throw malformed(`XML has a CDATA section outside the root element (${where(lt)}).`);
        const end = s.indexOf(']]>', lt + 9);
        if (end === -1) throw malformed(`XML CDATA section is not closed (${where(lt)}).`);
        // Its text is taken whole: one longer than a value may be is refused before it is looked at.
        if (end - lt - 9 > p.maxText) textOverLimit(top.name);
        addText(top, s.slice(lt + 9, end));
        i = end + 3;
      } else {
        throw malformed(`XML DOCTYPE and entity declarations are not allowed (${where(lt)}); send the command without them.`);
      }
      continue;
    }
    if (next === 0x3f /* ? */) {
      cur.spend(lt);
      const end = s.indexOf('?>', lt + 2);
      if (end === -1) throw malformed(`XML declaration is not closed (${where(lt)}).`);
      let t = lt + 2;
      while (t < end && !isSpace(s.charCodeAt(t))) t++;
      const target = s.slice(lt + 2, t);
      if (!target || !isNameStart(target.charCodeAt(0))) throw malformed(`XML has an invalid processing instruction at ${where(lt)}.`);
      // The XML declaration may only open the document (after a byte order mark at most).
      if (target.toLowerCase() === 'xml' && s.slice(0, lt).replace(/^\uFEFF/, '') !== '') {
        throw malformed(`XML is not well-formed: the XML declaration at ${where(lt)} must be the very first thing in the body.`);
      }
      i = end + 2;
      continue;
    }
    const closing = next === SLASH;
    const nameStart = lt + (closing ? 2 : 1);
    let j = nameStart;
    if (!isNameStart(s.charCodeAt(j))) throw malformed(`XML has an invalid tag at ${where(lt)}.`);
    const nameEnd = Math.min(n, nameStart + XML_MAX_NAME + 1);
    while (j < nameEnd && isNameChar(s.charCodeAt(j))) j++;
    if (j - nameStart > XML_MAX_NAME) throw malformed(`XML element name at ${where(lt)} is longer than ${XML_MAX_NAME} characters.`);
    const name = s.slice(nameStart, j);
    if (RESERVED_NAMES.has(name)) {
      // Directly under the root stands the method: a reserved name there is an unknown method.
      if (reservedMethod && stack.length === 1 && !closing) throw reservedMethod(name);
      throw malformed(`XML element name "${name}" is not allowed (${where(lt)}).`);
    }
    if (closing) {
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n || s.charCodeAt(j) === LT) throw malformed(`XML tag </${name}> is not closed (${where(lt)}).`);
      if (s.charCodeAt(j) !== GT) throw malformed(`XML is not well-formed: closing tag </${name}> has extra content at ${where(j)}.`);
      const open = stack.pop();
      if (!open || open.name !== name) {
        throw malformed(
          open
            ? `XML closing tag </${name}> does not match <${open.name}> (${where(lt)}).`
            : `XML closing tag </${name}> has no opening tag (${where(lt)}).`,
        );
      }
      const value = valueOf(open);
      const parent = stack[stack.length - 1];
      if (parent) addChild(parent, name, value);
      else p.rootValue = value;
      i = j + 1;
      continue;
    }
    cur.spend(lt);
    const c = s.charCodeAt(j);
    if (j < n && c !== GT && c !== SLASH && !isSpace(c)) {
      throw malformed(c === LT ? `XML tag <${name}> is not closed (${where(lt)}).` : `XML has an invalid tag at ${where(lt)}.`);
    }
    const gt = skipAttributes(cur, j, name, lt, p.maxText !== Infinity);
    const selfClosing = s.charCodeAt(gt - 1) === SLASH;
    if (stack.length === 0) {
      if (p.rootName !== null) throw malformed(`XML has more than one root element (${where(lt)}).`);
      p.rootName = name;
    }
    if (selfClosing) {
      const parent = stack[stack.length - 1];
      if (parent) addChild(parent, name, '');
      else p.rootValue = '';
    } else {
      stack.push({ name, children: null, names: 0, maxNames: maxNodes === Infinity ? Infinity : XML_MAX_CHILD_NAMES, at: lt, text: '', blank: '' });
      if (stack.length > maxDepth) throw malformed(`XML is nested deeper than ${maxDepth} levels (${where(lt)}).`);
    }
    i = gt + 1;
  }
  p.i = i;
  return i >= n;
}

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
  const pass: Pass = { s, cur: new Cursor(s, maxNodes), stack: [], rootName: null, rootValue: undefined, i: 0, maxDepth, maxNodes, reservedMethod,
    // Requests carry the text cap; answers (no node budget) are the server's own and carry none.
    maxText: maxNodes === Infinity ? Infinity : MAX_REQUEST_TEXT,
  };
  while (!advance(pass, STEP)) yield;
  const { stack, rootName, rootValue } = pass;
  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    throw malformed(`XML element <${open.name}> opened at ${where(open.at)} is not closed.`);
  }
  if (rootName === null) throw malformed('XML body has no root element.');
  return { [rootName]: rootValue };
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
