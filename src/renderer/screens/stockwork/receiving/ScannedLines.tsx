import { useTranslation } from 'react-i18next';
import { DateField } from '@renderer/components/DateField';
import type { ReceivingDraft, ScanLine } from './receivingModel';

/** The lines scanned now, each with its quantity, batch number and expiry as the clerk types them. */
export function ScannedLines({ draft, onChange }: { draft: ReceivingDraft; onChange: (lines: ScanLine[]) => void }) {
  const { t } = useTranslation('receiving');
  if (draft.lines.length === 0) return <div className="panel empty">{t('noScans')}</div>;
  const set = (key: string, patch: Partial<ScanLine>) => onChange(draft.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <div className="panel table-wrap">
      <div className="panel-title"><h2>{t('scannedTitle')}</h2></div>
      <table className="grid" data-testid="receiving-scanned">
        <thead>
          <tr>
            <th>{t('col.product')}</th>
            <th className="num">{t('col.quantity')}</th>
            <th>{t('col.batch')}</th>
            <th>{t('col.expiry')}</th>
            <th>{t('col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((l) => (
            <tr key={l.key}>
              <td>{l.name} <span className="muted">{l.unit}</span></td>
              <td className="num">
                <input type="text" inputMode="decimal" className="num" size={6} value={l.quantity} aria-label={`${t('col.quantity')}: ${l.name}`}
                  onChange={(e) => set(l.key, { quantity: e.target.value })} data-testid={`receiving-qty-${l.productId}`} />
              </td>
              <td>
                <input type="text" size={12} maxLength={100} value={l.batchNo} aria-label={`${t('col.batch')}: ${l.name}`}
                  onChange={(e) => set(l.key, { batchNo: e.target.value })} data-testid={`receiving-batch-${l.productId}`} />
              </td>
              <td>
                <DateField label={<span className="visually-hidden">{`${t('col.expiry')}: ${l.name}`}</span>} className="in-cell" value={l.expireDate}
                  onChange={(v) => set(l.key, { expireDate: v })} testId={`receiving-expiry-${l.productId}`} />
              </td>
              <td>
                <button type="button" className="btn small" onClick={() => onChange(draft.lines.filter((x) => x.key !== l.key))}>{t('remove', { name: l.name })}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
