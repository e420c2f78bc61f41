/**
 * The business's calendar day. Every business date (a take-in's, a delivery's, an invoice's, a
 * payment's, an export's name, "today" on a screen) is the day on the account's wall clock, in the
 * account's time zone: at 00:00:14 in Budapest it is already the 29th there, while UTC still says
 * the 28th. The zone is an IANA name (Intl's list); no time-zone library, Intl knows the rules.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Budapest';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // en-CA formats a date as YYYY-MM-DD; the parts are read below, so the locale only fixes digits.
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    formatters.set(zone, f);
  }
  return f;
}

/** YYYY-MM-DD of the instant `at` on the calendar of `zone` (Europe/Budapest unless the account says otherwise). */
export function localDay(at: Date, zone: string = DEFAULT_TIME_ZONE): string {
  const parts = formatterFor(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether `zone` is a time zone Intl knows by that name (IANA names such as Europe/Budapest, and UTC). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical spelling (Intl accepts "europe/budapest"; what is stored is "Europe/Budapest"). */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
}
