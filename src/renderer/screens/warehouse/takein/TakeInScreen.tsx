import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ConfirmDialog } from '../../../components/Dialog';
import { ScanField, type ScanFeedback } from '../../../components/ScanField';
import { ContactPicker, ProductPicker, WarehouseSelect } from '../../../components/pickers';
import { useDraftState } from '../../../lib/drafts';
import { fieldErrors } from '../../../lib/errors';
import { invalidate, useChannel, useCommand } from '../../../lib/ipc';
import { useHotkey } from '../../../lib/useHotkey';
import { useScanLookup } from '../../../lib/useScanLookup';
import { useFormat } from '../../../lib/useFormat';
import { parseNumberInput } from '../../../lib/format';
import { setFieldValue } from '../../../lib/scanner';
import { DateField } from '../../../components/DateField';
import { formatDateText, todayIso } from '../../../lib/dateText';
import { addProduct, emptyTakeIn, isTakeInDraft, toTakeInRequest, validateTakeIn, type TakeInDraft, type TakeInLine } from './takeInModel';
import { StockCell, TakeInLines, type LineErrors, type LineField } from './TakeInLines';

const LINE_FIELDS: LineField[] = ['quantity', 'price', 'currency', 'fxRate', 'batchNo', 'expireDate', 'countryCode'];

let lineSeq = 0;
const newKey = () => `${Date.now().toString(36)}-${++lineSeq}`;

interface Posted {
  entryIds: number[];
  warehouse: string;
  stockLabel: string;
  lines: Array<Pick<TakeInLine, 'productId' | 'name' | 'quantity' | 'unit'>>;
}

