import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel, useCommand } from '../lib/ipc';

/**
 * The self-updater's news, where the clerk sees it without it covering work: a downloaded build
 * (restart now, or it installs on close), a restart waiting for the outbox, or an offered build
 * that cannot open this desk's data. Nothing for the other phases: checking is not the clerk's business.
 */
export function UpdateNotice() {
  const { t } = useTranslation('updates');
  const { data: s } = useChannel('shell.updateStatus', {}, { staleTime: Infinity });
  const restart = useCommand('shell.restartToUpdate');
  // "Later" hides it until the updater says something new.
  const [hidden, setHidden] = useState<string | null>(null);
  if (!s || !s.offered) return null;
  const key = `${s.phase}:${s.offered}`;
  if (hidden === key) return null;
  const later = (
    <button type="button" className="btn" onClick={() => setHidden(key)} data-testid="update-later">
      {t('later')}
    </button>
  );
  if (s.phase === 'ready') {
    return (
      <div className="update-notice notice info" role="status" data-testid="update-notice" data-phase={s.phase}>
        <span>{t('ready', { version: s.offered })}</span>
        <span className="update-actions">
          <button type="button" className="btn primary" disabled={restart.isPending} onClick={() => restart.mutate({})} data-testid="update-restart">
            {t('restartNow')}
          </button>
          {later}
        </span>
      </div>
    );
  }
  if (s.phase === 'waitingForSync') {
    return (
      <div className="update-notice notice info" role="status" data-testid="update-notice" data-phase={s.phase}>
        <span>{t('waiting', { version: s.offered })}</span>
      </div>
    );
  }
  if (s.phase === 'refused' && s.refusal) {
    return (
      <div className="update-notice notice warn" role="status" data-testid="update-notice" data-phase={s.phase}>
        <span>{t(`refused.${s.refusal}`, { version: s.offered })}</span>
        <span className="update-actions">{later}</span>
      </div>
    );
  }
  return null;
}
