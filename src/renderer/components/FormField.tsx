/**
 * A labelled field for react-hook-form inputs (the document forms register their inputs with their
 * own ids, so the label points at that id instead of cloning one in as Field.tsx does), and the
 * props that tie an input to the field's error. Lists to pick from are Combobox.tsx.
 */
import { cloneElement, isValidElement, type ReactNode } from 'react';
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
