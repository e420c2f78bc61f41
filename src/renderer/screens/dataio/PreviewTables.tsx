import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '@shared/ipc/dataio';
import { useFormat } from '../../lib/useFormat';
import { useProblemText } from './useProblemText';

/** What the import will do: the counts and the action (the commit button), every problem of every row, then what the clerk should know of rows that will be imported. */
export function PreviewSummary({ preview, children }: { preview: ImportPreview; children: ReactNode }) {
  const { t } = useTranslation('dataio');
  const say = useProblemText();
  const c = preview.counts;
  return (
    <>
      <div className="panel">
        <div className="panel-body stack">
          <div data-testid="import-counts">
            <strong>{t('import.total', { count: preview.total })}</strong>
            {': '}
            {(['create', 'update', 'unchanged', 'skip', 'invalid'] as const).filter((k) => c[k] > 0).map((k, i) => (
              <span key={k}>
                {i > 0 ? ', ' : ''}
                <span data-testid={`count-${k}`} className={k === 'invalid' ? 'badge danger' : undefined}>{t(`import.counts.${k}`, { count: c[k] })}</span>
              </span>
            ))}
          </div>
          {children}
        </div>
      </div>
      {preview.problems.length ? (
        <div className="panel table-wrap">
          <div className="panel-title">{t('import.problems')}</div>
          <table className="grid" data-testid="import-problems">
            <thead>
              <tr>
                <th className="num">{t('import.col.row')}</th>
                <th>{t('import.col.column')}</th>
                <th>{t('import.col.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.problems.map((p, i) => (
                <tr key={i} data-testid={`problem-${p.row}`}>
                  <td className="num">{p.row}</td>
                  <td>{p.column ?? ''}</td>
                  <td className="wrap">{say(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : preview.garbled.total === 0 ? (
        <div className="notice ok" role="status" data-testid="import-no-problems">{t('import.noProblems')}</div>
      ) : null}
      {preview.warnings.length ? (
        <div className="panel table-wrap">
          <div className="panel-title">{t('import.warnings')}</div>
          <table className="grid" data-testid="import-warnings">
            <thead>
              <tr>
                <th className="num">{t('import.col.row')}</th>
                <th>{t('import.col.warning')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.warnings.map((w) => (
                <tr key={w.row} data-testid={`warning-${w.row}`}>
                  <td className="num">{w.row}</td>
                  <td>{t(`import.warning.${w.code}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/** The first rows as they will be imported. */
export function PreviewRows({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('dataio');
  const f = useFormat();
  return (
      <div className="panel table-wrap">
        <div className="panel-title">{preview.rows.length < preview.total ? t('import.rowsShown', { shown: preview.rows.length, total: preview.total }) : t('import.rowsAll', { total: preview.total })}</div>
        <table className="grid" data-testid="import-rows">
          <thead>
            <tr>
              <th className="num">{t('import.col.row')}</th>
              <th>{t('import.col.action')}</th>
              <th>{t('import.col.name')}</th>
              <th>{t('import.col.sku')}</th>
              <th>{t('import.col.ean')}</th>
              <th className="num">{t('import.col.price')}</th>
              <th className="num">{t('import.col.vat')}</th>
              <th>{t('import.col.unit')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.row} data-testid={`import-row-${r.row}`}>
                <td className="num">{r.row}</td>
                <td>{t(`import.action.${r.action}`)}</td>
                <td>{r.name}</td>
                <td className="mono">{r.itemNumber}</td>
                <td className="mono">{r.ean}</td>
                <td className="num">{r.listPrice === null ? '' : f.num(r.listPrice, 0, 4)}</td>
                <td className="num">{r.vat === null ? '' : f.num(r.vat, 0, 2)}</td>
                <td>{r.unit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
  );
}
