/** The invoice header: customer, transaction type, payment, the three dates, account, currency, VAT type, language. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type UseFormReturn } from 'react-hook-form';
import type { ContactRow } from '@shared/ipc';
import { CRDR, CUSTOMER_VAT_TYPES } from '@shared/protocol/schemas/finance';
import { AccountCurrencyFields, asCommon, CustomerField, MethodField } from '@renderer/components/documentHeaderFields';
import { CURRENCIES, LanguageField } from '@renderer/components/documentFields';
import { addDays, customerDefaults, DEFAULT_TERMS_DAYS, type InvoiceFormValues } from './invoiceForm';
import { Field } from '@renderer/components/Field';
import { DateField } from '@renderer/components/DateField';
import { isIsoDate } from '@renderer/lib/dateText';

export function InvoiceHeaderFields({ form, fromSource, onCustomerChanged }: { form: UseFormReturn<InvoiceFormValues>; fromSource: boolean; onCustomerChanged?: (next: ContactRow | null) => void }) {
  const { t } = useTranslation('billing');
  const { register, formState, setValue } = form;
  const e = formState.errors;
  const ids = { crdr: useId(), issued: useId(), fulfil: useId(), pay: useId(), vatType: useId() };
  const issued = useController({ control: form.control, name: 'issued_date' });
  const fulfil = useController({ control: form.control, name: 'fulfillment_date' });
  const pay = useController({ control: form.control, name: 'payment_date' });
  const onIssued = (value: string) => {
    issued.field.onChange(value);
    // Keep the usual terms when the clerk moves the issue date, unless the deadline was set by hand.
    if (!formState.dirtyFields.payment_date && isIsoDate(value)) setValue('payment_date', addDays(value, DEFAULT_TERMS_DAYS));
  };
  const common = asCommon(form);
  return (
    <div className="form-grid">
      <CustomerField
        form={common}
        id="invoice-customer"
        autoFocus={!fromSource}
        onPicked={(c) => setValue('customer_vat_type', customerDefaults(c).customer_vat_type, { shouldDirty: true })}
        onChanged={onCustomerChanged}
      />
      <Field label={t('invoice.crdr')} htmlFor={ids.crdr} error={e.crdr?.message} required>
        <select id={ids.crdr} {...register('crdr')}>
          {CRDR.map((c) => (
            <option key={c} value={c}>
              {t(`invoice.crdrs.${c.replace(' ', '_') as 'outgoing' | 'received' | 'advance_in' | 'advance_out'}`)}
            </option>
          ))}
        </select>
      </Field>
      <MethodField form={common} />
      <DateField label={t('invoice.issuedDate')} id={ids.issued} error={e.issued_date?.message} required name={issued.field.name} value={issued.field.value} onChange={onIssued} onBlur={issued.field.onBlur} testId="invoice-issued-date" />
      <DateField label={t('invoice.fulfillmentDate')} id={ids.fulfil} error={e.fulfillment_date?.message} required name={fulfil.field.name} value={fulfil.field.value} onChange={fulfil.field.onChange} onBlur={fulfil.field.onBlur} testId="invoice-fulfillment-date" />
      <DateField label={t('invoice.paymentDate')} id={ids.pay} error={e.payment_date?.message} required name={pay.field.name} value={pay.field.value} onChange={pay.field.onChange} onBlur={pay.field.onBlur} testId="invoice-payment-date" />
      <AccountCurrencyFields form={common} currencies={CURRENCIES} />
      {/* Wide: its entries are the longest chosen text of the form in some languages ("Inländisches Unternehmen"). */}
      <Field className="wide" label={t('invoice.customerVatType')} htmlFor={ids.vatType} error={e.customer_vat_type?.message} required>
        <select id={ids.vatType} {...register('customer_vat_type')}>
          {CUSTOMER_VAT_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`invoice.vatTypes.${v}`)}
            </option>
          ))}
        </select>
      </Field>
      <LanguageField reg={register('language')} error={e.language?.message} label={t('invoice.language')} />
    </div>
  );
}
