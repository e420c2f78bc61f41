/**
 * Live totals of the form being typed, through the same @shared/money computeTotals the server
 * uses, so the figures on screen are the ones the issued document will carry, to the unit. A line
 * that cannot be computed yet (an unfinished number) is reported instead of being guessed at.
 */
import { computeTotals, MoneyError, type DocumentTotals, type LineAmounts, type LineInput } from '@shared/money';
import { isDecimal, normalizeDecimal } from './decimal';

/** A line as the form holds it: text typed by the clerk. */
export interface LineText {
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
}

export type LineProblem = 'quantity' | 'unitPrice' | 'discount' | 'vatRate';

export interface LiveTotals {
  /** True when every line and the fx rate are usable: only then is `doc` the document's total. */
  complete: boolean;
  /** Totals of the usable lines (all of them when complete). */
  doc: DocumentTotals;
  /** Per form line: its amounts, or null while it cannot be computed. */
  lines: Array<LineAmounts | null>;
  /** Per form line: the first unusable field, or null. */
  problems: Array<LineProblem | null>;
  fxProblem: boolean;
}

function toInput(line: LineText): { input: LineInput | null; problem: LineProblem | null } {
  const quantity = normalizeDecimal(line.quantity);
  const unitPrice = normalizeDecimal(line.unitPrice);
  const discount = normalizeDecimal(line.discount);
  const vatRate = normalizeDecimal(line.vatRate);
  if (!isDecimal(quantity)) return { input: null, problem: 'quantity' };
  if (!isDecimal(unitPrice)) return { input: null, problem: 'unitPrice' };
  if (discount !== '' && !isDecimal(discount)) return { input: null, problem: 'discount' };
  if (!isDecimal(vatRate)) return { input: null, problem: 'vatRate' };
  return { input: { quantity, unitPrice, discountPercent: discount === '' ? '0' : discount, vatRate }, problem: null };
}

const PROBLEM_FIELDS: Record<string, LineProblem> = {
  quantity: 'quantity',
  unitPrice: 'unitPrice',
  discountPercent: 'discount',
  vatRate: 'vatRate',
};

function problemOf(e: MoneyError): LineProblem {
  const m = /\.(\w+)$/.exec(e.field);
  return PROBLEM_FIELDS[m?.[1] ?? ''] ?? 'quantity';
}

/** Whether @shared/money takes the rate (positive, at most 6 decimals, not absurd). */
function fxAccepted(fx: string, currency: string): boolean {
  try {
    computeTotals([], currency, fx);
    return true;
  } catch (e) {
    if (e instanceof MoneyError) return false;
    throw e;
  }
}

/**
 * Totals of the lines in `currency` (with HUF values when a foreign currency has an fx rate).
 * When some lines are unusable, `doc` still sums the usable ones so the clerk sees a running figure,
 * but `complete` is false and the screen must not present it as the document's total.
 */
export function liveTotals(lines: LineText[], currency: string, fxRateText: string): LiveTotals {
  const cur = /^[A-Z]{3}$/.test(currency) ? currency : 'HUF';
  const fxText = normalizeDecimal(fxRateText);
  const fxUsable = cur !== 'HUF' && isDecimal(fxText) && fxAccepted(fxText, cur);
  const fxProblem = fxText !== '' && !fxUsable && !(cur === 'HUF' && (fxText === '1' || fxText === '1.0'));
  const fx = fxUsable ? fxText : undefined;

  const parsed = lines.map(toInput);
  const problems = parsed.map((p) => p.problem);
  // Range problems (a discount of 120 %) only @shared/money knows about; find them line by line.
  const usable: LineInput[] = [];
  const where: number[] = [];
  parsed.forEach((p, i) => {
    if (!p.input) return;
    try {
      computeTotals([p.input], cur, fx);
      usable.push(p.input);
      where.push(i);
    } catch (e) {
      if (!(e instanceof MoneyError)) throw e;
      problems[i] = problemOf(e);
    }
  });
  const doc = computeTotals(usable, cur, fx);
  const amounts: Array<LineAmounts | null> = lines.map(() => null);
  where.forEach((formIndex, k) => (amounts[formIndex] = doc.lines[k] ?? null));
  return { complete: problems.every((p) => p === null) && !fxProblem, doc, lines: amounts, problems, fxProblem };
}
