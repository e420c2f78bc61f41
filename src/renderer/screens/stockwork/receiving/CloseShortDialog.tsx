import { useTranslation } from 'react-i18next';
import type { ReceivingOrder } from '@shared/ipc';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { useFormat } from '../../../lib/useFormat';
import { scannedOf, type ReceivingDraft } from './receivingModel';

/** Closing short is a decision: the clerk sees what will never arrive before confirming it. */
export function CloseShortDialog({ order, draft, pending, onCancel, onConfirm }: {
  order: ReceivingOrder; draft: ReceivingDraft; pending: boolean; onCancel: () => void; onConfirm: () => void;
}) {
  const { t } = useTranslation('receiving');
  const f = useFormat();
  const scanned = scannedOf(draft);
  const missing = order.lines
    .map((l) => ({ name: l.productName, qty: Math.max(0, l.remaining - (scanned.get(l.productId) ?? 0)) }))
    .filter((l) => l.qty > 0)
    .map((l) => `${f.qty(l.qty)} × ${l.name}`)
    .join(', ');
  return (
    <Dialog
      title={t('confirmTitle', { po: order.projectCode })}
      onClose={onCancel}
      footer={<DialogActions onCancel={onCancel} onSubmit={onConfirm} submitLabel={t('confirm')} disabled={pending} testId="receiving-close-confirm" />}
    >
      <p>{t('confirmText')}</p>
      {draft.lines.length ? <p>{t('confirmWithScans', { lines: draft.lines.length })}</p> : null}
      {missing ? <p data-testid="receiving-close-missing">{t('confirmRemaining', { what: missing })}</p> : null}
    </Dialog>
  );
}
