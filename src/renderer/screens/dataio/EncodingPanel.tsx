import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ENCODINGS, type Encoding, type ImportPreview } from '@shared/ipc/dataio';

/**
 * A CSV's text encoding, as detected, shown and changeable (Hungarian Excel writes windows-1250,
 * newer programs UTF-8).
 */
export function EncodingChoice({ preview, onChange }: { preview: ImportPreview; onChange: (e: Encoding) => void }) {
  const { t } = useTranslation('dataio');
  const id = useId();
  const enc = preview.encoding;
  if (!enc) return null;
  const name = (e: Encoding) => t(`import.encoding.name.${e}`) + (e === 'utf-8' && enc.bom ? ` ${t('import.encoding.bom')}` : '');
  return (
    <div className="toolbar">
      <label htmlFor={id}>{t('import.encoding.label')}</label>
      <select id={id} value={enc.name} onChange={(e) => onChange(e.target.value as Encoding)} data-testid="import-encoding">
        {ENCODINGS.map((e) => <option key={e} value={e}>{name(e)}</option>)}
      </select>
      <span className="muted" data-testid="import-encoding-detected">{t('import.encoding.detected', { name: name(enc.detected) })}</span>
    </div>
  );
}

/** Every cell that cannot be right in the encoding chosen, by row and column: while there is one, nothing is imported. */
export function GarbledNotice({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('dataio');
  const g = preview.garbled;
  if (!preview.encoding || g.total === 0) return null;
  return (
    <div className="notice error stack" role="alert" data-testid="import-garbled">
      <strong data-testid="import-garbled-title">{t('import.encoding.garbled', { count: g.total, name: t(`import.encoding.short.${preview.encoding.name}`) })}</strong>
      <div className="table-wrap">
        <table className="grid">
          <thead>
            <tr>
              <th className="num">{t('import.col.row')}</th>
              <th>{t('import.col.column')}</th>
              <th>{t('import.encoding.asRead')}</th>
            </tr>
          </thead>
          <tbody>
            {g.cells.map((c, i) => (
              <tr key={i}>
                <td className="num">{c.row}</td>
                <td>{c.column}</td>
                <td>{c.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {g.total > g.cells.length ? <span>{t('import.encoding.more', { count: g.total - g.cells.length })}</span> : null}
    </div>
  );
}
