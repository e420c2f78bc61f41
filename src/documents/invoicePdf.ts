/**
 * The printed invoice, proforma and storno. A Hungarian invoice is a legal document (Áfa tv.
 * 169. §): it must carry both parties' identifiers, the three dates, every line with its VAT rate,
 * the VAT per rate and, when the invoice is in a foreign currency, the VAT in forints with the
 * exchange rate used.
 */
import { formatter, type Formatter } from './format';
import { messages, paymentMethodLabel, type Messages } from './i18n';
import {
  COLOR,
  CONTENT_WIDTH,
  finishPages,
  FONT,
  measure,
  openDocument,
  PAGE,
  paragraph,
  partyBlock,
  room,
  rule,
  textAt,
  type Doc,
} from './layout';
import type { Decimal, InvoiceDocument } from './model';
import { Table, type ColumnSpec, type RowData } from './table';
import { VAT_REASON_LABELS, vatReasons } from './vatCaseText';

interface Ctx {
  doc: Doc;
  inv: InvoiceDocument;
  m: Messages;
  f: Formatter;
  foreign: boolean;
}

const L = PAGE.margin;
const R = PAGE.margin + CONTENT_WIDTH;

export async function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  const m = messages(inv.language);
  const f = formatter(inv.language);
  const title = m.title[inv.kind];
  const number = inv.invoiceNumber ?? m.draftNumber;
  const { doc, done } = openDocument(
    {
      title: `${title} ${number}`,
      author: inv.seller.name,
      subject: `${inv.seller.name} – ${inv.buyer.name}`,
      date: inv.issuedDate,
      lang: inv.language.replace('_', '-'),
    },
    inv.invoiceNumber === null ? m.draftWatermark : undefined,
  );
  const ctx: Ctx = { doc, inv, m, f, foreign: inv.currency !== 'HUF' };
  let y = header(ctx, title);
  y = notice(ctx, y);
  y = parties(ctx, y);
  y = metaBand(ctx, y);
  y = lineTable(ctx, y);
  y = summaryAndTotals(ctx, y);
  y = zeroVatGrounds(ctx, y);
  y = retentions(ctx, y);
  notes(ctx, y);
  finishPages(doc, { left: `${inv.seller.name} · ${title} ${number}`, page: m.page });
  doc.end();
  return done;
}

function header({ doc, inv, m }: Ctx, title: string): number {
  const y = PAGE.top;
  textAt(doc, title, L, y, { size: 20, bold: true, color: COLOR.accent });
  textAt(doc, m.number.toUpperCase(), L, y, {
    size: 7,
    color: COLOR.muted,
    align: 'right',
    width: CONTENT_WIDTH,
  });
  if (inv.invoiceNumber === null) {
    textAt(doc, m.draftNumber, L, y + 11, {
      size: 11,
      bold: true,
      color: COLOR.alert,
      align: 'right',
      width: CONTENT_WIDTH,
    });
  } else {
    textAt(doc, inv.invoiceNumber, L, y + 10, { size: 14, bold: true, align: 'right', width: CONTENT_WIDTH });
  }
  rule(doc, L, R, y + 32, COLOR.accent, 1.4);
  return y + 44;
}

function notice({ doc, inv, m, f }: Ctx, y: number): number {
  let text: string | undefined;
  let color: string = COLOR.accent;
  if (inv.kind === 'proforma') {
    text = m.proformaNotice;
    color = COLOR.alert;
  } else if (inv.kind === 'storno' && inv.original !== undefined) {
    text = m.cancels(inv.original.invoiceNumber, f.date(inv.original.issuedDate));
  }
  if (text === undefined) return y;
  doc.font(FONT.bold).fontSize(9);
  const h = doc.heightOfString(text, { width: CONTENT_WIDTH - 16 }) + 12;
  doc.rect(L, y, CONTENT_WIDTH, h).lineWidth(1).fillAndStroke(COLOR.shade, color);
  paragraph(doc, text, L + 8, y + 6, CONTENT_WIDTH - 16, { size: 9, bold: true, color });
  return y + h + 12;
}

function parties({ doc, inv, m, f }: Ctx, y: number): number {
  const gap = 24;
  const w = (CONTENT_WIDTH - gap) / 2;
  const showCountry = inv.seller.address.countryCode !== inv.buyer.address.countryCode;
  const a = partyBlock(doc, L, y, w, {
    label: m.party.seller,
    party: inv.seller,
    m,
    f,
    showCountry,
    contact: true,
  });
  const b = partyBlock(doc, L + w + gap, y, w, {
    label: m.party.buyer,
    party: inv.buyer,
    m,
    f,
    showCountry,
    contact: false,
  });
  return Math.max(a, b) + 12;
}

