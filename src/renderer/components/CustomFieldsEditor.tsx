/**
 * Custom fields as name/value rows. The names must already be defined in the account's settings
 * (the server refuses others, and says so on the field); a checkbox field takes its option text.
 */
import { useTranslation } from 'react-i18next';
import { useFieldArray, type ArrayPath, type FieldArray, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

interface Row {
  name: string;
  value: string;
}

export function CustomFieldsEditor<V extends FieldValues & { custom_fields: Row[] }>({ form, error }: { form: UseFormReturn<V>; error?: string | undefined }) {
  const { t } = useTranslation('billing');
  const array = useFieldArray({ control: form.control, name: 'custom_fields' as ArrayPath<V> });
  return (
    <fieldset className="billing-fieldset full">
      <legend>{t('customFields.title')}</legend>
      {array.fields.map((f, i) => (
        <div className="billing-row" key={f.id}>
          <input aria-label={t('customFields.name', { n: i + 1 })} placeholder={t('customFields.namePlaceholder')} {...form.register(`custom_fields.${i}.name` as Path<V>)} />
          <input aria-label={t('customFields.value', { n: i + 1 })} placeholder={t('customFields.valuePlaceholder')} {...form.register(`custom_fields.${i}.value` as Path<V>)} />
          <button type="button" className="btn small link" onClick={() => array.remove(i)} aria-label={t('customFields.remove', { n: i + 1 })}>
            ×
          </button>
        </div>
      ))}
      {error ? <span className="field-error" role="alert">{error}</span> : null}
      <button type="button" className="btn small" onClick={() => array.append({ name: '', value: '' } as FieldArray<V, ArrayPath<V>>)}>
        {t('customFields.add')}
      </button>
    </fieldset>
  );
}
