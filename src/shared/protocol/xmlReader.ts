/**
 * The tokenising half of the XML reader: saxes (a strict, conformant XML 1.0 parser in plain
 * JavaScript, the one jsdom uses) decides what is well-formed; this module adds what saxes does not
 * say and the server needs, and words its refusals as the server's messages (docs/api.md, "Hostile
 * input") with the index of the offending character, which xml.ts turns into line and column.
 *
 * Three hooks into saxes's state machine, looked up by identity so a saxes that changed its
 * internals fails at load rather than parsing without them (the version is pinned in package.json):
 * - a DOCTYPE is refused at its `<!DOCTYPE`, before saxes reads any of it (no XXE, no billion
 *   laughs, no internal subset read at all);
 * - every reference is seen where its `&` stands (saxes reports it at its `;`, which for a bare `&`
 *   may be lines later) and counted against the node budget, and a text stops being decoded once it
 *   is over the text limit;
 * - a closing tag is checked against the open element before saxes pops anything, so a mismatch
 *   names both tags.
 */
import { SaxesParser, type SaxesOptions } from 'saxes';
import { malformed } from './errors';

/**
 * Where a refusal stands, as a mark in its message (NUL cannot occur in a message: the body's
 * control characters are refused first); xml.ts replaces the marks with line and column.
 */
export const where = (index: number) => `\u0000${index}\u0000`;

/** What the reader hands on; each may throw a refusal. */
export interface XmlSink {
  /** A start tag's name has been read; `at` is the index of its `<`. */
  openStart(name: string, at: number): void;
  /** One attribute of the start tag being read; `at` is the index just past its value. */
  attribute(tag: string, name: string, value: string, at: number): void;
  /** The start tag is complete (`<a …/>` when selfClosing: the element ends here). */
  openEnd(selfClosing: boolean): void;
  /** A closing tag `</name>`, before saxes checks it; `at` is the index of its `<`. */
  close(name: string, at: number): void;
  text(text: string): void;
  cdata(text: string): void;
  /** A comment or processing instruction; `at` is the index just past it. */
  other(at: number): void;
  /** A reference at `at` (its `&`) has been decoded; `pending` is the length of the text it belongs to so far. */
  reference(at: number, pending: number, inText: boolean): void;
}

/** saxes's fields and methods the hooks use (declared private in its types). */
interface Internals {
  state: number;
  stateTable: Array<() => void>;
  chunkPosition: number;
  i: number;
  prevI: number;
  text: string;
  name: string;
  entityReturnState: number | undefined;
  sEntity(): void;
  sDoctype(): void;
  closeTag(): void;
}

const Base = SaxesParser as unknown as new (opt: SaxesOptions) => Internals;

/**
 * saxes with the hooks as methods of a subclass: its state table is built from `this`, so it takes
 * them, and every parser has one shape (hooks set on each instance made saxes's own code several
 * times slower once it had seen both kinds).
 */
class Hooked extends Base {
  declare reader: XmlReader;

  override sDoctype(): void {
    this.reader.doctype();
  }

  override sEntity(): void {
    this.reader.entity();
  }

  override closeTag(): void {
    this.reader.closing();
  }

  superEntity(): void {
    super.sEntity();
  }

  superCloseTag(): void {
    super.closeTag();
  }
}

const probe = new Hooked({});
function stateOf(method: string): number {
  const k = (probe.stateTable as unknown[]).indexOf((SaxesParser.prototype as unknown as Record<string, unknown>)[method]);
  if (k < 0) throw new Error(`saxes has no state ${method}: the XML reader's hooks need the pinned saxes version`);
  return k;
}
const S_ENTITY = (probe.stateTable as unknown[]).indexOf(Hooked.prototype.sEntity);
if (S_ENTITY < 0 || (probe.stateTable as unknown[]).indexOf(Hooked.prototype.sDoctype) < 0) throw new Error('saxes has no sEntity or sDoctype state: the XML reader\'s hooks need the pinned saxes version');
const S_TEXT = stateOf('sText');
const S_OPEN_TAG = stateOf('sOpenTag');
const S_COMMENT = new Set(['sComment', 'sCommentEnding', 'sCommentEnded'].map(stateOf));
const S_CDATA = new Set(['sCData', 'sCDataEnding', 'sCDataEnding2'].map(stateOf));

/** saxes's messages for a start tag's attributes. */
const ATTRIBUTE_ERRORS = new Set([
  'attribute without value.',
  'disallowed character in attribute name.',
  'unquoted attribute value.',
  'no whitespace between attributes.',
  'forward-slash in opening tag not followed by >.',
]);

