import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useChannel } from '../../../lib/ipc';
import { ProductForm } from './ProductForm';
import { newProductValues, TEXT_FIELDS, valuesFromRecord } from './productForm';

/** /products/new (optionally ?code= from a scan that found nothing) and /products/:id. */
export function ProductFormPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const param = useParams().id;
  const [search] = useSearchParams();
  const id = param === undefined || param === 'new' ? null : Number(param);
  const valid = id === null || Number.isInteger(id);
  const { data, isLoading, error } = useChannel('products.get', { id: id ?? 0 }, { enabled: id !== null && valid, staleTime: Infinity });
  const unit = t('products.defaultUnit');

  const initial = useMemo(() => {
    if (id === null) return newProductValues(search.get('code') ?? '', unit);
    return data ? valuesFromRecord({ product_name: data.name, unit: data.unit, currency: data.currency, vat: data.vat, ...data.fields }, unit) : null;
  }, [id, data, search, unit]);
  // Only texts that hold something can be cleared by sending "".
  const clearable = useMemo(() => new Set(initial && id !== null ? TEXT_FIELDS.filter((k) => initial[k] !== '') : []), [initial, id]);

  if (!initial) {
    return (
      <Screen title={t('nav.products')}>
        {isLoading ? <div className="empty">{tc('loading')}</div> : <ErrorNotice error={error ?? new Error(tc('errors.NOT_FOUND'))} />}
      </Screen>
    );
  }
  // Mounted once the record is here, so a stored draft is laid over the record and not the reverse.
  return <ProductForm key={id ?? 'new'} id={id} initial={initial} clearable={clearable} />;
}
