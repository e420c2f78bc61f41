/**
 * Numbers, money and dates for the chosen interface language, through Intl. Formatters are cached:
 * building an Intl.NumberFormat costs far more than using one, and tables format thousands of cells.
 */
import { currencyDecimals } from '@shared/money';
import { INTL_LOCALE, type Language } from '../i18n/types';
import { isDecimal, normalizeDecimal } from './decimal';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(lang: Language, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `n|${lang}|${key}`;
  let f = cache.get(id) as Intl.NumberFormat | undefined;
  if (!f) cache.set(id, (f = new Intl.NumberFormat(INTL_LOCALE[lang], options)));
  return f;
}

function dateFormat(lang: Language, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d|${lang}|${key}`;
  let f = cache.get(id) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(id, (f = new Intl.DateTimeFormat(INTL_LOCALE[lang], options)));
  return f;
}

function decimalsOf(currency: string): number {
  try {
    return currencyDecimals(currency);
  } catch {
    return 2;
  }
}

/**
 * 12 345 Ft, 1.234,50 € — HUF without decimals, every other currency with 2. Digits are always
 * grouped: Hungarian, Polish and Spanish leave four-digit numbers ungrouped by default, which puts
 * "4047" above "12 417" in an amount column; the printed invoices group always too.
 */
export function formatMoney(lang: Language, amount: number, currency: string): string {
  const dp = decimalsOf(currency);
  try {
    return numberFormat(lang, `money|${currency}`, { style: 'currency', currency, minimumFractionDigits: dp, maximumFractionDigits: dp, useGrouping: 'always' }).format(amount);
  } catch {
    // Intl rejects codes it does not know; the amount still has to show.
    return `${formatAmount(lang, amount, currency)} ${currency}`;
  }
}

/** An amount without its currency sign, for table columns that name the currency in the header. */
export function formatAmount(lang: Language, amount: number, currency: string): string {
  const dp = decimalsOf(currency);
  return numberFormat(lang, `amount|${dp}`, { minimumFractionDigits: dp, maximumFractionDigits: dp, useGrouping: 'always' }).format(amount);
}

export function formatNumber(lang: Language, n: number, minDp = 0, maxDp = 3): string {
  return numberFormat(lang, `num|${minDp}|${maxDp}`, { minimumFractionDigits: minDp, maximumFractionDigits: maxDp }).format(n);
}

/** Stock quantities: whole numbers plain, fractions (kg, m) up to three places. */
export function formatQuantity(lang: Language, n: number): string {
  return formatNumber(lang, n, 0, 3);
}

/** A difference with its sign always shown: +3, −2, 0. */
export function formatSigned(lang: Language, n: number): string {
  return numberFormat(lang, 'signed', { maximumFractionDigits: 3, signDisplay: 'exceptZero' }).format(n);
}

/** A calendar date (YYYY-MM-DD) without a time zone shift. */
export function formatDate(lang: Language, isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return isoDate;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat(lang, 'date', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(d);
}

/** A moment (ISO timestamp) in local time. */
export function formatDateTime(lang: Language, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateFormat(lang, 'datetime', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(d);
}

/** "10:42" today, otherwise the date and time. */
export function formatWhen(lang: Language, iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (d.toDateString() === now.toDateString()) return dateFormat(lang, 'time', { hour: '2-digit', minute: '2-digit' }).format(d);
  return formatDateTime(lang, iso);
}

/** Today as YYYY-MM-DD in the account's time zone (accountDay.ts). */
export { todayIso } from './accountDay';

/**
 * A number the clerk typed, as a number: null for blank input, NaN for non-numbers. The reading of
 * separators is normalizeDecimal's (decimal.ts), shared with the billing forms that keep the text.
 */
export function parseNumberInput(text: string): number | null {
  const s = normalizeDecimal(text);
  if (s === '') return null;
  return isDecimal(s) ? Number(s) : Number.NaN;
}
