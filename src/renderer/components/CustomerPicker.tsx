/**
 * Type-ahead over the mirrored contacts (works offline). Arrows move, Enter picks. Picking fills
 * the contact; editing the text afterwards clears it, so a half-typed name is never sent as a
 * different customer.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '@shared/ipc';
import { useChannel } from '@renderer/lib/ipc';
import { Combobox } from './Combobox';
import { FieldLabel } from './FieldLabel';

interface Props {
  id: string;
  label: string;
  /** The chosen contact's name (what the input shows once picked). */
  name: string;
  contactId: number | null;
  /**
   * A pick (the contact), a change of the text (null), or the picked name typed back exactly —
   * as the scanner hook does when it takes a scan back out of this field — which keeps the pick
   * (`kept`: only id and name are known then).
   */
  onChange: (contact: ContactRow | null, typed: string, kept?: { id: number; name: string }) => void;
  error?: string | undefined;
  required?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  className?: string;
}

export function CustomerPicker({ id, label, name, contactId, onChange, error, required, autoFocus, placeholder, className }: Props) {
  const { t } = useTranslation('billing');
  const [query, setQuery] = useState<string | null>(null);
  const text = query ?? name;
  const picked = useRef<{ id: number; name: string } | null>(null);
  useEffect(() => {
    if (contactId !== null) picked.current = { id: contactId, name };
  }, [contactId, name]);
  const search = useChannel('contacts.search', { query: text.trim(), kind: 'customer', limit: 20 }, {
    enabled: query !== null && text.trim() !== '',
    placeholderData: keepPreviousData,
  });
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <Combobox<ContactRow>
        id={id}
        text={text}
        required={required}
        autoFocus={autoFocus}
        placeholder={placeholder ?? t('customer.placeholder')}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
        listLabel={label}
        options={query === null ? [] : (search.data ?? [])}
        loading={search.isFetching}
        optionKey={(c) => c.id}
        emptyText={t('customer.none')}
        render={(c) => (
          <>
            <span>{c.name}</span>{' '}
            <span className="muted">
              {[c.city, c.countryCode, c.taxNumber ?? c.euVatNumber].filter(Boolean).join(' · ')}
            </span>
          </>
        )}
        onText={(s) => {
          const kept = picked.current;
          if (kept && s === kept.name) {
            setQuery(null);
            onChange(null, s, kept);
            return;
          }
          setQuery(s);
          if (contactId !== null) onChange(null, s);
        }}
        onPick={(c) => {
          setQuery(null);
          onChange(c, c.name);
        }}
      />
      {error ? (
        <span className="field-error" role="alert" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
