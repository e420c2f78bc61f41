/**
 * Customers who owe: outstanding and overdue per currency, the oldest due date. For one of them a
 * formal due-notification letter opens in the chosen language, in the viewer, ready to print.
 */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DueCustomerRow } from '@shared/ipc';
import { LOCALES, type Locale } from '@shared/protocol/fields';
import { Screen } from '@renderer/components/Screen';
import { invoke, useChannel } from '@renderer/lib/ipc';
import { useFormat, useLanguage } from '@renderer/lib/useFormat';
import { DueLetter } from './DueLetter';
import { LOCALE_NAMES } from '@renderer/components/documentFields';
import { customerLanguage } from '@renderer/screens/billing/invoices/invoiceForm';
import { localeOf } from '@renderer/lib/locale';

export function DuesScreen() {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const lang = useLanguage();
  const dues = useChannel('dues.list', {});
  const [chosen, setChosen] = useState<DueCustomerRow | null>(null);
  const [language, setLanguage] = useState<Locale>(localeOf(lang));
  const [letterFor, setLetterFor] = useState<{ contactId: number; language: Locale } | null>(null);
  const rows = dues.data ?? [];

  const pick = (r: DueCustomerRow) => {
    if (chosen?.contactId === r.contactId) return;
    setChosen(r);
    setLetterFor(null);
    // The letter goes out in the customer's language unless the clerk picks another.
    void invoke('contacts.get', { id: r.contactId })
      .then((c) => c && setLanguage(customerLanguage(c)))
      .catch(() => undefined);
  };
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, r: DueCustomerRow) => {
    if (e.key === 'Enter') setLetterFor({ contactId: r.contactId, language });
    else if (e.key === 'ArrowDown') (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
    else if (e.key === 'ArrowUp') (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
    else return;
    e.preventDefault();
  };

  return (
    <Screen title={t('nav.dues')} className="billing-detail">
      {dues.error && <p className="notice error" role="alert">{dues.error.message}</p>}
      <div className="billing-detail-grid billing-dues-grid">
        <div className="stack">
          <div className="table-wrap">
            <table className="grid" aria-label={t('dues.title')}>
              <thead>
                <tr>
                  <th>{t('list.customer')}</th>
                  <th className="num">{t('dues.outstanding')}</th>
                  <th className="num">{t('dues.overdue')}</th>
                  <th>{t('dues.oldest')}</th>
                  <th className="num">{t('dues.invoices')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.contactId} tabIndex={0} className={chosen?.contactId === r.contactId ? 'selected' : undefined} onFocus={() => pick(r)} onClick={() => pick(r)} onKeyDown={(e) => onRowKey(e, r)} data-testid={`due-row-${r.contactId}`}>
                    <td className="wrap">
                      {r.name}{' '}
                      {r.pending ? <span className="badge pending" title={t('dues.pending')}>{t('outbox.pending')}</span> : null}
                    </td>
                    <td className="num">{r.currencies.map((c) => <div key={c.currency}>{f.money(c.outstanding, c.currency)}</div>)}</td>
                    <td className="num">
                      {r.currencies.map((c) => (
                        <div key={c.currency} className={c.overdue > 0 ? 'billing-overdue-date' : undefined}>{f.money(c.overdue, c.currency)}</div>
                      ))}
                    </td>
                    <td>{r.currencies.map((c) => <div key={c.currency}>{f.date(c.oldestDueDate)}</div>)}</td>
                    <td className="num">{r.invoiceCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {!dues.isPending && rows.length === 0 && <p className="empty">{t('dues.none')}</p>}
          </div>
          {chosen && (
            <section className="panel" aria-label={t('dues.letterFor', { name: chosen.name })}>
              <div className="panel-body toolbar">
                <label htmlFor="due-language">{t('dues.language')}</label>
                <select id="due-language" value={language} onChange={(e) => setLanguage(e.target.value as Locale)}>
                  {LOCALES.map((l) => (
                    <option key={l} value={l}>
                      {LOCALE_NAMES[l]}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn primary" onClick={() => setLetterFor({ contactId: chosen.contactId, language })}>
                  {t('dues.openLetter', { name: chosen.name })}
                </button>
              </div>
            </section>
          )}
        </div>
        {letterFor ? <DueLetter contactId={letterFor.contactId} language={letterFor.language} /> : <p className="empty billing-pdf">{t('dues.pick')}</p>}
      </div>
    </Screen>
  );
}
