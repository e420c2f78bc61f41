/**
 * Page furniture shared by the invoice and the letter: the A4 document with the embedded fonts
 * and fixed metadata, a table writer that breaks pages itself, party address blocks and the
 * per-page footer. Pages are positioned by hand (never by PDFKit's automatic page breaks) so the
 * table header can be repeated and nothing is ever drawn into the footer area.
 */
import PDFDocument from 'pdfkit';
import { documentFonts } from './fonts';
import type { Formatter } from './format';
import type { Messages } from './i18n';
import type { Party } from './model';

export type Doc = PDFKit.PDFDocument;

export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;
export const COLOR = {
  text: '#1b1b1b',
  muted: '#5f6368',
  rule: '#c9cdd2',
  hairline: '#e3e6ea',
  shade: '#f1f3f5',
  accent: '#1f3a5f',
  alert: '#a61b1b',
} as const;

export const PAGE = { width: 595.28, height: 841.89, margin: 42, top: 40 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Content stops here; the footer lives below. */
export const CONTENT_BOTTOM = PAGE.height - 58;

export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  /** YYYY-MM-DD; becomes CreationDate/ModDate so identical input renders identical bytes. */
  date: string;
  lang: string;
}

export function openDocument(
  info: DocumentInfo,
  watermarkText?: string,
): { doc: Doc; done: Promise<Buffer> } {
  const fonts = documentFonts();
  const date = new Date(`${info.date}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not an ISO date: "${info.date}"`);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.height - CONTENT_BOTTOM, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    lang: info.lang,
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: 'Stockdesk',
      Producer: 'Stockdesk',
      CreationDate: date,
      ModDate: date,
    },
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  doc.font(FONT.regular);
  if (watermarkText !== undefined) {
    // Drawn as each page starts so that the content lies on top of it and stays legible.
    watermark(doc, watermarkText);
    doc.on('pageAdded', () => watermark(doc, watermarkText));
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** One line of text that never wraps and never triggers a PDFKit page break. */
export function textAt(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { size: number; bold?: boolean; color?: string; align?: 'left' | 'right' | 'center'; width?: number },
): void {
  doc
    .font(opts.bold === true ? FONT.bold : FONT.regular)
    .fontSize(opts.size)
    .fillColor(opts.color ?? COLOR.text);
  let left = x;
  if (opts.align !== undefined && opts.align !== 'left' && opts.width !== undefined) {
    const free = opts.width - doc.widthOfString(text);
    left = opts.align === 'right' ? x + free : x + free / 2;
  }
  doc.text(text, left, y, { lineBreak: false });
}

/** Wrapped text inside `width`; returns the y below it. The caller has checked that it fits the page. */
export function paragraph(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  opts: { size: number; bold?: boolean; color?: string; gap?: number },
): number {
  doc
    .font(opts.bold === true ? FONT.bold : FONT.regular)
    .fontSize(opts.size)
    .fillColor(opts.color ?? COLOR.text);
  const h = doc.heightOfString(text, { width, lineGap: opts.gap ?? 0 });
  doc.text(text, x, y, { width, lineGap: opts.gap ?? 0 });
  return y + h;
}

/** Starts a new page when `height` does not fit below y; returns where to draw. */
export function room(doc: Doc, y: number, height: number): number {
  if (y + height <= CONTENT_BOTTOM) return y;
  doc.addPage();
  return PAGE.top;
}

export function measure(doc: Doc, text: string, size: number, bold = false): number {
  return doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(size)
    .widthOfString(text);
}

export function rule(
  doc: Doc,
  x1: number,
  x2: number,
  y: number,
  color: string = COLOR.rule,
  width = 0.6,
): void {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}

export function formatAddress(party: Party, f: Formatter, showCountry: boolean): string[] {
  const a = party.address;
  const lines = [a.street, `${a.postalCode} ${a.city}`.trim()].filter((l) => l !== '');
  if (showCountry) lines.push(f.country(a.countryCode));
  return lines;
}

/**
 * Label over a party's name, address and identifiers. Returns the y below the block.
 * `extra` adds rows such as e-mail that only the seller prints.
 */
export function partyBlock(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  opts: { label: string; party: Party; m: Messages; f: Formatter; showCountry: boolean; contact: boolean },
): number {
  const { party, m } = opts;
  textAt(doc, opts.label.toUpperCase(), x, y, { size: 7.5, bold: true, color: COLOR.muted });
  rule(doc, x, x + width, y + 11, COLOR.rule);
  let cy = paragraph(doc, party.name, x, y + 16, width, { size: 10.5, bold: true }) + 2;
  for (const line of formatAddress(party, opts.f, opts.showCountry)) {
    cy = paragraph(doc, line, x, cy, width, { size: 8.5 });
  }
  cy += 4;
  const rows: Array<[string, string | undefined]> = [
    [m.party.taxNumber, party.taxNumber],
    [m.party.euVatNumber, party.euVatNumber],
    [m.party.bankAccount, party.bankAccount],
    [m.party.swift, party.swift],
  ];
  if (opts.contact) rows.push([m.party.email, party.email], [m.party.phone, party.phone]);
  const present = rows.filter((r): r is [string, string] => r[1] !== undefined && r[1] !== '');
  const labelWidth = Math.min(
    width * 0.45,
    Math.max(0, ...present.map(([label]) => measure(doc, `${label}:`, 7.5))) + 6,
  );
  for (const [label, value] of present) {
    textAt(doc, `${label}:`, x, cy + 0.8, { size: 7.5, color: COLOR.muted });
    cy = paragraph(doc, value, x + labelWidth, cy, width - labelWidth, { size: 8.5 }) + 1;
  }
  return cy;
}

/** The footer of every page, written once the page count is known; needs bufferPages. */
export function finishPages(
  doc: Doc,
  opts: { left: string; page: (n: number, total: number) => string },
): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - 44;
    rule(doc, PAGE.margin, PAGE.width - PAGE.margin, y - 6, COLOR.rule, 0.5);
    textAt(doc, opts.left, PAGE.margin, y, { size: 7.5, color: COLOR.muted });
    textAt(doc, opts.page(i - start + 1, count), PAGE.margin, y, {
      size: 7.5,
      color: COLOR.muted,
      align: 'right',
      width: CONTENT_WIDTH,
    });
  }
}

function watermark(doc: Doc, text: string): void {
  const angle = (-Math.atan2(PAGE.height, PAGE.width) * 180) / Math.PI;
  const cx = PAGE.width / 2;
  const cy = PAGE.height / 2;
  // Sized to the diagonal so the longest language still fits the page.
  const size = Math.min(48, (0.72 * Math.hypot(PAGE.width, PAGE.height)) / measure(doc, text, 1, true));
  doc.save();
  doc.rotate(angle, { origin: [cx, cy] });
  doc.font(FONT.bold).fontSize(size);
  const w = doc.widthOfString(text);
  doc.fillOpacity(0.09).fillColor(COLOR.alert);
  doc.text(text, cx - w / 2, cy - size / 2, { lineBreak: false });
  doc.restore();
}
