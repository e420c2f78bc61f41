/**
 * The pre-scan of a JSON request before JSON.parse, which is one native call the server cannot
 * slice: it refuses, cheaply and a slice at a time, what would make JSON.parse (or what follows
 * it) slow. More than JSON_MAX_VALUES values (5 MB of `{},` builds 1.7 million objects), an object
 * of more than JSON_MAX_KEYS keys (a slow dictionary every later step walks), too many keys in wide
 * objects, over-long numbers, and a string longer than MAX_REQUEST_TEXT (a 5 MB string of escapes
 * cost JSON.parse 10 ms and more only to be refused afterwards), named by the key it stands under.
 * Counts `{`, `[` and `,` (at least one per value) and `:` per object, outside strings; linear.
 */
import { invalid, malformed } from './errors';
import { MAX_CUSTOM_FIELDS, MAX_REQUEST_TEXT, textOverLimit } from './shape';
import type { Steps } from './steps';

/** Values (objects, arrays and list entries) a JSON request may hold, as XML_MAX_NODES for XML. */
export const JSON_MAX_VALUES = 100_000;
/** Keys one JSON object of a request may have (a command has a few dozen fields), as XML_MAX_CHILD_NAMES. */
export const JSON_MAX_KEYS = 1000;
/**
 * Objects of more than WIDE_OBJECT keys may hold this many keys between them. JSON.parse builds a
 * wide object several times slower per key than a narrow one (100 objects of 1,000 keys took
 * 30 ms): a command has a few dozen fields, and custom_fields at most MAX_CUSTOM_FIELDS.
 */
export const JSON_MAX_WIDE_KEYS = 2000;
const WIDE_OBJECT = 100;
/** Longest number token: 100,000 numbers of 50 digits took JSON.parse 24 ms; no amount or id needs more. */
export const JSON_MAX_NUMBER_CHARS = 40;
/** Below this a body cannot hold enough to be slow to parse, and is not scanned. */
export const SCAN_FROM_CHARS = 8 * 1024;
/** Objects nested deeper than this are not followed for their key count (the shaping depth cap refuses them). */
const KEY_DEPTH = 64;
/** Longest key quoted when it names a value that is too long. */
const NAME_CHARS = 100;
/** Characters scanned between two yields. */
const SLICE_CHARS = 256 * 1024;

/**
 * Whether the JSON string token text[from, to) (between its quotes) decodes to more than `max`
 * UTF-16 units. Each escape (`\uXXXX` six characters, `\n` two) decodes to one unit, so at most
 * the first 6 × max characters are read, never a 5 MiB token whole.
 */
function decodesLongerThan(text: string, from: number, to: number, max: number): boolean {
  if (to - from <= max) return false;
  let units = 0;
  let i = from;
  for (let b = text.indexOf('\\', i); b !== -1 && b < to; b = text.indexOf('\\', i)) {
    units += b - i + 1;
    if (units > max) return true;
    i = b + (text.charCodeAt(b + 1) === 0x75 ? 6 : 2);
  }
  return units + (to - i) > max;
}

/** The scan's state between slices. */
class Scan {
  i = 0;
  values = 0;
  depth = 0;
  wideKeys = 0;
  numberChars = 0;
  // Per nesting level (up to KEY_DEPTH): keys so far, whether it is a list, and its current key.
  readonly keys = new Int32Array(KEY_DEPTH + 1);
  readonly isList = new Uint8Array(KEY_DEPTH + 1);
  readonly keyFrom = new Int32Array(KEY_DEPTH + 1);
  readonly keyTo = new Int32Array(KEY_DEPTH + 1);
  // The last string's content; a ":" after it makes it the current key.
  lastFrom = 0;
  lastTo = 0;
  /** Set when a string is left open: JSON.parse says so. */
  done = false;

  constructor(readonly text: string) {}

