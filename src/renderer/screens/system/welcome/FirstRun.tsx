import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { channelKey, invalidate, useChannel, useCommand } from '../../../lib/ipc';

/**
 * The first screen of a desk with no server set: instead of an empty start screen (and a status
 * bar that only says "no server"), it offers the two ways on — the demo or a real server.
 * Elsewhere, and once a server is set, the screens show as usual.
 */
export function FirstRun({ start, children }: { start: string | undefined; children: ReactNode }) {
  const { data: settings } = useChannel('settings.get', {});
  const { pathname } = useLocation();
  const atStart = start !== undefined && (pathname === '/' || pathname.replace(/\/+$/, '') === `/${start}`);
  if (!settings || settings.serverUrl !== null || settings.demo || !atStart) return <>{children}</>;
  return <Welcome />;
}

function Welcome() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('backup');
  // A desk whose data was damaged starts empty, like a new one: say so here, where the clerk lands.
  const { data: backups } = useChannel('backup.list', {});
  const client = useQueryClient();
  const demo = useCommand('demo.start');
  const startDemo = () =>
    demo.mutateAsync({}).then(
      (s) => {
        client.setQueryData<Settings>(channelKey('settings.get', {}), s);
        void invalidate(client, ['sync.status']);
      },
      // Shown by the ErrorNotice below.
      () => undefined,
    );
  return (
    <Screen title={t('firstRun.title')}>
      <div className="stack" style={{ maxWidth: 760 }} data-testid="first-run">
        {backups?.damagedMirror ? (
          <div className="notice warn" role="alert" data-testid="first-run-damaged">
            <div className="stack">
              <span>{tb('damaged', { name: backups.damagedMirror })}</span>
              <span>
                <Link to="/settings" className="btn primary">
                  {tb('title')}
                </Link>
              </span>
            </div>
          </div>
        ) : null}
        <p>{t('firstRun.lead')}</p>
        <div className="panel">
          <div className="panel-title">
            <h2>{t('firstRun.demoTitle')}</h2>
          </div>
          <div className="panel-body stack">
            <p className="muted">{t('firstRun.demoText')}</p>
            <ErrorNotice error={demo.error} />
            <div className="toolbar">
              <button type="button" className="btn primary" onClick={() => void startDemo()} disabled={demo.isPending}>
                {demo.isPending ? t('firstRun.demoStarting') : t('firstRun.demo')}
              </button>
            </div>
          </div>
        </div>
        <div className="panel">
          <div className="panel-title">
            <h2>{t('firstRun.connectTitle')}</h2>
          </div>
          <div className="panel-body stack">
            <p className="muted">{t('firstRun.connectText')}</p>
            <div className="toolbar">
              <Link to="/settings" className="btn">
                {t('firstRun.connect')}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </Screen>
  );
}
