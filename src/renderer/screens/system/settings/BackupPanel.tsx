import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BackupInfo, BackupOverview, BackupTaken, RestoreResult } from '@shared/ipc';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Field } from '../../../components/Field';
import { getApi } from '../../../lib/api';
import { useSay } from '../../../lib/errors';
import { invalidate, useChannel, useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';
import { RestoreDialog } from './RestoreDialog';

/** Backups of this desk's data: make one, where they go and how many stay, and the list to restore from. */
export function BackupPanel() {
  const { t } = useTranslation('backup');
  const say = useSay();
  const f = useFormat();
  const client = useQueryClient();
  const list = useChannel('backup.list', {}, { staleTime: 0 });
  const create = useCommand('backup.create');
  const [taken, setTaken] = useState<BackupTaken | null>(null);
  const [restoring, setRestoring] = useState<BackupInfo | null>(null);
  const [restored, setRestored] = useState<RestoreResult | null>(null);
  const refresh = () => void invalidate(client, ['backup.list']);
  const backUp = () => {
    setTaken(null);
    create.mutate({}, { onSuccess: (r) => (setTaken(r), refresh()) });
  };
  const o = list.data;
  return (
    <div className="panel" data-testid="backup-panel">
      <div className="panel-title">
        <h2>{t('title')}</h2>
      </div>
      <div className="panel-body stack">
        {o?.damagedMirror ? (
          <div className="notice warn" role="alert" data-testid="backup-damaged">
            {t('damaged', { name: o.damagedMirror })}
          </div>
        ) : null}
        <p className="muted">{t('lead', { keep: o?.config.keep ?? 7 })}</p>
        {o ? <BackupSettings overview={o} /> : null}
        <div className="toolbar">
          <button type="button" className="btn primary" onClick={backUp} disabled={create.isPending} data-testid="backup-create">
            {create.isPending ? t('creating') : t('create')}
          </button>
        </div>
        <ErrorNotice error={create.error ?? list.error} />
        {taken ? (
          <div className="notice ok" role="status" data-testid="backup-created">
            {t('created', { when: f.dateTime(taken.backup.takenAt) })}
          </div>
        ) : null}
        {restored ? (
          <div className="notice ok" role="status" data-testid="backup-restored">
            {t('dialog.done', { when: f.dateTime(restored.restored.takenAt) })}
          </div>
        ) : null}
        {o?.extraError ? <div className="notice warn" role="alert" data-testid="backup-extra-error">{t('extraFailed', { message: say(o.extraError) })}</div> : null}
        <h3>{t('listTitle')}</h3>
        {o ? <BackupTable overview={o} onRestore={(b) => (setRestored(null), setRestoring(b))} /> : null}
      </div>
      {restoring ? (
        <RestoreDialog
          backup={restoring}
          onClose={() => setRestoring(null)}
          onRestored={(r) => {
            setRestoring(null);
            setRestored(r);
            // Every screen's data came back from the backup: read it all again.
            void invalidate(client);
          }}
        />
      ) : null}
    </div>
  );
}

function BackupTable({ overview, onRestore }: { overview: BackupOverview; onRestore: (b: BackupInfo) => void }) {
  const { t } = useTranslation('backup');
  const say = useSay();
  const f = useFormat();
  if (overview.backups.length === 0) return <div className="empty">{t('empty')}</div>;
  return (
    <div className="table-wrap">
      <table className="grid" data-testid="backup-list">
        <thead>
          <tr>
            <th>{t('col.when')}</th>
            <th>{t('col.reason')}</th>
            <th>{t('col.where')}</th>
            <th className="num">{t('col.version')}</th>
            <th>{t('col.holds')}</th>
            <th className="num">{t('col.size')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {overview.backups.map((b) => (
            <tr key={`${b.folder}/${b.name}`} data-name={b.name} data-folder={b.folder}>
              <td>{f.dateTime(b.takenAt)}</td>
              <td>{t(`reason.${b.reason}`)}</td>
              <td>{t(`where.${b.folder}`)}</td>
              <td className="num">{b.mirrorVersion ?? '–'}</td>
              <td className="wrap">
                {b.problem ? (
                  <span className="badge danger" title={say(b.problem)} data-testid="backup-unreadable">{t('unreadable')}</span>
                ) : b.newer ? (
                  <span className="badge warn">{t('newer', { version: b.mirrorVersion, mine: overview.mirrorVersion })}</span>
                ) : b.unsent + b.refused > 0 ? (
                  t('holds', { unsent: b.unsent, refused: b.refused })
                ) : (
                  <span className="muted">{t('holdsNothing')}</span>
                )}
              </td>
              <td className="num">{f.num(b.sizeBytes / 1024 / 1024, 1, 1)} MB</td>
              <td>
                <button type="button" className="btn" disabled={b.newer || b.problem !== null} onClick={() => onRestore(b)} data-testid="backup-restore">
                  {t('restore')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How many to keep and the clerk's own folder, which only the shell's folder dialog can name. */
function BackupSettings({ overview }: { overview: BackupOverview }) {
  const { t } = useTranslation('backup');
  const client = useQueryClient();
  const configure = useCommand('backup.configure');
  const choose = useCommand('shell.chooseFolder');
  const web = getApi().platform === 'web';
  const save = (patch: { keep?: number; extraDir?: string | null }) =>
    configure.mutate(patch, { onSuccess: () => void invalidate(client, ['backup.list']) });
  const pick = () =>
    choose.mutate({}, {
      onSuccess: (r) => {
        if (r.path) save({ extraDir: r.path });
      },
    });
  return (
    <div className="form-grid">
      <Field label={t('keep')}>
        <select value={overview.config.keep} onChange={(e) => save({ keep: Number(e.target.value) })} data-testid="backup-keep">
          {[3, 5, 7, 10, 14, 30].concat([3, 5, 7, 10, 14, 30].includes(overview.config.keep) ? [] : [overview.config.keep]).sort((a, b) => a - b).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('folder')} className="wide" hint={web ? t('folderWebOnly') : undefined}>
        <div className="toolbar">
          <span data-testid="backup-folder">{overview.config.extraDir ?? t('folderNone')}</span>
          <button type="button" className="btn" onClick={pick} disabled={web || choose.isPending || configure.isPending}>
            {t('folderChoose')}
          </button>
          {overview.config.extraDir ? (
            <button type="button" className="btn" onClick={() => save({ extraDir: null })} disabled={configure.isPending}>
              {t('folderStop')}
            </button>
          ) : null}
        </div>
      </Field>
      <div className="field full">
        <ErrorNotice error={configure.error ?? choose.error} />
      </div>
    </div>
  );
}
