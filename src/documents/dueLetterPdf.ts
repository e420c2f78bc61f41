/**
 * The payment-reminder letter: a business letter on the seller's letterhead with the buyer's
 * address where a windowed envelope shows it, the reminder text from letterText.ts around the
 * table of overdue invoices, and a signature line.
 */
import { formatter } from './format';
import { messages } from './i18n';
import {
  COLOR,
  CONTENT_WIDTH,
  finishPages,
  FONT,
  formatAddress,
  openDocument,
  PAGE,
  paragraph,
  room,
  rule,
  textAt,
  type Doc,
} from './layout';
import type { DueLetterDocument } from './model';
import { Table, type ColumnSpec, type RowData } from './table';

const L = PAGE.margin;
const R = PAGE.margin + CONTENT_WIDTH;
const BODY = { size: 9.5, gap: 2 } as const;

export async function renderDueLetterPdf(letter: DueLetterDocument): Promise<Buffer> {
  const m = messages(letter.language);
  const f = formatter(letter.language);
  const { seller, buyer } = letter;
  const { doc, done } = openDocument({
    title: letter.subject,
    author: seller.name,
    subject: `${seller.name} – ${buyer.name}`,
    date: letter.date,
    lang: letter.language.replace('_', '-'),
  });

  // Letterhead: the sender's identity and every way to reach or pay them.
  let y: number = PAGE.top;
  textAt(doc, seller.name, L, y, { size: 15, bold: true, color: COLOR.accent });
  y += 22;
  const sa = seller.address;
  const idParts = [
    `${sa.postalCode} ${sa.city}, ${sa.street}`,
    seller.taxNumber !== undefined ? `${m.party.taxNumber}: ${seller.taxNumber}` : undefined,
    seller.euVatNumber !== undefined ? `${m.party.euVatNumber}: ${seller.euVatNumber}` : undefined,
  ];
  const contactParts = [
    seller.bankAccount !== undefined ? `${m.party.bankAccount}: ${seller.bankAccount}` : undefined,
    seller.email !== undefined ? `${m.party.email}: ${seller.email}` : undefined,
    seller.phone !== undefined ? `${m.party.phone}: ${seller.phone}` : undefined,
  ];
  for (const parts of [idParts, contactParts]) {
    const text = parts.filter((p): p is string => p !== undefined).join('  ·  ');
    if (text !== '') y = paragraph(doc, text, L, y, CONTENT_WIDTH, { size: 7.5, color: COLOR.muted }) + 1;
  }
  rule(doc, L, R, y + 4, COLOR.accent, 1.2);

  // Recipient block at the usual window-envelope height; place and date on the right.
  y = Math.max(y + 26, 128);
  const place = `${sa.city}, ${f.longDate(letter.date)}`;
  textAt(doc, place, L, y, { size: BODY.size, align: 'right', width: CONTENT_WIDTH });
  const addrWidth = CONTENT_WIDTH * 0.5;
  y = paragraph(doc, buyer.name, L, y, addrWidth, { size: 10, bold: true }) + 1;
  const showCountry = buyer.address.countryCode !== sa.countryCode;
  for (const line of formatAddress(buyer, f, showCountry)) {
    y = paragraph(doc, line, L, y, addrWidth, { size: BODY.size });
  }
  y += 30;

  y =
    paragraph(doc, `${m.letter.subject}: ${letter.subject}`, L, y, CONTENT_WIDTH, {
      size: 10.5,
      bold: true,
    }) + 14;
  y = paragraphs(doc, letter.opening, y);
  y = invoiceTable(doc, letter, y + 4);
  y = totalsTable(doc, letter, y);
  y = paragraphs(doc, letter.closing, y + 4);

  // Room for a handwritten signature above the line.
  y = room(doc, y, 60);
  const sigWidth = 190;
  rule(doc, L, L + sigWidth, y + 36, COLOR.text, 0.6);
  textAt(doc, seller.name, L, y + 40, { size: BODY.size, bold: true });

  finishPages(doc, { left: `${seller.name} · ${letter.subject}`, page: m.page });
  doc.end();
  return done;
}

function paragraphs(doc: Doc, texts: string[], y: number): number {
  for (const text of texts) {
    doc.font(FONT.regular).fontSize(BODY.size);
    y = room(doc, y, doc.heightOfString(text, { width: CONTENT_WIDTH, lineGap: BODY.gap }));
    y = paragraph(doc, text, L, y, CONTENT_WIDTH, { size: BODY.size, gap: BODY.gap }) + 7;
  }
  return y;
}

function invoiceTable(doc: Doc, letter: DueLetterDocument, y: number): number {
  const m = messages(letter.language).letter;
  const f = formatter(letter.language);
  const specs: ColumnSpec[] = [
    { header: m.invoiceNumber, flex: true },
    { header: m.issueDate },
    { header: m.dueDate },
    { header: m.daysOverdue, align: 'right' },
    { header: m.gross, align: 'right' },
    { header: m.balance, align: 'right' },
  ];
  const rows: RowData[] = letter.invoices.map((i) => [
    i.invoiceNumber,
    f.date(i.issuedDate),
    f.date(i.paymentDate),
    f.integer(i.daysOverdue),
    f.money(i.gross, i.currency),
    f.money(i.balance, i.currency),
  ]);
  const table = new Table(doc, L, CONTENT_WIDTH, specs, rows, { size: 8.5, padY: 4, minFlex: 80 });
  y = room(doc, y, table.startHeight(rows[0]));
  y = table.header(y);
  for (const row of rows) y = table.row(y, row);
  return y + 10;
}

function totalsTable(doc: Doc, letter: DueLetterDocument, y: number): number {
  if (letter.totals.length === 0) return y;
  const m = messages(letter.language).letter;
  const f = formatter(letter.language);
  const specs: ColumnSpec[] = [
    { header: m.currency },
    { header: m.outstanding, align: 'right' },
    { header: m.overdue, align: 'right' },
  ];
  const rows: RowData[] = letter.totals.map((t) => [
    t.currency,
    f.money(t.outstanding, t.currency),
    f.money(t.overdue, t.currency),
  ]);
  const width = CONTENT_WIDTH * 0.55;
  const table = new Table(doc, R - width, width, specs, [], { size: 8.5, padY: 4, boldRows: rows });
  const height = 14 + table.startHeight() + rows.reduce((s, r) => s + table.rowHeight(r, true), 0);
  y = room(doc, y, height);
  textAt(doc, m.totalsTitle, R - width, y, { size: 8.5, bold: true });
  y = table.header(y + 14);
  for (const row of rows) y = table.row(y, row, { bold: true });
  return y + 16;
}
