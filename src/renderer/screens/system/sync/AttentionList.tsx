import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { IpcErrorCode, OutboxEntryView } from '@shared/ipc';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Icon } from '../../../components/Icon';
import { useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';
import { DiscardDialog } from './DiscardDialog';
import { FixOffers } from './FixOffers';
import { ParamsEditor } from './ParamsEditor';
import { CLERK_CODES, useMissingClerkText, useReasonText } from './reasonText';
import { useOutboxSummary } from './summary';

const KNOWN_CODES = new Set<string>(['VALIDATION_ERROR', 'OFFLINE', 'NOT_FOUND', 'CONFLICT', 'AUTH_FAILED', 'INTERNAL_ERROR'] satisfies IpcErrorCode[]);

/**
 * Commands the server refused, and what the clerk can do. A refusal with a reason is worded in the
 * clerk's language with the fixes that fit it; the server's English and the raw parameters are
 * behind "advanced". A refusal without a reason (an older server) shows the server's words.
 */
export function AttentionList({ entries }: { entries: OutboxEntryView[] }) {
  const { t } = useTranslation('warehouse');
  // `?entry=ID`: the card another screen pointed at (a product's refused change) is brought into view.
  const [params] = useSearchParams();
  const pointed = Number(params.get('entry') ?? NaN);
  if (entries.length === 0) return <div className="panel empty">{t('sync.nothingNeedsAttention')}</div>;
  return (
    <div className="stack" data-testid="attention-list">
      {entries.map((e) => (
        <AttentionCard key={e.id} entry={e} pointed={e.id === pointed} />
      ))}
    </div>
  );
}

function AttentionCard({ entry, pointed }: { entry: OutboxEntryView; pointed: boolean }) {
  const { t } = useTranslation('warehouse');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!pointed) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus();
  }, [pointed]);
  const { t: tc } = useTranslation();
  const summary = useOutboxSummary()(entry);
  const reasonText = useReasonText();
  const missingText = useMissingClerkText();
  const f = useFormat();
  const [editing, setEditing] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const retry = useCommand('outbox.retry');
  const resolve = useCommand('outbox.resolveCount');
  const busy = retry.isPending || resolve.isPending;
  const c = entry.countConflict;
  const reason = entry.reason ?? null;
  // Keys gone from the desk: a sentence of the desk's own, not the server's.
  const clerkMissing = entry.errorCode && CLERK_CODES.has(entry.errorCode) ? missingText(entry) : null;
  if (entry.blockedBy !== null) return <WaitingCard entry={entry} summary={summary} />;
  // Without a reason the server's words are all there is; with one they are for integrators.
  const showRaw = (!reason && !clerkMissing) || advanced;
  const codeText = entry.errorCode && KNOWN_CODES.has(entry.errorCode) ? tc(`errors.${entry.errorCode as IpcErrorCode}`) : (entry.errorCode ?? tc('errors.INTERNAL_ERROR'));
  return (
    <article ref={ref} tabIndex={pointed ? -1 : undefined} className={pointed ? 'panel pointed' : 'panel'} data-testid={`attention-${entry.id}`} aria-labelledby={`att-${entry.id}`}>
      <div className="panel-title">
        <Icon name="warning" />
        <h3 id={`att-${entry.id}`} style={{ flex: 1 }}>
          {summary}
        </h3>
        <span className="muted">
          #{entry.id} · {f.dateTime(entry.createdAt)}{entry.clerkName ? ` · ${entry.clerkName}` : ''} · {t('sync.attempts', { count: entry.attempts })}
        </span>
      </div>
      <div className="panel-body stack">
        <div className="notice error">
          <div>
            {reason ? <strong data-testid="reason">{reasonText(reason)}</strong> : clerkMissing ? <strong data-testid="reason">{clerkMissing}</strong> : <strong>{codeText}</strong>}
            {showRaw ? (
              <div className={reason ? 'muted' : undefined}>
                {reason ? <div>{t('sync.serverWords')}</div> : null}
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
                {reason ? <div className="mono">{entry.method}</div> : null}
              </div>
            ) : null}
          </div>
        </div>
        {c ? (
          <div className="notice warn">
            {t('sync.countConflict', { expected: f.qty(c.expected), serverNow: f.qty(c.serverNow), counted: f.qty(c.counted) })}
          </div>
        ) : null}
        {!c && reason?.reason === 'insufficient_stock' && entry.fixes.length > 0 ? <FixOffers entry={entry} productId={reason.figures.product_id} busy={busy} /> : null}
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
              {showRaw ? (
                <button type="button" className={`btn${reason ? '' : ' primary'}`} disabled={busy} onClick={() => setEditing(true)} data-testid="attention-edit">
                  {reason ? t('sync.editRaw') : tc('actions.edit')}
                </button>
              ) : null}
              <button type="button" className="btn" disabled={busy} onClick={() => retry.mutate({ id: entry.id })}>
                {tc('actions.retry')}
              </button>
              <button type="button" className="btn danger" disabled={busy} onClick={() => setConfirmDiscard(true)} data-testid="attention-discard">
                {tc('actions.discard')}
              </button>
            </>
          )}
          {reason || clerkMissing ? (
            <label className="muted" style={{ marginLeft: 'auto' }}>
              <input type="checkbox" checked={advanced} onChange={(e) => setAdvanced(e.target.checked)} data-testid="attention-advanced" /> {t('sync.advanced')}
            </label>
          ) : null}
        </div>
        <ErrorNotice error={retry.error ?? resolve.error} />
      </div>
      {editing ? <ParamsEditor entry={entry} onClose={() => setEditing(false)} /> : null}
      {confirmDiscard ? <DiscardDialog entry={entry} onClose={() => setConfirmDiscard(false)} /> : null}
    </article>
  );
}

/** An entry held back by a refused one: nothing of its own to fix; it goes when that one is fixed, or with it when discarded. */
function WaitingCard({ entry, summary }: { entry: OutboxEntryView; summary: string }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  return (
    <article className="panel" data-testid={`attention-${entry.id}`} data-waiting-for={entry.blockedBy ?? undefined} aria-labelledby={`att-${entry.id}`}>
      <div className="panel-title">
        <Icon name="sync" />
        <h3 id={`att-${entry.id}`} style={{ flex: 1 }}>
          {summary}
        </h3>
        <span className="muted">#{entry.id}</span>
      </div>
      <div className="panel-body toolbar">
        <span className="muted" style={{ flex: 1 }}>
          {t('sync.blockedBy', { id: entry.blockedBy })}
        </span>
        <button type="button" className="btn danger" onClick={() => setConfirmDiscard(true)} data-testid="attention-discard">
          {tc('actions.discard')}
        </button>
      </div>
      {confirmDiscard ? <DiscardDialog entry={entry} onClose={() => setConfirmDiscard(false)} /> : null}
    </article>
  );
}
