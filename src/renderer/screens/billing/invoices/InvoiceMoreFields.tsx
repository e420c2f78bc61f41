/** The invoice's texts, issuer details and custom fields; and the e-mail that sends it on issue. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { asCommon, IssuerFields, issuerHasError } from '@renderer/components/documentHeaderFields';
import { CustomFieldsEditor } from '@renderer/components/CustomFieldsEditor';
import type { InvoiceFormValues } from './invoiceForm';
import { Field, invalidProps } from '@renderer/components/Field';

export function InvoiceMoreFields({ form }: { form: UseFormReturn<InvoiceFormValues> }) {
  const { t } = useTranslation('billing');
  const { register, formState } = form;
  const e = formState.errors;
  const ids = { desc: useId(), central: useId() };
  const open = Boolean(e.invoice_description || e.central_description || issuerHasError(asCommon(form).formState.errors) || e.custom_fields);
  return (
    <details className="billing-more" open={open || undefined}>
      <summary>{t('header.more')}</summary>
      <div className="form-grid">
        <Field label={t('invoice.description')} htmlFor={ids.desc} error={e.invoice_description?.message} className="full">
          <textarea id={ids.desc} rows={2} {...register('invoice_description')} {...invalidProps(ids.desc, e.invoice_description?.message)} />
        </Field>
        <Field label={t('invoice.centralDescription')} htmlFor={ids.central} error={e.central_description?.message} className="full">
          <textarea id={ids.central} rows={2} {...register('central_description')} {...invalidProps(ids.central, e.central_description?.message)} />
        </Field>
        <IssuerFields form={asCommon(form)} />
        <CustomFieldsEditor form={form} error={e.custom_fields?.message ?? e.custom_fields?.root?.message} />
      </div>
    </details>
  );
}

/**
 * Proforma, and sending by e-mail — opt-in per invoice: the customer's address is offered, never
 * filled silently, and issuing asks before it sends.
 */
export function InvoiceOptions({ form, customerEmail }: { form: UseFormReturn<InvoiceFormValues>; customerEmail: string | null }) {
  const { t } = useTranslation('billing');
  const { register, formState, setValue } = form;
  const id = useId();
  const email = useWatch({ control: form.control, name: 'email' });
  const error = formState.errors.email?.message;
  const suggest =
    customerEmail && email.trim() === '' ? (
      <button type="button" className="btn small link" onClick={() => setValue('email', customerEmail, { shouldDirty: true })}>
        {t('invoice.useCustomerEmail', { email: customerEmail })}
      </button>
    ) : null;
  return (
    <div className="billing-options">
      <Field label={t('invoice.email')} htmlFor={id} error={error} hint={<>{t('invoice.emailHint')} {suggest}</>}>
        <input id={id} type="email" autoComplete="off" {...register('email')} {...invalidProps(id, error)} />
      </Field>
      <label className="check">
        <input type="checkbox" disabled={email.trim() === ''} {...register('esignature')} /> {t('invoice.esignature')}
      </label>
      <label className="check">
        <input type="checkbox" {...register('proforma')} /> {t('invoice.proforma')}
      </label>
    </div>
  );
}
