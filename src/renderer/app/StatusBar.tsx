import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '@shared/ipc';
import { useChannel, useSyncStatus } from '../lib/ipc';
import { useFormat } from '../lib/useFormat';
import { ClerkPicker } from './ClerkPicker';

/** Always visible: connection, what waits to be sent, what needs the clerk, and sync progress. */
export function StatusBar() {
  const { data: status } = useSyncStatus();
  return (
    <footer className="statusbar" role="status" aria-live="polite">
      {status ? <StatusItems status={status} /> : null}
    </footer>
  );
}

function StatusItems({ status }: { status: SyncStatus }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data: settings } = useChannel('settings.get', {});
  const clerkCount = useChannel('clerks.list', {}).data?.length ?? 0;
  const waiting = status.outbox.queued + status.outbox.inFlight;
  // Whichever came last: a successful upload is a sync too (ISO times compare as text).
  const lastSync = [status.lastPullAt, status.lastPushAt].filter((d): d is string => !!d).sort().at(-1) ?? null;
  // Without keys the core does not call the server at all, so "offline" would be a guess — and wrong
  // whenever the server answers. What the clerk can do about it is sign in.
  // Online is live (the server's change feed is open) or polling (timed pulls only).
  const connection = status.serverUrl === null ? 'noServer' : settings && !settings.hasCredentials ? 'signedOut' : !status.online ? 'offline' : status.live === 'live' ? 'live' : 'polling';
  const dot = <span className="dot" aria-hidden="true" />;
  return (
    <>
      {connection === 'noServer' || connection === 'signedOut' ? (
        <Link to="/settings" className={`sb-item sb-conn ${connection}`} title={t(connection === 'noServer' ? 'status.noServerHint' : 'status.notSignedInHint')} data-testid="sb-connection">
          {dot}
          {t(connection === 'noServer' ? 'status.noServer' : 'status.notSignedIn')}
        </Link>
      ) : (
        <span
          // "online" stays on both online states (screens and tests key on it); live/polling says which.
          className={`sb-item sb-conn ${connection === 'live' || connection === 'polling' ? `online ${connection}` : connection}`}
          title={[connection === 'live' ? t('status.liveHint') : connection === 'polling' ? t('status.pollingHint') : null, status.serverUrl].filter(Boolean).join('\n') || undefined}
          data-testid="sb-connection"
          data-live={connection}
        >
          {dot}
          {t(`status.${connection}`)}
        </span>
      )}
      {settings?.demo ? <span className="sb-item sb-demo">{t('status.demo')}</span> : null}
      {/* The clerk whose keys these are (a user's session); the account's own key shows nothing. */}
      {/* Several clerks: the picker names the signed-in one; one clerk: just the name. */}
      {clerkCount < 2 && status.clerk?.name ? (
        <span className="sb-item" data-testid="sb-clerk">
          {t('roles.clerk', { name: status.clerk.name, role: t(`roles.name.${status.clerk.role}`) })}
        </span>
      ) : null}
      <ClerkPicker />
      {status.paused === 'auth' ? (
        <Link to="/settings" className="sb-item sb-warn">
          {t('status.authPaused')}
        </Link>
      ) : null}
      <Link to="/sync" className="sb-item" data-testid="sb-outbox">
        {t('status.outbox', { count: waiting })}
      </Link>
      {status.outbox.needsAttention > 0 ? (
        <Link to="/sync" className="sb-item sb-attention" data-testid="sb-attention">
          {t('status.needsAttention', { count: status.outbox.needsAttention })}
        </Link>
      ) : null}
      <span className="sb-item muted" data-testid="sb-last-sync" data-at={lastSync ?? undefined} title={[status.lastPullAt, status.lastPushAt].filter(Boolean).map((d) => f.dateTime(d as string)).join(' / ')}>
        {lastSync ? t('status.lastSync', { when: f.when(lastSync) }) : t('status.neverSynced')}
      </span>
      <span className="sb-spacer" />
      {status.progress ? <SyncProgressBar status={status} /> : null}
    </>
  );
}

function SyncProgressBar({ status }: { status: SyncStatus }) {
  const { t } = useTranslation();
  const f = useFormat();
  const p = status.progress;
  if (!p) return null;
  const phase = t(`status.phase.${p.phase}`);
  const label = p.total === null
    ? t('status.progressNoTotal', { phase, done: f.qty(p.done) })
    : t('status.progress', { phase, done: f.qty(p.done), total: f.qty(p.total) });
  const pct = p.total ? Math.min(100, Math.round((p.done / p.total) * 100)) : undefined;
  return (
    <span className={`sb-item sb-progress${status.mirrored ? '' : ' first-pull'}`} data-testid="sb-progress">
      {status.mirrored ? null : <strong>{t('status.firstPull')}</strong>}
      <span>{label}</span>
      <progress max={100} value={pct} aria-label={label} />
    </span>
  );
}
