/**
 * Invoice lines: name, quantity, unit, net unit price, discount, VAT rate, deposit flag and note,
 * each with its amounts from @shared/money. Lines billed from an order or a proforma are shown as
 * they will be billed, not edited: the server takes them from the stored document.
 */
import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import { useFormat } from '@renderer/lib/useFormat';
import { emptyItem, isBlankItem, type InvoiceFormValues, type InvoiceItemValues } from './invoiceForm';
import type { LiveTotals } from '@renderer/lib/lineMath';
import { InputCell, LinesHead, NumCell, RemoveCell } from '@renderer/components/lineCells';

interface Props {
  items: InvoiceItemValues[];
  array: UseFieldArrayReturn<InvoiceFormValues, 'items', 'key'>;
  register: UseFormRegister<InvoiceFormValues>;
  errors: FieldErrors<InvoiceFormValues>;
  totals: LiveTotals;
  currency: string;
  readOnly: boolean;
}

const VAT_RATES = ['27', '18', '5', '0'];

export function InvoiceItemsTable({ items, array, register, errors, totals, currency, readOnly }: Props) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const a = (s: string | undefined) => (s === undefined ? '—' : f.amount(Number(s), currency));
  return (
    <div className="table-wrap">
      <datalist id="billing-vat-rates">
        {VAT_RATES.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <table className="grid billing-lines">
        <LinesHead first={t('lines.name')} currency={currency} deposit actions={!readOnly} />
        <tbody>
          {array.fields.map((field, i) => {
            const it = items[i];
            const e = errors.items?.[i];
            const amounts = totals.lines[i] ?? null;
            // A line not typed in yet says nothing: its errors come when it is filled in or issued.
            const problem = it && isBlankItem(it) ? null : totals.problems[i];
            const id = (name: string) => `invoice-line-${i}-${name}`;
            const nameLabel = it?.name || t('lines.lineN', { n: i + 1 });
            if (readOnly) {
              return (
                <tr key={field.key} data-testid={`invoice-line-${i}`}>
                  <td className="num">{i + 1}</td>
                  <td className="wrap">{it?.name}</td>
                  <td className="num">{it ? f.qty(Number(it.quantity)) : ''}</td>
                  <td>{it?.unit}</td>
                  <td className="num">{it ? f.amount(Number(it.unit_price), currency) : ''}</td>
                  <td className="num">{it?.discount || '0'} %</td>
                  <td className="num">{it?.vat} %</td>
                  <td>{it?.deposit ? t('common.yes') : ''}</td>
                  <td className="num" data-testid={`line-${i}-net`}>{a(amounts?.net)}</td>
                  <td className="num" data-testid={`line-${i}-vat`}>{a(amounts?.vat)}</td>
                  <td className="num" data-testid={`line-${i}-gross`}>{a(amounts?.gross)}</td>
                  <td className="wrap">{it?.description}</td>
                </tr>
              );
            }
            return (
              <tr key={field.key} data-testid={`invoice-line-${i}`}>
                <td className="num">{i + 1}</td>
                <InputCell id={id('name')} cellClassName="wrap" className="billing-name" label={t('lines.nameOf', { n: i + 1 })} reg={register(`items.${i}.name`)} error={e?.name?.message} />
                <NumCell id={id('quantity')} label={t('lines.quantityOf', { name: nameLabel })} reg={register(`items.${i}.quantity`)} error={e?.quantity?.message ?? (problem === 'quantity' ? t('lines.badNumber') : undefined)} />
                <InputCell id={id('unit')} className="narrow" label={t('lines.unitOf', { name: nameLabel })} reg={register(`items.${i}.unit`)} error={e?.unit?.message} />
                <NumCell id={id('unit_price')} label={t('lines.priceOf', { name: nameLabel })} reg={register(`items.${i}.unit_price`)} error={e?.unit_price?.message ?? (problem === 'unitPrice' ? t('lines.badNumber') : undefined)} />
                <NumCell id={id('discount')} narrow label={t('lines.discountOf', { name: nameLabel })} reg={register(`items.${i}.discount`)} placeholder="0" error={e?.discount?.message ?? (problem === 'discount' ? t('lines.badPercent') : undefined)} />
                <NumCell id={id('vat')} narrow list="billing-vat-rates" label={t('lines.vatOf', { name: nameLabel })} reg={register(`items.${i}.vat`)} error={e?.vat?.message ?? (problem === 'vatRate' ? t('lines.badPercent') : undefined)} />
                <td>
                  <input type="checkbox" aria-label={t('lines.depositOf', { name: nameLabel })} {...register(`items.${i}.deposit`)} />
                </td>
                <td className="num" data-testid={`line-${i}-net`}>{a(amounts?.net)}</td>
                <td className="num" data-testid={`line-${i}-vat`}>{a(amounts?.vat)}</td>
                <td className="num" data-testid={`line-${i}-gross`}>{a(amounts?.gross)}</td>
                <td>
                  <input className="billing-desc" aria-label={t('lines.descriptionOf', { name: nameLabel })} {...register(`items.${i}.description`)} />
                </td>
                <RemoveCell label={t('lines.removeOf', { name: nameLabel })} onRemove={() => array.remove(i)} />
              </tr>
            );
          })}
        </tbody>
      </table>
      {!readOnly && (
        <div className="billing-table-foot">
          <button type="button" className="btn small" onClick={() => array.append(emptyItem())}>
            {t('lines.addLine')}
          </button>
        </div>
      )}
    </div>
  );
}
