/**
 * The month grid behind a DateField's calendar button: month and weekday names from Intl in the
 * clerk's language, weeks from the language's first day, a proper ARIA grid (roving tabindex,
 * aria-selected on the field's date). Arrows move a day or a week, Page Up/Down a month, Home/End
 * to the week's ends, Enter or Space picks, Escape closes; the field takes the focus back.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n/types';
import { addDaysIso, addMonthsIso, dateOf, firstDayOfWeek, isIsoDate, longDate, monthTitle, todayIso, weekdayNames } from '../lib/dateText';

export function DateCalendar({ lang, value, min, max, onPick, onClose, id }: {
  lang: Language;
  value: string;
  min?: string;
  max?: string;
  onPick: (iso: string) => void;
  onClose: () => void;
  id: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const inRange = (iso: string) => (!min || iso >= min) && (!max || iso <= max);
  const clamp = (iso: string) => (min && iso < min ? min : max && iso > max ? max : iso);
  const [cursor, setCursor] = useState(() => clamp(isIsoDate(value) ? value : todayIso()));
  const grid = useRef<HTMLTableElement>(null);
  const mounted = useRef(false);
  const moved = useRef(false);
  const weeks = useMemo(() => monthWeeks(cursor, firstDayOfWeek(lang)), [cursor, lang]);
  const days = useMemo(() => weekdayNames(lang), [lang]);
  const today = todayIso();

  useEffect(() => {
    // The grid takes the focus when it opens and follows the keyboard; the month buttons keep theirs.
    if (!mounted.current || moved.current) grid.current?.querySelector<HTMLElement>(`[data-date="${cursor}"]`)?.focus();
    mounted.current = true;
    moved.current = false;
  }, [cursor]);

  const move = (iso: string) => {
    moved.current = true;
    setCursor(clamp(iso));
  };
  const onKey = (e: KeyboardEvent) => {
    const weekday = (dateOf(cursor).getUTCDay() + 7 - (firstDayOfWeek(lang) % 7)) % 7;
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDaysIso(cursor, -1),
      ArrowRight: () => addDaysIso(cursor, 1),
      ArrowUp: () => addDaysIso(cursor, -7),
      ArrowDown: () => addDaysIso(cursor, 7),
      PageUp: () => addMonthsIso(cursor, e.shiftKey ? -12 : -1),
      PageDown: () => addMonthsIso(cursor, e.shiftKey ? 12 : 1),
      Home: () => addDaysIso(cursor, -weekday),
      End: () => addDaysIso(cursor, 6 - weekday),
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      move(step());
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (inRange(cursor)) onPick(cursor);
    }
  };

  return (
    <div
      id={id}
      className="date-calendar"
      role="dialog"
      aria-modal="false"
      aria-label={t('dateField.calendar')}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // Escape closes the calendar only, not a dialog the field sits in.
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <div className="date-calendar-head">
        <button type="button" className="btn small" aria-label={t('dateField.prevMonth')} onClick={() => setCursor(clamp(addMonthsIso(cursor, -1)))}>
          ‹
        </button>
        <h2 id={headingId} aria-live="polite">
          {monthTitle(lang, cursor)}
        </h2>
        <button type="button" className="btn small" aria-label={t('dateField.nextMonth')} onClick={() => setCursor(clamp(addMonthsIso(cursor, 1)))}>
          ›
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={headingId} onKeyDown={onKey} data-testid="date-calendar-grid">
        <thead>
          <tr>
            {days.map((d) => (
              <th key={d.long} scope="col" abbr={d.long}>
                {d.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((iso, i) =>
                iso === null ? (
                  <td key={`blank-${i}`} role="gridcell" aria-hidden="true" />
                ) : (
                  <td
                    key={iso}
                    role="gridcell"
                    data-date={iso}
                    tabIndex={iso === cursor ? 0 : -1}
                    aria-selected={iso === value}
                    aria-disabled={inRange(iso) ? undefined : true}
                    aria-label={longDate(lang, iso)}
                    aria-current={iso === today ? 'date' : undefined}
                    className={[iso === value ? 'selected' : '', iso === today ? 'today' : '', inRange(iso) ? '' : 'disabled'].filter(Boolean).join(' ') || undefined}
                    onClick={() => (inRange(iso) ? onPick(iso) : undefined)}
                  >
                    {Number(iso.slice(8, 10))}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field-hint date-calendar-keys">{t('dateField.keys')}</p>
    </div>
  );
}

/** The cursor's month as weeks of seven ISO days (null outside the month), from the week's first day. */
function monthWeeks(cursor: string, firstDay: number): (string | null)[][] {
  const first = `${cursor.slice(0, 8)}01`;
  const lead = (dateOf(first).getUTCDay() + 7 - (firstDay % 7)) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d.slice(0, 7) === cursor.slice(0, 7); d = addDaysIso(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}
