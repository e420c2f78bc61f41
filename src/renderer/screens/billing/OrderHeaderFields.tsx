/** The order's header: customer, warehouse, shipping aim, payment, date, bank account, currency, language. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { PAYMENT_METHODS } from '@shared/protocol/fields';
import { useChannel } from '@renderer/lib/ipc';
import { CustomerPicker } from './CustomerPicker';
import { BankAccountField, CurrencyFields, LanguageField, accountFor, useBankAccounts, usePrefillAccount } from './fields';
import { SHIPPING_AIMS, type OrderFormValues } from './orderForm';
import { Field, invalidProps } from './ui';
import { methodKey } from './labels';
import { customerLanguage } from './invoiceForm';

export function OrderHeaderFields({ form }: { form: UseFormReturn<OrderFormValues> }) {
  const { t } = useTranslation('billing');
  const { register, control, formState, setValue, getValues } = form;
  const e = formState.errors;
  const ids = { wh: useId(), aim: useId(), method: useId(), date: useId() };
  const warehouses = useChannel('warehouses.list', {});
  const accounts = useBankAccounts();
  const currency = useWatch({ control, name: 'currency' });
  usePrefillAccount(accounts, currency, getValues, setValue);
  const currencyReg = register('currency', {
    onChange: (ev: { target: { value: string } }) => {
      // Follow the currency with the account kept in it, unless the clerk typed one of their own.
      const next = accountFor(accounts, ev.target.value);
      const current = getValues('selected_account');
      if (next && (current === '' || accounts.some((a) => a.number === current))) setValue('selected_account', next, { shouldDirty: true });
    },
  });
  return (
    <div className="form-grid">
      <Controller
        control={control}
        name="contact_id"
        render={({ field, fieldState }) => (
          <CustomerPicker
            id="order-customer"
            label={t('header.customer')}
            required
            autoFocus
            className="wide"
            name={getValues('contact_name')}
            contactId={field.value}
            error={fieldState.error?.message}
            onChange={(c, typed, kept) => {
              field.onChange(c?.id ?? kept?.id ?? null);
              setValue('contact_name', typed, { shouldDirty: true });
              // The customer's language, unless the clerk chose one for this order.
              if (c && !form.getFieldState('language').isDirty) setValue('language', customerLanguage(c));
            }}
          />
        )}
      />
      <Field label={t('order.warehouse')} htmlFor={ids.wh} error={e.warehouse?.message} required>
        <select id={ids.wh} {...register('warehouse')} {...invalidProps(ids.wh, e.warehouse?.message)}>
          <option value="Default">{t('order.warehouseDefault')}</option>
          {(warehouses.data ?? [])
            .filter((w) => w.name !== 'Default')
            .map((w) => (
              <option key={w.id} value={w.name}>
                {w.name}
              </option>
            ))}
          <option value="*">{t('order.warehouseAny')}</option>
        </select>
      </Field>
      <Field label={t('order.shippingAim')} htmlFor={ids.aim} error={e.shipping_aim?.message} required>
        <select id={ids.aim} {...register('shipping_aim')}>
          {SHIPPING_AIMS.map((a) => (
            <option key={a} value={a}>
              {t(`order.aims.${a}`)}
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
      <Field label={t('order.issuedDate')} htmlFor={ids.date} error={e.issued_date?.message} required>
        <input id={ids.date} type="date" {...register('issued_date')} {...invalidProps(ids.date, e.issued_date?.message)} />
      </Field>
      <BankAccountField reg={register('selected_account')} error={e.selected_account?.message} accounts={accounts} />
      <CurrencyFields currencyReg={currencyReg} fxReg={register('fx_rate')} currency={currency} currencyError={e.currency?.message} fxError={e.fx_rate?.message} />
      <LanguageField reg={register('language')} error={e.language?.message} />
    </div>
  );
}
