/** The order's header: customer, warehouse, shipping aim, payment, date, bank account, currency, language. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { useChannel } from '@renderer/lib/ipc';
import { AccountCurrencyFields, asCommon, CustomerField, MethodField } from '@renderer/components/documentHeaderFields';
import { LanguageField } from '@renderer/components/documentFields';
import { SHIPPING_AIMS, type OrderFormValues } from './orderForm';
import { Field, invalidProps } from '@renderer/components/FormField';

export function OrderHeaderFields({ form }: { form: UseFormReturn<OrderFormValues> }) {
  const { t } = useTranslation('billing');
  const { register, formState } = form;
  const e = formState.errors;
  const ids = { wh: useId(), aim: useId(), date: useId() };
  const warehouses = useChannel('warehouses.list', {});
  const common = asCommon(form);
  return (
    <div className="form-grid">
      <CustomerField form={common} id="order-customer" autoFocus />
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
      <MethodField form={common} />
      <Field label={t('order.issuedDate')} htmlFor={ids.date} error={e.issued_date?.message} required>
        <input id={ids.date} type="date" {...register('issued_date')} {...invalidProps(ids.date, e.issued_date?.message)} />
      </Field>
      <AccountCurrencyFields form={common} />
      <LanguageField reg={register('language')} error={e.language?.message} />
    </div>
  );
}
