import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOutboxEntry } from '../../../lib/useOutboxEntry';
import { useReasonText } from '../../system/sync/reasonText';

/** How the posted receipt fares in the outbox: queued, sending, confirmed, or refused with the server's reason in the clerk's language. */
export function ReceivingStatus({ entryId, what }: { entryId: number; what: string }) {
  const { t } = useTranslation('receiving');
  const reasonText = useReasonText();
  const e = useOutboxEntry(entryId);
  const line = (state: string, kind: string, text: string) => (
    <div className={`notice ${kind}`} role="status" data-testid="receiving-status" data-state={state}>
      <div>{text}</div>
      <div className="muted">{what}</div>
    </div>
  );
  if (!e || e.state === 'queued' || e.state === 'retry_wait') return line('queued', 'info', t('queued'));
  if (e.state === 'in_flight') return line('sending', 'info', t('sending'));
  if (e.state === 'done') return line('done', 'ok', t('done'));
  if (e.state === 'discarded') return null;
  const why = e.reason ? reasonText(e.reason) : (e.lastError ?? '');
  return (
    <div className="notice error" role="alert" data-testid="receiving-status" data-state="refused">
      <div>{t('refused', { reason: why })} <Link to="/sync">{t('refusedHint')}</Link></div>
      <div className="muted">{what}</div>
    </div>
  );
}
