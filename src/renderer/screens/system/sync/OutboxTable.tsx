import { useTranslation } from 'react-i18next';
import type { OutboxEntryView, OutboxState } from '@shared/ipc';
import { useFormat } from '../../../lib/useFormat';
import { CLERK_CODES, useMissingClerkText, useReasonText } from './reasonText';
import { useOutboxSummary } from './summary';

const TONE: Record<OutboxState, string> = {
  queued: 'info',
  in_flight: 'info',
  retry_wait: 'warn',
  needs_attention: 'danger',
  done: 'ok',
  discarded: '',
};

export function OutboxTable({ entries }: { entries: OutboxEntryView[] }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const missing = useMissingClerkText();
  const summaryOf = useOutboxSummary();
  const reasonText = useReasonText();
  const f = useFormat();
  if (entries.length === 0) return <div className="empty">{t('sync.outboxEmpty')}</div>;
  return (
    <table className="grid" data-testid="outbox-table">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>{t('sync.col.created')}</th>
          <th>{t('sync.col.what')}</th>
          <th>{tc('clerks.madeBy')}</th>
          <th>{t('sync.col.state')}</th>
          <th className="num">{t('sync.col.attempts')}</th>
          <th>{t('sync.col.next')}</th>
          <th>{t('sync.col.lastError')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} data-state={e.state}>
            <td className="num muted">{e.id}</td>
            <td>{f.dateTime(e.createdAt)}</td>
            <td className="wrap">
              {summaryOf(e)}
            </td>
            <td data-testid="outbox-clerk">{e.clerkName ?? ''}</td>
            <td>
              <span className={`badge ${TONE[e.state]}`}>{t(`sync.state.${e.state}`)}</span>
              {e.blockedBy !== null ? <div className="muted">{t('sync.blockedBy', { id: e.blockedBy })}</div> : null}
            </td>
            <td className="num">{e.attempts}</td>
            <td>{e.nextAttemptAt ? f.when(e.nextAttemptAt) : ''}</td>
            {/* A refusal with a reason in the clerk's words; a call that failed on the way (the transport's own text) too. */}
            <td className="wrap muted" data-testid="outbox-last-error">
              {e.reason ? reasonText(e.reason) : e.errorCode && CLERK_CODES.has(e.errorCode) ? missing(e) : e.errorCode === 'NETWORK' ? t('sync.lastErrorNetwork') : e.errorCode === 'SERVER' ? t('sync.lastErrorServer') : (e.lastError ?? '')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
