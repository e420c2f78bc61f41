/**
 * The safe XML layer. Before fast-xml-parser sees a body, one linear scan rejects what makes XML
 * dangerous or ambiguous: DOCTYPE and entity declarations (no XXE, no billion laughs), nesting
 * deeper than the cap, unbalanced or mismatched tags, more than one root, and element names that
 * would reach or shadow Object.prototype (RESERVED_NAMES). The scan also yields line/column
 * positions for clear messages.
 */
import { XMLParser } from 'fast-xml-parser';
import { malformed } from './errors';
import { RESERVED_NAMES } from './lists';

export const XML_MAX_DEPTH = 32;

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f; // /
const BANG = 0x21; // !
const QUESTION = 0x3f; // ?
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const WHITESPACE = /\s/;

/** A letter, `_` or any character from U+00C0 up (the scanner's notion of a name start). */
function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c >= 0xc0;
}

/** Ends a tag name: whitespace, `/`, `>` (or a stray `<`, reported as an unclosed tag). */
function endsName(s: string, c: number, j: number): boolean {
  if (c === GT || c === SLASH || c === LT || c === 0x20 || (c >= 0x09 && c <= 0x0d)) return true;
  return c > 0x7f && WHITESPACE.test(s[j]!);
}

function position(s: string, index: number): string {
  let line = 1;
  let last = -1;
  for (let i = s.indexOf('\n'); i !== -1 && i < index; i = s.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return `line ${line}, column ${index - last}`;
}

/** Checks structure and returns the root element's name. Throws MALFORMED_REQUEST. */
export function scanXml(s: string, maxDepth = XML_MAX_DEPTH): string {
  const stack: string[] = [];
  let root: string | null = null;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const lt = s.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (stack.length === 0 && textEnd > i && s.slice(i, textEnd).trim() !== '') {
      throw malformed(`XML has text outside the root element at ${position(s, i)}.`);
    }
    if (lt === -1) break;
    const next = s.charCodeAt(lt + 1);
    if (next === BANG) {
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('-->', lt + 4);
        if (end === -1) throw malformed(`XML comment is not closed (${position(s, lt)}).`);
        i = end + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        if (stack.length === 0) throw malformed(`XML has a CDATA section outside the root element (${position(s, lt)}).`);
        const end = s.indexOf(']]>', lt + 9);
        if (end === -1) throw malformed(`XML CDATA section is not closed (${position(s, lt)}).`);
        i = end + 3;
      } else {
        throw malformed(`XML DOCTYPE and entity declarations are not allowed (${position(s, lt)}); send the command without them.`);
      }
    } else if (next === QUESTION) {
      const end = s.indexOf('?>', lt + 2);
      if (end === -1) throw malformed(`XML declaration is not closed (${position(s, lt)}).`);
      i = end + 2;
    } else {
      const closing = next === SLASH;
      const nameStart = lt + (closing ? 2 : 1);
      let j = nameStart;
      while (j < n && !endsName(s, s.charCodeAt(j), j)) j++;
      if (j === nameStart || !isNameStart(s.charCodeAt(nameStart))) throw malformed(`XML has an invalid tag at ${position(s, lt)}.`);
      const name = s.slice(nameStart, j);
      if (RESERVED_NAMES.has(name)) throw malformed(`XML element name "${name}" is not allowed (${position(s, lt)}).`);
      // Find the end of the tag, skipping quoted attribute values that may contain '>'.
      let quote = 0;
      for (; j < n; j++) {
        const c = s.charCodeAt(j);
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === GT) break;
        else if (c === DQUOTE || c === SQUOTE) quote = c;
        else if (c === LT) throw malformed(`XML tag <${name}> is not closed (${position(s, lt)}).`);
      }
      if (j >= n) throw malformed(`XML tag <${name}> is not closed (${position(s, lt)}).`);
      const selfClosing = !closing && s.charCodeAt(j - 1) === SLASH;
      if (closing) {
        const open = stack.pop();
        if (open !== name) {
          throw malformed(
            open
              ? `XML closing tag </${name}> does not match <${open}> (${position(s, lt)}).`
              : `XML closing tag </${name}> has no opening tag (${position(s, lt)}).`,
          );
        }
      } else {
        if (stack.length === 0) {
          if (root !== null) throw malformed(`XML has more than one root element (${position(s, lt)}).`);
          root = name;
        }
        if (!selfClosing) {
          stack.push(name);
          if (stack.length > maxDepth) throw malformed(`XML is nested deeper than ${maxDepth} levels (${position(s, lt)}).`);
        }
      }
      i = j + 1;
    }
  }
  if (stack.length > 0) throw malformed(`XML element <${stack[stack.length - 1]}> is not closed.`);
  if (root === null) throw malformed('XML body has no root element.');
  return root;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  // Numeric character references (&#233; &#xE9;) are XML; fast-xml-parser decodes them only with
  // this flag, which also accepts HTML's named entities (&nbsp;). DOCTYPE entities never get here.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** Parses scanned XML into plain objects: text as strings, repeated elements as arrays, empty as "". */
export function parseXml(s: string, maxDepth = XML_MAX_DEPTH): Record<string, unknown> {
  scanXml(s, maxDepth);
  try {
    return parser.parse(s) as Record<string, unknown>;
  } catch (e) {
    throw malformed(`XML is not well-formed: ${(e as Error).message.replace(/\.?$/, '.')}`);
  }
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Control characters other than tab, LF and CR cannot appear in XML 1.0 at all.
// eslint-disable-next-line no-control-regex -- matching exactly those characters is the point
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>"]/g, (c) => ESC[c]!);
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
