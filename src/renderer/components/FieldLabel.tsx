import type { ReactNode } from 'react';

/**
 * A required field's label with its " *". The star is seen, not read: it sits outside the <label>
 * and is hidden from the accessibility tree, so the field's name stays "Warehouse" (for a screen
 * reader, and for anything that finds a field by its label's text), and the control itself says it
 * is required (aria-required). A CSS ::after would not do: generated content is part of the name.
 */
export function FieldLabel({ htmlFor, required, className, children }: { htmlFor?: string; required?: boolean; className?: string; children: ReactNode }) {
  const label = (
    <label htmlFor={htmlFor} className={required ? undefined : className}>
      {children}
    </label>
  );
  if (!required) return label;
  return (
    <span className={['field-label', className].filter(Boolean).join(' ')}>
      {label}
      <span className="req-mark" aria-hidden="true">
        {' *'}
      </span>
    </span>
  );
}
