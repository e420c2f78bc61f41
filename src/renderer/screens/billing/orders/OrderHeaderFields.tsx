/** The order's header: customer, warehouse, shipping aim, payment, date, bank account, currency, language. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type UseFormReturn } from 'react-hook-form';
import { WarehouseSelect } from '@renderer/components/pickers';
import { AccountCurrencyFields, asCommon, CustomerField, MethodField } from '@renderer/components/documentHeaderFields';
import { LanguageField } from '@renderer/components/documentFields';
import { SHIPPING_AIMS, type OrderFormValues } from './orderForm';
import { Field, invalidProps } from '@renderer/components/Field';
import { DateField } from '@renderer/components/DateField';

export function OrderHeaderFields({ form }: { form: UseFormReturn<OrderFormValues> }) {
  const { t } = useTranslation('billing');
  const { register, formState } = form;
  const e = formState.errors;
  const ids = { wh: useId(), aim: useId(), date: useId() };
  const warehouse = useController({ control: form.control, name: 'warehouse' });
  const issued = useController({ control: form.control, name: 'issued_date' });
  const common = asCommon(form);
  return (
    <div className="form-grid">
      <CustomerField form={common} id="order-customer" autoFocus />
      <Field label={t('order.warehouse')} htmlFor={ids.wh} error={e.warehouse?.message} required>
        <WarehouseSelect id={ids.wh} required value={warehouse.field.value} onChange={warehouse.field.onChange} anyLabel={t('order.warehouseAny')} {...invalidProps(ids.wh, e.warehouse?.message)} />
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
      <DateField label={t('order.issuedDate')} id={ids.date} error={e.issued_date?.message} required name={issued.field.name} value={issued.field.value} onChange={issued.field.onChange} onBlur={issued.field.onBlur} testId="order-issued-date" />
      <AccountCurrencyFields form={common} />
      <LanguageField reg={register('language')} error={e.language?.message} />
    </div>
  );
}
