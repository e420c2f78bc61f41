/** Retentions held back from the invoice total (a guarantee, say): name, amount, due date, type, VAT, note. */
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { DateField } from '@renderer/components/DateField';
import { todayIso } from '@renderer/lib/format';
import { emptyRetention, type InvoiceFormValues } from './invoiceForm';
import { InputCell, RemoveCell } from '@renderer/components/lineCells';

export function RetentionsEditor({ form }: { form: UseFormReturn<InvoiceFormValues> }) {
  const { t } = useTranslation('billing');
  const array = useFieldArray({ control: form.control, name: 'retentions', keyName: 'key' });
  const errors = form.formState.errors.retentions;
  const cell = (i: number, name: 'name' | 'amount' | 'due_date' | 'note' | 'type' | 'vat', extra: { type?: string; className?: string; inputMode?: 'decimal' | 'numeric' } = {}) => {
    const id = `retention-${i}-${name}`;
    return <InputCell id={id} cellClassName={extra.className === 'num' ? 'num' : undefined} type={extra.type ?? 'text'} className={extra.className} inputMode={extra.inputMode} label={t(`retentions.${name}Of`, { n: i + 1 })} reg={form.register(`retentions.${i}.${name}`)} error={errors?.[i]?.[name]?.message} />;
  };
  return (
    <details className="billing-more" open={array.fields.length > 0 || undefined}>
      <summary>{t('retentions.title', { count: array.fields.length })}</summary>
      {array.fields.length > 0 && (
        <div className="table-wrap">
          <table className="grid">
            <thead>
              <tr>
                <th>{t('retentions.name')}</th>
                <th className="num">{t('retentions.amount')}</th>
                <th>{t('retentions.due_date')}</th>
                <th className="num">{t('retentions.type')}</th>
                <th className="num">{t('retentions.vat')}</th>
                <th>{t('retentions.note')}</th>
                <th aria-label={t('lines.actions')} />
              </tr>
            </thead>
            <tbody>
              {array.fields.map((f, i) => (
                <tr key={f.key}>
                  {cell(i, 'name')}
                  {cell(i, 'amount', { className: 'num', inputMode: 'decimal' })}
                  <td>
                    <Controller
                      control={form.control}
                      name={`retentions.${i}.due_date`}
                      render={({ field }) => (
                        <DateField label={<span className="visually-hidden">{t('retentions.due_dateOf', { n: i + 1 })}</span>} id={`retention-${i}-due_date`} className="in-cell"
                          error={errors?.[i]?.due_date?.message} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                      )}
                    />
                  </td>
                  {cell(i, 'type', { className: 'num', inputMode: 'numeric' })}
                  {cell(i, 'vat', { className: 'num', inputMode: 'decimal' })}
                  {cell(i, 'note')}
                  <RemoveCell label={t('retentions.remove', { n: i + 1 })} onRemove={() => array.remove(i)} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {errors?.message && <span className="field-error" role="alert">{errors.message}</span>}
      <button type="button" className="btn small" onClick={() => array.append(emptyRetention(form.getValues('issued_date') || todayIso()))}>
        {t('retentions.add')}
      </button>
    </details>
  );
}
