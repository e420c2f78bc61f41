/**
 * Barcode labels as a PDF on a label sheet (or one label per page for a roll printer): products with
 * name, SKU, price with VAT and their barcode; bins with warehouse, bin code and its Code 128. Bars
 * are vector rectangles, so they print crisp; the page is the sheet itself (no margins, no scaling)
 * so printed "at 100 %" every label lands on its place.
 */
import PDFDocument from 'pdfkit';
import { documentFonts } from './fonts';
import { formatter } from './format';
import type { BarcodeProblem } from './labelBarcode';
import type { BarcodeGeometry } from './labelGeometry';
import { planLabels, type LabelItem, type LabelPlan, type PlannedLabel } from './labelPlan';
import { MM, type SheetId } from '@shared/labels/sheets';
import { COLOR, FONT, type Doc } from './layout';
import type { Locale } from './model';

export interface LabelRun {
  language: Locale;
  sheet: SheetId;
  /** Places already used on the first sheet. */
  skip: number;
  items: LabelItem[];
  /** YYYY-MM-DD, the document's date (identical input renders identical bytes). */
  date: string;
  /** Outlines of the labels, for a test print on plain paper. */
  outlines?: boolean;
}

export interface LabelRunResult {
  /** Null when no item could be printed (every one has a problem). */
  pdf: Buffer | null;
  printed: number;
  pages: number;
  problems: Array<{ item: number; problem: BarcodeProblem }>;
}

const TITLE: Record<Locale, string> = { hu_HU: 'Vonalkódos címkék', en_US: 'Barcode labels', de_DE: 'Barcode-Etiketten', pl_PL: 'Etykiety z kodem kreskowym', es_ES: 'Etiquetas con código de barras' };

/** Greedy word wrap into at most `lines` lines, the last shortened with an ellipsis when the text goes on. */
export function fitLines(measure: (s: string) => number, text: string, width: number, lines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  let i = 0;
  while (i < words.length) {
    const next = line ? `${line} ${words[i]!}` : words[i]!;
    if (measure(next) <= width) {
      line = next;
      i++;
      continue;
    }
    // A word wider than the label on a line of its own is cut; otherwise it starts the next line.
    if (line === '') line = shorten(measure, words[i++]!, width);
    out.push(line);
    line = '';
    if (out.length === lines) break;
  }
  if (line !== '') out.push(line);
  if (i < words.length && out.length > 0) out[out.length - 1] = shorten(measure, out[out.length - 1]!, width, true);
  return out;
}

function shorten(measure: (s: string) => number, s: string, width: number, ellipsis = false): string {
  let t = s;
  const end = ellipsis ? '…' : '';
  while (t.length > 1 && measure(t + end) > width) t = t.slice(0, -1).trimEnd();
  return t + end;
}

function text(doc: Doc, s: string, x: number, y: number, width: number, size: number, opts: { bold?: boolean; color?: string; align?: 'left' | 'center' | 'right' } = {}): void {
  doc.font(opts.bold === true ? FONT.bold : FONT.regular).fontSize(size).fillColor(opts.color ?? COLOR.text);
  const w = doc.widthOfString(s);
  const left = opts.align === 'right' ? x + width - w : opts.align === 'center' ? x + (width - w) / 2 : x;
  doc.text(s, left, y, { lineBreak: false });
}

function drawBarcode(doc: Doc, g: BarcodeGeometry): void {
  // Pure black, no stroke: the bars' edges are exactly the rectangles' edges.
  doc.fillColor('#000000');
  for (const b of g.bars) doc.rect(b.x, b.y, b.width, b.height);
  doc.fill();
  for (const t of g.text) text(doc, t.text, t.x, t.y, t.width, g.textSize, { align: t.align, color: '#000000' });
}

function drawLabel(doc: Doc, l: PlannedLabel, item: LabelItem, money: (amount: string, currency: string) => string): void {
  const a = l.areas;
  const measureAt = (size: number, bold: boolean) => (s: string) => doc.font(bold ? FONT.bold : FONT.regular).fontSize(size).widthOfString(s);
  if (item.kind === 'product') {
    const lines = fitLines(measureAt(a.headSize, true), item.name, a.head.width, a.headLines);
    lines.forEach((s, i) => text(doc, s, a.head.x, a.head.y + i * a.headSize * 1.18, a.head.width, a.headSize, { bold: true }));
    const price = item.price ? money(item.price.amount, item.price.currency) : '';
    const priceWidth = price ? measureAt(a.infoSize + 1, true)(price) + 4 : 0;
    if (item.sku) text(doc, shorten(measureAt(a.infoSize, false), item.sku, a.info.width - priceWidth), a.info.x, a.info.y, a.info.width, a.infoSize, { color: COLOR.muted });
    if (price) text(doc, price, a.info.x, a.info.y - 0.6, a.info.width, a.infoSize + 1, { bold: true, align: 'right' });
  } else {
    text(doc, shorten(measureAt(7, false), item.warehouse, a.head.width), a.head.x, a.head.y, a.head.width, 7, { color: COLOR.muted });
    text(doc, shorten(measureAt(a.headSize, true), item.bin, a.head.width), a.head.x, a.head.y + 8, a.head.width, a.headSize, { bold: true });
  }
  drawBarcode(doc, l.geometry);
}

function open(run: LabelRun, plan: LabelPlan): { doc: Doc; done: Promise<Buffer> } {
  const date = new Date(`${run.date}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not an ISO date: "${run.date}"`);
  const title = TITLE[run.language];
  const doc = new PDFDocument({
    autoFirstPage: false,
    lang: run.language.replace('_', '-'),
    displayTitle: true,
    info: { Title: title, Subject: `${title} – ${plan.sheet.id}`, Creator: 'Stockdesk', Producer: 'Stockdesk', CreationDate: date, ModDate: date },
  });
  const fonts = documentFonts();
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export async function renderLabelsPdf(run: LabelRun): Promise<LabelRunResult> {
  const plan = planLabels(run.sheet, run.skip, run.items);
  if (plan.labels.length === 0) return { pdf: null, printed: 0, pages: 0, problems: plan.problems };
  const f = formatter(run.language);
  const money = (amount: string, currency: string) => f.money(amount, currency);
  const { doc, done } = open(run, plan);
  let page = -1;
  for (const l of plan.labels) {
    while (page < l.box.page) {
      doc.addPage({ size: [plan.sheet.pageWidth * MM, plan.sheet.pageHeight * MM], margin: 0 });
      page++;
    }
    if (run.outlines === true) doc.rect(l.box.x, l.box.y, l.box.width, l.box.height).lineWidth(0.3).strokeColor(COLOR.rule).stroke();
    drawLabel(doc, l, run.items[l.item]!, money);
  }
  doc.end();
  return { pdf: await done, printed: plan.labels.length, pages: plan.pages, problems: plan.problems };
}
