import { useTranslation } from 'react-i18next';
import type { BackupInfo, RestoreResult } from '@shared/ipc';
import { ConfirmDialog } from '../../../components/Dialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';

/** What a backup holds, said before it replaces the desk's data; the safe button is the default. */
export function RestoreDialog({ backup, onClose, onRestored }: { backup: BackupInfo; onClose: () => void; onRestored: (r: RestoreResult) => void }) {
  const { t } = useTranslation('backup');
  const f = useFormat();
  const restore = useCommand('backup.restore');
  return (
    <ConfirmDialog
      title={t('dialog.title')}
      danger
      confirmLabel={restore.isPending ? t('dialog.restoring') : t('dialog.confirm')}
      busy={restore.isPending}
      onCancel={onClose}
      onConfirm={() => restore.mutate({ folder: backup.folder, name: backup.name }, { onSuccess: onRestored })}
    >
      <div className="stack" data-testid="restore-dialog">
        <p>{t('dialog.lead', { when: f.dateTime(backup.takenAt) })}</p>
        <h3>{t('dialog.holds')}</h3>
        <ul>
          <li>{t('dialog.version', { version: backup.mirrorVersion })}</li>
          <li data-testid="restore-unsent">{t('dialog.unsent', { count: backup.unsent })}</li>
          <li data-testid="restore-refused">{t('dialog.refused', { count: backup.refused })}</li>
        </ul>
        <p className="muted">{t('dialog.replay')}</p>
        <p className="muted">{t('dialog.current')}</p>
        <ErrorNotice error={restore.error} />
      </div>
    </ConfirmDialog>
  );
}