function metaBand({ doc, inv, m, f, foreign }: Ctx, y: number): number {
  const cells: Array<[string, string]> = [
    [m.meta.issueDate, f.date(inv.issuedDate)],
    [m.meta.fulfilmentDate, f.date(inv.fulfillmentDate)],
    [m.meta.paymentDue, f.date(inv.paymentDate)],
    [m.meta.paymentMethod, paymentMethodLabel(inv.language, inv.paymentMethod)],
    [m.meta.currency, inv.currency],
  ];
  if (foreign && inv.fxRate !== undefined) cells.push([m.meta.fxRate, f.fxRate(inv.fxRate, inv.currency)]);
  const pad = 6;
  // Each cell gets what its label or value needs, the slack is shared, and only a cell that
  // still does not fit (a long Polish label) wraps.
  const natural = cells.map(
    ([label, value]) => Math.max(measure(doc, label, 7), measure(doc, value, 9, true)) + 2 * pad,
  );
  const need = natural.reduce((a, b) => a + b, 0);
  const widths =
    need <= CONTENT_WIDTH
      ? natural.map((w) => w + (CONTENT_WIDTH - need) / cells.length)
      : natural.map((w) => (w * CONTENT_WIDTH) / need);
  const heights = cells.map(([label, value], i) => {
    const inner = (widths[i] ?? 0) - 2 * pad;
    doc.font(FONT.regular).fontSize(7);
    const lh = doc.heightOfString(label, { width: inner });
    doc.font(FONT.bold).fontSize(9);
    return lh + 2 + doc.heightOfString(value, { width: inner });
  });
  const h = Math.max(...heights) + 2 * pad;
  doc.rect(L, y, CONTENT_WIDTH, h).fill(COLOR.shade);
  let x = L;
  cells.forEach(([label, value], i) => {
    const w = widths[i] ?? 0;
    const below = paragraph(doc, label, x + pad, y + pad, w - 2 * pad, { size: 7, color: COLOR.muted });
    paragraph(doc, value, x + pad, below + 2, w - 2 * pad, { size: 9, bold: true });
    if (i > 0)
      doc
        .moveTo(x, y + 4)
        .lineTo(x, y + h - 4)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
    x += w;
  });
  return y + h + 14;
}

function lineTable({ doc, inv, m, f }: Ctx, y: number): number {
  const cur = inv.currency;
  const hasVtsz = inv.lines.some((l) => l.vtsz !== undefined && l.vtsz !== '');
  const specs: ColumnSpec[] = [
    { header: m.lines.no, align: 'right' },
    { header: m.lines.item, flex: true },
    ...(hasVtsz ? [{ header: m.lines.vtsz }] : []),
    { header: m.lines.quantity, align: 'right' },
    { header: m.lines.unitPrice, align: 'right' },
    { header: m.lines.discount, align: 'right' },
    { header: m.lines.net, align: 'right' },
    { header: m.lines.vatRate, align: 'right' },
    { header: m.lines.vat, align: 'right' },
    { header: m.lines.gross, align: 'right' },
  ];
  const rows: RowData[] = inv.lines.map((l) => [
    String(l.lineNo),
    { text: l.deposit ? `${l.name} (${m.lines.deposit})` : l.name, sub: l.description },
    ...(hasVtsz ? [l.vtsz ?? ''] : []),
    `${f.quantity(l.quantity)} ${l.unit}`,
    f.amount(l.unitPrice, cur),
    f.percent(l.discountPercent),
    f.amount(l.net, cur),
    f.percent(l.vatRate),
    f.amount(l.vat, cur),
    f.amount(l.gross, cur),
  ]);
  const table = new Table(doc, L, CONTENT_WIDTH, specs, rows);
  y = room(doc, y, 12 + table.startHeight(rows[0]));
  textAt(doc, m.lines.amountsIn(cur), L, y, {
    size: 7,
    color: COLOR.muted,
    align: 'right',
    width: CONTENT_WIDTH,
  });
  y = table.header(y + 11);
  for (const row of rows) y = table.row(y, row);
  return y + 14;
}

/** Exact sum of two decimal strings, for the per-rate HUF gross the model does not carry. */
function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const toInt = (v: Decimal): bigint => {
    const [int = '0', frac = ''] = v.replace('-', '').split('.');
    const n = BigInt(int + frac.padEnd(scale, '0'));
    return v.startsWith('-') ? -n : n;
  };
  const sum = toInt(a) + toInt(b);
  const digits = (sum < 0n ? -sum : sum).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return (sum < 0n ? '-' : '') + body;
}

