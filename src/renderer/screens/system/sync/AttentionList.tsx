import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcErrorCode, OutboxEntryView } from '@shared/ipc';
import { ConfirmDialog } from '../../../components/Dialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Icon } from '../../../components/Icon';
import { useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';
import { ParamsEditor } from './ParamsEditor';
import { useOutboxSummary } from './summary';

const KNOWN_CODES = new Set<string>(['VALIDATION_ERROR', 'OFFLINE', 'NOT_FOUND', 'CONFLICT', 'AUTH_FAILED', 'INTERNAL_ERROR'] satisfies IpcErrorCode[]);

/** Commands the server refused: its words, and what the clerk can do — fix, retry, give up. */
export function AttentionList({ entries }: { entries: OutboxEntryView[] }) {
  const { t } = useTranslation('warehouse');
  if (entries.length === 0) return <div className="panel empty">{t('sync.nothingNeedsAttention')}</div>;
  return (
    <div className="stack" data-testid="attention-list">
      {entries.map((e) => (
        <AttentionCard key={e.id} entry={e} />
      ))}
    </div>
  );
}

function AttentionCard({ entry }: { entry: OutboxEntryView }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const summary = useOutboxSummary()(entry);
  const f = useFormat();
  const [editing, setEditing] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const retry = useCommand('outbox.retry');
  const discard = useCommand('outbox.discard');
  const resolve = useCommand('outbox.resolveCount');
  const busy = retry.isPending || discard.isPending || resolve.isPending;
  const c = entry.countConflict;
  return (
    <article className="panel" data-testid={`attention-${entry.id}`} aria-labelledby={`att-${entry.id}`}>
      <div className="panel-title">
        <Icon name="warning" />
        <h3 id={`att-${entry.id}`} style={{ flex: 1 }}>
          {summary}
        </h3>
        <span className="muted">
          #{entry.id} · {entry.method} · {f.dateTime(entry.createdAt)} · {t('sync.attempts', { count: entry.attempts })}
        </span>
      </div>
      <div className="panel-body stack">
        <div className="notice error">
          <div>
            <strong>{entry.errorCode && KNOWN_CODES.has(entry.errorCode) ? tc(`errors.${entry.errorCode as IpcErrorCode}`) : (entry.errorCode ?? tc('errors.INTERNAL_ERROR'))}</strong>
            {entry.lastError ? <div data-testid="server-message">{entry.lastError}</div> : null}
            {entry.errorDetails.length ? (
              <ul>
                {entry.errorDetails.map((d, i) => (
                  <li key={i}>
                    <span className="mono">{d.field}</span> {d.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        {c ? (
          <div className="notice warn">
            {t('sync.countConflict', { expected: f.qty(c.expected), serverNow: f.qty(c.serverNow), counted: f.qty(c.counted) })}
          </div>
        ) : null}
        <div className="toolbar">
          {c ? (
            <>
              <button type="button" className="btn primary" disabled={busy} onClick={() => resolve.mutate({ id: entry.id, action: 'apply_as_counted' })} title={t('sync.applyAsCountedHint', { counted: f.qty(c.counted) })}>
                {t('sync.applyAsCounted', { counted: f.qty(c.counted) })}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => resolve.mutate({ id: entry.id, action: 'rebase' })} title={t('sync.rebaseHint')}>
                {t('sync.rebase', { result: f.qty(c.serverNow + (c.counted - c.expected)) })}
              </button>
              <button type="button" className="btn danger" disabled={busy} onClick={() => resolve.mutate({ id: entry.id, action: 'discard' })}>
                {t('sync.keepServer', { serverNow: f.qty(c.serverNow) })}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn primary" disabled={busy} onClick={() => setEditing(true)} data-testid="attention-edit">
                {tc('actions.edit')}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => retry.mutate({ id: entry.id })}>
                {tc('actions.retry')}
              </button>
              <button type="button" className="btn danger" disabled={busy} onClick={() => setConfirmDiscard(true)}>
                {tc('actions.discard')}
              </button>
            </>
          )}
        </div>
        <ErrorNotice error={retry.error ?? discard.error ?? resolve.error} />
      </div>
      {editing ? <ParamsEditor entry={entry} onClose={() => setEditing(false)} /> : null}
      {confirmDiscard ? (
        <ConfirmDialog
          danger
          confirmLabel={tc('actions.discard')}
          busy={discard.isPending}
          onCancel={() => setConfirmDiscard(false)}
          onConfirm={() => discard.mutate({ id: entry.id }, { onSettled: () => setConfirmDiscard(false) })}
        >
          <p>{t('sync.confirmDiscard', { summary })}</p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
