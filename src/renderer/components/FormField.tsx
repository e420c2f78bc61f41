/**
 * Small building blocks of the billing screens, in the shell's classes: a labelled field with its
 * error, and a keyboard combobox (ARIA 1.2 pattern) that also takes a typed or scanned code on
 * Enter (free text goes to `onEnterFree`).
 */
import { cloneElement, isValidElement, useEffect, useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { FieldLabel } from './FieldLabel';

export function Field({ label, error, required, htmlFor, className, hint, children }: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  htmlFor?: string;
  className?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <FieldLabel htmlFor={htmlFor} required={required}>
        {label}
      </FieldLabel>
      {required && isValidElement<{ 'aria-required'?: boolean }>(children) && typeof children.type === 'string' ? cloneElement(children, { 'aria-required': true }) : children}
      {error ? (
        <span className="field-error" role="alert" id={htmlFor ? `${htmlFor}-error` : undefined}>
          {error}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );
}

/** Props that tie an input to its Field's error. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

interface ComboProps<T> {
  id: string;
  label: string;
  value: string;
  onInput: (text: string) => void;
  options: readonly T[];
  optionKey: (o: T) => string | number;
  renderOption: (o: T) => ReactNode;
  onPick: (o: T) => void;
  /** Enter with nothing highlighted (a scanner's code, say). */
  onEnterFree?: (text: string) => void;
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  inputClassName?: string;
  emptyText?: string;
  autoFocus?: boolean;
  hideLabel?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function Combobox<T>(p: ComboProps<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const count = p.options.length;

  useEffect(() => setActive(count > 0 ? 0 : -1), [count, p.value]);

  const pick = (o: T) => {
    p.onPick(o);
    setOpen(false);
  };

  // Only a list the clerk can see takes keys; Ctrl/Alt/Meta+key belongs to the screen's shortcuts.
  const shown = open && p.value.trim() !== '';
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(count - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      const o = shown && active >= 0 ? p.options[active] : undefined;
      if (o !== undefined) {
        e.preventDefault();
        pick(o);
      } else if (p.onEnterFree && p.value.trim() !== '') {
        e.preventDefault();
        p.onEnterFree(p.value.trim());
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div className={`field combo${p.className ? ` ${p.className}` : ''}`}>
      <FieldLabel htmlFor={p.id} required={p.required} className={p.hideLabel ? 'visually-hidden' : undefined}>
        {p.label}
      </FieldLabel>
      <input
        id={p.id}
        ref={p.inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        className={p.inputClassName}
        aria-expanded={open && count > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-required={p.required || undefined}
        placeholder={p.placeholder}
        value={p.value}
        autoFocus={p.autoFocus}
        onChange={(e) => {
          p.onInput(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        {...invalidProps(p.id, p.error)}
      />
      {open && p.value.trim() !== '' && (
        <ul className="combo-list" role="listbox" id={listId} aria-label={p.label}>
          {count === 0 && p.emptyText ? <li className="muted" aria-disabled="true">{p.emptyText}</li> : null}
          {p.options.map((o, i) => (
            <li
              key={p.optionKey(o)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {p.renderOption(o)}
            </li>
          ))}
        </ul>
      )}
      {p.error ? (
        <span className="field-error" role="alert" id={`${p.id}-error`}>
          {p.error}
        </span>
      ) : null}
    </div>
  );
}
