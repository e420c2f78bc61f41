import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxState } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Icon } from '../../../components/Icon';
import { useSay } from '../../../lib/errors';
import { useChannel, useCommand, useSyncStatus } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';
import { AttentionList } from './AttentionList';
import { OutboxTable } from './OutboxTable';

type View = 'waiting' | 'done' | 'discarded';
const VIEW_STATES: Record<View, OutboxState[]> = {
  waiting: ['queued', 'in_flight', 'retry_wait', 'needs_attention'],
  done: ['done'],
  discarded: ['discarded'],
};

/** The connection, the outbox and everything that waits for the clerk's decision. */
export function SyncScreen() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const say = useSay();
  const f = useFormat();
  const { data: status } = useSyncStatus();
  const [view, setView] = useState<View>('waiting');
  const attention = useChannel('outbox.list', { states: ['needs_attention'] });
  const outbox = useChannel('outbox.list', { states: VIEW_STATES[view] });
  const syncNow = useCommand('sync.now');
  const connection = !status ? null : status.serverUrl === null ? 'noServer' : status.online ? 'online' : 'offline';

  return (
    <Screen
      title={tc('nav.sync')}
      actions={
        <button type="button" className="btn primary" onClick={() => syncNow.mutate({})} disabled={syncNow.isPending || !status?.serverUrl} data-testid="sync-now">
          <Icon name="sync" /> {t('sync.syncNow')}
        </button>
      }
    >
      {status ? (
        <div className="stat-row" data-testid="sync-status">
          <div className="stat">
            <div className="stat-label">{t('sync.connection')}</div>
            <div className={`stat-value sb-conn ${connection}`}>{connection ? tc(`status.${connection}`) : ''}</div>
            <div className="muted">{status.serverUrl ?? ''}</div>
          </div>
          <div className="stat">
            <div className="stat-label">{t('sync.lastPull')}</div>
            <div className="stat-value">{status.lastPullAt ? f.when(status.lastPullAt) : tc('time.never')}</div>
          </div>
          <div className="stat">
            <div className="stat-label">{t('sync.lastPush')}</div>
            <div className="stat-value">{status.lastPushAt ? f.when(status.lastPushAt) : tc('time.never')}</div>
          </div>
          <div className="stat">
            <div className="stat-label">{t('sync.waiting')}</div>
            <div className="stat-value">{f.qty(status.outbox.queued + status.outbox.inFlight)}</div>
          </div>
          <div className="stat">
            <div className="stat-label">{t('sync.needsAttention')}</div>
            <div className={`stat-value${status.outbox.needsAttention ? ' diff-neg' : ''}`}>{f.qty(status.outbox.needsAttention)}</div>
          </div>
        </div>
      ) : null}
      {status?.paused === 'auth' ? <div className="notice error">{t('sync.pausedAuth')}</div> : null}
      {status?.lastError ? <div className="notice warn">{t('sync.lastError', { message: say(status.lastError) })}</div> : null}
      <ErrorNotice error={syncNow.error} />

      <h2>{t('sync.needsAttention')}</h2>
      <AttentionList entries={attention.data ?? []} />

      <div className="panel">
        <div className="panel-title">
          <h2 style={{ flex: 1 }}>{t('sync.outbox')}</h2>
          <div className="tabs" role="tablist">
            {(Object.keys(VIEW_STATES) as View[]).map((v) => (
              <button key={v} type="button" role="tab" aria-selected={view === v} onClick={() => setView(v)}>
                {t(`sync.view.${v}`)}
              </button>
            ))}
          </div>
        </div>
        <OutboxTable entries={outbox.data ?? []} />
      </div>
    </Screen>
  );
}
