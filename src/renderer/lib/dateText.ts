/**
 * A calendar date as the clerk reads and types it, in the interface language (not the browser's):
 * the pattern is derived from Intl.DateTimeFormat of the language with numeric parts, so hu reads
 * "2026. 11. 26.", en (en-GB) "26/11/2026", de and pl "26.11.2026", es "26/11/2026". The form
 * always gets ISO yyyy-mm-dd; ISO typed or pasted is accepted in every language.
 */
import { INTL_LOCALE, type Language } from '../i18n/types';
import { formatDate, todayIso } from './format';

export { todayIso };

export type DatePart = 'year' | 'month' | 'day';

export interface DatePattern {
  /** The parts in the order the language writes them. */
  order: DatePart[];
  /** The literal before each part (index 0: before the first, usually ""), and the one after the last. */
  literals: string[];
}

const patterns = new Map<Language, DatePattern>();

export function datePattern(lang: Language): DatePattern {
  let p = patterns.get(lang);
  if (p) return p;
  const parts = new Intl.DateTimeFormat(INTL_LOCALE[lang], { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 10, 26)));
  const order: DatePart[] = [];
  const literals: string[] = [''];
  for (const part of parts) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day') {
      order.push(part.type);
      literals.push('');
    } else literals[literals.length - 1] += part.value;
  }
  p = { order, literals };
  patterns.set(lang, p);
  return p;
}

const WIDTH: Record<DatePart, number> = { year: 4, month: 2, day: 2 };

/** The pattern in the clerk's letters, e.g. "éééé. hh. nn." (letters: one per part, from the translations). */
export function patternText(lang: Language, letters: Record<DatePart, string>): string {
  const { order, literals } = datePattern(lang);
  return order.map((part, i) => literals[i] + letters[part].repeat(WIDTH[part])).join('') + literals[order.length];
}

/** An ISO date in the clerk's format; anything that is not an ISO date is shown as it is. */
export function formatDateText(lang: Language, iso: string): string {
  return isIsoDate(iso) ? formatDate(lang, iso) : iso;
}

export const isIsoDate = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && realDate(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))) !== null;

export type ParsedDate = { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'unreadable' } | { kind: 'impossible' };

/**
 * What the clerk typed: in the language's order with any of its separators (". ", "/", ".", "-",
 * spaces), day and month with one or two digits, the year with four; eight digits in a row in the
 * language's order; or ISO yyyy-mm-dd. Spaces around it and a trailing dot are forgiven.
 * "impossible" is a readable date that the calendar does not have (2026. 02. 30.).
 */
export function parseDateText(lang: Language, text: string): ParsedDate {
  const s = text.trim();
  if (s === '') return { kind: 'empty' };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (iso) return judge(iso[1]!, iso[2]!, iso[3]!);
  const body = s.replace(/[.\s]+$/, '');
  if (!/^\d[\d.\s/-]*\d$/.test(body)) return { kind: 'unreadable' };
  const { order } = datePattern(lang);
  let pieces = body.split(/[.\s/-]+/);
  const run = pieces[0] ?? '';
  if (pieces.length === 1 && run.length === 8) {
    // Eight digits typed without separators, in the language's order (hu 20261126, de 26112026).
    let at = 0;
    pieces = order.map((part) => run.slice(at, (at += WIDTH[part])));
  }
  if (pieces.length !== 3) return { kind: 'unreadable' };
  const v = Object.fromEntries(order.map((part, i) => [part, pieces[i]])) as Record<DatePart, string>;
  if (v.year.length !== 4 || v.month.length > 2 || v.day.length > 2) return { kind: 'unreadable' };
  return judge(v.year, v.month, v.day);
}

function judge(y: string, m: string, d: string): ParsedDate {
  const iso = realDate(Number(y), Number(m), Number(d));
  return iso ? { kind: 'date', iso } : { kind: 'impossible' };
}

/** The ISO date if the calendar has that day (leap years included), else null. */
function realDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return isoOf(date);
}

/** A UTC midnight as yyyy-mm-dd (the calendar works in UTC so no time zone shifts a day). */
export const isoOf = (d: Date): string => d.toISOString().slice(0, 10);

export const dateOf = (iso: string): Date => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));

export function addDaysIso(iso: string, days: number): string {
  const d = dateOf(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
}

/** The same day `months` later, or the month's last day when it is shorter (Jan 31 + 1 → Feb 28). */
export function addMonthsIso(iso: string, months: number): string {
  const d = dateOf(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return isoOf(target);
}

type WeekInfoLocale = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };

/**
 * The first day of the week in the language (1 = Monday … 7 = Sunday), from Intl's week data.
 * English is en-GB here (INTL_LOCALE), so Monday: the app's English writes dates day-first as in
 * Britain, the business works to Monday-first weeks (ISO 8601, as the Hungarian office does), and a
 * Sunday-first grid under a day-first date would mix two countries' habits on one screen.
 */
export function firstDayOfWeek(lang: Language): number {
  const locale = new Intl.Locale(INTL_LOCALE[lang]) as WeekInfoLocale;
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  return info?.firstDay ?? 1;
}

/** The month's name and year as a heading ("2026. november", "November 2026"). */
export const monthTitle = (lang: Language, iso: string): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[lang], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(dateOf(iso));

/** The seven weekdays from the language's first day: short and full names. */
export function weekdayNames(lang: Language): { short: string; long: string }[] {
  const first = firstDayOfWeek(lang);
  const short = new Intl.DateTimeFormat(INTL_LOCALE[lang], { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(INTL_LOCALE[lang], { weekday: 'long', timeZone: 'UTC' });
  // 2026-11-23 is a Monday (weekday 1).
  return Array.from({ length: 7 }, (_, i) => {
    const d = dateOf(addDaysIso('2026-11-23', (first - 1 + i) % 7));
    return { short: short.format(d), long: long.format(d) };
  });
}

/** A day in full for a screen reader ("2026. november 26., csütörtök"). */
export const longDate = (lang: Language, iso: string): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'full', timeZone: 'UTC' }).format(dateOf(iso));
