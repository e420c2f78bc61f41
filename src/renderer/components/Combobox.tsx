import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanDetector } from '../lib/scanner';

/**
 * A text box with a list of matches under it (ARIA combobox). Arrow keys move, Enter picks,
 * Esc closes. The caller does the searching: it gets the typed text and hands back the options.
 *
 * With `onCode`, Enter also takes a code: a keyboard-wedge scan typed into the box always goes to
 * `onCode` (the list on screen still matches an earlier prefix, so its first row would be a wrong
 * guess), and so does a code typed by hand when no option is there to pick.
 */
export function Combobox<T>({ id, text, onText, options, loading, onPick, onCode, render, optionKey, placeholder, invalid, describedBy, required, disabled, autoFocus, testId, inputRef, emptyText, listLabel, className }: {
  id?: string;
  text: string;
  onText: (text: string) => void;
  options: readonly T[];
  loading?: boolean;
  onPick: (option: T) => void;
  /** An exact code (EAN, item number) entered with Enter: scanned, or typed with nothing to pick. */
  onCode?: (code: string) => void;
  render: (option: T) => ReactNode;
  optionKey: (option: T) => string | number;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  testId?: string;
  /** For a screen's scanner hook (useScanner's fieldRef): where a scan is put back. */
  inputRef?: Ref<HTMLInputElement>;
  /** What an empty list says when not loading (default: "no matches"). */
  emptyText?: string;
  /** The list's accessible name (the field's label). */
  listLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Per box: when the screen has no scanner of its own (useScanner), the scan ends here.
  const detector = useRef<ScanDetector | null>(null);
  detector.current ??= new ScanDetector();
  const shown = open && text.trim() !== '';
  const pick = (o: T) => {
    onPick(o);
    setOpen(false);
  };
  const takeCode = (code: string) => {
    onCode?.(code);
    setOpen(false);
  };
  return (
    <div className={`combo${className ? ` ${className}` : ''}`}>
      <input
        id={id}
        ref={inputRef}
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        autoComplete="off"
        spellCheck={false}
        data-testid={testId}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => {
          onText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          // Ctrl/Alt/Meta+key is the screen's shortcut (Ctrl+Enter finalizes): never a pick from the list.
          if (e.ctrlKey || e.altKey || e.metaKey) {
            detector.current?.reset();
            return;
          }
          const scanned = detector.current?.press(e.key, e.timeStamp);
          if (e.key === 'Enter' && onCode && scanned) takeCode(scanned);
          else if (shown && e.key === 'Enter' && options[active] !== undefined) pick(options[active] as T);
          else if (e.key === 'Enter' && onCode && text.trim() !== '' && !loading) takeCode(text.trim());
          else if (!shown) return;
          else if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, options.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Escape') setOpen(false);
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {shown ? (
        <ul className="combo-list" id={listId} role="listbox" aria-label={listLabel}>
          {options.length === 0 ? <li aria-disabled="true" className="muted">{loading ? t('loading') : (emptyText ?? t('pickers.noMatches'))}</li> : null}
          {options.map((o, i) => (
            <li
              key={optionKey(o)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {render(o)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
