/** The invoice header: customer, transaction type, payment, the three dates, account, currency, VAT type, language. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { CRDR, CUSTOMER_VAT_TYPES } from '@shared/protocol/schemas/finance';
import { AccountCurrencyFields, asCommon, CustomerField, MethodField } from '@renderer/components/documentHeaderFields';
import { CURRENCIES, LanguageField } from '@renderer/components/documentFields';
import { addDays, customerDefaults, DEFAULT_TERMS_DAYS, type InvoiceFormValues } from './invoiceForm';
import { Field, invalidProps } from '@renderer/components/Field';

export function InvoiceHeaderFields({ form, fromSource }: { form: UseFormReturn<InvoiceFormValues>; fromSource: boolean }) {
  const { t } = useTranslation('billing');
  const { register, formState, setValue } = form;
  const e = formState.errors;
  const ids = { crdr: useId(), issued: useId(), fulfil: useId(), pay: useId(), vatType: useId() };
  const issuedReg = register('issued_date', {
    onChange: (ev: { target: { value: string } }) => {
      // Keep the usual terms when the clerk moves the issue date, unless the deadline was set by hand.
      if (!formState.dirtyFields.payment_date && /^\d{4}-\d{2}-\d{2}$/.test(ev.target.value)) setValue('payment_date', addDays(ev.target.value, DEFAULT_TERMS_DAYS));
    },
  });
  const common = asCommon(form);
  return (
    <div className="form-grid">
      <CustomerField
        form={common}
        id="invoice-customer"
        autoFocus={!fromSource}
        onPicked={(c) => setValue('customer_vat_type', customerDefaults(c).customer_vat_type, { shouldDirty: true })}
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
      <Field label={t('invoice.issuedDate')} htmlFor={ids.issued} error={e.issued_date?.message} required>
        <input id={ids.issued} type="date" {...issuedReg} {...invalidProps(ids.issued, e.issued_date?.message)} />
      </Field>
      <Field label={t('invoice.fulfillmentDate')} htmlFor={ids.fulfil} error={e.fulfillment_date?.message} required>
        <input id={ids.fulfil} type="date" {...register('fulfillment_date')} {...invalidProps(ids.fulfil, e.fulfillment_date?.message)} />
      </Field>
      <Field label={t('invoice.paymentDate')} htmlFor={ids.pay} error={e.payment_date?.message} required>
        <input id={ids.pay} type="date" {...register('payment_date')} {...invalidProps(ids.pay, e.payment_date?.message)} />
      </Field>
      <AccountCurrencyFields form={common} currencies={CURRENCIES} />
      <Field label={t('invoice.customerVatType')} htmlFor={ids.vatType} error={e.customer_vat_type?.message} required>
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