  /** The key a too-long string at the current depth stands under (a list's key for its entries). */
  nameHere(): string | undefined {
    let d = Math.min(this.depth, KEY_DEPTH);
    while (d >= 1 && this.isList[d] === 1) d--;
    if (d < 1 || this.keyTo[d]! < this.keyFrom[d]!) return undefined;
    return this.text.slice(this.keyFrom[d], Math.min(this.keyTo[d]!, this.keyFrom[d]! + NAME_CHARS));
  }
}

/**
 * Scans text[st.i, until) (a string may carry it past `until`). A plain function, not the
 * generator's own loop: V8 optimises a long loop inside a generator only on a later call, and the
 * first large body would be scanned in the interpreter (19 ms for 256 K characters on a busy machine).
 */
function scanSlice(st: Scan, until: number): void {
  const text = st.text;
  const n = text.length;
  let i = st.i;
  for (; i < until; i++) {
    const c = text.charCodeAt(i);
    // Digits, sign, point and exponent: the characters of a number (outside strings only "true" has one of them, its e).
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x2b || c === 0x65 || c === 0x45) {
      if (++st.numberChars > JSON_MAX_NUMBER_CHARS) throw invalid(`A number in the JSON body is longer than ${JSON_MAX_NUMBER_CHARS} characters; amounts, quantities and ids are short.`);
      continue;
    }
    st.numberChars = 0;
    if (c === 0x22) {
      // Skip the string to its closing quote: one not preceded by an odd run of backslashes.
      const open = i;
      for (;;) {
        const q = text.indexOf('"', i + 1);
        if (q === -1) {
          st.done = true;
          return;
        }
        let b = q - 1;
        while (text.charCodeAt(b) === 0x5c) b--;
        i = q;
        if ((q - b) % 2 === 1) break;
      }
      st.lastFrom = open + 1;
      st.lastTo = i;
      if (decodesLongerThan(text, st.lastFrom, st.lastTo, MAX_REQUEST_TEXT)) {
        let after = i + 1;
        while (after < n && text.charCodeAt(after) <= 0x20) after++;
        textOverLimit(text.charCodeAt(after) === 0x3a ? 'A field name' : st.nameHere());
      }
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      const d = ++st.depth;
      if (d <= KEY_DEPTH) {
        st.keys[d] = 0;
        st.isList[d] = c === 0x5b ? 1 : 0;
        st.keyFrom[d] = 0;
        st.keyTo[d] = -1;
      }
    } else if (c === 0x7d || c === 0x5d) st.depth--;
    else if (c === 0x3a) {
      const d = st.depth;
      if (d >= 1 && d <= KEY_DEPTH) {
        const k = ++st.keys[d]!;
        if (k > JSON_MAX_KEYS) throw invalid(`A JSON object in the body has more than ${JSON_MAX_KEYS} fields; a command has a few dozen. Check how the body is built.`);
        if (k > WIDE_OBJECT && ++st.wideKeys > JSON_MAX_WIDE_KEYS) {
          throw invalid(`The JSON body has more than ${JSON_MAX_WIDE_KEYS} fields in objects of over ${WIDE_OBJECT} fields; a command has a few dozen, and at most ${MAX_CUSTOM_FIELDS} custom fields. Check how the body is built.`);
        }
        st.keyFrom[d] = st.lastFrom;
        st.keyTo[d] = st.lastTo;
      }
      continue;
    } else if (c !== 0x2c) continue;
    if (++st.values > JSON_MAX_VALUES) throw malformed(`The JSON body holds more than ${JSON_MAX_VALUES} values; send fewer rows per call.`);
  }
  st.i = i;
}

/** The pre-scan of a JSON body, a slice at a time (steps.ts). Throws the refusal. */
export function* checkJsonValues(text: string): Steps<void> {
  const n = text.length;
  if (n <= SCAN_FROM_CHARS) return;
  const st = new Scan(text);
  for (;;) {
    scanSlice(st, Math.min(n, st.i + SLICE_CHARS));
    if (st.done || st.i >= n) return;
    yield;
  }
}
