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
import { NumCell } from '@renderer/screens/billing/orders/OrderLinesTable';
import { invalidProps } from '@renderer/components/Field';

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
        <thead>
          <tr>
            <th className="num">#</th>
            <th>{t('lines.name')}</th>
            <th className="num">{t('lines.quantity')}</th>
            <th>{t('lines.unit')}</th>
            <th className="num">{t('lines.unitPrice', { currency })}</th>
            <th className="num">{t('lines.discount')}</th>
            <th className="num">{t('lines.vatRate')}</th>
            <th>{t('lines.deposit')}</th>
            <th className="num">{t('lines.net')}</th>
            <th className="num">{t('lines.vat')}</th>
            <th className="num">{t('lines.gross')}</th>
            <th>{t('lines.description')}</th>
            {!readOnly && <th aria-label={t('lines.actions')} />}
          </tr>
        </thead>
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
                <td className="wrap">
                  <input id={id('name')} className="billing-name" aria-label={t('lines.nameOf', { n: i + 1 })} {...register(`items.${i}.name`)} {...invalidProps(id('name'), e?.name?.message)} />
                  {e?.name?.message && <span className="cell-error" id={`${id('name')}-error`}>{e.name.message}</span>}
                </td>
                <NumCell id={id('quantity')} label={t('lines.quantityOf', { name: nameLabel })} reg={register(`items.${i}.quantity`)} error={e?.quantity?.message ?? (problem === 'quantity' ? t('lines.badNumber') : undefined)} />
                <td>
                  <input id={id('unit')} className="narrow" aria-label={t('lines.unitOf', { name: nameLabel })} {...register(`items.${i}.unit`)} {...invalidProps(id('unit'), e?.unit?.message)} />
                  {e?.unit?.message && <span className="cell-error" id={`${id('unit')}-error`}>{e.unit.message}</span>}
                </td>
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
                <td>
                  <button type="button" className="btn small link" onClick={() => array.remove(i)} aria-label={t('lines.removeOf', { name: nameLabel })}>
                    ×
                  </button>
                </td>
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
