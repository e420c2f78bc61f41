/**
 * CSV in and out, by hand rather than a library: the whole format is RFC 4180 quoting plus what
 * spreadsheet programs add (a UTF-8 BOM, CRLF, `;` where the decimal mark is a comma), about 60
 * lines with tests, while the CSV libraries on npm either pull in streams we don't need or guess
 * types. The separator is detected from the header line (outside quotes): `;`, `,` or tab.
 */

export type Delimiter = ';' | ',' | '\t';

/** The separator the header line uses most (outside quotes); `;` on a tie, as Hungarian Excel writes. */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) counts[ch]++;
  }
  return (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ';');
}

/**
 * Rows of cells; quoted cells may hold separators, doubled quotes and line breaks. A blank line
 * stays a row (`['']`), so row numbers match what a spreadsheet shows the clerk.
 */
export function parseCsv(input: string, delimiter?: Delimiter): { rows: string[][]; delimiter: Delimiter } {
  const text = input.replace(/^\uFEFF/, '');
  const sep = delimiter ?? detectDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length > 0) endRow();
  return { rows, delimiter: sep };
}

const cell = (v: string | number | null | undefined, sep: string): string => {
  if (v === null || v === undefined) return '';
  // Numbers with a decimal comma: Hungarian Excel reads "12,5" in a `;` file as a number.
  const s = typeof v === 'number' ? (sep === ';' ? String(v).replace('.', ',') : String(v)) : v;
  return s.includes(sep) || /["\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * A CSV Hungarian Excel opens correctly by double-click: UTF-8 with a BOM (without it Excel reads
 * the bytes as Windows-1250 and accents break), `;` between cells, decimal commas, CRLF.
 */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>, sep: Delimiter = ';'): string {
  return '\uFEFF' + rows.map((r) => r.map((v) => cell(v, sep)).join(sep)).join('\r\n') + '\r\n';
}
