import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '@shared/ipc/types';
import { placeLabel } from '../../../components/pickers';
import { useFormat } from '../../../lib/useFormat';

/**
 * What an outbox entry does, in the clerk's language: worded here from the core's summary data,
 * numbers and money through Intl. Entries written before that data existed show the core's English line.
 */
export function useOutboxSummary(): (e: Pick<OutboxEntryView, 'summary' | 'summaryData'>) => string {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const { t: tr } = useTranslation('reorder');
  const f = useFormat();
  return useCallback(
    (e) => {
      const place = (a: { place: string; warehouse?: string; stockLabel?: string }) => (a.warehouse === undefined ? a.place : placeLabel(tc, a.warehouse, a.stockLabel));
      const d = e.summaryData;
      if (!d) return e.summary;
      switch (d.kind) {
        case 'takeIn':
        case 'wasting':
          return t(`sync.summary.${d.kind}`, { ...d.args, place: place(d.args), quantity: f.qty(d.args.quantity) });
        case 'count':
          return t('sync.summary.count', { ...d.args, place: place(d.args), expected: f.qty(d.args.expected), counted: f.qty(d.args.counted) });
        case 'payment':
          return t('sync.summary.payment', { ...d.args, amount: f.money(d.args.amount, d.args.currency) });
        case 'transfer':
          return t('sync.summary.transfer', { lines: d.args.lines, from: placeLabel(tc, d.args.fromWarehouse, d.args.fromStockLabel), to: placeLabel(tc, d.args.toWarehouse, d.args.toStockLabel) });
        case 'reorderRule': {
          const where = d.args.warehouse ? placeLabel(tc, d.args.warehouse) : tr('lowStock.allWarehouses');
          return d.args.remove
            ? tr('summary.reorderRemove', { product: d.args.product, place: where })
            : tr('summary.reorderRule', { product: d.args.product, place: where, min: f.qty(d.args.min), reorder: f.qty(d.args.reorder) });
        }
        case 'purchaseOrder':
          return tr('summary.purchaseOrder', { supplier: d.args.supplier, place: placeLabel(tc, d.args.warehouse), lines: d.args.lines });
        default:
          return t(`sync.summary.${d.kind}`, d.args);
      }
    },
    [t, tc, tr, f],
  );
}
