import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useCommand } from '../../../lib/ipc';

/** "Export support bundle": written to the data folder's support/; the screen says where. */
export function SupportPanel() {
  const { t } = useTranslation('backup');
  const bundle = useCommand('support.exportBundle');
  return (
    <div className="panel">
      <div className="panel-title">
        <h2>{t('support.title')}</h2>
      </div>
      <div className="panel-body stack">
        <p className="muted">{t('support.lead')}</p>
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => bundle.mutate({})} disabled={bundle.isPending} data-testid="support-export">
            {bundle.isPending ? t('support.exporting') : t('support.export')}
          </button>
        </div>
        <ErrorNotice error={bundle.error} />
        {bundle.data ? (
          <div className="notice ok" role="status" data-testid="support-saved">
            {t('support.saved', { path: bundle.data.path })}
          </div>
        ) : null}
      </div>
    </div>
  );
}
