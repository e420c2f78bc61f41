/** The order's lines and totals: re-rendered as the clerk types a line; the header is not. */
import { useMemo, type ReactNode } from 'react';
import { useFormState, useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { liveTotals } from '@renderer/lib/lineMath';
import { OrderLinesTable } from './OrderLinesTable';
import { orderLineText, type OrderFormValues } from './orderForm';
import { LinesAndTotals } from '@renderer/components/TotalsPanel';

export function OrderLinesSection({ form, array, flashIndex, picker, actions }: {
  form: UseFormReturn<OrderFormValues>;
  array: UseFieldArrayReturn<OrderFormValues, 'items', 'key'>;
  flashIndex: number | null;
  picker: ReactNode;
  actions: ReactNode;
}) {
  const [items, currency, fx, warehouse] = useWatch({ control: form.control, name: ['items', 'currency', 'fx_rate', 'warehouse'] });
  const { errors } = useFormState({ control: form.control });
  const totals = useMemo(() => liveTotals(items.map(orderLineText(currency)), currency, fx), [items, currency, fx]);
  return (
    <LinesAndTotals itemsError={errors.items?.message} totals={totals} currency={currency} actions={actions}>
      {picker}
      <OrderLinesTable lines={items} array={array} register={form.register} errors={errors} totals={totals} currency={currency} flashIndex={flashIndex} warehouse={warehouse} />
    </LinesAndTotals>
  );
}