export function TakeInScreen() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const draft = useDraftState<TakeInDraft>('warehouse.takeIn', emptyTakeIn(), isTakeInDraft, (v) => v.lines.length === 0);
  const d = draft.value;
  const scanRef = useRef<HTMLInputElement>(null);
  const { lookup, chooser } = useScanLookup();
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [flash, setFlash] = useState<{ productId: number; n: number } | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [posted, setPosted] = useState<Posted | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const post = useCommand('stock.takeIn');
  const client = useQueryClient();
  const { data: bins = [] } = useChannel('stock.bins', { warehouse: d.warehouse }, { enabled: Boolean(d.warehouse) });

  const problems = useMemo(() => validateTakeIn(d), [d]);
  const serverErrors = useMemo(() => fieldErrors(post.error), [post.error]);
  const errorOf = (field: string): string | undefined => {
    const p = showErrors ? problems.get(field) : undefined;
    return p ? t(`problems.${p}`) : serverErrors.get(field);
  };
  const lineErrors = (i: number): LineErrors | undefined => {
    const out: LineErrors = {};
    for (const f of LINE_FIELDS) {
      const e = errorOf(`lines[${i}].${f}`);
      if (e) out[f] = e;
    }
    return Object.keys(out).length ? out : undefined;
  };

  const update = draft.set;
  const changeLine = useCallback(
    (key: string, field: LineField, value: string) => update((prev) => ({ ...prev, lines: prev.lines.map((l) => (l.key === key ? { ...l, [field]: value } : l)) })),
    [update],
  );
  const removeLine = useCallback((key: string) => update((prev) => ({ ...prev, lines: prev.lines.filter((l) => l.key !== key) })), [update]);
  const add = useCallback(
    (p: ProductRow) => {
      setNotFound(null);
      setPosted(null);
      update((prev) => addProduct(prev, p, newKey).draft);
      setFlash((fl) => ({ productId: p.id, n: (fl?.n ?? 0) + 1 }));
      setFeedback((fb) => ({ kind: 'ok', n: (fb?.n ?? 0) + 1 }));
    },
    [update],
  );

  const onCode = useCallback(
    async (code: string) => {
      const p = await lookup(code);
      if (p === undefined) {
        // The clerk closed the question which product the code meant: nothing happened.
      } else if (p && !p.service) add(p);
      else {
        setNotFound(code);
        setFeedback((fb) => ({ kind: 'bad', n: (fb?.n ?? 0) + 1 }));
      }
      scanRef.current?.focus();
    },
    [add, lookup],
  );

  const submit = () => {
    setShowErrors(true);
    if (validateTakeIn(d).size > 0 || post.isPending) return;
    const request = toTakeInRequest(d);
    post.mutate(request, {
      onSuccess: async ({ entryIds }) => {
        // The stock read before posting is stale: read it again before the confirmation shows it,
        // so it never flashes the old figure. A warning about an earlier code belongs to the old receipt.
        await invalidate(client, ['products.get']);
        setNotFound(null);
        setPosted({ entryIds, warehouse: d.warehouse, stockLabel: d.stockLabel.trim(), lines: d.lines.map(({ productId, name, quantity, unit }) => ({ productId, name, quantity, unit })) });
        setShowErrors(false);
        await draft.clear();
        // The next delivery usually goes to the same place.
        update({ ...emptyTakeIn(d.warehouse), stockLabel: d.stockLabel });
        scanRef.current?.focus();
      },
    });
  };
  useHotkey('ctrl+enter', submit);

  const chooseBin = useCallback((bin: string) => update((prev) => ({ ...prev, stockLabel: bin })), [update]);
  // With no bin chosen, the bins the receipt's products already sit in: stock split by accident otherwise.
  const suggested = useMemo(() => {
    if (d.stockLabel.trim()) return [];
    const onReceipt = new Map(d.lines.map((l) => [l.productId, l.name]));
    return bins.flatMap((b) => b.products.filter((p) => onReceipt.has(p.productId)).map((p) => ({ bin: b.label, name: onReceipt.get(p.productId)!, quantity: p.quantity })));
  }, [bins, d.lines, d.stockLabel]);

  const totalQty = d.lines.reduce((s, l) => s + (parseNumberInput(l.quantity) || 0), 0);
  const setHeader = <K extends keyof TakeInDraft>(k: K, v: TakeInDraft[K]) => update((prev) => ({ ...prev, [k]: v }));

  return (
    <Screen
      title={t('nav.takeIn')}
      actions={
        <>
          <button type="button" className="btn" onClick={() => (d.lines.length ? setConfirmClear(true) : update(emptyTakeIn(d.warehouse)))}>
            {t('takeIn.newReceipt')}
          </button>
          <button type="button" className="btn primary" onClick={submit} disabled={post.isPending} data-testid="takein-post">
            {t('takeIn.post')} <kbd>Ctrl+Enter</kbd>
          </button>
        </>
      }
    >
      {draft.restored ? <div className="notice info">{tc('draft.restored')}</div> : null}
      {chooser}
      <div className="panel">
        <div className="panel-body form-grid">
          <Field label={tc('pickers.warehouse')} required error={errorOf('warehouse')}>
            <WarehouseSelect value={d.warehouse} onChange={(v) => setHeader('warehouse', v)} data-testid="takein-warehouse" />
          </Field>
          <Field label={t('takeIn.stockLabel')} hint={t('takeIn.stockLabelHint')} error={errorOf('stockLabel')}>
            <input type="text" value={d.stockLabel} maxLength={100} list="takein-bins" autoComplete="off" onChange={(e) => setHeader('stockLabel', e.target.value)} data-testid="takein-label" />
          </Field>
          <datalist id="takein-bins">
            {bins.map((b) => (
              <option key={b.label} value={b.label} />
            ))}
          </datalist>
          <Field label={tc('pickers.supplier')} required error={errorOf('contactId')} className="wide">
            <ContactPicker kind="supplier" value={d.supplier} onChange={(c) => setHeader('supplier', c)} data-testid="takein-supplier" />
          </Field>
          <DateField
            label={t('takeIn.date')}
            hint={t('takeIn.dateHint', { date: formatDateText(f.lang, todayIso()) })}
            error={errorOf('date')}
            value={d.date}
            onChange={(v) => setHeader('date', v)}
            onText={(text, parsed) => {
              // A date typed in full (as the field shows it, trailing dot and all, or eight digits in a
              // row) ends the date: the next thing typed is a code, and the field would swallow it.
              if (parsed.kind === 'date' && (text.trim() === formatDateText(f.lang, parsed.iso) || /^\d{8}$/.test(text.trim()))) scanRef.current?.focus();
            }}
            onKeyDown={(e) => {
              // A letter can only be the start of a code (item numbers): hand it to the scan field.
              // Digits and the separators a date is typed with stay here.
              if (e.key.length !== 1 || /[0-9./\- ]/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey || !scanRef.current) return;
              e.preventDefault();
              const field = scanRef.current;
              field.focus();
              setFieldValue(field, field.value + e.key);
            }}
            testId="takein-date"
          />
        </div>
      </div>

      <ScanField onCode={(c) => void onCode(c)} feedback={feedback} inputRef={scanRef}>
        <div className="scan-search">
          <label htmlFor="takein-search" className="visually-hidden">
            {t('takeIn.orSearch')}
          </label>
          <ProductPicker
            id="takein-search"
            placeholder={t('takeIn.orSearch')}
            onPick={(p) => (p.service ? setNotFound(p.name) : add(p))}
            onNotFound={(code) => {
              setNotFound(code);
              setFeedback((fb) => ({ kind: 'bad', n: (fb?.n ?? 0) + 1 }));
            }}
          />
        </div>
      </ScanField>

      {notFound ? (
        <div className="notice warn" role="alert">
          <span>{tc('scan.notFound', { code: notFound })}</span>
          <Link to={`/products/new?code=${encodeURIComponent(notFound)}`}>{t('takeIn.createProduct')}</Link>
        </div>
      ) : null}
      {suggested.length ? (
        <div className="notice info" data-testid="takein-bin-suggestion">
          <span>{t('takeIn.binSuggestion', { bins: [...new Set(suggested.map((x) => x.bin))].join(', ') })}</span>
          {[...new Set(suggested.map((x) => x.bin))].map((bin) => (
            <button key={bin} type="button" className="btn small" onClick={() => chooseBin(bin)} data-testid={`suggest-bin-${bin}`}>
              {t('takeIn.useBin', { bin })}
            </button>
          ))}
        </div>
      ) : null}
      <ErrorNotice error={post.error} shownFields={(field) => field.startsWith('lines[') || ['warehouse', 'contactId', 'date', 'stockLabel'].includes(field)} />
      {showErrors && problems.get('lines') ? <div className="notice error">{t('problems.noLines')}</div> : null}

      {d.lines.length === 0 ? (
        <div className="panel empty">{t('takeIn.noLines')}</div>
      ) : (
        <>
          <TakeInLines
            lines={d.lines}
            warehouse={d.warehouse}
            stockLabel={d.stockLabel}
            errorsOf={lineErrors}
            flash={flash}
            onChange={changeLine}
            onRemove={removeLine}
            onUseBin={chooseBin}
          />
          <div className="muted tabular" data-testid="takein-totals">
            {t('takeIn.totals', { lines: d.lines.length, quantity: f.qty(totalQty) })}
          </div>
        </>
      )}

      {posted ? <PostedPanel posted={posted} /> : null}

      {confirmClear ? (
        <ConfirmDialog
          danger
          confirmLabel={tc('actions.discard')}
          onCancel={() => setConfirmClear(false)}
          onConfirm={() => {
            setConfirmClear(false);
            void draft.clear().then(() => update(emptyTakeIn(d.warehouse)));
          }}
        >
          {t('takeIn.confirmClear', { count: d.lines.length })}
        </ConfirmDialog>
      ) : null}
    </Screen>
  );
}

