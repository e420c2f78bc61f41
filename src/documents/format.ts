/**
 * Locale formatting of the figures on the documents. Amounts arrive as exact decimal strings and
 * are handed to Intl as strings (ES2023 exact decimal formatting), so no value ever passes through
 * a binary float. Intl objects are cached because building one costs far more than using it and a
 * 500-line invoice formats several thousand cells.
 */
import type { Decimal, Locale } from './model';

export interface Formatter {
  /** "127 000 HUF", "EUR 1,234.50": the amount with its currency code, in the locale's order. */
  money(amount: Decimal, currency: string): string;
  /** The amount alone, for table cells under a heading that names the currency. */
  amount(amount: Decimal, currency: string): string;
  quantity(quantity: Decimal): string;
  percent(rate: Decimal): string;
  integer(n: number): string;
  /** "1 EUR = 395,12 HUF" */
  fxRate(rate: Decimal, currency: string): string;
  date(isoDate: string): string;
  longDate(isoDate: string): string;
  country(code: string): string;
  list(items: string[]): string;
}

const DECIMAL = /^[-+]?\d+(?:\.(\d+))?$/;

/** HUF is invoiced in whole forints; every other invoice currency here has cents. */
export function currencyDecimals(currency: string): number {
  return currency === 'HUF' ? 0 : 2;
}

function checked(value: Decimal): `${number}` {
  if (!DECIMAL.test(value)) throw new Error(`Not a decimal amount: "${value}"`);
  return value as `${number}`;
}

/** Decimal places the value really carries, ignoring trailing zeros. */
function significantDecimals(value: Decimal): number {
  const fraction = DECIMAL.exec(value)?.[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  // Options objects are small and flat; a hand-built key is several times cheaper than JSON.
  let key = tag;
  for (const k in options) key += `|${k}=${String(options[k as keyof Intl.NumberFormatOptions])}`;
  let nf = numberFormats.get(key);
  if (nf === undefined) {
    nf = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, nf);
  }
  return nf;
}

function isoToDate(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (m === null) throw new Error(`Not an ISO date: "${iso}"`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

const formatters = new Map<Locale, Formatter>();

export function formatter(locale: Locale): Formatter {
  const cached = formatters.get(locale);
  if (cached !== undefined) return cached;
  const tag = locale.replace('_', '-');
  // The money module already rounded; showing extra digits beats silently re-rounding a wrong input.
  // useGrouping true means "always": hu/pl/es leave 4-digit numbers ungrouped by default, which
  // puts "4500" above "14 580" in an amount column.
  const digits = (value: Decimal, currency: string): Intl.NumberFormatOptions => {
    const min = currencyDecimals(currency);
    return {
      minimumFractionDigits: min,
      maximumFractionDigits: Math.max(min, significantDecimals(value)),
      useGrouping: true,
    };
  };
  const shortDate = new Intl.DateTimeFormat(tag, {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const longDate = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', dateStyle: 'long' });
  const regions = new Intl.DisplayNames([tag], { type: 'region' });
  const lists = new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' });
  const f: Formatter = {
    money: (amount, currency) =>
      numberFormat(tag, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        ...digits(amount, currency),
      }).format(checked(amount)),
    amount: (amount, currency) => numberFormat(tag, digits(amount, currency)).format(checked(amount)),
    quantity: (q) =>
      numberFormat(tag, { maximumFractionDigits: significantDecimals(q), useGrouping: true }).format(
        checked(q),
      ),
    percent: (rate) =>
      numberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(Number(checked(rate)) / 100),
    integer: (n) => numberFormat(tag, { maximumFractionDigits: 0, useGrouping: true }).format(n),
    fxRate: (rate, currency) => {
      const r = numberFormat(tag, {
        minimumFractionDigits: 2,
        maximumFractionDigits: Math.max(2, significantDecimals(rate)),
        useGrouping: true,
      });
      return `1 ${currency} = ${r.format(checked(rate))} HUF`;
    },
    date: (iso) => shortDate.format(isoToDate(iso)),
    longDate: (iso) => longDate.format(isoToDate(iso)),
    country: (code) => regions.of(code.toUpperCase()) ?? code,
    list: (items) => lists.format(items),
  };
  formatters.set(locale, f);
  return f;
}
