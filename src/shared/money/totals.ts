import type Big from 'big.js';
import {
  Dec,
  MAX_INPUT_DECIMALS,
  MAX_MAGNITUDE,
  MoneyError,
  currencyDecimals,
  formatFixed,
  parseDecimal,
  parsePercent,
  show,
  type DecimalInput,
} from './decimal';

/** One invoice/order line. unitPrice is NET; discountPercent is 0..100 of the line value (default 0). */
export interface LineInput {
  quantity: DecimalInput;
  unitPrice: DecimalInput;
  discountPercent?: DecimalInput;
  vatRate: DecimalInput;
}

/** Rounded line amounts in the document currency; *Huf only on foreign-currency documents with an fx rate. */
export interface LineAmounts {
  net: string;
  vat: string;
  gross: string;
  netHuf?: string;
  vatHuf?: string;
}

export interface VatSummaryRow {
  /** Canonical rate: "27", "5.5", "0". */
  vatRate: string;
  net: string;
  vat: string;
  gross: string;
  netHuf?: string;
  vatHuf?: string;
}

export interface DocumentTotals {
  lines: LineAmounts[];
  /** One row per distinct VAT rate, highest rate first. */
  vatSummary: VatSummaryRow[];
  totals: { net: string; vat: string; gross: string; netHuf?: string; vatHuf?: string; grossHuf?: string };
}

// Multiplying by 0.01 instead of dividing by 100 keeps every step exact, whatever Dec.DP is.
const HUNDRED = new Dec('100');
const PERCENT = new Dec('0.01');
const ZERO = new Dec('0');
const HALF_UP = Dec.roundHalfUp; // half away from zero: big.js rounds the magnitude

interface Rounded {
  net: Big;
  vat: Big;
  netHuf?: Big;
  vatHuf?: Big;
}

function parseFx(fxRate: DecimalInput | undefined, currency: string): Big | undefined {
  if (fxRate === undefined) return undefined;
  const fx = parseDecimal(fxRate, 'fxRate', { maxDecimals: MAX_INPUT_DECIMALS });
  if (fx.lte('0')) {
    throw new MoneyError(
      'fxRate',
      `fxRate must be greater than 0 (HUF per 1 ${currency}), got ${show(fxRate)}`,
    );
  }
  if (currency !== 'HUF') return fx;
  // A HUF document with a real exchange rate means the currency or the rate is wrong.
  if (!fx.eq('1')) {
    throw new MoneyError('fxRate', `fxRate must be absent or 1 on a HUF document, got ${show(fxRate)}`);
  }
  return undefined;
}

/** `at` is the line's path in error messages ("lines[3]"), null for a lone computeLine. */
function roundLine(
  line: LineInput,
  dp: number,
  fx: Big | undefined,
  at: string | null,
): Rounded & { rate: Big } {
  const p = at === null ? '' : `${at}.`;
  const quantity = parseDecimal(line.quantity, `${p}quantity`, { maxDecimals: MAX_INPUT_DECIMALS });
  const unitPrice = parseDecimal(line.unitPrice, `${p}unitPrice`, { maxDecimals: MAX_INPUT_DECIMALS });
  const discount =
    line.discountPercent === undefined ? ZERO : parsePercent(line.discountPercent, `${p}discountPercent`);
  const rate = parsePercent(line.vatRate, `${p}vatRate`);

  const net = quantity.times(unitPrice).times(HUNDRED.minus(discount)).times(PERCENT).round(dp, HALF_UP);
  if (net.abs().gt(MAX_MAGNITUDE)) {
    const field = at ?? 'line';
    throw new MoneyError(
      field,
      `${field} net amount ${net.toFixed()} exceeds 1e12; check quantity and unitPrice`,
    );
  }
  const vat = net.times(rate).times(PERCENT).round(dp, HALF_UP);
  const rounded: Rounded & { rate: Big } = { rate, net, vat };
  if (fx) {
    rounded.netHuf = net.times(fx).round(0, HALF_UP);
    rounded.vatHuf = vat.times(fx).round(0, HALF_UP);
  }
  return rounded;
}

function format(r: Rounded, dp: number): LineAmounts {
  const out: LineAmounts = {
    net: formatFixed(r.net, dp),
    vat: formatFixed(r.vat, dp),
    gross: formatFixed(r.net.plus(r.vat), dp),
  };
  if (r.netHuf && r.vatHuf) {
    out.netHuf = formatFixed(r.netHuf, 0);
    out.vatHuf = formatFixed(r.vatHuf, 0);
  }
  return out;
}

/**
 * One line: net = round(quantity × unitPrice × (100 − discount) / 100), vat = round(net × vatRate / 100),
 * gross = net + vat, rounded half away from zero to the currency's places. With a foreign currency and
 * `fxRate` (HUF per unit) also netHuf = round0(net × fx), vatHuf = round0(vat × fx).
 * @throws MoneyError on invalid input.
 */
export function computeLine(line: LineInput, currency: string, fxRate?: DecimalInput): LineAmounts {
  const dp = currencyDecimals(currency);
  return format(roundLine(line, dp, parseFx(fxRate, currency), null), dp);
}

function add(acc: Rounded, r: Rounded): void {
  acc.net = acc.net.plus(r.net);
  acc.vat = acc.vat.plus(r.vat);
  if (acc.netHuf && acc.vatHuf && r.netHuf && r.vatHuf) {
    acc.netHuf = acc.netHuf.plus(r.netHuf);
    acc.vatHuf = acc.vatHuf.plus(r.vatHuf);
  }
}

/**
 * Lines, VAT summary (per rate, highest first) and totals of a document. Every summary and total is the
 * sum of the rounded line values, never re-rounded, so the printed lines always add up to the totals.
 * @throws MoneyError on invalid input; its field names the line, e.g. "lines[2].discountPercent".
 */
export function computeTotals(lines: LineInput[], currency: string, fxRate?: DecimalInput): DocumentTotals {
  const dp = currencyDecimals(currency);
  const fx = parseFx(fxRate, currency);
  const empty = (): Rounded =>
    fx ? { net: ZERO, vat: ZERO, netHuf: ZERO, vatHuf: ZERO } : { net: ZERO, vat: ZERO };
  const total = empty();
  const byRate = new Map<string, Rounded & { rate: Big }>();
  const amounts = lines.map((line, i) => {
    const r = roundLine(line, dp, fx, `lines[${i}]`);
    // toFixed() is canonical, so "27" and "27.0" share a row.
    const key = r.rate.toFixed();
    let row = byRate.get(key);
    if (!row) byRate.set(key, (row = { ...empty(), rate: r.rate }));
    add(row, r);
    add(total, r);
    return format(r, dp);
  });
  const vatSummary = [...byRate.values()]
    .sort((a, b) => b.rate.cmp(a.rate))
    .map((row): VatSummaryRow => ({ vatRate: row.rate.toFixed(), ...format(row, dp) }));
  const totals: DocumentTotals['totals'] = format(total, dp);
  if (total.netHuf && total.vatHuf) totals.grossHuf = formatFixed(total.netHuf.plus(total.vatHuf), 0);
  return { lines: amounts, vatSummary, totals };
}
