/**
 * "Today" on every screen is the calendar day in the account's time zone (the core learns it from the
 * server and reports it in the sync status), not the machine's: a desk whose clock is set to another
 * zone, or a clerk working just after midnight, still sees and sends the business's day.
 */
import { DEFAULT_TIME_ZONE, isTimeZone, localDay } from '@shared/time/localDay';

let zone = DEFAULT_TIME_ZONE;

/** Called when the sync status says which zone the account keeps (lib/ipc.ts). */
export function setAccountTimeZone(next: string | undefined): void {
  if (next && isTimeZone(next)) zone = next;
}

export const accountTimeZone = (): string => zone;

/** Today as YYYY-MM-DD in the account's time zone, the form the API's date fields take. */
export const todayIso = (now: Date = new Date()): string => localDay(now, zone);
