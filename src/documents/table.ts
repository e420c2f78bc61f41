/**
 * A table writer for long tables: columns are sized from their content (numbers never get cut
 * off; the flexible text columns take what is left), rows that do not fit start a new page with
 * the header repeated, and every cell is measured once and drawn without PDFKit's line wrapper
 * unless it really wraps, which keeps a 500-line invoice well under a second.
 */
import { COLOR, CONTENT_BOTTOM, FONT, PAGE, rule, type Doc } from './layout';

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

/** Smallest table font before the columns start wrapping their figures instead. */
const MIN_SIZE = 5.5;

const cellOf = (c: string | Cell): Cell => (typeof c === 'string' ? { text: c } : c);

/** A row's text widths in its font, computed once for sizing, height and drawing. */
interface Measured {
  cells: Array<Cell | undefined>;
  widths: number[];
  bold: boolean;
}

export class Table {
  private readonly columns: Column[];
  private size: number;
  private subSize: number;
  private headerSize: number;
  private readonly padX: number;
  private readonly padY: number;
  private measured = new WeakMap<RowData, Measured>();

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
    const boldRows = opts.boldRows ?? [];
    const minFlex = opts.minFlex ?? 110;
    let fit = this.fit(specs, rows, boldRows, minFlex);
    if (fit.shrink < 1) {
      // Huge amounts: a smaller font keeps every figure on one line; wrapping digits is a last resort.
      const k = Math.max(MIN_SIZE / this.size, fit.shrink * 0.98);
      this.size *= k;
      this.subSize *= k;
      this.headerSize *= k;
      this.measured = new WeakMap();
      fit = this.fit(specs, rows, boldRows, minFlex);
    }
    const widths = fit.widths;
    let cx = x;
    this.columns = specs.map((s, i) => {
      const width = widths[i] ?? 0;
      const col: Column = { header: s.header, align: s.align ?? 'left', flex: s.flex ?? false, x: cx, width };
      cx += width;
      return col;
    });
  }

  private measure(row: RowData, bold: boolean): Measured {
    const hit = this.measured.get(row);
    if (hit !== undefined && hit.bold === bold) return hit;
    this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(this.size);
    const cells = row.map((c) => (c === undefined ? undefined : cellOf(c)));
    const m: Measured = {
      cells,
      bold,
      widths: cells.map((c) => (c === undefined ? 0 : this.doc.widthOfString(c.text))),
    };
    this.measured.set(row, m);
    return m;
  }

  private fit(
    specs: ColumnSpec[],
    rows: RowData[],
    boldRows: RowData[],
    minFlex: number,
  ): { widths: number[]; shrink: number } {
    const { doc } = this;
    doc.font(FONT.bold).fontSize(this.headerSize);
    // PDFKit's wrapper measures a word with its trailing space, so leave room for one.
    const space = doc.widthOfString(' ');
    const headerMin = specs.map((s) =>
      Math.max(0, ...s.header.split(/\s+/).map((w) => doc.widthOfString(w) + space)),
    );
    const content = specs.map(() => 0);
    for (const [list, bold] of [
      [rows, false],
      [boldRows, true],
    ] as const) {
      for (const row of list) {
        this.measure(row, bold).widths.forEach((w, i) => (content[i] = Math.max(content[i] ?? 0, w)));
      }
    }
    const natural = specs.map((s, i) => {
      const w = s.flex === true ? (headerMin[i] ?? 0) : Math.max(headerMin[i] ?? 0, content[i] ?? 0);
      return Math.ceil(w) + 2 * this.padX;
    });
    const flexCount = specs.filter((s) => s.flex === true).length;
    const fixed = natural.reduce((sum, w, i) => (specs[i]?.flex === true ? sum : sum + w), 0);
    const available = this.width - minFlex * flexCount;
    const pads = 2 * this.padX * (specs.length - flexCount);
    // Text widths scale with the font size and padding does not: the factor that would make it fit.
    const shrink = fixed <= available ? 1 : Math.max(0, available - pads) / (fixed - pads);
    if (flexCount === 0) {
      const extra = (this.width - fixed) / specs.length;
      return { widths: natural.map((w) => (extra >= 0 ? w + extra : (w * this.width) / fixed)), shrink };
    }
    const flexWidth = Math.max(minFlex, (this.width - fixed) / flexCount);
    const scale = fixed <= available ? 1 : available / fixed;
    return { widths: natural.map((w, i) => (specs[i]?.flex === true ? flexWidth : w * scale)), shrink };
  }

  private headerHeight(): number {
    this.doc.font(FONT.bold).fontSize(this.headerSize);
    const inner = (c: Column): number =>
      this.doc.heightOfString(c.header, { width: c.width - 2 * this.padX });
    return Math.max(...this.columns.map(inner)) + 2 * this.padY + 1;
  }

  /** Draws the header row at y and returns the y below it. */
  header(y: number): number {
    const { doc } = this;
    const h = this.headerHeight();
    doc.rect(this.x, y, this.width, h).fill(COLOR.shade);
    doc.font(FONT.bold).fontSize(this.headerSize).fillColor(COLOR.text);
    for (const c of this.columns) {
      doc.text(c.header, c.x + this.padX, y + this.padY + 0.5, {
        width: c.width - 2 * this.padX,
        align: c.align,
      });
    }
    rule(doc, this.x, this.x + this.width, y + h, COLOR.muted, 0.7);
    return y + h;
  }

  /** Height of the header plus a first row, to keep a table's title together with it. */
  startHeight(firstRow?: RowData): number {
    return this.headerHeight() + (firstRow === undefined ? 0 : this.rowHeight(firstRow));
  }

  rowHeight(row: RowData, bold = false): number {
    const { doc } = this;
    const m = this.measure(row, bold);
    const lineHeight = doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(this.size)
      .currentLineHeight();
    let h = lineHeight;
    this.columns.forEach((c, i) => {
      const cell = m.cells[i];
      if (cell === undefined) return;
      const inner = c.width - 2 * this.padX;
      const wraps = (m.widths[i] ?? 0) > inner;
      const hasSub = cell.sub !== undefined && cell.sub !== '';
      if (!wraps && !hasSub) return;
      doc.font(bold ? FONT.bold : FONT.regular).fontSize(this.size);
      let ch = wraps ? doc.heightOfString(cell.text, { width: inner }) : lineHeight;
      if (hasSub)
        ch +=
          1 +
          doc
            .font(FONT.regular)
            .fontSize(this.subSize)
            .heightOfString(cell.sub ?? '', { width: inner });
      h = Math.max(h, ch);
    });
    return h + 2 * this.padY;
  }

  /** Draws a row, first breaking the page (and repeating the header) when it does not fit. */
  row(y: number, row: RowData, style: { bold?: boolean; fill?: string; topRule?: boolean } = {}): number {
    const { doc } = this;
    const bold = style.bold === true;
    const h = this.rowHeight(row, bold);
    if (y + h > CONTENT_BOTTOM) {
      doc.addPage();
      y = this.header(PAGE.top);
    }
    if (style.fill !== undefined) doc.rect(this.x, y, this.width, h).fill(style.fill);
    if (style.topRule === true) rule(doc, this.x, this.x + this.width, y, COLOR.muted, 0.7);
    const m = this.measure(row, bold);
    const font = bold ? FONT.bold : FONT.regular;
    doc.fillColor(COLOR.text);
    this.columns.forEach((c, i) => {
      const cell = m.cells[i];
      if (cell === undefined) return;
      const inner = c.width - 2 * this.padX;
      const width = m.widths[i] ?? 0;
      const cx = c.x + this.padX;
      const cy = y + this.padY;
      doc.font(font).fontSize(this.size);
      let below = cy + doc.currentLineHeight();
      if (width <= inner) {
        doc.text(cell.text, c.align === 'right' ? cx + inner - width : cx, cy, { lineBreak: false });
      } else {
        below = cy + doc.heightOfString(cell.text, { width: inner });
        doc.text(cell.text, cx, cy, { width: inner, align: c.align });
      }
      if (cell.sub !== undefined && cell.sub !== '') {
        doc.font(FONT.regular).fontSize(this.subSize).fillColor(COLOR.muted);
        doc.text(cell.sub, cx, below + 1, { width: inner, align: c.align });
        doc.fillColor(COLOR.text);
      }
    });
    rule(doc, this.x, this.x + this.width, y + h, COLOR.hairline, 0.5);
    return y + h;
  }
}
