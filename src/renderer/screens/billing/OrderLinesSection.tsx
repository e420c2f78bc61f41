/** The order's lines and totals: re-rendered as the clerk types a line; the header is not. */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormState, useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { liveTotals } from './lineMath';
import { OrderLinesTable } from './OrderLinesTable';
import { orderLineText, type OrderFormValues } from './orderForm';
import { TotalsPanel } from './TotalsPanel';

export function OrderLinesSection({ form, array, flashIndex, picker, actions }: {
  form: UseFormReturn<OrderFormValues>;
  array: UseFieldArrayReturn<OrderFormValues, 'items', 'key'>;
  flashIndex: number | null;
  picker: ReactNode;
  actions: ReactNode;
}) {
  const { t } = useTranslation('billing');
  const [items, currency, fx] = useWatch({ control: form.control, name: ['items', 'currency', 'fx_rate'] });
  const { errors } = useFormState({ control: form.control });
  const totals = useMemo(() => liveTotals(items.map(orderLineText(currency)), currency, fx), [items, currency, fx]);
  return (
    <>
      <section className="panel" aria-label={t('lines.title')}>
        <div className="panel-title">
          <h2>{t('lines.title')}</h2>
          {errors.items?.message && <span className="field-error" role="alert">{errors.items.message}</span>}
        </div>
        <div className="panel-body stack">
          {picker}
          <OrderLinesTable lines={items} array={array} register={form.register} errors={errors} totals={totals} currency={currency} flashIndex={flashIndex} />
        </div>
      </section>
      <div className="billing-bottom">
        <TotalsPanel totals={totals} currency={currency} />
        {actions}
      </div>
    </>
  );
}
