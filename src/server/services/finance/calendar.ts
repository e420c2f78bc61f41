/**
 * Business dates. Invoices, due dates, value dates and stock receipts are calendar days of the
 * account's time zone (ctx.timeZone, Europe/Budapest unless the operator set another), not UTC's:
 * a clerk's take-in or invoice at 00:30 local time is dated today.
 */
import type { RequestContext } from '../../context';
import { DEFAULT_TIME_ZONE, localDay } from '@shared/time/localDay';

/** YYYY-MM-DD of `at` in the time zone `zone` (services pass the account's: ctx.timeZone). */
export const businessDate = (at: Date, zone: string = DEFAULT_TIME_ZONE): string => localDay(at, zone);

/** The request's account's day now. */
export const todayOf = (ctx: Pick<RequestContext, 'clock' | 'timeZone'>): string => localDay(ctx.clock.now(), ctx.timeZone);

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}