/** What was just posted, with the stock as the mirror shows it now (pending until the server confirms). */
function PostedPanel({ posted }: { posted: Posted }) {
  const { t } = useTranslation('warehouse');
  // Once the server has confirmed every entry, "waiting to be sent" is no longer true.
  const { data: open } = useChannel('outbox.list', { states: ['queued', 'in_flight', 'retry_wait', 'needs_attention'] });
  const confirmed = open !== undefined && !open.some((e) => posted.entryIds.includes(e.id));
  return (
    <div className="panel" data-testid="takein-posted">
      <div className="notice ok" role="status" data-testid="takein-posted-notice">
        {confirmed ? t('takeIn.postedDone', { count: posted.entryIds.length }) : t('takeIn.posted', { count: posted.entryIds.length })}
      </div>
      <table className="grid">
        <thead>
          <tr>
            <th>{t('takeIn.col.product')}</th>
            <th className="num">{t('takeIn.col.quantity')}</th>
            <th className="num">{t('takeIn.col.inStock')}</th>
          </tr>
        </thead>
        <tbody>
          {posted.lines.map((l) => (
            <tr key={l.productId}>
              <td>{l.name}</td>
              <td className="num">
                {l.quantity} {l.unit}
              </td>
              <td className="num">
                <StockCell productId={l.productId} warehouse={posted.warehouse} stockLabel={posted.stockLabel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
