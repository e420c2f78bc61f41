import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChannel } from '../../lib/ipc';
import { useOutboxEntry } from '../../lib/useOutboxEntry';
import { useReasonText } from '../system/sync/reasonText';

/** How a queued purchase order fares: waiting, sending, confirmed with the server's code, or refused with the reason. */
export function PoStatus({ entryId, what }: { entryId: number; what: string }) {
  const { t } = useTranslation('reorder');
  const reasonText = useReasonText();
  const { data: posted = [], refetch } = useChannel('reorder.posted', { entryIds: [entryId] });
  const e = useOutboxEntry(entryId);
  const code = posted[0]?.projectCode ?? null;
  // The outbox may say "done" before the code is read: read it then, and say "confirmed" only with the code.
  const confirmedWithoutCode = e?.state === 'done' && !code;
  useEffect(() => {
    if (confirmedWithoutCode) void refetch();
  }, [confirmedWithoutCode, refetch]);
  const box = (state: string, kind: string, text: string) => (
    <div className={`notice ${kind}`} role="status" data-testid="po-status" data-state={state}>
      <div>{text}</div>
      <div className="muted">{what}</div>
    </div>
  );
  if (e?.state === 'discarded') return null;
  if (code) return box('done', 'ok', t('lowStock.done', { code }));
  if (confirmedWithoutCode) return box('sending', 'info', t('lowStock.sending'));
  if (!e || e.state === 'queued' || e.state === 'retry_wait') return box('queued', 'info', t('lowStock.queued'));
  if (e.state === 'in_flight') return box('sending', 'info', t('lowStock.sending'));
  const why = e.reason ? reasonText(e.reason) : (e.lastError ?? '');
  return (
    <div className="notice error" role="alert" data-testid="po-status" data-state="refused">
      <div>{t('lowStock.refused', { reason: why })} <Link to="/sync">{t('lowStock.refusedHint')}</Link></div>
      <div className="muted">{what}</div>
    </div>
  );
}