const NAME = /^[A-Za-z_:][\w.:-]*$/;
const CHAR_REF = /^#(?:[0-9]+|x[0-9a-fA-F]+)$/;
const clip = (t: string, n = 40) => (t.length > n ? `${t.slice(0, n)}…` : t);

/**
 * One pass over `s`: write() it a chunk at a time, then end(). Throws MALFORMED_REQUEST (with
 * where() marks) or whatever the sink throws.
 */
export class XmlReader {
  private readonly parser: SaxesParser;
  private readonly inner: Hooked;
  /** The `&` of the reference being read, or -1. */
  private amp = -1;
  /** The start tag being read (between its name and its `>`), for attribute refusals. */
  private tag: string | null = null;
  private tagAt = 0;
  private written = 0;

  constructor(
    private readonly s: string,
    private readonly sink: XmlSink,
  ) {
    // Version 1.0 rules whatever the declaration says: the server reads XML 1.0 (control
    // characters XML 1.1 would allow as references stay refused).
    const inner = (this.inner = new Hooked({ position: false, forceXMLVersion: true, defaultXMLVersion: '1.0' }));
    inner.reader = this;
    const parser = (this.parser = inner as unknown as SaxesParser);
    parser.on('opentagstart', (t) => {
      // The character after the name has been read: the name stands just before it.
      const lt = this.at() - t.name.length - 1;
      this.tag = t.name;
      this.tagAt = lt;
      this.sink.openStart(t.name, lt);
    });
    parser.on('attribute', (a) => this.sink.attribute(this.tag ?? '', a.name, a.value, this.at()));
    parser.on('opentag', (t) => {
      this.tag = null;
      this.sink.openEnd(t.isSelfClosing === true);
    });
    parser.on('text', (t) => this.sink.text(t));
    parser.on('cdata', (t) => this.sink.cdata(t));
    parser.on('comment', () => this.sink.other(this.at()));
    parser.on('processinginstruction', () => this.sink.other(this.at()));
    parser.on('error', (e) => {
      throw this.refusal(e.message);
    });
  }

  /** Index of the character saxes read last. */
  private at(): number {
    return this.inner.chunkPosition + this.inner.prevI;
  }

  private lastOf(what: string, from: number): number {
    return Math.max(0, this.s.lastIndexOf(what, from));
  }

  /** A DOCTYPE is refused at its start, before saxes reads any of it. */
  doctype(): never {
    throw malformed(`XML DOCTYPE and entity declarations are not allowed (${where(this.lastOf('<', this.at()))}); send the command without them.`);
  }

  /** saxes's reference state, with the `&` remembered and the reference counted once decoded. */
  entity(): void {
    const inner = this.inner;
    if (this.amp < 0) this.amp = inner.chunkPosition + inner.i - 1;
    this.inner.superEntity();
    if (inner.state === S_ENTITY) return;
    const at = this.amp;
    this.amp = -1;
    this.sink.reference(at, inner.text.length, inner.entityReturnState === S_TEXT);
  }

  /** A closing tag, told to the sink before saxes checks it (an empty name, `</>`, is saxes's to refuse). */
  closing(): void {
    const name = this.inner.name;
    if (name !== '') this.sink.close(name, this.lastOf('<', this.at()));
    this.inner.superCloseTag();
  }

  /** Feeds s[from, to). */
  write(from: number, to: number): void {
    this.parser.write(this.s.slice(from, to));
    this.written = to;
  }

  /** Once all is written: a comment or CDATA section the body ends in, as a refusal naming where it opened. */
  unclosed(): Error | null {
    const s = this.s;
    const state = this.inner.state;
    if (this.amp >= 0) return malformed(`XML is not well-formed: a bare "&" at ${where(this.amp)}; write it as &amp;.`);
    if (S_COMMENT.has(state)) return malformed(`XML comment is not closed (${where(this.lastOf('<!--', s.length))}).`);
    if (S_CDATA.has(state)) {
      // A CDATA section holds no "]]>", and text outside one may not hold it either.
      const open = s.indexOf('<![CDATA[', s.lastIndexOf(']]>') + 1);
      return malformed(`XML CDATA section is not closed (${where(Math.max(0, open))}).`);
    }
    return null;
  }

  end(): void {
    this.parser.close();
  }

  get position(): number {
    return this.written;
  }