function summaryAndTotals(ctx: Ctx, y: number): number {
  const { doc, inv, m, f, foreign } = ctx;
  const cur = inv.currency;
  const huf = (v: Decimal | undefined): string => (v === undefined ? '' : f.amount(v, 'HUF'));
  const specs: ColumnSpec[] = [
    { header: m.vatSummary.rate },
    { header: `${m.vatSummary.net} (${cur})`, align: 'right' },
    { header: `${m.vatSummary.vat} (${cur})`, align: 'right' },
    { header: `${m.vatSummary.gross} (${cur})`, align: 'right' },
    ...(foreign
      ? [
          { header: `${m.vatSummary.net} (HUF)`, align: 'right' as const },
          { header: `${m.vatSummary.vat} (HUF)`, align: 'right' as const },
          { header: `${m.vatSummary.gross} (HUF)`, align: 'right' as const },
        ]
      : []),
  ];
  const rows: RowData[] = inv.vatSummary.map((r) => [
    f.percent(r.vatRate),
    f.amount(r.net, cur),
    f.amount(r.vat, cur),
    f.amount(r.gross, cur),
    ...(foreign
      ? [
          huf(r.netHuf),
          huf(r.vatHuf),
          huf(r.netHuf !== undefined && r.vatHuf !== undefined ? addDecimals(r.netHuf, r.vatHuf) : undefined),
        ]
      : []),
  ]);
  const t = inv.totals;
  const total: RowData = [
    m.vatSummary.total,
    f.amount(t.net, cur),
    f.amount(t.vat, cur),
    f.amount(t.gross, cur),
    ...(foreign ? [huf(t.netHuf), huf(t.vatHuf), huf(t.grossHuf)] : []),
  ];
  // Domestic: summary and totals side by side; foreign: the wider summary spans the page.
  const summaryWidth = foreign ? CONTENT_WIDTH : CONTENT_WIDTH * 0.54;
  const table = new Table(doc, L, summaryWidth, specs, rows, { boldRows: [total], minFlex: 0 });
  const tableHeight = 14 + table.startHeight() + [...rows, total].reduce((s, r) => s + table.rowHeight(r), 0);
  const totalsWidth = foreign ? CONTENT_WIDTH * 0.5 : CONTENT_WIDTH * 0.42;
  const totalsHeight = 80;
  const hufHeight = foreign ? 70 : 0;
  y = room(
    doc,
    y,
    foreign ? tableHeight + 12 + Math.max(totalsHeight, hufHeight) : Math.max(tableHeight, totalsHeight),
  );
  const top = y;
  textAt(doc, m.vatSummary.title, L, y, { size: 9, bold: true });
  y = table.header(y + 14);
  for (const row of rows) y = table.row(y, row);
  y = table.row(y, total, { bold: true, topRule: true });
  const boxTop = foreign ? y + 12 : top;
  const tb = totalsBox(ctx, R - totalsWidth, boxTop, totalsWidth);
  const hb = foreign ? hufBox(ctx, L, boxTop, CONTENT_WIDTH - totalsWidth - 16) : boxTop;
  return Math.max(y, tb, hb) + 16;
}

const GROSS_SIZE = 13;
/** DejaVu Sans ascender per em: PDFKit places text by its top, labels of two sizes share a baseline. */
const ASCENT = 0.928;

function totalsBox({ doc, inv, m, f }: Ctx, x: number, y: number, w: number): number {
  const t = inv.totals;
  const line = (label: string, value: string, yy: number): void => {
    textAt(doc, label, x + 8, yy, { size: 8.5, color: COLOR.muted });
    textAt(doc, value, x, yy, { size: 8.5, align: 'right', width: w - 8 });
  };
  line(m.totals.net, f.money(t.net, inv.currency), y + 4);
  line(m.totals.vat, f.money(t.vat, inv.currency), y + 18);
  const gy = y + 36;
  const gross = f.money(t.gross, inv.currency);
  // The gross stays large; a label too long to share the line ("Gesamtbetrag (brutto)") goes above it.
  const oneLine = measure(doc, m.totals.gross, 9, true) + measure(doc, gross, GROSS_SIZE, true) + 24 <= w;
  const h = oneLine ? 30 : 44;
  const baseline = gy + h - 10;
  doc.rect(x, gy, w, h).fill(COLOR.accent);
  const labelTop = oneLine ? baseline - ASCENT * 9 : gy + 7;
  textAt(doc, m.totals.gross, x + 8, labelTop, { size: 9, bold: true, color: '#ffffff' });
  const size = Math.min(GROSS_SIZE, (w - 16) / measure(doc, gross, 1, true));
  textAt(doc, gross, x, baseline - ASCENT * size, {
    size,
    bold: true,
    color: '#ffffff',
    align: 'right',
    width: w - 8,
  });
  return gy + h;
}

