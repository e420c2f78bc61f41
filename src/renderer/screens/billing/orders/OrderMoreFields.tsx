/** The order's less-used fields, folded away until needed: description, issuer details, project, custom fields. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { asCommon, IssuerFields, issuerHasError } from '@renderer/components/documentHeaderFields';
import { CustomFieldsEditor } from '@renderer/components/CustomFieldsEditor';
import type { OrderFormValues } from './orderForm';
import { Field, invalidProps } from '@renderer/components/Field';

export function OrderMoreFields({ form }: { form: UseFormReturn<OrderFormValues> }) {
  const { t } = useTranslation('billing');
  const { register, formState } = form;
  const e = formState.errors;
  const ids = { desc: useId(), task: useId() };
  const open = Boolean(e.order_description || issuerHasError(asCommon(form).formState.errors) || e.task_id || e.custom_fields);
  return (
    <details className="billing-more" open={open || undefined}>
      <summary>{t('header.more')}</summary>
      <div className="form-grid">
        <Field label={t('order.description')} htmlFor={ids.desc} error={e.order_description?.message} className="full">
          <textarea id={ids.desc} rows={2} {...register('order_description')} {...invalidProps(ids.desc, e.order_description?.message)} />
        </Field>
        <IssuerFields form={asCommon(form)} />
        <Field label={t('order.taskId')} htmlFor={ids.task} error={e.task_id?.message}>
          <input id={ids.task} className="num" inputMode="numeric" {...register('task_id')} {...invalidProps(ids.task, e.task_id?.message)} />
        </Field>
        <CustomFieldsEditor form={form} error={e.custom_fields?.message ?? e.custom_fields?.root?.message} />
      </div>
    </details>
  );
}
