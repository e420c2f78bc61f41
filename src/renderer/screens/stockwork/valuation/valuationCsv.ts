/**
 * The valuation as CSV for Hungarian (and other European) Excel: `;` between fields, CRLF, the decimal
 * separator of the clerk's language (comma in hu, de, es, pl; dot in en), no thousands separator, so
 * each figure is a number to the program reading it. downloadText adds the UTF-8 BOM. docs/valuation.md.
 */
import type { StockValuation } from '@shared/ipc';

export interface CsvLabels {
  columns: [kind: string, warehouse: string, group: string, id: string, product: string, unit: string, quantity: string, average: string, value: string];
  line: string;
  groupTotal: string;
  warehouseTotal: string;
  total: string;
  noGroup: string;
  warehouseName: (name: string) => string;
}

const quote = (s: string) => (/[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** A plain number: as many decimals as it has (JS shortest form), the language's decimal separator. */
export const csvNumber = (n: number, decimalComma: boolean) => {
  const s = n === 0 ? '0' : String(n).includes('e') ? n.toFixed(10).replace(/\.?0+$/, '') : String(n);
  return decimalComma ? s.replace('.', ',') : s;
};

export function valuationCsv(v: StockValuation, labels: CsvLabels, decimalComma: boolean): string {
  const num = (n: number) => csvNumber(n, decimalComma);
  const group = (g: string) => (g === '' ? labels.noGroup : g);
  const rows: string[][] = [labels.columns];
  const groupSub = new Map(v.group_subtotals.map((s) => [`${s.warehouse}\u0000${s.product_group}`, s.value]));
  const whSub = new Map(v.warehouse_subtotals.map((s) => [s.warehouse, s.value]));
  v.lines.forEach((l, i) => {
    rows.push([labels.line, labels.warehouseName(l.warehouse), group(l.product_group), String(l.product_id), l.product_name, l.unit, num(l.quantity), num(l.average_cost), num(l.value)]);
    const next = v.lines[i + 1];
    if (!next || next.warehouse !== l.warehouse || next.product_group !== l.product_group) {
      rows.push([labels.groupTotal, labels.warehouseName(l.warehouse), group(l.product_group), '', '', '', '', '', num(groupSub.get(`${l.warehouse}\u0000${l.product_group}`) ?? 0)]);
    }
    if (!next || next.warehouse !== l.warehouse) rows.push([labels.warehouseTotal, labels.warehouseName(l.warehouse), '', '', '', '', '', '', num(whSub.get(l.warehouse) ?? 0)]);
  });
  rows.push([labels.total, '', '', '', '', '', '', '', num(v.total_value)]);
  return rows.map((r) => r.map(quote).join(';')).join('\r\n') + '\r\n';
}
