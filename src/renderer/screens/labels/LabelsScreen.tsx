import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { LabelsPdfResult, ProductRow } from '@shared/ipc';
import { perPage, SHEET_IDS, SHEETS, type SheetId } from '@shared/labels/sheets';
import { Screen } from '../../components/Screen';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Icon } from '../../components/Icon';
import { DEFAULT_WAREHOUSE, ProductPicker, warehouseLabel } from '../../components/pickers';
import { PdfViewer } from '../../components/pdf/PdfViewer';
import { invoke } from '../../lib/ipc';
import { toInvokeError } from '../../lib/errors';
import { localeOf } from '../../lib/locale';
import { useFormat } from '../../lib/useFormat';
import { BinPicker } from './BinPicker';
import { todayIso } from '../../lib/accountDay';
import { parseProducts } from './labelLinks';
import { ProductLabelTable, type PickedProduct } from './ProductLabelTable';
import './labels.css';

/** Printed from the app, pages are images: 300 dpi keeps a 0.25 mm module about 3 dots wide (a saved PDF stays vector). */
const LABEL_PRINT_DPI = 300;

type Preview = { result: LabelsPdfResult | null; filename: string; error: string | null };

/** Whole copies 1–999 as typed, or null. */
const copiesOf = (s: string) => (/^\d+$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= 999 ? Number(s) : null);

/**
 * Barcode labels of products (from the product list, from receiving with the received quantities, or
 * added here) or of a warehouse's bins, on a label sheet: previewed, printed and saved as the other
 * PDFs are. Everything comes from the mirror, so it works offline.
 */