  /** A saxes failure as the server's refusal, placed at the character it is about. */
  private refusal(message: string): Error {
    const s = this.s;
    const at = this.at();
    if (this.amp >= 0 || /entity/.test(message)) {
      const amp = this.amp >= 0 ? this.amp : this.lastOf('&', at);
      const ref = s.slice(amp + 1, Math.min(at, amp + 64));
      const semi = s.charCodeAt(at) === 0x3b && at - amp < 64;
      if (semi && CHAR_REF.test(ref)) return malformed(`XML is not well-formed: the character reference &${clip(ref)}; at ${where(amp)} is not a character XML 1.0 allows.`);
      if (semi && NAME.test(ref)) return malformed(`XML is not well-formed: the entity reference &${clip(ref)}; at ${where(amp)} is not one of &amp; &lt; &gt; &quot; &apos;; write a literal "&" as &amp;.`);
      return malformed(`XML is not well-formed: a bare "&" at ${where(amp)}; write it as &amp;.`);
    }
    if (ATTRIBUTE_ERRORS.has(message)) return malformed(`XML is not well-formed: tag <${this.tag ?? ''}> has a malformed attribute at ${where(at)}; write attributes as name="value".`);
    if (message.startsWith('duplicate attribute: ')) return malformed(`XML is not well-formed: tag <${this.tag ?? ''}> has the attribute ${clip(message.slice(21, -1))} twice (${where(this.tagAt)}).`);
    switch (message) {
      case 'disallowed character.':
        if (s.charCodeAt(at) === 0x3c && this.tag !== null) return malformed(`XML is not well-formed: "<" inside an attribute value at ${where(at)}; write it as &lt;.`);
        break;
      case 'disallowed character in tag name':
      case 'weird empty close tag.':
        return malformed(`XML has an invalid tag at ${where(this.lastOf('<', at))}.`);
      case 'disallowed character in tag name.':
        return s.charCodeAt(at) === 0x3c
          ? malformed(`XML tag <${this.tag ?? ''}> is not closed (${where(this.tagAt)}).`)
          : malformed(`XML has an invalid tag at ${where(this.tagAt)}.`);
      case 'disallowed character in closing tag.':
        return malformed(`XML is not well-formed: a closing tag has extra content at ${where(at)}.`);
      case 'text data outside of root node.':
        return malformed(`XML has text outside the root element at ${where(this.firstNonSpace(at))}.`);
      case 'documents may contain only one root.':
        return malformed(`XML has more than one root element (${where(this.tagAt)}).`);
      case 'document must contain a root element.':
        return malformed('XML body has no root element.');
      case 'the string "]]>" is disallowed in char data.':
        return malformed(`XML is not well-formed: "]]>" in text at ${where(at - 2)}; write ">" as &gt;.`);
      case 'malformed comment.':
        return malformed(`XML is not well-formed: "--" inside a comment at ${where(at - 2)}.`);
      case 'incorrect syntax.':
      case 'inappropriately located doctype declaration.':
        return malformed(`XML DOCTYPE and entity declarations are not allowed (${where(this.lastOf('<!', at))}); send the command without them.`);
      case 'processing instruction without a target.':
      case 'disallowed character in processing instruction name.':
      case 'processing instructions are not allowed before root.':
        return malformed(`XML has an invalid processing instruction at ${where(this.lastOf('<?', at))}.`);
      case 'an XML declaration must be at the start of the document.':
      case 'the XML declaration must appear at the start of the document.':
        return malformed(`XML is not well-formed: the XML declaration at ${where(this.lastOf('<?', at))} must be the very first thing in the body.`);
      case 'unexpected end.':
        return this.inner.state === S_OPEN_TAG || this.tag !== null
          ? malformed(`XML tag <${this.tag ?? ''}> is not closed (${where(this.tagAt)}).`)
          : malformed(`XML is not well-formed: the body ends inside markup opened at ${where(this.lastOf('<', at))}; close it.`);
      default:
    }
    if (this.inXmlDeclaration(at)) {
      return malformed(`XML is not well-formed: the XML declaration at ${where(0)} is malformed (${message.replace(/\.$/, '')}); write it as <?xml version="1.0" encoding="UTF-8"?>.`);
    }
    return malformed(`XML is not well-formed: ${message.replace(/\.$/, '')} at ${where(at)}.`);
  }

  /** Whether `at` lies in a declaration opening the body (`<?xml`, after a byte order mark at most). */
  private inXmlDeclaration(at: number): boolean {
    const s = this.s;
    const start = s.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (!/^<\?xml[ \t\r\n?]/.test(s.slice(start, start + 6))) return false;
    const end = s.indexOf('?>', start);
    return end === -1 || at <= end + 1;
  }

  /**
   * The first character that is not blank in the text saxes just refused: it reports at the text's
   * end, within the chunk being read.
   */
  private firstNonSpace(at: number): number {
    const from = Math.max(this.inner.chunkPosition, this.s.lastIndexOf('>', at) + 1);
    const m = /[^ \t\r\n]/.exec(this.s.slice(from, at + 1));
    return m ? from + m.index : at;
  }
}
