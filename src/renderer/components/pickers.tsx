import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRow, ProductRow } from '@shared/ipc';
import { useChannel } from '../lib/ipc';
import { useDebounced } from '../lib/useDebounced';
import { useScanLookup } from '../lib/useScanLookup';
import { Combobox } from './Combobox';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  'data-testid'?: string;
}

/** The server's name of every account's own warehouse (docs/api-product.md, "Warehouses"). */
export const DEFAULT_WAREHOUSE = 'Default';

/** A warehouse as a clerk reads it: the account's "Default" in the clerk's language, every other by its name. */
export function warehouseLabel(t: (key: 'pickers.defaultWarehouse') => string, name: string): string {
  return name === DEFAULT_WAREHOUSE ? t('pickers.defaultWarehouse') : name;
}

/** A place as a clerk reads it: the warehouse as warehouseLabel words it, its bin (stock label) in brackets. */
export function placeLabel(t: (key: 'pickers.defaultWarehouse') => string, warehouse: string, bin?: string): string {
  const w = warehouseLabel(t, warehouse);
  return bin ? `${w} (${bin})` : w;
}

/**
 * The warehouses of the mirror; the value is the warehouse's name, as the API addresses it. The
 * default warehouse is named "Default warehouse" in the clerk's language on every screen. `anyLabel`
 * adds "*" (any warehouse, the server chooses) last; `required` drops the empty "choose" row.
 */
export function WarehouseSelect({ value, onChange, anyLabel, required, ...aria }: { value: string; onChange: (name: string) => void; anyLabel?: string; required?: boolean } & ControlProps) {
  const { t } = useTranslation();
  const { data = [] } = useChannel('warehouses.list', {});
  const known = data.some((w) => w.name === value) || (anyLabel !== undefined && value === '*');
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...aria}>
      {required ? null : <option value="">{t('pickers.chooseWarehouse')}</option>}
      {!known && value ? <option value={value}>{warehouseLabel(t, value)}</option> : null}
      {data.map((w) => (
        <option key={w.id} value={w.name} title={w.city ?? undefined}>
          {warehouseLabel(t, w.name)}
        </option>
      ))}
      {anyLabel !== undefined ? <option value="*">{anyLabel}</option> : null}
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
      required={aria['aria-required']}
      testId={aria['data-testid']}
    />
  );
}

/**
 * A product by name, EAN or item number: type to search the mirror, or scan (or type) the code and
 * press Enter, which looks the code up exactly. An unknown code goes to `onNotFound`, or is said
 * under the box when the caller has nowhere else to say it.
 */
export function ProductPicker({ onPick, onNotFound, id, autoFocus, placeholder, testId }: {
  onPick: (p: ProductRow) => void;
  onNotFound?: (code: string) => void;
  id?: string;
  autoFocus?: boolean;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const boxId = id ?? ownId;
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const { lookup, chooser } = useScanLookup();
  const query = useDebounced(text.trim(), 150);
  const { data, isFetching } = useChannel('products.search', { query, offset: 0, limit: 20 }, { enabled: query !== '' });
  const onCode = async (code: string) => {
    const p = await lookup(code);
    if (p === undefined) return;
    if (p) {
      setText('');
      setMissing(null);
      onPick(p);
    } else if (onNotFound) {
      setText('');
      onNotFound(code);
    } else setMissing(code);
  };
  return (
    <>
      <Combobox<ProductRow>
        id={boxId}
        text={text}
        onText={(s) => {
          setText(s);
          setMissing(null);
        }}
        options={data?.rows ?? []}
        loading={isFetching}
        onPick={(p) => {
          onPick(p);
          setText('');
        }}
        onCode={(c) => void onCode(c)}
        optionKey={(p) => p.id}
        render={(p) => (
          <>
            <span>{p.name}</span>
            <span className="muted mono">{p.itemNumber ?? p.ean ?? ''}</span>
          </>
        )}
        placeholder={placeholder ?? t('pickers.searchProduct')}
        autoFocus={autoFocus}
        invalid={missing !== null}
        describedBy={missing !== null ? `${boxId}-missing` : undefined}
        testId={testId}
      />
      {missing !== null ? (
        <span id={`${boxId}-missing`} className="field-error" role="alert">
          {t('scan.notFound', { code: missing })}
        </span>
      ) : null}
      {chooser}
    </>
  );
}
