/**
 * One invoice: its header, lines, payments and status beside its PDF. Actions: record a payment,
 * cancel it with a storno (asking first, naming what is cancelled), turn a proforma into an
 * invoice. An invoice issued offline shows its local preview, marked as not yet numbered.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { compareMoney, subMoney } from '@shared/money';
import type { InvoiceRow, ResultOf } from '@shared/ipc';
import type { Locale } from '@shared/protocol/fields';
import { ConfirmDialog } from '@renderer/components/Dialog';
import { Screen } from '@renderer/components/Screen';
import { invoke, useChannel } from '@renderer/lib/ipc';
import { toInvokeError } from '@renderer/lib/errors';
import { useFormat } from '@renderer/lib/useFormat';
import { InvoiceStatusBadge, OutboxBadge } from '@renderer/components/StatusBadges';
import { InvoicePdfPanel } from './InvoicePdfPanel';
import { InvoiceSummary } from './InvoiceSummary';
import { PaymentForm } from './PaymentForm';

export function InvoiceDetailScreen() {
  const { id } = useParams();
  const invoiceId = id !== undefined && /^-?\d+$/.test(id) ? Number(id) : null;
  const { t } = useTranslation('billing');
  const q = useChannel('invoices.get', { id: invoiceId ?? 0 }, { enabled: invoiceId !== null });
  if (invoiceId === null || (!q.isPending && !q.data)) {
    return (
      <Screen title={t('invoice.title')}>
        <p className="notice error" role="alert">{t('invoice.notFound')}</p>
        <Link className="btn" to="/invoices">{t('invoice.backToList')}</Link>
      </Screen>
    );
  }
  if (!q.data) return <Screen title={t('invoice.title')}><p className="empty">{t('common.loading')}</p></Screen>;
  return <InvoiceDetail key={q.data.row.id} row={q.data.row} detail={q.data.detail} />;
}

type Detail = NonNullable<ResultOf<'invoices.get'>>['detail'];

function InvoiceDetail({ row, detail }: { row: InvoiceRow; detail: Detail }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const [paying, setPaying] = useState(false);
  const [storno, setStorno] = useState<'ask' | 'busy' | null>(null);
  const [stornoError, setStornoError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // "Issued" only once the server numbered it: before that it is waiting, or the server refused it.
  const justIssued = (location.state as { issued?: boolean } | null)?.issued === true;
  const issuedNotice = !justIssued
    ? null
    : row.outboxState === 'needs_attention'
      ? { tone: 'error', text: t('invoice.issuedRefused') }
      : row.local
        ? { tone: 'info', text: t('invoice.issuedPending') }
        : { tone: 'ok', text: t('invoice.issued') };
  const [language, setLanguage] = useState<Locale | ''>('');

  const number = row.invoiceNumber ?? t('invoice.notNumbered');
  const canPay = row.type === 'invoice' && row.status !== 'cancelled' && row.status !== 'paid';
  const canStorno = row.type === 'invoice' && row.status !== 'cancelled';
  const title =
    row.type === 'proforma'
      ? t('invoice.proformaTitle', { number })
      : row.type === 'storno'
        ? t('invoice.stornoTitle', { number })
        : row.invoiceNumber
          ? t('invoice.titleWith', { number })
          : t('invoice.titleDraft');

  const paid = paidOn(row);
  const doStorno = async () => {
    setStorno('busy');
    setStornoError(null);
    try {
      // The server cancels only an invoice with nothing paid on it: the payments are reversed first.
      if (paid !== null) await invoke('invoices.pay', { id: row.id, amount: -Number(paid), note: t('storno.reversalNote') });
      const r = await invoke('invoices.storno', { id: row.id });
      setStorno(null);
      setNotice(t('storno.done'));
      void navigate(`/invoices/${r.id}`, { state: { issued: true } });
    } catch (e) {
      setStorno('ask');
      setStornoError(toInvokeError(e).message);
    }
  };

  return (
    <Screen
      title={title}
      className="billing-detail"
      actions={
        <div className="toolbar">
          {canPay && (
            <button type="button" className="btn primary" onClick={() => setPaying(true)}>
              {t('payment.open')}
            </button>
          )}
          {row.type === 'proforma' && row.status === 'proforma' && (
            <Link className="btn" to={`/invoices/new?proforma=${row.id}`}>
              {t('invoice.convert')}
            </Link>
          )}
          {canStorno && (
            <button type="button" className="btn danger" onClick={() => setStorno('ask')}>
              {t('storno.open')}
            </button>
          )}
          <Link className="btn" to="/invoices">{t('invoice.backToList')}</Link>
        </div>
      }
    >
      {notice ? (
        <p className="notice ok" role="status">{notice}</p>
      ) : issuedNotice ? (
        <p className={`notice ${issuedNotice.tone}`} role={issuedNotice.tone === 'error' ? 'alert' : 'status'}>{issuedNotice.text}</p>
      ) : null}
      <div className="billing-detail-grid">
        <div className="stack">
          <section className="panel" aria-label={t('invoice.summary')}>
            <div className="panel-body">
              <dl className="kv billing-kv">
                <dt>{t('list.number')}</dt>
                <dd data-testid="invoice-number">{row.invoiceNumber ?? <em>{t('invoice.notNumbered')}</em>} <OutboxBadge state={row.outboxState} /></dd>
                <dt>{t('list.status')}</dt>
                <dd data-testid="invoice-status"><InvoiceStatusBadge row={row} /></dd>
                <dt>{t('list.customer')}</dt>
                <dd>{row.contactName}</dd>
                <dt>{t('list.issued')}</dt>
                <dd>{f.date(row.issuedDate)}</dd>
                <dt>{t('list.due')}</dt>
                <dd className={row.overdue ? 'billing-overdue-date' : undefined}>{f.date(row.paymentDate)}</dd>
                <dt>{t('list.total')}</dt>
                <dd className="num" data-testid="invoice-total">{f.money(row.total, row.currency)}</dd>
                <dt>{t('list.balance')}</dt>
                <dd className="num" data-testid="invoice-balance">{f.money(row.balance, row.currency)}</dd>
                {row.createdBy ? (
                  <>
                    <dt>{t('list.createdBy')}</dt>
                    <dd data-testid="invoice-created-by">{row.createdBy}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          </section>
          {paying && (
            <PaymentForm
              row={row}
              onCancel={() => setPaying(false)}
              onDone={(m) => {
                setPaying(false);
                setNotice(m);
              }}
            />
          )}
          <InvoiceSummary row={row} detail={detail} />
        </div>
        <InvoicePdfPanel row={row} language={language} onLanguage={setLanguage} />
      </div>
      {storno && (
        <ConfirmDialog
          title={t('storno.title')}
          confirmLabel={t('storno.confirm')}
          danger
          busy={storno === 'busy'}
          onCancel={() => {
            setStorno(null);
            setStornoError(null);
          }}
          onConfirm={() => void doStorno()}
        >
          <p>{t('storno.body')}</p>
          {paid !== null && <p className="notice warn">{t('storno.paidFirst', { paid: f.money(Number(paid), row.currency) })}</p>}
          <dl className="kv billing-kv" data-testid="storno-what">
            <dt>{t('list.number')}</dt>
            <dd>{number}</dd>
            <dt>{t('list.customer')}</dt>
            <dd>{row.contactName}</dd>
            <dt>{t('list.total')}</dt>
            <dd className="num">{f.money(row.total, row.currency)}</dd>
          </dl>
          {stornoError && (
            <p className="notice error" role="alert">
              {stornoError}
            </p>
          )}
        </ConfirmDialog>
      )}
    </Screen>
  );
}

/** What has been paid on the invoice (total − balance, exactly), or null when nothing. */
function paidOn(row: InvoiceRow): string | null {
  try {
    const paid = subMoney(String(row.total), String(row.balance), row.currency);
    return compareMoney(paid, '0') === 0 ? null : paid;
  } catch {
    return null;
  }
}
