import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { FieldLabel } from './FieldLabel';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled control with its error (or hint) right under it, the one field of every form.
 *
 * Two ways to tie the control to it:
 * - the child is the control: it gets the id, aria-invalid, aria-describedby and aria-required
 *   cloned in, so a screen reader reads the error with the field;
 * - `htmlFor`: the control carries its own id (an input registered deep inside a document form, a
 *   combobox that builds its own input); the label points at that id and the control ties itself
 *   to the error with `invalidProps(htmlFor, error)`.
 */
export function Field({ label, error, hint, required, className, htmlFor, children }: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  const auto = useId();
  const element = isValidElement<ControlProps>(children) ? (children as ReactElement<ControlProps>) : null;
  const id = htmlFor ?? element?.props.id ?? auto;
  let control: ReactNode = children;
  if (htmlFor === undefined && element) {
    const described = [error ? errorId(id) : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
    control = cloneElement(element, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, 'aria-required': required || undefined });
  } else if (required && element && typeof element.type === 'string') {
    // A bare input that carries its own id still says it is required; its aria-invalid is its own.
    control = cloneElement(element, { 'aria-required': true });
  }
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {control}
      {error ? (
        <span id={errorId(id)} className="field-error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

const errorId = (id: string) => `${id}-error`;

/** Props that tie a control carrying its own id to its Field's error (see `htmlFor`). */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