function hufBox({ doc, inv, m, f }: Ctx, x: number, y: number, w: number): number {
  const t = inv.totals;
  const rate = inv.fxRate !== undefined ? f.fxRate(inv.fxRate, inv.currency) : '–';
  doc.rect(x, y, w, 64).lineWidth(0.8).stroke(COLOR.rule);
  textAt(doc, m.totals.inHuf(rate), x + 8, y + 6, { size: 8, bold: true });
  const rows: Array<[string, Decimal | undefined, boolean]> = [
    [m.totals.netHuf, t.netHuf, false],
    [m.totals.vatHuf, t.vatHuf, true],
    [m.totals.grossHuf, t.grossHuf, false],
  ];
  rows.forEach(([label, value, bold], i) => {
    const yy = y + 22 + i * 13;
    textAt(doc, label, x + 8, yy, { size: 8.5, bold, color: bold ? COLOR.text : COLOR.muted });
    textAt(doc, value === undefined ? '–' : f.money(value, 'HUF'), x, yy, {
      size: 8.5,
      bold,
      align: 'right',
      width: w - 8,
    });
  });
  return y + 64;
}

/** Why a line charges no VAT (Áfa tv. 169. § m): one framed paragraph per case, right under the VAT summary. */
function zeroVatGrounds({ doc, inv }: Ctx, y: number): number {
  const reasons = vatReasons(inv.lines, inv.language);
  if (reasons.length === 0) return y;
  const width = CONTENT_WIDTH - 16;
  doc.font(FONT.regular).fontSize(8);
  const h = 14 + reasons.reduce((sum, r) => sum + doc.heightOfString(r, { width, lineGap: 1 }) + 3, 0) + 6;
  y = room(doc, y, h);
  doc.rect(L, y, CONTENT_WIDTH, h).lineWidth(0.8).stroke(COLOR.rule);
  textAt(doc, VAT_REASON_LABELS[inv.language].title, L + 8, y + 6, { size: 8.5, bold: true });
  let yy = y + 20;
  for (const r of reasons) yy = paragraph(doc, r, L + 8, yy, width, { size: 8, gap: 1 }) + 3;
  return y + h + 14;
}

function retentions({ doc, inv, m, f }: Ctx, y: number): number {
  if (inv.retentions.length === 0) return y;
  const specs: ColumnSpec[] = [
    { header: m.retentions.name, flex: true },
    { header: m.retentions.dueDate },
    { header: `${m.retentions.amount} (${inv.currency})`, align: 'right' },
    { header: `${m.retentions.vat} (${inv.currency})`, align: 'right' },
    { header: m.retentions.note, flex: true },
  ];
  const rows: RowData[] = inv.retentions.map((r) => [
    r.name,
    f.date(r.dueDate),
    f.amount(r.amount, inv.currency),
    f.amount(r.vat, inv.currency),
    r.note,
  ]);
  const table = new Table(doc, L, CONTENT_WIDTH, specs, rows, { minFlex: 90 });
  y = room(doc, y, 14 + table.startHeight(rows[0]));
  textAt(doc, m.retentions.title, L, y, { size: 9, bold: true });
  y = table.header(y + 14);
  for (const row of rows) y = table.row(y, row);
  return y + 16;
}

function notes({ doc, inv, m }: Ctx, y: number): number {
  const texts = [inv.description, inv.centralDescription, ...(inv.notes ?? [])].filter(
    (t): t is string => t !== undefined && t.trim() !== '',
  );
  if (texts.length === 0) return y;
  doc.font(FONT.regular).fontSize(8);
  y = room(doc, y, 16 + doc.heightOfString(texts[0] ?? '', { width: CONTENT_WIDTH }));
  textAt(doc, m.notes, L, y, { size: 9, bold: true });
  y += 14;
  for (const text of texts) {
    doc.font(FONT.regular).fontSize(8);
    y = room(doc, y, doc.heightOfString(text, { width: CONTENT_WIDTH, lineGap: 1 }));
    y = paragraph(doc, text, L, y, CONTENT_WIDTH, { size: 8, gap: 1 }) + 4;
  }
  return y;
}