export function LabelsScreen() {
  const { t } = useTranslation('labels');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const [search] = useSearchParams();
  const [tab, setTab] = useState<'products' | 'bins'>(search.get('tab') === 'bins' ? 'bins' : 'products');
  const [rows, setRows] = useState<PickedProduct[]>([]);
  const [warehouse, setWarehouse] = useState(search.get('warehouse') ?? DEFAULT_WAREHOUSE);
  const [bins, setBins] = useState<Set<string>>(new Set());
  const [sheet, setSheet] = useState<SheetId>('a4-3x8');
  const [skip, setSkip] = useState('0');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const po = search.get('po');

  // What another screen asked for (?products=id:copies,… or ?tab=bins&warehouse=…), read from the mirror;
  // also when the screen is already open and another screen sends it new products.
  const wanted = search.get('products');
  const wantedTab = search.get('tab');
  const wantedWarehouse = search.get('warehouse');
  useEffect(() => {
    if (wantedTab === 'bins') setTab('bins');
    if (wantedWarehouse) setWarehouse(wantedWarehouse);
  }, [wantedTab, wantedWarehouse]);
  useEffect(() => {
    const asked = parseProducts(wanted);
    if (asked.length === 0) return;
    setTab('products');
    let gone = false;
    Promise.all(asked.map(async (a) => ({ p: await invoke('products.get', { id: a.productId }), copies: a.copies })))
      .then((found) => {
        if (gone) return;
        setRows(found.flatMap(({ p, copies }) => (p ? [{ product: p, copies: String(copies) }] : [])));
      })
      .catch((e: unknown) => !gone && setLoadError(e));
    return () => {
      gone = true;
    };
  }, [wanted]);
  useEffect(() => setPreview(null), [rows, bins, warehouse, sheet, skip, tab]);

  const add = (p: ProductRow) => setRows((rs) => (rs.some((r) => r.product.id === p.id) ? rs : [...rs, { product: p, copies: '1' }]));
  const places = perPage(SHEETS[sheet]);
  const skipN = places === 1 ? 0 : /^\d+$/.test(skip.trim()) ? Number(skip) : NaN;

  const run = async () => {
    setProblem(null);
    const products = tab === 'products' ? rows.map((r) => ({ productId: r.product.id, copies: copiesOf(r.copies) })) : [];
    const binList = tab === 'bins' ? [...bins].map((bin) => ({ warehouse: warehouseLabel(tc, warehouse), bin, copies: 1 })) : [];
    if (products.length + binList.length === 0) return setProblem(t('nothing'));
    const bad = products.find((p) => p.copies === null);
    if (bad) return setProblem(t('badCopies', { name: rows.find((x) => x.product.id === bad.productId)!.product.name }));
    if (!(skipN >= 0 && skipN < places)) return setProblem(t('badSkip', { max: places - 1 }));
    const filename = t('pdfFileName', { date: todayIso() });
    setPreview({ result: null, filename, error: null });
    try {
      const result = await invoke('labels.pdf', { language: localeOf(f.lang), sheet, skip: skipN, products: products.map((p) => ({ productId: p.productId, copies: p.copies! })), bins: binList });
      setPreview({ result, filename, error: null });
    } catch (e) {
      setPreview({ result: null, filename, error: toInvokeError(e).message });
    }
  };

  const r = preview?.result;
  const problems = r?.problems ?? [];
  return (
    <Screen title={t('title')}>
      <div className="labels-tabs toolbar" role="tablist">
        {(['products', 'bins'] as const).map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={`btn${tab === k ? ' primary' : ''}`} onClick={() => setTab(k)} data-testid={`labels-tab-${k}`}>
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <ErrorNotice error={loadError} />
      {tab === 'products' ? (
        <>
          {po ? <div className="notice info" data-testid="labels-from-receiving">{t('fromReceiving', { po })}</div> : null}
          <div className="panel"><div className="panel-body">
            <ProductPicker placeholder={t('addProduct')} onPick={add} testId="labels-add" />
          </div></div>
          <ProductLabelTable
            rows={rows}
            onCopies={(id, copies) => setRows((rs) => rs.map((x) => (x.product.id === id ? { ...x, copies } : x)))}
            onRemove={(id) => setRows((rs) => rs.filter((x) => x.product.id !== id))}
          />
        </>
      ) : (
        <BinPicker warehouse={warehouse} onWarehouse={setWarehouse} picked={bins} onPicked={setBins} />
      )}

      <div className="panel">
        <div className="panel-body form-grid labels-settings">
          <Field label={t('sheet')} hint={SHEETS[sheet].alike ? t('alike', { names: SHEETS[sheet].alike }) : undefined}>
            <select className="labels-sheet" value={sheet} onChange={(e) => setSheet(e.target.value as SheetId)} data-testid="labels-sheet">
              {SHEET_IDS.map((id) => <option key={id} value={id}>{t(`sheets.${id}`)}</option>)}
            </select>
          </Field>
          {places > 1 ? (
            <Field label={t('skip')} hint={Number.isInteger(skipN) && skipN >= 0 && skipN < places ? t('skipHint', { n: skipN + 1 }) : t('badSkip', { max: places - 1 })}>
              <input type="number" min={0} max={places - 1} value={skip} onChange={(e) => setSkip(e.target.value)} data-testid="labels-skip" />
            </Field>
          ) : null}
        </div>
        <div className="panel-body toolbar">
          <button type="button" className="btn primary" onClick={() => void run()} data-testid="labels-preview">
            <Icon name="document" /> {t('preview')}
          </button>
          <span className="muted">{t('printHint')}</span>
        </div>
      </div>

      {problem ? <div className="notice warn" role="alert" data-testid="labels-problem">{problem}</div> : null}
      {r ? <div className={r.pdf ? 'muted' : 'notice warn'} data-testid="labels-summary">{r.pdf ? t('summary', { count: r.printed, pages: r.pages }) : t('noneToPrint')}</div> : null}
      {problems.length > 0 ? (
        <div className="notice warn labels-skipped" data-testid="labels-skipped">
          {t('skipped')}
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{p.kind === 'product' ? `${p.name || `#${p.productId}`}: ${t(`problem.${p.problem}`)}` : t('binProblem', { bin: p.bin, problem: t(`problem.${p.problem}`) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview && (preview.error || !r || r.pdf) ? (
        <section className="labels-pdf" aria-label={t('preview')}>
          <PdfViewer pdf={r?.pdf ?? null} filename={preview.filename} loadingText={t('pdfLoading')} error={preview.error} printDpi={LABEL_PRINT_DPI} />
        </section>
      ) : null}
    </Screen>
  );
}
