/**
 * The cells the order lines, the invoice lines and the retentions are made of, so the three tables
 * label, number and tie errors to their inputs the same way.
 */
import type { HTMLAttributes, InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { invalidProps } from './Field';

type InputAttrs = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'placeholder' | 'list' | 'autoComplete'> & { inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'] };

/** An input cell named by `label` (there is no visible label in a table row), its error under it. */
export function InputCell({ id, label, reg, error, cellClassName, ...attrs }: InputAttrs & { id: string; label: string; reg: UseFormRegisterReturn; error?: string | undefined; cellClassName?: string }) {
  return (
    <td className={cellClassName}>
      <input id={id} aria-label={label} {...attrs} {...reg} {...invalidProps(id, error)} />
      {error && (
        <span className="cell-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </td>
  );
}

/** A numeric input cell (right-aligned, decimal keypad) with its error under it. */
export function NumCell({ id, label, reg, error, placeholder, narrow, list }: { id: string; label: string; reg: UseFormRegisterReturn; error?: string | undefined; placeholder?: string; narrow?: boolean; list?: string }) {
  return <InputCell id={id} label={label} reg={reg} error={error} cellClassName="num" className={narrow ? 'num narrow' : 'num'} inputMode="decimal" autoComplete="off" list={list} placeholder={placeholder} />;
}

/** The last cell of an editable row: its remove button, named after the row. */
export function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <td>
      <button type="button" className="btn small link" onClick={onRemove} aria-label={label}>
        ×
      </button>
    </td>
  );
}

/** The head of a document's line table: the order's and the invoice's columns are the same but for the first (product or name) and the invoice's deposit flag. */
export function LinesHead({ first, currency, deposit = false, actions = true }: { first: string; currency: string; deposit?: boolean; actions?: boolean }) {
  const { t } = useTranslation('billing');
  return (
    <thead>
      <tr>
        <th className="num">#</th>
        <th>{first}</th>
        <th className="num">{t('lines.quantity')}</th>
        <th>{t('lines.unit')}</th>
        <th className="num">{t('lines.unitPrice', { currency })}</th>
        <th className="num">{t('lines.discount')}</th>
        <th className="num">{t('lines.vatRate')}</th>
        {deposit && <th>{t('lines.deposit')}</th>}
        <th className="num">{t('lines.net')}</th>
        <th className="num">{t('lines.vat')}</th>
        <th className="num">{t('lines.gross')}</th>
        <th>{t('lines.description')}</th>
        {actions && <th aria-label={t('lines.actions')} />}
      </tr>
    </thead>
  );
}
