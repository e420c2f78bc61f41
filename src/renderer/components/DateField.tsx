/**
 * The kit's date field. A browser's <input type="date"> follows the browser's (in Electron the OS's)
 * locale, not the language the clerk chose in the app; this one shows and reads the date in the
 * clerk's language (lib/dateText.ts), also takes ISO typed or pasted, and has a calendar of its own.
 *
 * The value is ISO yyyy-mm-dd, or "" when empty. Text that is not a date the field accepts (unreadable,
 * impossible, outside min/max) is handed on as typed, so a form schema refuses it and nothing stale
 * is sent, while the field says in the clerk's language what to type, through Field's error.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/useFormat';
import { formatDateText, isIsoDate, parseDateText, patternText, type ParsedDate } from '../lib/dateText';
import { DateCalendar } from './DateCalendar';
import { Field } from './Field';
import { Icon } from './Icon';

export interface DateFieldProps {
  label: ReactNode;
  /** The form's own error for the field (schema, server); the field's reading of the text comes first. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  id?: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Every edit of the text, with how it reads (the take-in moves on to the scan field after a full date). */
  onText?: (text: string, parsed: ParsedDate) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  min?: string;
  max?: string;
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function DateField({ label, error, hint, required, className, id, testId, ...input }: DateFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;
  return (
    <Field label={label} htmlFor={fieldId} error={shown} hint={hint} required={required} className={className}>
      <DateInput {...input} id={fieldId} testId={testId} invalid={!!shown} required={required} hasHint={!!hint} onProblem={setProblem} />
    </Field>
  );
}

type DateInputProps = Omit<DateFieldProps, 'label' | 'error' | 'hint' | 'className' | 'id'> & {
  id: string;
  invalid: boolean;
  hasHint: boolean;
  onProblem: (message: string | null) => void;
};

function DateInput({ id, name, value, onChange, onBlur, onText, onKeyDown, min, max, testId, inputRef, invalid, required, hasHint, onProblem }: DateInputProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [text, setText] = useState(() => formatDateText(lang, value));
  const [open, setOpen] = useState(false);
  const emitted = useRef(value);
  const own = useRef<HTMLInputElement | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const calendarId = `${id}-calendar`;

  // The pattern in the clerk's letters ("éééé. hh. nn."): the placeholder, and what an error asks for.
  const pattern = useMemo(() => patternText(lang, { year: t('dateField.letters.year'), month: t('dateField.letters.month'), day: t('dateField.letters.day') }), [lang, t]);
  const problemOf = useMemo(() => {
    const words = { pattern, example: formatDateText(lang, '2026-11-26'), iso: '2026-11-26' };
    return (parsed: ParsedDate): string | null => {
      if (parsed.kind === 'unreadable') return t('dateField.unreadable', words);
      if (parsed.kind === 'impossible') return t('dateField.impossible', words);
      if (parsed.kind !== 'date') return null;
      if (min && parsed.iso < min) return t('dateField.tooEarly', { min: formatDateText(lang, min) });
      if (max && parsed.iso > max) return t('dateField.tooLate', { max: formatDateText(lang, max) });
      return null;
    };
  }, [lang, t, min, max, pattern]);

  // A value set from outside: a restored draft, a form reset, a deadline computed from another date.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(formatDateText(lang, value));
    onProblem(problemOf(parseDateText(lang, value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a value the field did not give
  }, [value]);

  // Text kept from before (a restored draft) that is not a date is said at once, not on the next blur.
  useEffect(() => {
    if (value !== '' && !isIsoDate(value)) onProblem(problemOf(parseDateText(lang, value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // Another language: the date reads in the new one, and so does a standing error.
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    if (isIsoDate(value)) setText(formatDateText(lang, value));
    else if (text.trim() !== '') onProblem(problemOf(parseDateText(lang, text)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a language switch only
  }, [lang]);

  const edit = (next: string) => {
    setText(next);
    const parsed = parseDateText(lang, next);
    const bad = problemOf(parsed);
    const out = parsed.kind === 'empty' ? '' : parsed.kind === 'date' && !bad ? parsed.iso : next;
    // A date that now reads right clears the error at once; a wrong one is said when the clerk leaves.
    if (!bad) onProblem(null);
    emitted.current = out;
    if (out !== value) onChange(out);
    onText?.(next, parsed);
  };

  const leave = () => {
    const parsed = parseDateText(lang, text);
    onProblem(problemOf(parsed));
    if (parsed.kind === 'date' && !problemOf(parsed)) setText(formatDateText(lang, parsed.iso));
    onBlur?.();
  };

  const close = (picked?: string) => {
    setOpen(false);
    if (picked !== undefined) edit(formatDateText(lang, picked));
    own.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // A click anywhere else closes the calendar, as a menu would.
    const away = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  const describedBy = [invalid ? `${id}-error` : null, !invalid && hasHint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="date-field" ref={wrap}>
      <input
        id={id}
        name={name}
        ref={(el) => {
          own.current = el;
          if (typeof inputRef === 'function') inputRef(el);
          else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
        }}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        size={13}
        value={text}
        placeholder={pattern}
        onChange={(e) => edit(e.target.value)}
        onBlur={leave}
        onKeyDown={(e) => {
          // Enter may submit the form without leaving the field: say what is wrong first.
          if (e.key === 'Enter') onProblem(problemOf(parseDateText(lang, text)));
          if (e.key === 'ArrowDown' && e.altKey) {
            e.preventDefault();
            setOpen(true);
            return;
          }
          onKeyDown?.(e);
        }}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        data-testid={testId}
      />
      <button
        type="button"
        className="btn small icon date-field-open"
        aria-label={t('dateField.open')}
        title={t('dateField.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId ? `${testId}-open` : undefined}
      >
        <Icon name="calendar" />
      </button>
      {open ? <DateCalendar id={calendarId} lang={lang} value={isIsoDate(value) ? value : ''} min={min} max={max} onPick={(iso) => close(iso)} onClose={() => close()} /> : null}
    </div>
  );
}
