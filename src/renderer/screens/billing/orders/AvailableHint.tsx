/**
 * Under an order line: a warning when it asks for more than the warehouse has available now, as the
 * mirror shows it (other desks' reservations included: the live feed keeps them current, issue 17).
 * It refreshes with the mirror, so a wasting or an order at another desk shows while the clerk types.
 */
import { useTranslation } from 'react-i18next';
import { useChannel } from '@renderer/lib/ipc';
import { useFormat } from '@renderer/lib/useFormat';

export function AvailableHint({ productId, warehouse, quantity, index }: { productId: number; warehouse: string; quantity: string; index: number }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const { data: p } = useChannel('products.get', { id: productId }, { enabled: productId !== 0 });
  const asked = Number(quantity.replace(',', '.'));
  if (!p || p.service || !warehouse || !Number.isFinite(asked)) return null;
  const available = p.quantities.filter((q) => q.warehouse === warehouse).reduce((s, q) => s + q.available, 0);
  if (asked <= available) return null;
  return (
    <span className="cell-warn" role="status" data-testid={`order-line-${index}-short`}>
      {t('lines.shortNow', { available: f.qty(available), warehouse })}
    </span>
  );
}
