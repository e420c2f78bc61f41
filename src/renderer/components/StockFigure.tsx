/**
 * A stock figure as a clerk reads it. Below zero it is not a count of anything on a shelf (changes
 * waiting to be sent took more than the server's figure), so it is marked as such, never shown as
 * if it were real.
 */
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { useFormat } from '../lib/useFormat';

export function StockFigure({ value }: { value: number }) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  if (value >= 0) return <>{f.qty(value)}</>;
  const hint = t('products.belowZero');
  return (
    <span className="badge warn below-zero" title={hint} aria-label={`${f.qty(value)} — ${hint}`} data-testid="below-zero">
      <Icon name="warning" size={12} /> {f.qty(value)}
    </span>
  );
}
