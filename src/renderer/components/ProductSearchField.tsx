/**
 * Adds order lines: type to search the mirrored catalogue (arrows + Enter), or scan — a scanner
 * types the code and Enter, which looks the code up exactly. The shell's global scanner hook feeds
 * `onCode` too when the focus is elsewhere on the screen.
 */
import { useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import { useChannel } from '@renderer/lib/ipc';
import { useScanner } from '@renderer/lib/scanner';
import { useFormat } from '@renderer/lib/useFormat';
import { Combobox } from './Combobox';
import { FieldLabel } from './FieldLabel';

interface Props {
  id: string;
  onPick: (p: ProductRow) => void;
  /** A code entered with nothing picked: an EAN or item number to look up. */
  onCode: (code: string) => void;
  message?: { kind: 'ok' | 'error'; text: string } | null;
}

export function ProductPicker({ id, onPick, onCode, message }: Props) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const [query, setQuery] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // A scan while the focus is on a quantity or price lands here instead (the shell's scanner hook).
  useScanner({
    fieldRef: field,
    onScan: (code) => {
      setQuery('');
      onCode(code);
    },
  });
  const search = useChannel('products.search', { query: query.trim(), offset: 0, limit: 20 }, {
    enabled: query.trim().length > 0,
    placeholderData: keepPreviousData,
  });
  // A scanned code is digits only: leave it to the exact lookup rather than the first fuzzy match.
  const looksLikeCode = /^\d{6,14}$/.test(query.trim());
  // An empty box offers nothing: the rows kept from the last search are not on screen and must not
  // be picked by an Enter (issue 14, item 2: a stale row became a second ladder).
  const options = looksLikeCode || query.trim() === '' ? [] : (search.data?.rows ?? []);
  return (
    <div className={`scan-field${message ? (message.kind === 'ok' ? ' flash-ok' : ' flash-bad') : ''}`}>
      <div className="field combo-field grow">
        <FieldLabel htmlFor={id} className="visually-hidden">
          {t('lines.addProduct')}
        </FieldLabel>
        <Combobox<ProductRow>
          id={id}
          inputRef={field}
          text={query}
          placeholder={t('lines.addPlaceholder')}
          listLabel={t('lines.addProduct')}
          options={options}
          // A code typed by hand goes to the exact lookup on Enter, whatever the search is doing.
          loading={!looksLikeCode && search.isFetching}
          optionKey={(p) => p.id}
          emptyText={looksLikeCode ? t('lines.pressEnterToScan') : t('lines.noProduct')}
          render={(p) => (
            <>
              <span>{p.name}</span>{' '}
              <span className="muted">
                {[p.itemNumber, p.ean, p.listPrice === null ? null : f.money(p.listPrice, p.currency), t('lines.available', { n: f.qty(p.available) })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </>
          )}
          onText={setQuery}
          onPick={(p) => {
            setQuery('');
            onPick(p);
          }}
          onCode={(code) => {
            setQuery('');
            onCode(code);
          }}
        />
      </div>
      {message ? (
        <span className={message.kind === 'ok' ? 'field-hint' : 'field-error'} role="status">
          {message.text}
        </span>
      ) : null}
    </div>
  );
}
