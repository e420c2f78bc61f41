/**
 * The account's time zone, as the server last said (getSession's time_zone): the desk's "today" is
 * the calendar day there, not the machine's and not UTC's, so a date a clerk leaves empty, an
 * export's name and a screen's "today" are the day the server would give. Kept in the mirror, so an
 * offline desk still knows it; Europe/Budapest until a server said.
 */
import { DEFAULT_TIME_ZONE, isTimeZone, localDay } from '@shared/time/localDay';
import type { Db } from './db';
import { getKv, setKv } from './settings';

export function accountTimeZone(db: Db): string {
  return getKv<string>(db, 'sync_state', 'timeZone', DEFAULT_TIME_ZONE);
}

/** Keeps what the server said; a zone this desk's Intl does not know is not kept (the default stays). */
export function keepTimeZone(db: Db, zone: string | undefined): boolean {
  if (zone === undefined || !isTimeZone(zone) || zone === accountTimeZone(db)) return false;
  setKv(db, 'sync_state', 'timeZone', zone);
  return true;
}

/** YYYY-MM-DD of `now` in the account's time zone. */
export const accountDay = (db: Db, now: Date): string => localDay(now, accountTimeZone(db));
