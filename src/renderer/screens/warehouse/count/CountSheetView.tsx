import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CountLine, CountSheet } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ConfirmDialog } from '../../../components/Dialog';
import { ScanField, type ScanFeedback } from '../../../components/ScanField';
import { Icon } from '../../../components/Icon';
import { downloadText } from '../../../lib/download';
import { toInvokeError } from '../../../lib/errors';
import { channelKey, invoke, useChannel, useCommand } from '../../../lib/ipc';
import { useHotkey } from '../../../lib/useHotkey';
import { useFormat } from '../../../lib/useFormat';
import { filterLines, summarize, type CountFilter } from './countDiff';
import { CountTable, lineKey } from './CountTable';
import { CountPostDialog } from './CountPostDialog';

const FILTERS: CountFilter[] = ['all', 'uncounted', 'counted', 'differences'];

export function CountSheetView() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const sheetId = Number(useParams().sheetId);
  const { data: sheet, isLoading, error } = useChannel('count.get', { sheetId }, { enabled: Number.isInteger(sheetId) && sheetId > 0 });
  const scanRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState<CountFilter>('all');
  const [query, setQuery] = useState('');
  const [flash, setFlash] = useState<{ key: string; n: number } | null>(null);
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [notice, setNotice] = useState<{ kind: 'warn' | 'ok' | 'error'; text: string; list?: string[] } | null>(null);
  const [lineError, setLineError] = useState<{ key: string; message: string } | null>(null);
  const [dialog, setDialog] = useState<'post' | 'discard' | null>(null);
  const discard = useCommand('count.discard');
  const fileRef = useRef<HTMLInputElement>(null);

  const put = useCallback((s: CountSheet) => client.setQueryData(channelKey('count.get', { sheetId: s.id }), s), [client]);

  const onScan = useCallback(
    async (code: string) => {
      try {
        const r = await invoke('count.scan', { sheetId, code });
        put(r.sheet);
        if (r.productId === null) {
          setNotice({ kind: 'warn', text: tc('scan.notFound', { code }) });
          setFeedback((fb) => ({ kind: 'bad', n: (fb?.n ?? 0) + 1 }));
        } else {
          setNotice(null);
          const key = lineKey({ productId: r.productId, stockLabel: r.stockLabel ?? '' });
          // A scanned line must be visible even when the filter or search would hide it.
          if (!filterLines(r.sheet.lines, filter, query).some((l) => lineKey(l) === key)) {
            setFilter('all');
            setQuery('');
          }
          setFlash((fl) => ({ key, n: (fl?.n ?? 0) + 1 }));
          setFeedback((fb) => ({ kind: 'ok', n: (fb?.n ?? 0) + 1 }));
        }
      } catch (e) {
        setNotice({ kind: 'error', text: toInvokeError(e).message });
        setFeedback((fb) => ({ kind: 'bad', n: (fb?.n ?? 0) + 1 }));
      }
    },
    [sheetId, put, tc, filter, query],
  );

  const onCounted = useCallback(
    async (line: CountLine, counted: number | null) => {
      try {
        put(await invoke('count.setCounted', { sheetId, productId: line.productId, stockLabel: line.stockLabel, counted }));
        setLineError(null);
      } catch (e) {
        setLineError({ key: lineKey(line), message: toInvokeError(e).message });
      }
    },
    [sheetId, put],
  );

  // The CSV's column titles in the clerk's language, in the core's column order.
  const csvColumns = () => [t('count.csv.productId'), t('count.csv.itemNumber'), t('count.csv.ean'), t('count.csv.name'), t('count.csv.bin'), t('count.csv.unit'), t('count.csv.expected'), t('count.csv.counted')];

  const onExport = async () => {
    try {
      const { filename, csv } = await invoke('count.exportCsv', { sheetId, columns: csvColumns(), fileName: t('count.csvFileName') });
      downloadText(filename, csv);
    } catch (e) {
      setNotice({ kind: 'error', text: toInvokeError(e).message });
    }
  };

  const onImport = async (file: File) => {
    try {
      const r = await invoke('count.importCsv', { sheetId, csv: await file.text(), columns: csvColumns() });
      put(r.sheet);
      setNotice({
        kind: r.errors.length ? 'warn' : 'ok',
        text: t('count.imported', { count: r.imported }),
        list: r.errors.map((er) => t('count.importLineError', { line: er.line, message: t(`count.importProblem.${er.problem}`, { value: er.value }) })),
      });
    } catch (e) {
      setNotice({ kind: 'error', text: toInvokeError(e).message });
    }
  };

  const lines = useMemo(() => sheet?.lines ?? [], [sheet]);
  const shown = useMemo(() => filterLines(lines, filter, query), [lines, filter, query]);
  const summary = useMemo(() => summarize(lines), [lines]);
  useHotkey('ctrl+enter', () => setDialog('post'), Boolean(sheet));

  if (!sheet) {
    return (
      <Screen title={t('nav.count')}>
        {isLoading ? <div className="empty">{tc('loading')}</div> : <ErrorNotice error={error ?? new Error(t('count.notFound'))} />}
        <Link to="/count">{tc('actions.back')}</Link>
      </Screen>
    );
  }

  const place = sheet.stockLabel ? `${sheet.warehouse} · ${sheet.stockLabel}` : sheet.warehouse;
  return (
    <Screen
      className="fill"
      title={`${t('nav.count')}: ${place}`}
      actions={
        <>
          <button type="button" className="btn" onClick={() => void onExport()}>
            <Icon name="download" /> {t('count.exportCsv')}
          </button>
          <button type="button" className="btn" onClick={() => fileRef.current?.click()}>
            <Icon name="upload" /> {t('count.importCsv')}
          </button>
          <input
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="count-import"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onImport(file);
            }}
          />
          <button type="button" className="btn danger" onClick={() => setDialog('discard')}>
            {t('count.discard')}
          </button>
          <button type="button" className="btn primary" onClick={() => setDialog('post')} data-testid="count-post">
            {t('count.post')} <kbd>Ctrl+Enter</kbd>
          </button>
        </>
      }
    >
      {sheet.stockLabel ? null : (
        <div className="notice info" data-testid="count-whole">
          {t('count.wholeWarehouse')}
        </div>
      )}
      {sheet.lines.some((l) => l.movedTo !== undefined) ? (
        <div className="notice warn" role="alert" data-testid="count-moved">
          {t('count.moved', { count: sheet.lines.filter((l) => l.movedTo !== undefined).length })}
        </div>
      ) : null}
      <div className="stat-row" data-testid="count-summary">
        <Stat label={t('count.statLines')} value={f.qty(summary.lines)} />
        <Stat label={t('count.statCounted')} value={f.qty(summary.counted)} />
        <Stat label={t('count.statUncounted')} value={f.qty(summary.uncounted)} />
        <Stat label={t('count.statSurplus')} value={`${f.signed(summary.surplus)} (${summary.surplusLines})`} tone={summary.surplusLines ? 'pos' : undefined} />
        <Stat label={t('count.statShortage')} value={`${f.signed(-summary.shortage)} (${summary.shortageLines})`} tone={summary.shortageLines ? 'neg' : undefined} />
      </div>
      <ScanField onCode={(c) => void onScan(c)} feedback={feedback} inputRef={scanRef} />
      {notice ? (
        <div className={`notice ${notice.kind}`} role={notice.kind === 'ok' ? 'status' : 'alert'}>
          <div>
            {notice.text}
            {notice.list?.length ? (
              <ul>
                {notice.list.map((x, i) => (
                  <li key={i}>{x}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
      {lineError ? <div className="notice error" role="alert">{lineError.message}</div> : null}
      <div className="toolbar">
        <div className="tabs" role="tablist">
          {FILTERS.map((fl) => (
            <button key={fl} type="button" role="tab" aria-selected={filter === fl} onClick={() => setFilter(fl)}>
              {t(`count.filter.${fl}`)}
            </button>
          ))}
        </div>
        <input type="search" style={{ width: 300 }} placeholder={t('count.searchLines')} aria-label={t('count.searchLines')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <span className="muted">{t('count.showing', { shown: f.qty(shown.length), total: f.qty(lines.length) })}</span>
      </div>
      <CountTable lines={shown} flash={flash} onCounted={onCounted} scanRef={scanRef} error={lineError} />

      {dialog === 'post' ? (
        <CountPostDialog
          sheet={sheet}
          summary={summary}
          onCancel={() => setDialog(null)}
          onPosted={(entryIds) => void navigate('/count', { state: { posted: entryIds.length } })}
        />
      ) : null}
      {dialog === 'discard' ? (
        <ConfirmDialog
          danger
          confirmLabel={t('count.discard')}
          busy={discard.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => discard.mutate({ sheetId }, { onSuccess: () => void navigate('/count') })}
        >
          <p>{t('count.confirmDiscard', { counted: summary.counted })}</p>
          <ErrorNotice error={discard.error} />
        </ConfirmDialog>
      ) : null}
    </Screen>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'pos' | 'neg' }) {
  return (
    <div className="stat">
      <div className="stat-label">{label}</div>
      <div className={`stat-value${tone === 'pos' ? ' diff-pos' : tone === 'neg' ? ' diff-neg' : ''}`}>{value}</div>
    </div>
  );
}
