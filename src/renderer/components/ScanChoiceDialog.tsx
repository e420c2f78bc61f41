import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import { useFormat } from '../lib/useFormat';
import { Dialog } from './Dialog';

/**
 * A scanned code that names more than one product (an EAN shared from before the rule that one EAN
 * names one product): the clerk says which one was meant, never the desk by guessing.
 */
export function ScanChoiceDialog({ code, options, onChoose, onClose }: { code: string; options: ProductRow[]; onChoose: (p: ProductRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Dialog
      title={t('scan.choose.title', { code })}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t('actions.cancel')} <kbd>Esc</kbd>
        </button>
      }
    >
      <p>{t('scan.choose.hint', { count: options.length })}</p>
      <ul className="stack" data-testid="scan-choice">
        {options.map((p, i) => (
          <li key={p.id}>
            <button type="button" className="btn" data-autofocus={i === 0 ? true : undefined} data-testid={`scan-choice-${p.id}`} onClick={() => onChoose(p)}>
              {p.name}
              {p.itemNumber ? ` · ${t('scan.choose.sku', { sku: p.itemNumber })}` : ''} · {t('scan.choose.stock', { qty: f.qty(p.deliverable), unit: p.unit })}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
