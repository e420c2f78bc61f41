/**
 * A table writer for long tables: columns are sized from their content (numbers never get cut
 * off; the flexible text columns take what is left), rows that do not fit start a new page with
 * the header repeated, and single-line cells skip PDFKit's line wrapper, which keeps a 500-line
 * invoice well under a second.
 */
import { COLOR, CONTENT_BOTTOM, FONT, PAGE, rule, textAt, type Doc } from './layout';

export interface ColumnSpec {
  header: string;
  align?: 'left' | 'right';
  /** Takes a share of the width left after the fixed columns; text wraps inside it. */
  flex?: boolean;
}

interface Column extends Required<ColumnSpec> {
  x: number;
  width: number;
}

export interface Cell {
  text: string;
  /** A smaller grey line under the text (a line's description). */
  sub?: string;
}

export type RowData = Array<string | Cell>;

export interface TableOptions {
  size?: number;
  headerSize?: number;
  padX?: number;
  padY?: number;
  /** Below this a flexible column squeezes the fixed ones (their text then wraps) instead. */
  minFlex?: number;
  /** Rows measured for sizing but drawn bold, such as a totals row. */
  boldRows?: RowData[];
}

const cellOf = (c: string | Cell): Cell => (typeof c === 'string' ? { text: c } : c);

export class Table {
  private readonly columns: Column[];
  private readonly size: number;
  private readonly subSize: number;
  private readonly headerSize: number;
  private readonly padX: number;
  private readonly padY: number;

  constructor(
    private readonly doc: Doc,
    private readonly x: number,
    private readonly width: number,
    specs: ColumnSpec[],
    rows: RowData[],
    opts: TableOptions = {},
  ) {
    this.size = opts.size ?? 7.5;
    this.subSize = this.size - 1;
    this.headerSize = opts.headerSize ?? this.size - 0.5;
    this.padX = opts.padX ?? 3.5;
    this.padY = opts.padY ?? 3;
    const widths = this.fit(specs, rows, opts.boldRows ?? [], opts.minFlex ?? 110);
    let cx = x;
    this.columns = specs.map((s, i) => {
      const col: Column = { header: s.header, align: s.align ?? 'left', flex: s.flex ?? false, x: cx, width: widths[i] ?? 0 };
      cx += col.width;
      return col;
    });
  }

  private fit(specs: ColumnSpec[], rows: RowData[], boldRows: RowData[], minFlex: number): number[] {
    const { doc } = this;
    const natural = specs.map((s, i) => {
      doc.font(FONT.bold).fontSize(this.headerSize);
      let w = Math.max(0, ...s.header.split(/\s+/).map((word) => doc.widthOfString(word)));
      if (s.flex === true) return w + 2 * this.padX;
      for (const [list, font] of [
        [rows, FONT.regular],
        [boldRows, FONT.bold],
      ] as const) {
        doc.font(font).fontSize(this.size);
        for (const row of list) {
          const c = row[i];
          if (c !== undefined) w = Math.max(w, doc.widthOfString(cellOf(c).text));
        }
      }
      return Math.ceil(w) + 2 * this.padX;
    });
    const flexCount = specs.filter((s) => s.flex === true).length;
    const fixed = natural.reduce((sum, w, i) => (specs[i]?.flex === true ? sum : sum + w), 0);
    if (flexCount === 0) {
      const extra = (this.width - fixed) / specs.length;
      return natural.map((w) => w + extra);
    }
    let flexWidth = (this.width - fixed) / flexCount;
    let scale = 1;
    if (flexWidth < minFlex) {
      flexWidth = minFlex;
      scale = (this.width - minFlex * flexCount) / fixed;
    }
    return natural.map((w, i) => (specs[i]?.flex === true ? flexWidth : w * scale));
  }

  private headerHeight(): number {
    this.doc.font(FONT.bold).fontSize(this.headerSize);
    const inner = (c: Column): number => this.doc.heightOfString(c.header, { width: c.width - 2 * this.padX });
    return Math.max(...this.columns.map(inner)) + 2 * this.padY + 1;
  }

  /** Draws the header row at y and returns the y below it. */
  header(y: number): number {
    const { doc } = this;
    const h = this.headerHeight();
    doc.rect(this.x, y, this.width, h).fill(COLOR.shade);
    doc.font(FONT.bold).fontSize(this.headerSize).fillColor(COLOR.text);
    for (const c of this.columns) {
      doc.text(c.header, c.x + this.padX, y + this.padY + 0.5, { width: c.width - 2 * this.padX, align: c.align });
    }
    rule(doc, this.x, this.x + this.width, y + h, COLOR.muted, 0.7);
    return y + h;
  }

  /** Height the header plus the first `rows` would need, to keep a title with its table. */
  startHeight(firstRow?: RowData): number {
    return this.headerHeight() + (firstRow === undefined ? 0 : this.rowHeight(firstRow));
  }

  rowHeight(row: RowData, bold = false): number {
    const { doc } = this;
    let h = 0;
    this.columns.forEach((c, i) => {
      const raw = row[i];
      if (raw === undefined) return;
      const cell = cellOf(raw);
      const inner = c.width - 2 * this.padX;
      doc.font(bold ? FONT.bold : FONT.regular).fontSize(this.size);
      let ch =
        doc.widthOfString(cell.text) <= inner
          ? doc.currentLineHeight()
          : doc.heightOfString(cell.text, { width: inner });
      if (cell.sub !== undefined && cell.sub !== '') {
        doc.font(FONT.regular).fontSize(this.subSize);
        ch += 1 + doc.heightOfString(cell.sub, { width: inner });
      }
      h = Math.max(h, ch);
    });
    return h + 2 * this.padY;
  }

  /** Draws a row, first breaking the page (and repeating the header) when it does not fit. */
  row(y: number, row: RowData, style: { bold?: boolean; fill?: string; topRule?: boolean } = {}): number {
    const { doc } = this;
    const h = this.rowHeight(row, style.bold);
    if (y + h > CONTENT_BOTTOM) {
      doc.addPage();
      y = this.header(PAGE.top);
    }
    if (style.fill !== undefined) doc.rect(this.x, y, this.width, h).fill(style.fill);
    if (style.topRule === true) rule(doc, this.x, this.x + this.width, y, COLOR.muted, 0.7);
    this.columns.forEach((c, i) => {
      const raw = row[i];
      if (raw === undefined) return;
      const cell = cellOf(raw);
      const inner = c.width - 2 * this.padX;
      const cx = c.x + this.padX;
      const cy = y + this.padY;
      doc.font(style.bold === true ? FONT.bold : FONT.regular).fontSize(this.size);
      let below: number;
      if (doc.widthOfString(cell.text) <= inner) {
        textAt(doc, cell.text, cx, cy, { size: this.size, bold: style.bold, align: c.align, width: inner });
        below = cy + doc.currentLineHeight();
      } else {
        below = cy + doc.heightOfString(cell.text, { width: inner });
        doc.fillColor(COLOR.text).text(cell.text, cx, cy, { width: inner, align: c.align });
      }
      if (cell.sub !== undefined && cell.sub !== '') {
        doc.font(FONT.regular).fontSize(this.subSize).fillColor(COLOR.muted);
        doc.text(cell.sub, cx, below + 1, { width: inner, align: c.align });
      }
    });
    rule(doc, this.x, this.x + this.width, y + h, COLOR.hairline, 0.5);
    return y + h;
  }
}
