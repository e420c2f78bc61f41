import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { FieldLabel } from './FieldLabel';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled control with its error right under it. The control gets the id, aria-invalid and
 * aria-describedby, so a screen reader reads the error with the field.
 */
export function Field({ label, error, hint, required, className, children }: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const described = [error ? `${id}-err` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id: children.props.id ?? id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, 'aria-required': required || undefined })
    : children;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <FieldLabel htmlFor={children.props.id ?? id} required={required}>
        {label}
      </FieldLabel>
      {control}
      {error ? (
        <span id={`${id}-err`} className="field-error" role="alert">
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
