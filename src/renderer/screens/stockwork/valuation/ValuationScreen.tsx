import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValuationRequest } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { DateField } from '../../../components/DateField';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Icon } from '../../../components/Icon';
import { WarehouseSelect, warehouseLabel } from '../../../components/pickers';
import { PdfViewer } from '../../../components/pdf/PdfViewer';
import { downloadText } from '../../../lib/download';
import { invoke, useChannel, useSyncStatus } from '../../../lib/ipc';
import { toInvokeError } from '../../../lib/errors';
import { localeOf } from '../../../lib/locale';
import { useFormat } from '../../../lib/useFormat';
import { todayIso } from '../../../lib/accountDay';
import { ValuationTable } from './ValuationTable';
import { valuationCsv } from './valuationCsv';
import './valuation.css';


/** '' in the group select = every group; NO_GROUP = products without one. */
const NO_GROUP = '\u0000none';

/**
 * What the stock was worth at the end of a day, at moving-average purchase cost (docs/valuation.md),
 * by warehouse and product group, as the server computes it; printed to PDF and exported to CSV from
 * the very answer shown. Offline it shows the last valuation read, saying when.
 */
export function ValuationScreen() {
  const { t } = useTranslation('valuation');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const [date, setDate] = useState(() => todayIso());
  const [warehouse, setWarehouse] = useState('*');
  const [group, setGroup] = useState('');
  const [groups, setGroups] = useState<string[]>([]);
  const [pdf, setPdf] = useState<{ pdf: string | null; filename: string; error: string | null } | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const request: ValuationRequest = { date, warehouse: warehouse === '*' ? '' : warehouse, productGroup: group === '' ? null : group === NO_GROUP ? '' : group };
  const q = useChannel('stock.valuation', request, { enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
  const view = q.data;
  const v = view?.valuation ?? null;
  // Back online: an offline answer (the kept one) gives way to the server's.
  const online = useSyncStatus().data?.online ?? false;
  const { refetch } = q;
  const stale = view !== undefined && !view.fresh && view.supported;
  useEffect(() => {
    if (online && stale) void refetch();
  }, [online, stale, refetch]);
  // The groups a clerk can narrow to: every group seen in a valuation so far.
  useEffect(() => {
    if (!v) return;
    setGroups((seen) => [...new Set([...seen, ...v.lines.map((l) => l.product_group).filter((g) => g !== '')])].sort((a, b) => a.localeCompare(b, f.lang)));
  }, [v, f.lang]);
  useEffect(() => setPdf(null), [date, warehouse, group]);

  const openPdf = async () => {
    if (!view?.request) return;
    setActionError(null);
    const filename = t('pdfFileName', { date: v!.date });
    setPdf({ pdf: null, filename, error: null });
    try {
      const r = await invoke('stock.valuationPdf', { ...view.request, language: localeOf(f.lang) });
      setPdf({ pdf: r.pdf, filename, error: null });
    } catch (e) {
      setPdf({ pdf: null, filename, error: toInvokeError(e).message });
    }
  };
  const exportCsv = () => {
    if (!v) return;
    const csv = valuationCsv(v, {
      columns: [t('csv.kind'), t('csv.warehouse'), t('csv.group'), t('col.id'), t('col.product'), t('col.unit'), t('col.quantity'), t('col.average', { currency: v.currency }), t('col.value', { currency: v.currency })],
      line: t('csv.line'), groupTotal: t('csv.groupTotal'), warehouseTotal: t('csv.warehouseTotal'), total: t('total'), noGroup: t('noGroup'),
      warehouseName: (w) => warehouseLabel(tc, w),
    }, f.lang !== 'en');
    downloadText(t('csvFileName', { date: v.date }), csv);
  };

  const asked = view?.request;
  const showsOther = view && !view.fresh && asked && (asked.date !== date || asked.warehouse !== request.warehouse || asked.productGroup !== request.productGroup);
  return (
    <Screen title={t('title')}>
      <div className="panel">
        <div className="panel-body form-grid">
          <DateField label={t('date')} value={date} max={todayIso()} onChange={setDate} testId="valuation-date" />
          <Field label={tc('pickers.warehouse')}>
            <WarehouseSelect value={warehouse} required anyLabel={t('allWarehouses')} onChange={setWarehouse} data-testid="valuation-warehouse" />
          </Field>
          <Field label={t('group')}>
            <select value={group} onChange={(e) => setGroup(e.target.value)} data-testid="valuation-group">
              <option value="">{t('allGroups')}</option>
              <option value={NO_GROUP}>{t('noGroup')}</option>
              {groups.map((g) => <option key={g} value={g}>{g}</option>)}
            </select>
          </Field>
        </div>
        <div className="panel-body toolbar">
          <button type="button" className="btn" disabled={!v} onClick={() => void openPdf()} data-testid="valuation-pdf">
            <Icon name="document" /> {t('print')}
          </button>
          <button type="button" className="btn" disabled={!v} onClick={exportCsv} data-testid="valuation-csv">
            <Icon name="download" /> {t('exportCsv')}
          </button>
        </div>
      </div>

      <ErrorNotice error={q.error ?? actionError} />
      {view && !view.supported ? <div className="notice warn" role="status" data-testid="valuation-unsupported">{t('unsupported')}</div> : null}
      {view && view.supported && !view.fresh ? (
        <div className="notice warn" role="status" data-testid="valuation-offline">
          {view.fetchedAt ? t('offline', { when: f.dateTime(view.fetchedAt) }) : t('offlineNever')}
          {showsOther && asked ? ` ${t('offlineOther', { date: f.date(asked.date ?? v?.date ?? ''), warehouse: asked.warehouse ? warehouseLabel(tc, asked.warehouse) : t('allWarehouses'), group: asked.productGroup === null ? t('allGroups') : asked.productGroup === '' ? t('noGroup') : asked.productGroup })}` : ''}
        </div>
      ) : null}
      {view?.fresh && v ? <div className="muted" data-testid="valuation-fresh">{t('fresh', { date: f.date(v.date), when: f.dateTime(view.fetchedAt!) })}</div> : null}
      {v && v.unpriced_lines > 0 ? <div className="notice warn" data-testid="valuation-unpriced">{t('unpricedNote', { count: v.unpriced_lines })}</div> : null}
      {v && v.lines.length === 0 ? <div className="panel empty" data-testid="valuation-empty">{t('empty')}</div> : null}
      {v && v.lines.length > 0 ? <ValuationTable v={v} /> : null}
      {pdf ? (
        <section className="valuation-pdf" aria-label={t('print')}>
          <PdfViewer pdf={pdf.pdf} filename={pdf.filename} loadingText={t('pdfLoading')} error={pdf.error} />
        </section>
      ) : null}
    </Screen>
  );
}
