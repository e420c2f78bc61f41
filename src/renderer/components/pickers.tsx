import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRow, ProductRow } from '@shared/ipc';
import { useChannel } from '../lib/ipc';
import { useDebounced } from '../lib/useDebounced';
import { Combobox } from './Combobox';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid'?: string;
}

/** The warehouses of the mirror; the value is the warehouse's name, as the API addresses it. */
export function WarehouseSelect({ value, onChange, ...aria }: { value: string; onChange: (name: string) => void } & ControlProps) {
  const { t } = useTranslation();
  const { data = [] } = useChannel('warehouses.list', {});
  const known = data.some((w) => w.name === value);
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...aria}>
      <option value="">{t('pickers.chooseWarehouse')}</option>
      {!known && value ? <option value={value}>{value}</option> : null}
      {data.map((w) => (
        <option key={w.id} value={w.name} title={w.city ?? undefined}>
          {w.name}
        </option>
      ))}
    </select>
  );
}

export interface PickedContact {
  id: number;
  name: string;
}

export function ContactPicker({ value, onChange, kind, id, ...aria }: { value: PickedContact | null; onChange: (c: PickedContact | null) => void; kind?: 'customer' | 'supplier' } & ControlProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const query = useDebounced((text ?? '').trim(), 150);
  const { data = [], isFetching } = useChannel('contacts.search', { query, kind, limit: 20 }, { enabled: text !== null && query !== '' });
  return (
    <Combobox<ContactRow>
      id={id}
      text={text ?? value?.name ?? ''}
      onText={(s) => {
        setText(s);
        if (value) onChange(null);
      }}
      options={text === null ? [] : data}
      loading={isFetching}
      onPick={(c) => {
        onChange({ id: c.id, name: c.name });
        setText(null);
      }}
      optionKey={(c) => c.id}
      render={(c) => (
        <>
          <span>{c.name}</span>
          <span className="muted">{[c.city, c.taxNumber ?? c.euVatNumber].filter(Boolean).join(' · ')}</span>
        </>
      )}
      placeholder={t('pickers.searchContact')}
      invalid={aria['aria-invalid']}
      describedBy={aria['aria-describedby']}
      testId={aria['data-testid']}
    />
  );
}

/** Free-text product search for when there is no barcode to scan. */
export function ProductPicker({ onPick, id, autoFocus, placeholder }: { onPick: (p: ProductRow) => void; id?: string; autoFocus?: boolean; placeholder?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 150);
  const { data, isFetching } = useChannel('products.search', { query, offset: 0, limit: 20 }, { enabled: query !== '' });
  return (
    <Combobox<ProductRow>
      id={id}
      text={text}
      onText={setText}
      options={data?.rows ?? []}
      loading={isFetching}
      onPick={(p) => {
        onPick(p);
        setText('');
      }}
      optionKey={(p) => p.id}
      render={(p) => (
        <>
          <span>{p.name}</span>
          <span className="muted mono">{p.itemNumber ?? p.ean ?? ''}</span>
        </>
      )}
      placeholder={placeholder ?? t('pickers.searchProduct')}
      autoFocus={autoFocus}
    />
  );
}
