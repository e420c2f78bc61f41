/**
 * The import reads a CSV in the encoding its bytes are in: Hungarian Excel's "CSV (pontosvesszővel
 * tagolt)" (windows-1250, `;`, CRLF), ISO-8859-2, UTF-8 with and without a BOM; a cell that cannot
 * be right in the encoding read is reported as garbled.
 */
import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding, garbledCell } from '@main/core/dataio/encoding';
import { readTable } from '@main/core/dataio/table';

/** Text as a single-byte encoding's bytes (as Excel writes them): each character's byte in the encoding's table. */
function encode(text: string, encoding: 'windows-1250' | 'iso-8859-2'): Uint8Array {
  const d = new TextDecoder(encoding);
  const byte = new Map(Array.from({ length: 256 }, (_, b) => [d.decode(Uint8Array.of(b)), b] as const));
  return Uint8Array.from(Array.from(text, (ch) => {
    const b = byte.get(ch);
    if (b === undefined) throw new Error(`${ch} is not in ${encoding}`);
    return b;
  }));
}

const EXCEL = 'Cikkszám;Megnevezés;Nettó ár;ÁFA;Mennyiségi egység\r\n'
  + 'SZK-1;Szakkönyv: Kőművesmunkák;4990;5;db\r\n'
  + 'UF-2;Ütvefúró;25990;27;db\r\n'
  + 'TF-3;Tűzőgép és fűrészlap;3490;27;db\r\n';
const NAMES = ['Szakkönyv: Kőművesmunkák', 'Ütvefúró', 'Tűzőgép és fűrészlap'];

describe('import encodings', () => {
  it('reads Hungarian Excel\'s windows-1250 CSV (semicolons, CRLF): titles and names as written', async () => {
    const bytes = encode(EXCEL, 'windows-1250');
    // The bytes really are single-byte: ő is 0xF5, ű 0xFB, as Excel writes them.
    expect(Array.from(bytes.slice(0, 8))).toEqual([0x43, 0x69, 0x6b, 0x6b, 0x73, 0x7a, 0xe1, 0x6d]);
    expect(bytes.includes(0xf5) && bytes.includes(0xfb)).toBe(true);
    const t = await readTable(bytes);
    expect(t.encoding).toEqual({ name: 'windows-1250', detected: 'windows-1250', bom: false });
    expect(t.delimiter).toBe(';');
    expect(t.headers).toEqual(['Cikkszám', 'Megnevezés', 'Nettó ár', 'ÁFA', 'Mennyiségi egység']);
    expect(t.rows.map((r) => r[1])).toEqual(NAMES);
    expect(t.garbled).toEqual({ total: 0, cells: [] });
  });

  it('tells windows-1250 by its bytes 0x80–0x9F (quotes, dashes, Š) that ISO-8859-2 leaves to control codes', async () => {
    const text = 'Cikkszám;Megnevezés\r\nA-1;„Profi” fogó – 180 mm\r\nA-2;Šroubovák\r\n';
    const bytes = encode(text, 'windows-1250');
    expect(detectEncoding(bytes)).toBe('windows-1250');
    expect((await readTable(bytes)).rows.map((r) => r[1])).toEqual(['„Profi” fogó – 180 mm', 'Šroubovák']);
    // Read as ISO-8859-2 the same bytes give control codes: every such cell is reported, with its row and column.
    const wrong = await readTable(bytes, 'iso-8859-2');
    expect(wrong.encoding).toEqual({ name: 'iso-8859-2', detected: 'windows-1250', bom: false });
    expect(wrong.garbled.total).toBe(2);
    expect(wrong.garbled.cells.map((c) => [c.row, c.column])).toEqual([[2, 'B · Megnevezés'], [3, 'B · Megnevezés']]);
  });

  it('reads ISO-8859-2 and tells it by the letters it has where windows-1250 has signs (Š ś ž)', async () => {
    const text = 'Cikkszám;Megnevezés\r\nB-1;Kőművesmunkák\r\nB-2;Škoda ablaktörlő, Łódź, żółw\r\n';
    const bytes = encode(text, 'iso-8859-2');
    expect(detectEncoding(bytes)).toBe('iso-8859-2');
    const t = await readTable(bytes);
    expect(t.encoding?.name).toBe('iso-8859-2');
    expect(t.rows.map((r) => r[1])).toEqual(['Kőművesmunkák', 'Škoda ablaktörlő, Łódź, żółw']);
    // Pure Hungarian letters are the same bytes in both: such a file reads the same either way, taken as windows-1250.
    const hungarian = encode(EXCEL, 'iso-8859-2');
    expect(detectEncoding(hungarian)).toBe('windows-1250');
    expect((await readTable(hungarian)).rows.map((r) => r[1])).toEqual(NAMES);
  });

  it('reads UTF-8 with a BOM (our exports) and without (other programs)', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(EXCEL)]);
    const a = await readTable(withBom);
    expect(a.encoding).toEqual({ name: 'utf-8', detected: 'utf-8', bom: true });
    expect(a.headers[0]).toBe('Cikkszám');
    expect(a.rows.map((r) => r[1])).toEqual(NAMES);
    const b = await readTable(new TextEncoder().encode(EXCEL));
    expect(b.encoding).toEqual({ name: 'utf-8', detected: 'utf-8', bom: false });
    expect(b.rows.map((r) => r[1])).toEqual(NAMES);
    expect(detectEncoding(new TextEncoder().encode('sku;name\r\nA;plain\r\n'))).toBe('utf-8');
  });

  it('reports garbled cells: windows-1250 read as UTF-8 (�), UTF-8 read as windows-1250 (Å‘-like pairs)', async () => {
    const asUtf8 = await readTable(encode(EXCEL, 'windows-1250'), 'utf-8');
    expect(asUtf8.headers[0]).toBe('Cikksz\uFFFDm');
    expect(asUtf8.garbled.cells.slice(0, 3)).toEqual([
      { row: 1, column: 'A · Cikksz\uFFFDm', value: 'Cikksz\uFFFDm' },
      { row: 1, column: 'B · Megnevez\uFFFDs', value: 'Megnevez\uFFFDs' },
      { row: 1, column: 'C · Nett\uFFFD \uFFFDr', value: 'Nett\uFFFD \uFFFDr' },
    ]);
    expect(asUtf8.garbled.total).toBe(8); // the five titles and the three names
    const utf8As1250 = await readTable(new TextEncoder().encode(EXCEL), 'windows-1250');
    expect(utf8As1250.rows[0]![1]).not.toBe(NAMES[0]);
    expect(utf8As1250.garbled.cells.map((c) => c.row)).toEqual([1, 1, 1, 1, 1, 2, 3, 4]);
    // Good Hungarian text in a single-byte encoding is not garbled.
    for (const name of NAMES) expect(garbledCell(name, 'windows-1250')).toBe(false);
    expect(decodeText(encode(EXCEL, 'windows-1250')).text).toBe(EXCEL);
  });
});
