import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOutboxEntry } from '../../../lib/useOutboxEntry';
import { useReasonText } from '../../system/sync/reasonText';

/** How the posted transfer fares in the outbox: waiting, sent, confirmed, or refused with the server's reason. */
export function TransferStatus({ entryId, what }: { entryId: number; what: string }) {
  const { t } = useTranslation('stockwork');
  const reasonText = useReasonText();
  const e = useOutboxEntry(entryId);
  const line = (state: string, kind: string, text: string) => (
    <div className={`notice ${kind}`} role={state === 'refused' ? 'alert' : 'status'} data-testid="transfer-status" data-state={state}>
      <div>{text}</div>
      <div className="muted" data-testid="transfer-what">{what}</div>
    </div>
  );
  if (!e || e.state === 'queued' || e.state === 'retry_wait') return line('queued', 'info', t('transfer.queued'));
  if (e.state === 'in_flight') return line('sending', 'info', t('transfer.sending'));
  if (e.state === 'done') return line('done', 'ok', t('transfer.done'));
  if (e.state === 'discarded') return null;
  // The reason is worded in the clerk's language; a server without reasons leaves its own message.
  const why = e.reason ? reasonText(e.reason) : (e.lastError ?? '');
  return (
    <div className="notice error" role="alert" data-testid="transfer-status" data-state="refused">
      <div>{t('transfer.refused', { reason: why })} <Link to="/sync">{t('transfer.refusedHint')}</Link></div>
      <div className="muted" data-testid="transfer-what">{what}</div>
    </div>
  );
}
