/**
 * The order's lines: quantity, price (empty = list price), discount, and the line's net, VAT and
 * gross as @shared/money computes them. Errors sit under the input they concern.
 */
import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import { useFormat } from '@renderer/lib/useFormat';
import type { LiveTotals } from '@renderer/lib/lineMath';
import type { OrderFormValues, OrderLineValues } from './orderForm';
import { LinesHead, NumCell, RemoveCell } from '@renderer/components/lineCells';
import { AvailableHint } from './AvailableHint';

interface Props {
  lines: OrderLineValues[];
  array: UseFieldArrayReturn<OrderFormValues, 'items', 'key'>;
  register: UseFormRegister<OrderFormValues>;
  errors: FieldErrors<OrderFormValues>;
  totals: LiveTotals;
  currency: string;
  flashIndex: number | null;
  /** The order's warehouse: a line asking more than is available there now is flagged. */
  warehouse: string;
}

export function OrderLinesTable({ lines, array, register, errors, totals, currency, flashIndex, warehouse }: Props) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const a = (s: string | undefined) => (s === undefined ? '—' : f.amount(Number(s), currency));
  if (array.fields.length === 0) return <p className="empty">{t('lines.empty')}</p>;
  return (
    <div className="table-wrap">
      <table className="grid billing-lines">
        <LinesHead first={t('lines.product')} currency={currency} />
        <tbody>
          {array.fields.map((field, i) => {
            const line = lines[i];
            const e = errors.items?.[i];
            const amounts = totals.lines[i] ?? null;
            const problem = totals.problems[i];
            const samePrice = line !== undefined && line.product_currency === currency && line.list_price !== '';
            const priceHint = line && !samePrice && line.custom_price.trim() === '' ? (line.list_price === '' ? t('lines.noListPrice') : t('lines.listPriceOther', { currency: line.product_currency })) : undefined;
            const id = (name: string) => `order-line-${i}-${name}`;
            const err = (name: 'quantity' | 'custom_price' | 'discount' | 'description' | 'product_id') => e?.[name]?.message;
            return (
              <tr key={field.key} className={flashIndex === i ? 'flash' : undefined} data-testid={`order-line-${i}`}>
                <td className="num">{i + 1}</td>
                <td className="wrap">
                  <span className="billing-product-name">{line?.name}</span>
                  {err('product_id') && <span className="cell-error">{err('product_id')}</span>}
                  {line ? <AvailableHint productId={line.product_id} warehouse={warehouse} quantity={line.quantity} index={i} /> : null}
                </td>
                <NumCell id={id('quantity')} label={t('lines.quantityOf', { name: line?.name ?? '' })} reg={register(`items.${i}.quantity`)} error={err('quantity') ?? (problem === 'quantity' ? t('lines.badNumber') : undefined)} />
                <td>{line?.unit}</td>
                <NumCell
                  id={id('custom_price')}
                  label={t('lines.priceOf', { name: line?.name ?? '' })}
                  reg={register(`items.${i}.custom_price`)}
                  placeholder={samePrice ? f.amount(Number(line.list_price), currency) : ''}
                  error={err('custom_price') ?? (problem === 'unitPrice' ? (priceHint ?? t('lines.badNumber')) : undefined)}
                />
                <NumCell id={id('discount')} narrow label={t('lines.discountOf', { name: line?.name ?? '' })} reg={register(`items.${i}.discount`)} placeholder="0" error={err('discount') ?? (problem === 'discount' ? t('lines.badPercent') : undefined)} />
                <td className="num">{line?.vat} %</td>
                <td className="num" data-testid={`line-${i}-net`}>{a(amounts?.net)}</td>
                <td className="num" data-testid={`line-${i}-vat`}>{a(amounts?.vat)}</td>
                <td className="num" data-testid={`line-${i}-gross`}>{a(amounts?.gross)}</td>
                <td>
                  <input className="billing-desc" aria-label={t('lines.descriptionOf', { name: line?.name ?? '' })} {...register(`items.${i}.description`)} />
                </td>
                <RemoveCell label={t('lines.removeOf', { name: line?.name ?? '' })} onRemove={() => array.remove(i)} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
