import { useMemo } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { DateField } from '../../../components/DateField';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ContactPicker, WarehouseSelect } from '../../../components/pickers';
import { useFormDraft } from '../../../lib/drafts';
import { useSay } from '../../../lib/errors';
import { useCommand } from '../../../lib/ipc';
import { useHotkey } from '../../../lib/useHotkey';
import { productFormSchema, TAKEIN_FIELDS, TEXT_FIELDS, NUMBER_FIELDS, type ProductFormValues, type ProductParams } from './productForm';

const FORM_FIELDS = new Set<string>([...TEXT_FIELDS, ...NUMBER_FIELDS, ...TAKEIN_FIELDS, 'service', 'action', 'takein_contact_id']);

/** Create or edit a product, optionally taking stock in at the same time (setProduct's take-in fields). */
export function ProductForm({ id, initial, clearable }: { id: number | null; initial: ProductFormValues; clearable: ReadonlySet<string> }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const say = useSay();
  const navigate = useNavigate();
  const resolver = useMemo(() => zodResolver(productFormSchema(clearable)), [clearable]);
  const form = useForm<ProductFormValues, unknown, ProductParams>({ defaultValues: initial, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { register, handleSubmit, control, setError, formState } = form;
  const draft = useFormDraft(`warehouse.product.${id ?? 'new'}`, form);
  const save = useCommand('products.save');

  const onValid = (params: ProductParams) => {
    save.mutate(
      { product: id === null ? params : { ...params, id } },
      {
        onSuccess: async (r) => {
          await draft.clear();
          void navigate('/products', { state: { saved: r.id } });
        },
        onError: (e) => {
          for (const d of e.details) {
            const field = d.field.replace(/^product\./, '');
            if (FORM_FIELDS.has(field)) setError(field as FieldPath<ProductFormValues>, { type: 'server', message: d.message });
          }
        },
      },
    );
  };
  const submit = handleSubmit(onValid);
  useHotkey('ctrl+enter', () => void submit());
  useHotkey('escape', () => void navigate('/products'));

  const err = (name: string) => {
    const e = (formState.errors as Record<string, { message?: string } | undefined>)[name];
    // The shared schema's and the server's words are English; said here in the clerk's language.
    return e?.message ? say(e.message) : undefined;
  };
  const text = (name: FieldPath<ProductFormValues>, label: string, opts: { required?: boolean; num?: boolean; className?: string; hint?: string; type?: string; maxLength?: number } = {}) => (
    <Field label={label} required={opts.required} error={err(name)} className={opts.className} hint={opts.hint}>
      <input type={opts.type ?? 'text'} className={opts.num ? 'num' : undefined} inputMode={opts.num ? 'decimal' : undefined} maxLength={opts.maxLength} {...register(name)} />
    </Field>
  );

  const date = (name: 'takein_date' | 'takein_expire_date', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <DateField label={label} error={err(name)} name={field.name} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} />}
    />
  );

  const title = id === null ? t('products.newTitle') : t('products.editTitle', { name: initial.product_name });
  // The fields appear once the stored draft is back (lib/drafts.ts useFormDraft).
  if (!draft.loaded) return <Screen title={title}>{null}</Screen>;
  return (
    <Screen
      title={title}
      actions={
        <>
          <button type="button" className="btn" onClick={() => void navigate('/products')}>
            {tc('actions.cancel')} <kbd>Esc</kbd>
          </button>
          <button type="submit" form="product-form" className="btn primary" disabled={save.isPending} data-testid="product-save">
            {tc('actions.save')} <kbd>Ctrl+Enter</kbd>
          </button>
        </>
      }
    >
      {draft.restored ? <div className="notice info">{tc('draft.restored')}</div> : null}
      <ErrorNotice error={save.error} prefix="product." shownFields={(f) => FORM_FIELDS.has(f)} />
      {Object.keys(formState.errors).length > 0 && !save.error ? <div className="notice error" role="alert">{tc('errors.VALIDATION_ERROR')}</div> : null}
      <form id="product-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="panel">
          <legend className="panel-title">{t('products.sectionProduct')}</legend>
          <div className="panel-body form-grid">
            {text('product_name', t('products.col.name'), { required: true, className: 'wide', maxLength: 255 })}
            {text('item_number', t('products.col.itemNumber'))}
            {text('ean_number', t('products.col.ean'), { hint: t('products.eanHint') })}
            {text('unit', t('products.col.unit'), { required: true, maxLength: 20 })}
            {text('product_group', t('products.col.group'))}
            {text('manufacturer', t('products.col.manufacturer'))}
            {text('foreign_item_number', t('products.foreignItemNumber'))}
            {text('vtsz_number', t('products.vtsz'))}
            {text('country_code', t('products.countryCode'), { maxLength: 2 })}
            {text('net_weight', t('products.netWeight'), { num: true })}
            {text('tags', t('products.tags'), { className: 'wide', hint: t('products.tagsHint') })}
            <div className="field">
              <span className="field-label">{t('products.kind')}</span>
              <label>
                <input type="checkbox" {...register('service')} /> {t('products.isService')}
              </label>
              <label>
                <input type="checkbox" {...register('action')} /> {t('products.onSale')}
              </label>
            </div>
            <Field label={t('products.description')} className="full" error={err('description')}>
              <textarea rows={3} {...register('description')} />
            </Field>
          </div>
        </fieldset>
        <fieldset className="panel">
          <legend className="panel-title">{t('products.sectionPrices')}</legend>
          <div className="panel-body form-grid">
            {text('currency', t('products.currency'), { required: true, maxLength: 3 })}
            {text('vat', t('products.vat'), { required: true, num: true, hint: '27 / 18 / 5 / 0' })}
            {text('list_price', t('products.col.listPrice'), { num: true })}
            {text('wholesale_price', t('products.wholesalePrice'), { num: true })}
            {text('purchase_price', t('takeIn.col.price'), { num: true })}
          </div>
        </fieldset>
        <fieldset className="panel">
          <legend className="panel-title">{t('products.sectionTakeIn')}</legend>
          <div className="panel-body">
            <p className="muted">{t('products.takeInHint')}</p>
            <div className="form-grid">
              {text('takein_quantity', t('takeIn.col.quantity'), { num: true })}
              <Controller
                control={control}
                name="takein_warehouse"
                render={({ field }) => (
                  <Field label={tc('pickers.warehouse')} error={err('takein_warehouse')}>
                    <WarehouseSelect value={field.value} onChange={field.onChange} />
                  </Field>
                )}
              />
              <Controller
                control={control}
                name="takein_contact_id"
                render={({ field }) => (
                  <Field label={tc('pickers.supplier')} error={err('takein_contact_id')} className="wide">
                    <ContactPicker kind="supplier" value={field.value} onChange={field.onChange} />
                  </Field>
                )}
              />
              {text('takein_price', t('takeIn.col.price'), { num: true })}
              {text('takein_currency', t('products.currency'), { maxLength: 3 })}
              {text('takein_fxrate', t('takeIn.col.fxRate'), { num: true })}
              {date('takein_date', t('takeIn.date'))}
              {text('takein_batch_no', t('takeIn.col.batch'))}
              {date('takein_expire_date', t('takeIn.col.expiry'))}
              {text('takein_country_code', t('takeIn.col.origin'), { maxLength: 2 })}
            </div>
          </div>
        </fieldset>
      </form>
    </Screen>
  );
}
