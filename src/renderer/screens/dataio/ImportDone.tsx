import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportResult } from '@shared/ipc/dataio';
import { useChannel } from '../../lib/ipc';

/** After the commit: what was queued, and how much of it the server has (polled until nothing waits). */
export function ImportDone({ result, onAgain }: { result: ImportResult; onAgain: () => void }) {
  const { t } = useTranslation('dataio');
  const range = result.entries ?? { from: 1, to: 1 };
  const progress = useChannel('import.progress', range, {
    enabled: result.entries !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.waiting === 0 ? false : 500),
  });
  const p = progress.data;
  return (
    <div className="panel">
      <div className="panel-title">{t('import.done')}</div>
      <div className="panel-body stack">
        <p data-testid="import-summary">
          {t('import.summary', { created: result.created, updated: result.updated, unchanged: result.unchanged, skipped: result.skipped, invalid: result.invalid })}
        </p>
        {p ? (
          <>
            <progress max={p.total} value={p.sent} style={{ width: '100%' }} aria-label={t('import.progress', { sent: p.sent, total: p.total })} />
            <p data-testid="import-progress" data-waiting={p.waiting}>
              {p.waiting === 0 && p.needsAttention === 0 ? t('import.allSent', { total: p.total }) : t('import.progress', { sent: p.sent, total: p.total })}
            </p>
            {p.waiting > 0 ? <p className="muted">{t('import.waitingOffline')}</p> : null}
            {p.needsAttention > 0 ? (
              <Link to="/sync" className="notice warn" data-testid="import-attention">{t('import.attention', { count: p.needsAttention })}</Link>
            ) : null}
          </>
        ) : null}
        <div>
          <button type="button" className="btn" onClick={onAgain} data-testid="import-again">{t('import.again')}</button>
        </div>
      </div>
    </div>
  );
}
