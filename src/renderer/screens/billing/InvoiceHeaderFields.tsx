/** The invoice header: customer, transaction type, payment, the three dates, account, currency, VAT type, language. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { PAYMENT_METHODS } from '@shared/protocol/fields';
import { CRDR, CUSTOMER_VAT_TYPES } from '@shared/protocol/schemas/finance';
import { CustomerPicker } from './CustomerPicker';
import { BankAccountField, CurrencyFields, LanguageField, accountFor, useBankAccounts, usePrefillAccount } from './fields';
import { addDays, customerDefaults, DEFAULT_TERMS_DAYS, type InvoiceFormValues } from './invoiceForm';
import { methodKey } from './labels';
import { Field, invalidProps } from './ui';

export function InvoiceHeaderFields({ form, fromSource }: { form: UseFormReturn<InvoiceFormValues>; fromSource: boolean }) {
  const { t } = useTranslation('billing');
  const { register, control, formState, setValue, getValues } = form;
  const e = formState.errors;
  const ids = { crdr: useId(), method: useId(), issued: useId(), fulfil: useId(), pay: useId(), vatType: useId() };
  const accounts = useBankAccounts();
  const currency = useWatch({ control, name: 'currency' });
  usePrefillAccount(accounts, currency, getValues, setValue);
  const currencyReg = register('currency', {
    onChange: (ev: { target: { value: string } }) => {
      const next = accountFor(accounts, ev.target.value);
      const current = getValues('selected_account');
      if (next && (current === '' || accounts.some((a) => a.number === current))) setValue('selected_account', next, { shouldDirty: true });
    },
  });
  const issuedReg = register('issued_date', {
    onChange: (ev: { target: { value: string } }) => {
      // Keep the usual terms when the clerk moves the issue date, unless the deadline was set by hand.
      if (!formState.dirtyFields.payment_date && /^\d{4}-\d{2}-\d{2}$/.test(ev.target.value)) setValue('payment_date', addDays(ev.target.value, DEFAULT_TERMS_DAYS));
    },
  });
  return (
    <div className="form-grid">
      <Controller
        control={control}
        name="contact_id"
        render={({ field, fieldState }) => (
          <CustomerPicker
            id="invoice-customer"
            label={t('header.customer')}
            required
            autoFocus={!fromSource}
            className="wide"
            name={getValues('contact_name')}
            contactId={field.value}
            error={fieldState.error?.message}
            onChange={(c, typed, kept) => {
              field.onChange(c?.id ?? kept?.id ?? null);
              setValue('contact_name', typed, { shouldDirty: true });
              if (c) {
                const d = customerDefaults(c);
                setValue('customer_vat_type', d.customer_vat_type, { shouldDirty: true });
                // The customer's language, unless the clerk chose one for this invoice.
                if (!form.getFieldState('language').isDirty) setValue('language', d.language);
              }
            }}
          />
        )}
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
      <Field label={t('header.method')} htmlFor={ids.method} error={e.method?.message} required>
        <select id={ids.method} {...register('method')}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`methods.${methodKey(m)}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('invoice.issuedDate')} htmlFor={ids.issued} error={e.issued_date?.message} required>
        <input id={ids.issued} type="date" {...issuedReg} {...invalidProps(ids.issued, e.issued_date?.message)} />
      </Field>
      <Field label={t('invoice.fulfillmentDate')} htmlFor={ids.fulfil} error={e.fulfillment_date?.message} required>
        <input id={ids.fulfil} type="date" {...register('fulfillment_date')} {...invalidProps(ids.fulfil, e.fulfillment_date?.message)} />
      </Field>
      <Field label={t('invoice.paymentDate')} htmlFor={ids.pay} error={e.payment_date?.message} required>
        <input id={ids.pay} type="date" {...register('payment_date')} {...invalidProps(ids.pay, e.payment_date?.message)} />
      </Field>
      <BankAccountField reg={register('selected_account')} error={e.selected_account?.message} accounts={accounts} />
      <CurrencyFields currencyReg={currencyReg} fxReg={register('fx_rate')} currency={currency} currencyError={e.currency?.message} fxError={e.fx_rate?.message} />
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
