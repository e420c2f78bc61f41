import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChannel } from '../../../lib/ipc';
import { useReasonText } from '../../system/sync/reasonText';

/** How the posted transfer fares in the outbox: waiting, sent, confirmed, or refused with the server's reason. */
export function TransferStatus({ entryId }: { entryId: number }) {
  const { t } = useTranslation('stockwork');
  const reasonText = useReasonText();
  // Every state: by default the list holds only what still waits, and a confirmed transfer would look queued.
  const { data = [] } = useChannel('outbox.list', { states: ['queued', 'in_flight', 'retry_wait', 'needs_attention', 'done', 'discarded'] });
  const e = data.find((x) => x.id === entryId);
  if (!e || e.state === 'queued' || e.state === 'retry_wait') return <div className="notice info" role="status" data-testid="transfer-status" data-state="queued">{t('transfer.queued')}</div>;
  if (e.state === 'in_flight') return <div className="notice info" role="status" data-testid="transfer-status" data-state="sending">{t('transfer.sending')}</div>;
  if (e.state === 'done') return <div className="notice ok" role="status" data-testid="transfer-status" data-state="done">{t('transfer.done')}</div>;
  if (e.state === 'discarded') return null;
  if (e.state === 'needs_attention') {
    // The reason is worded in the clerk's language; a server without reasons leaves its own message.
    const why = e.reason ? reasonText(e.reason) : (e.lastError ?? '');
    return (
      <div className="notice error" role="alert" data-testid="transfer-status" data-state="refused">
        <span>{t('transfer.refused', { reason: why })}</span> <Link to="/sync">{t('transfer.refusedHint')}</Link>
      </div>
    );
  }
  return null;
}
