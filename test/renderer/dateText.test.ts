import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@renderer/i18n/types';
import { addMonthsIso, datePattern, firstDayOfWeek, formatDateText, parseDateText, patternText, weekdayNames } from '@renderer/lib/dateText';

const date = (iso: string) => ({ kind: 'date', iso });

describe('dateText: the date in the clerk\'s language', () => {
  it('formats and derives the pattern from Intl in all five languages', () => {
    const shown = Object.fromEntries(LANGUAGES.map((l) => [l, formatDateText(l, '2026-02-05')]));
    expect(shown).toEqual({ hu: '2026. 02. 05.', en: '05/02/2026', de: '05.02.2026', pl: '05.02.2026', es: '05/02/2026' });
    expect(datePattern('hu')).toEqual({ order: ['year', 'month', 'day'], literals: ['', '. ', '. ', '.'] });
    expect(datePattern('en').order).toEqual(['day', 'month', 'year']);
    expect(patternText('hu', { year: 'é', month: 'h', day: 'n' })).toBe('éééé. hh. nn.');
    expect(patternText('de', { year: 'J', month: 'M', day: 'T' })).toBe('TT.MM.JJJJ');
    expect(patternText('es', { year: 'a', month: 'm', day: 'd' })).toBe('dd/mm/aaaa');
  });

  it('reads back what it shows, in every language', () => {
    for (const l of LANGUAGES) for (const iso of ['2026-11-26', '2028-02-29', '1999-01-01']) expect(parseDateText(l, formatDateText(l, iso)), `${l} ${iso}`).toEqual(date(iso));
  });

  it('reads what clerks type: one- or two-digit day and month, spaces around, a trailing dot or none, eight digits', () => {
    expect(parseDateText('hu', '2026. 11. 26.')).toEqual(date('2026-11-26'));
    expect(parseDateText('hu', '  2026.11.26  ')).toEqual(date('2026-11-26'));
    expect(parseDateText('hu', '2026. 1. 5')).toEqual(date('2026-01-05'));
    expect(parseDateText('hu', '20261126')).toEqual(date('2026-11-26'));
    expect(parseDateText('en', '5/1/2026')).toEqual(date('2026-01-05'));
    expect(parseDateText('en', '05/01/2026')).toEqual(date('2026-01-05'));
    expect(parseDateText('de', '26.11.2026.')).toEqual(date('2026-11-26'));
    expect(parseDateText('de', '26112026')).toEqual(date('2026-11-26'));
    expect(parseDateText('pl', ' 1.2.2026 ')).toEqual(date('2026-02-01'));
    expect(parseDateText('es', '26-11-2026')).toEqual(date('2026-11-26'));
  });

  it('takes ISO typed or pasted in every language', () => {
    for (const l of LANGUAGES) expect(parseDateText(l, ' 2026-11-26 ')).toEqual(date('2026-11-26'));
    expect(parseDateText('en', '2026-1-5')).toEqual(date('2026-01-05'));
  });

  it('knows leap days and impossible days', () => {
    expect(parseDateText('hu', '2028. 02. 29.')).toEqual(date('2028-02-29'));
    expect(parseDateText('hu', '2026. 02. 29.')).toEqual({ kind: 'impossible' });
    expect(parseDateText('hu', '2026. 02. 30.')).toEqual({ kind: 'impossible' });
    expect(parseDateText('en', '29/02/2100')).toEqual({ kind: 'impossible' });
    expect(parseDateText('de', '29.02.2000')).toEqual(date('2000-02-29'));
    expect(parseDateText('pl', '31.04.2026')).toEqual({ kind: 'impossible' });
    expect(parseDateText('es', '00/01/2026')).toEqual({ kind: 'impossible' });
    expect(parseDateText('en', '2026-13-01')).toEqual({ kind: 'impossible' });
  });

  it('refuses what is not a date: two-digit years, the wrong order, letters, half a date', () => {
    expect(parseDateText('hu', '26. 11. 26.')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('en', '26/11/26')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('hu', '26.11.2026')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('en', '11/26')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('de', 'heute')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('hu', '2026. nov. 26.')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('pl', '   ')).toEqual({ kind: 'empty' });
  });

  it('weeks start on Monday in every language of the app (en is en-GB), weekday names from Intl', () => {
    for (const l of LANGUAGES) expect(firstDayOfWeek(l)).toBe(1);
    expect(weekdayNames('hu')[0]!.long).toBe('hétfő');
    expect(weekdayNames('en')[6]!.long).toBe('Sunday');
    expect(weekdayNames('de')[0]!.long).toBe('Montag');
  });

  it('a month later is the same day, or the month\'s last', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsIso('2026-01-15', -1)).toBe('2025-12-15');
  });
});
