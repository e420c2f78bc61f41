/**
 * Records a payment (positive) or an adjustment (negative) against an invoice. The amount is
 * checked with @shared/money against the currency's decimals, so 12,345 HUF never goes as 12.345.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { compareMoney, roundMoney } from '@shared/money';
import type { InvoiceRow } from '@shared/ipc';
import { invoke } from '@renderer/lib/ipc';
import { toInvokeError } from '@renderer/lib/errors';
import { todayIso } from '@renderer/lib/format';
import { useFormat } from '@renderer/lib/useFormat';
import { isDecimal, normalizeDecimal } from '@renderer/lib/decimal';
import type { LooseT } from '@renderer/lib/formResolver';
import { Field, invalidProps } from '@renderer/components/Field';
import { translateMessage } from '@renderer/lib/messages';
import { DateField } from '@renderer/components/DateField';
import { isIsoDate } from '@renderer/lib/dateText';

type Problem = { field: 'amount' | 'date' | 'note'; message: string };

export function checkAmount(text: string, currency: string): { value: string } | { error: 'number' | 'nonZero' | 'decimals' } {
  const s = normalizeDecimal(text);
  if (!isDecimal(s)) return { error: 'number' };
  if (compareMoney(s, '0') === 0) return { error: 'nonZero' };
  if (compareMoney(roundMoney(s, currency), s) !== 0) return { error: 'decimals' };
  return { value: s };
}

export function PaymentForm({ row, onDone, onCancel }: { row: InvoiceRow; onDone: (message: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const ids = { amount: useId(), date: useId(), note: useId() };
  const [amount, setAmount] = useState(row.balance > 0 ? String(row.balance) : '');
  const [date, setDate] = useState(todayIso());
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const err = (field: Problem['field']) => problems.find((p) => p.field === field)?.message;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkAmount(amount, row.currency);
    if ('error' in checked) {
      const key = checked.error === 'decimals' ? 'validation.moneyDecimals' : checked.error === 'nonZero' ? 'validation.nonZero' : 'validation.number';
      setProblems([{ field: 'amount', message: t(key, { currency: row.currency }) }]);
      return;
    }
    // A date the field cannot read is said under it already; nothing goes out with it.
    if (!isIsoDate(date)) return;
    setProblems([]);
    setGeneral(null);
    setBusy(true);
    try {
      await invoke('invoices.pay', { id: row.id, amount: Number(checked.value), date, ...(note.trim() ? { note: note.trim() } : {}) });
      onDone(t('payment.recorded', { amount: f.money(Number(checked.value), row.currency) }));
    } catch (x) {
      const ie = toInvokeError(x);
      const placed = ie.details
        .filter((d): d is { field: Problem['field']; message: string } => d.field === 'amount' || d.field === 'date' || d.field === 'note')
        .map((d) => ({ field: d.field, message: translateMessage(t as unknown as LooseT, d.message, 'sentence') }));
      setProblems(placed);
      if (placed.length === 0) setGeneral(ie.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel billing-payment" onSubmit={(e) => void submit(e)} aria-label={t('payment.title')} noValidate>
      <div className="panel-title">
        <h2>{t('payment.title')}</h2>
      </div>
      <div className="panel-body stack">
        <p className="field-hint">{t('payment.hint', { balance: f.money(row.balance, row.currency) })}</p>
        {general && <p className="notice error" role="alert">{general}</p>}
        <div className="form-grid">
          <Field label={t('payment.amount', { currency: row.currency })} htmlFor={ids.amount} error={err('amount')} required>
            <input id={ids.amount} className="num" inputMode="decimal" autoFocus value={amount} onChange={(e) => setAmount(e.target.value)} {...invalidProps(ids.amount, err('amount'))} />
          </Field>
          <DateField label={t('payment.date')} id={ids.date} error={err('date')} required value={date} onChange={setDate} testId="payment-date" />
          <Field label={t('payment.note')} htmlFor={ids.note} error={err('note')} className="wide">
            <input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} {...invalidProps(ids.note, err('note'))} />
          </Field>
        </div>
        <div className="toolbar">
          <button type="submit" className="btn primary" disabled={busy}>
            {t('payment.record')}
          </button>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </form>
  );
}
