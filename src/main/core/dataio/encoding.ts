/**
 * Which character encoding a CSV file's bytes are in, and the text they hold. Hungarian Excel's
 * "CSV (pontosvesszővel tagolt)" is windows-1250; our own exports and newer programs write UTF-8
 * (with or without a BOM); some Linux and older tools write ISO-8859-2. Detection, in order:
 *
 * 1. A UTF-8 BOM, or bytes that are valid UTF-8 throughout (checked strictly): UTF-8. Central
 *    European single-byte text is practically never valid UTF-8 by chance: an accented letter
 *    would have to be followed by one or two bytes in 0x80–0xBF every time.
 * 2. Otherwise windows-1250 or ISO-8859-2, which put every Hungarian letter (á é í ó ö ő ú ü ű and
 *    capitals) at the same byte, so for Hungarian text the choice rarely changes a character:
 *    - any byte 0x80–0x9F: windows-1250 (there it is „ ” – … € Š Ž; ISO-8859-2 has only invisible
 *      control codes there, which no text file means);
 *    - else the bytes 0xA0–0xBF on which the two differ decide: the encoding that reads more of
 *      them as letters wins (ISO-8859-2 has Ą Ś Š Ť Ž ą ś š ť ž where windows-1250 has © « ® ± µ ¶ · »);
 *    - a tie (and a file without such bytes): windows-1250, what Hungarian Windows writes.
 * chardet was tried for step 2 and reads Excel's windows-1250 bytes as ISO-8859-2 on short text, so
 * the rule above decides instead.
 *
 * The clerk can choose another encoding in the preview. A cell whose text cannot be right in the
 * chosen encoding is "garbled" (see garbledCell), and no file with a garbled cell is imported.
 */
import type { Encoding } from '@shared/ipc/dataio';

export interface Decoded { text: string; encoding: Encoding; detected: Encoding; bom: boolean }

const hasBom = (b: Uint8Array) => b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The single-byte table of an encoding: byte → character. */
const tables = new Map<Encoding, string[]>();
function table(encoding: Exclude<Encoding, 'utf-8'>): string[] {
  let t = tables.get(encoding);
  if (!t) {
    const d = new TextDecoder(encoding);
    t = Array.from({ length: 256 }, (_, b) => d.decode(Uint8Array.of(b)));
    tables.set(encoding, t);
  }
  return t;
}

export function detectEncoding(bytes: Uint8Array): Encoding {
  if (hasBom(bytes) || isUtf8(bytes)) return 'utf-8';
  const seen = new Set<number>();
  for (const b of bytes) if (b >= 0x80 && b <= 0xbf) seen.add(b);
  for (const b of seen) if (b <= 0x9f) return 'windows-1250';
  const win = table('windows-1250');
  const iso = table('iso-8859-2');
  const letter = (ch: string) => (/\p{L}/u.test(ch) ? 1 : 0);
  let score = 0;
  for (const b of seen) if (win[b] !== iso[b]) score += letter(iso[b]!) - letter(win[b]!);
  return score > 0 ? 'iso-8859-2' : 'windows-1250';
}

/** The file's text in the given encoding (detected when left out), without a BOM. */
export function decodeText(bytes: Uint8Array, chosen?: Encoding): Decoded {
  const detected = detectEncoding(bytes);
  const encoding = chosen ?? detected;
  const bom = hasBom(bytes);
  const body = encoding === 'utf-8' && bom ? bytes.subarray(3) : bytes;
  return { text: new TextDecoder(encoding, { fatal: false, ignoreBOM: true }).decode(body), encoding, detected, bom };
}

/** The byte of each character of a single-byte encoding (for reading a cell's bytes back). */
const reverse = new Map<Encoding, Map<string, number>>();
function bytesOf(text: string, encoding: Exclude<Encoding, 'utf-8'>): number[] {
  let r = reverse.get(encoding);
  if (!r) {
    r = new Map(table(encoding).map((ch, b) => [ch, b] as const));
    reverse.set(encoding, r);
  }
  return Array.from(text, (ch) => r.get(ch) ?? 0x3f);
}

/** A lead byte followed by the continuation bytes UTF-8 needs: the mark of UTF-8 read as single bytes ("KĹ‘mĹ±ves"). */
function holdsUtf8Sequence(b: number[]): boolean {
  const cont = (c: number | undefined) => c !== undefined && c >= 0x80 && c <= 0xbf;
  for (let i = 0; i < b.length; i++) {
    const lead = b[i]!;
    const n = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (n > 0 && b.slice(i + 1, i + 1 + n).filter(cont).length === n) return true;
  }
  return false;
}

/**
 * Whether a cell's text cannot be what the file meant in this encoding: a replacement character
 * (bytes that are not UTF-8), a control code (a byte the encoding leaves unassigned or a C1 code:
 * windows-1250's 0x81, ISO-8859-2's 0x80–0x9F), or, read as single bytes, a UTF-8 sequence (a
 * UTF-8 file read as windows-1250 shows "Ă©" for "é").
 */
export function garbledCell(text: string, encoding: Encoding): boolean {
  // eslint-disable-next-line no-control-regex -- control codes are exactly what is looked for
  if (/[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(text)) return true;
  return encoding !== 'utf-8' && /[^\u0020-\u007E]/.test(text) && holdsUtf8Sequence(bytesOf(text, encoding));
}
