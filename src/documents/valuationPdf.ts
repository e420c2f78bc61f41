/**
 * The stock valuation as a PDF: one table grouped by warehouse and product group, each group and
 * warehouse closed by its subtotal and the whole by the grand total — the figures of the server's
 * getStockValuation as they are (lines already rounded, subtotals the sums of those), never recomputed.
 */
import { formatter } from './format';
import { messages } from './i18n';
import { COLOR, CONTENT_WIDTH, finishPages, openDocument, PAGE, paragraph, textAt } from './layout';
import type { Locale } from './model';
import { Table, type ColumnSpec, type RowData } from './table';
import { valuationMessages } from './valuationText';

export interface ValuationDocument {
  language: Locale;
  /** The account's (seller's) name for the header and footer. */
  company: string;
  date: string;
  currency: string;
  /** The filters the valuation was asked with ("" = all). */
  warehouse: string;
  productGroup: string | null;
  lines: Array<{ warehouse: string; product_id: number; product_name: string; product_group: string; unit: string; quantity: number; average_cost: number; value: number; unpriced: number }>;
  group_subtotals: Array<{ warehouse: string; product_group: string; value: number }>;
  warehouse_subtotals: Array<{ warehouse: string; value: number }>;
  total_value: number;
  unpriced_lines: number;
}

const L = PAGE.margin;

export async function renderValuationPdf(v: ValuationDocument): Promise<Buffer> {
  const m = valuationMessages(v.language);
  const f = formatter(v.language);
  const { doc, done } = openDocument({ title: `${m.title} ${v.date}`, author: v.company, subject: `${m.title} – ${v.company}`, date: v.date, lang: v.language.replace('_', '-') });
  const groupName = (g: string) => (g === '' ? m.filters.noGroup : g);
  const whName = (w: string) => (w === 'Default' ? m.defaultWarehouse : w);
  const money = (n: number) => f.amount(String(n), v.currency);

  let y: number = PAGE.top;
  textAt(doc, v.company, L, y, { size: 9, color: COLOR.muted });
  y += 14;
  textAt(doc, `${m.title} (${v.currency})`, L, y, { size: 16, bold: true, color: COLOR.accent });
  y += 22;
  textAt(doc, m.asOf(f.date(v.date)), L, y, { size: 10, bold: true });
  y += 15;
  const filters = `${m.filters.warehouse}: ${v.warehouse ? whName(v.warehouse) : m.filters.all}  ·  ${m.filters.group}: ${v.productGroup === null ? m.filters.all : groupName(v.productGroup)}`;
  y = paragraph(doc, filters, L, y, CONTENT_WIDTH, { size: 8.5 }) + 2;
  y = paragraph(doc, m.method, L, y, CONTENT_WIDTH, { size: 7.5, color: COLOR.muted }) + 10;

  const specs: ColumnSpec[] = [
    { header: m.columns.id, align: 'right' },
    { header: m.columns.product, flex: true },
    { header: m.columns.unit },
    { header: m.columns.quantity, align: 'right' },
    { header: m.columns.average, align: 'right' },
    { header: `${m.columns.value} (${v.currency})`, align: 'right' },
  ];
  const sub = new Map(v.group_subtotals.map((s) => [`${s.warehouse}\u0000${s.product_group}`, s.value]));
  const whSub = new Map(v.warehouse_subtotals.map((s) => [s.warehouse, s.value]));
  type Row = { data: RowData; bold?: boolean; fill?: string };
  const rows: Row[] = [];
  let wh: string | null = null;
  let grp: string | null = null;
  const closeGroup = () => {
    if (wh !== null && grp !== null) rows.push({ data: ['', m.groupTotal(groupName(grp)), '', '', '', money(sub.get(`${wh}\u0000${grp}`) ?? 0)], bold: true });
  };
  const closeWarehouse = () => {
    if (wh !== null) rows.push({ data: ['', m.warehouseTotal(whName(wh)), '', '', '', money(whSub.get(wh) ?? 0)], bold: true, fill: COLOR.shade });
  };
  for (const l of v.lines) {
    if (l.warehouse !== wh) {
      closeGroup();
      closeWarehouse();
      wh = l.warehouse;
      grp = null;
      rows.push({ data: ['', whName(l.warehouse), '', '', '', ''], bold: true, fill: COLOR.shade });
    }
    if (l.product_group !== grp) {
      closeGroup();
      grp = l.product_group;
      rows.push({ data: ['', groupName(grp), '', '', '', ''], bold: true });
    }
    rows.push({ data: [String(l.product_id), `${l.product_name}${l.unpriced ? ` ${m.unpricedMark}` : ''}`, l.unit, f.quantity(String(l.quantity)), f.quantity(String(l.average_cost)), money(l.value)] });
  }
  closeGroup();
  closeWarehouse();
  const totalRow: RowData = ['', m.total, '', '', '', money(v.total_value)];
  const table = new Table(doc, L, CONTENT_WIDTH, specs, rows.filter((r) => !r.bold).map((r) => r.data), { size: 8, padY: 3.5, boldRows: [...rows.filter((r) => r.bold).map((r) => r.data), totalRow] });
  if (v.lines.length === 0) {
    y = paragraph(doc, m.empty, L, y, CONTENT_WIDTH, { size: 10 });
  } else {
    y = table.header(y);
    for (const r of rows) y = table.row(y, r.data, { bold: r.bold, fill: r.fill });
  }
  y = table.row(y + 4, totalRow, { bold: true, topRule: true, fill: COLOR.shade });
  if (v.unpriced_lines > 0) paragraph(doc, m.unpriced(v.unpriced_lines), L, y + 8, CONTENT_WIDTH, { size: 8, color: COLOR.alert });

  finishPages(doc, { left: `${v.company} · ${m.title} ${f.date(v.date)}`, page: messages(v.language).page });
  doc.end();
  return done;
}
