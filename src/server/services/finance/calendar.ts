/**
 * Business dates. Invoices, due dates and value dates are Hungarian calendar days, so "today" is
 * the date in Budapest, not in UTC: a clerk's invoice issued at 00:30 local time is dated today.
 */
const BUDAPEST = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of `at` in Budapest. */
export function businessDate(at: Date): string {
  return BUDAPEST.format(at);
}

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
