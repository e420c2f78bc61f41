/**
 * Invoices by issue date: number (or "not yet numbered" for one issued offline), customer, dates,
 * total, balance and status, overdue ones marked. Filters by status and customer. Arrow keys move
 * between rows, Enter opens one.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { sumMoney } from '@shared/money';
import { INVOICE_STATUSES } from '@shared/protocol/schemas/finance';
import type { InvoiceRow } from '@shared/ipc';
import { Screen } from '@renderer/components/Screen';
import { useChannel } from '@renderer/lib/ipc';
import { todayIso } from '@renderer/lib/format';
import { useFormat } from '@renderer/lib/useFormat';
import { InvoiceStatusBadge, OutboxBadge } from '@renderer/components/StatusBadges';
import { CustomerPicker } from '@renderer/components/CustomerPicker';
import { addDays } from './invoiceForm';
import { Field } from '@renderer/components/Field';
import { DateField } from '@renderer/components/DateField';
import { isIsoDate } from '@renderer/lib/dateText';

const DEFAULT_RANGE_DAYS = 60;

export function InvoicesListScreen() {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const navigate = useNavigate();
  const today = todayIso();
  const [from, setFrom] = useState(addDays(today, -DEFAULT_RANGE_DAYS));
  const [to, setTo] = useState(today);
  const [status, setStatus] = useState('');
  const [customer, setCustomer] = useState<{ id: number | null; name: string }>({ id: null, name: '' });
  const rangeOk = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const list = useChannel(
    'invoices.list',
    { dateFrom: from, dateTo: to, ...(status ? { status } : {}), ...(customer.id !== null ? { contactId: customer.id } : {}) },
    { enabled: rangeOk },
  );
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const outstanding = useMemo(() => outstandingByCurrency(rows), [rows]);

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: InvoiceRow) => {
    const tr = e.currentTarget;
    if (e.key === 'Enter') void navigate(`/invoices/${row.id}`);
    else if (e.key === 'ArrowDown') (tr.nextElementSibling as HTMLElement | null)?.focus();
    else if (e.key === 'ArrowUp') (tr.previousElementSibling as HTMLElement | null)?.focus();
    else return;
    e.preventDefault();
  };

  return (
    <Screen
      title={t('nav.invoices')}
      actions={
        <Link className="btn primary" to="/invoices/new">
          {t('invoice.new')}
        </Link>
      }
    >
      <div className="panel">
        <div className="panel-body billing-filters">
          <DateField label={t('list.from')} id="inv-from" error={rangeOk || !isIsoDate(from) || !isIsoDate(to) ? undefined : t('validation.dateRange')} value={from} onChange={setFrom} testId="inv-from" />
          <DateField label={t('list.to')} id="inv-to" value={to} onChange={setTo} testId="inv-to" />
          <Field label={t('list.status')} htmlFor="inv-status">
            <select id="inv-status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('list.allStatuses')}</option>
              {INVOICE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`invoiceStatus.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <CustomerPicker
            id="inv-customer"
            label={t('list.customer')}
            name={customer.name}
            contactId={customer.id}
            placeholder={t('list.anyCustomer')}
            onChange={(c, typed) => setCustomer({ id: c?.id ?? null, name: typed })}
          />
        </div>
      </div>
      {list.error && <p className="notice error" role="alert">{list.error.message}</p>}
      <div className="table-wrap">
        <table className="grid billing-invoices" aria-label={t('nav.invoices')}>
          <thead>
            <tr>
              <th>{t('list.number')}</th>
              <th>{t('list.customer')}</th>
              <th>{t('list.issued')}</th>
              <th>{t('list.due')}</th>
              <th className="num">{t('list.total')}</th>
              <th className="num">{t('list.balance')}</th>
              <th>{t('list.status')}</th>
              <th>{t('list.createdBy')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} tabIndex={0} className={r.overdue ? 'billing-overdue' : undefined} onKeyDown={(e) => onRowKey(e, r)} onDoubleClick={() => void navigate(`/invoices/${r.id}`)} data-testid={`invoice-row-${r.id}`}>
                <td>
                  <Link to={`/invoices/${r.id}`} tabIndex={-1}>
                    {r.invoiceNumber ?? <em>{t('invoice.notNumbered')}</em>}
                  </Link>{' '}
                  {r.type !== 'invoice' && <span className="badge">{t(`invoiceType.${r.type}`)}</span>} <OutboxBadge state={r.outboxState} />
                </td>
                <td className="wrap">{r.contactName}</td>
                <td>{f.date(r.issuedDate)}</td>
                <td className={r.overdue ? 'billing-overdue-date' : undefined}>{f.date(r.paymentDate)}</td>
                <td className="num">{f.money(r.total, r.currency)}</td>
                <td className="num">{f.money(r.balance, r.currency)}</td>
                <td>
                  <InvoiceStatusBadge row={r} />
                </td>
                <td data-testid="invoice-created-by">{r.createdBy ?? ''}</td>
              </tr>
            ))}
          </tbody>
          {outstanding.length > 0 && (
            <tfoot>
              <tr>
                <td colSpan={5}>{t('list.outstanding')}</td>
                <td className="num">
                  {outstanding.map(([cur, sum]) => (
                    <div key={cur}>{f.money(Number(sum), cur)}</div>
                  ))}
                </td>
                <td />
                <td />
              </tr>
            </tfoot>
          )}
        </table>
        {!list.isPending && rows.length === 0 && <p className="empty">{t('list.none')}</p>}
      </div>
    </Screen>
  );
}

/** Balances summed per currency with @shared/money, never by adding floats. */
function outstandingByCurrency(rows: InvoiceRow[]): Array<[string, string]> {
  const by = new Map<string, string[]>();
  for (const r of rows) {
    if (r.type !== 'invoice' || r.balance === 0) continue;
    by.set(r.currency, [...(by.get(r.currency) ?? []), String(r.balance)]);
  }
  return [...by.entries()].map(([cur, values]): [string, string] => {
    try {
      return [cur, sumMoney(values, cur)];
    } catch {
      return [cur, '0'];
    }
  });
}
