import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { ConfirmDialog } from '../../../components/Dialog';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ScanField, type ScanFeedback } from '../../../components/ScanField';
import { ProductPicker, WarehouseSelect, placeLabel } from '../../../components/pickers';
import { useDraftState } from '../../../lib/drafts';
import { invoke, useChannel, useCommand } from '../../../lib/ipc';
import { useScanLookup } from '../../../lib/useScanLookup';
import { useHotkey } from '../../../lib/useHotkey';
import { useFormat } from '../../../lib/useFormat';
import { parseNumberInput } from '../../../lib/format';
import { StockCell } from '../../warehouse/takein/TakeInLines';
import { addProduct, emptyTransfer, isTransferDraft, problemOf, toRequest, type TransferDraft } from './transferModel';
import { TransferStatus } from './TransferStatus';

let seq = 0;
const newKey = () => `${Date.now().toString(36)}-${++seq}`;

/** Moves stock from one warehouse or bin to another as one document, posted once through the outbox. */
export function TransferScreen() {
  const { t } = useTranslation('stockwork');
  const { t: tc } = useTranslation();
  const draft = useDraftState<TransferDraft>('stockwork.transfer', emptyTransfer(), isTransferDraft, (v) => v.lines.length === 0);
  const d = draft.value;
  const update = draft.set;
  const scanRef = useRef<HTMLInputElement>(null);
  const { lookup, chooser } = useScanLookup();
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const [posted, setPosted] = useState<{ entryId: number; what: string } | null>(null);
  /** Lines taking more than their source holds, said before sending (the server would refuse the transfer). */
  const [short, setShort] = useState<string[] | null>(null);
  const f = useFormat();
  const post = useCommand('stock.transfer');
  const { data: features } = useChannel('stock.features', {});
  const { data: fromBins = [] } = useChannel('stock.bins', { warehouse: d.from }, { enabled: Boolean(d.from) });
  const { data: toBins = [] } = useChannel('stock.bins', { warehouse: d.to }, { enabled: Boolean(d.to) });
  const problem = problemOf(d);

  const add = useCallback(
    (p: ProductRow) => {
      setNotFound(null);
      setPosted(null);
      update((prev) => addProduct(prev, p, newKey));
      setFeedback((fb) => ({ kind: 'ok', n: (fb?.n ?? 0) + 1 }));
    },
    [update],
  );
  const onCode = useCallback(
    async (code: string) => {
      const p = await lookup(code);
      // undefined: the clerk closed the question which product a shared code meant.
      if (p === undefined) scanRef.current?.focus();
      else if (p && !p.service) add(p);
      else {
        setNotFound(code);
        setFeedback((fb) => ({ kind: 'bad', n: (fb?.n ?? 0) + 1 }));
      }
      scanRef.current?.focus();
    },
    [add, lookup],
  );
  const send = () => {
    setShort(null);
    post.mutate(toRequest(d), {
      onSuccess: async ({ entryId }) => {
        // The lines leave the screen with the post: say what was moved, so the clerk need not remember.
        const where = `${placeLabel(tc, d.from, d.fromBin.trim())} → ${placeLabel(tc, d.to, d.toBin.trim())}`;
        setPosted({ entryId, what: `${d.lines.map((l) => `${l.quantity} ${l.unit} ${l.name}`).join(', ')} · ${where}` });
        setShowProblem(false);
        await draft.clear();
        // The next transfer usually starts from the same place.
        update({ ...emptyTransfer(d.from), fromBin: d.fromBin, to: d.to, toBin: d.toBin });
      },
    });
  };
  const submit = () => {
    setShowProblem(true);
    if (problem || post.isPending) return;
    void shortLines(d).then((lines) => {
      if (lines.length) setShort(lines.map((l) => t('transfer.shortLine', { name: l.name, quantity: f.qty(l.quantity), available: f.qty(l.available) })));
      else send();
    });
  };
  useHotkey('ctrl+enter', submit);
  const set = <K extends keyof TransferDraft>(k: K, v: TransferDraft[K]) => update((prev) => ({ ...prev, [k]: v }));

  if (features?.transfer === false) {
    return (
      <Screen title={t('nav.transfer')}>
        <div className="notice warn" role="status" data-testid="transfer-unsupported">{t('transfer.unsupported')}</div>
      </Screen>
    );
  }
  return (
    <Screen
      title={t('nav.transfer')}
      actions={
        <>
          <button type="button" className="btn" onClick={() => update(emptyTransfer(d.from))}>{t('transfer.newTransfer')}</button>
          <button type="button" className="btn primary" onClick={submit} disabled={post.isPending} data-testid="transfer-post">
            {t('transfer.post')} <kbd>Ctrl+Enter</kbd>
          </button>
        </>
      }
    >
      {chooser}
      {draft.restored ? <div className="notice info">{tc('draft.restored')}</div> : null}
      <div className="panel">
        <div className="panel-body form-grid">
          <Field label={t('transfer.from')} required>
            <WarehouseSelect value={d.from} onChange={(v) => set('from', v)} data-testid="transfer-from" />
          </Field>
          <Field label={t('transfer.fromBin')} hint={t('transfer.binHint')}>
            <input type="text" value={d.fromBin} maxLength={100} list="transfer-from-bins" autoComplete="off" onChange={(e) => set('fromBin', e.target.value)} data-testid="transfer-from-bin" />
          </Field>
          <Field label={t('transfer.to')} required>
            <WarehouseSelect value={d.to} onChange={(v) => set('to', v)} data-testid="transfer-to" />
          </Field>
          <Field label={t('transfer.toBin')} hint={t('transfer.binHint')}>
            <input type="text" value={d.toBin} maxLength={100} list="transfer-to-bins" autoComplete="off" onChange={(e) => set('toBin', e.target.value)} data-testid="transfer-to-bin" />
          </Field>
          <datalist id="transfer-from-bins">{fromBins.map((b) => <option key={b.label} value={b.label} />)}</datalist>
          <datalist id="transfer-to-bins">{toBins.map((b) => <option key={b.label} value={b.label} />)}</datalist>
        </div>
      </div>

      <ScanField onCode={(c) => void onCode(c)} feedback={feedback} inputRef={scanRef}>
        <div className="scan-search">
          <label htmlFor="transfer-search" className="visually-hidden">{t('transfer.orSearch')}</label>
          <ProductPicker id="transfer-search" placeholder={t('transfer.orSearch')} onPick={(p) => (p.service ? setNotFound(p.name) : add(p))} onNotFound={(code) => setNotFound(code)} />
        </div>
      </ScanField>
      {notFound ? <div className="notice warn" role="alert">{tc('scan.notFound', { code: notFound })}</div> : null}
      {showProblem && problem ? <div className="notice error" role="alert" data-testid="transfer-problem">{t(`transfer.${problem}`)}</div> : null}
      <ErrorNotice error={post.error} />
      {posted !== null ? <TransferStatus entryId={posted.entryId} what={posted.what} /> : null}

      {d.lines.length === 0 ? (
        <div className="panel empty">{t('transfer.noLines')}</div>
      ) : (
        <div className="panel table-wrap">
          <table className="grid" data-testid="transfer-lines">
            <thead>
              <tr>
                <th>{t('transfer.col.product')}</th>
                <th className="num">{t('transfer.col.quantity')}</th>
                <th>{t('transfer.col.unit')}</th>
                <th className="num">{t('transfer.col.atSource')}</th>
                <th>{t('transfer.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {d.lines.map((l) => (
                <tr key={l.key} data-testid={`transfer-line-${l.productId}`}>
                  <td>{l.name}</td>
                  <td className="num">
                    <input
                      type="text" inputMode="decimal" className="num" value={l.quantity} aria-label={`${t('transfer.col.quantity')}: ${l.name}`}
                      onChange={(e) => {
                        // Read now: an update made before the stored draft is back runs again later.
                        const quantity = e.target.value;
                        update((prev) => ({ ...prev, lines: prev.lines.map((x) => (x.key === l.key ? { ...x, quantity } : x)) }));
                      }}
                      data-testid={`transfer-qty-${l.productId}`}
                    />
                    <ShortHint productId={l.productId} quantity={l.quantity} warehouse={d.from} stockLabel={d.fromBin} />
                  </td>
                  <td>{l.unit}</td>
                  <td className="num"><StockCell productId={l.productId} warehouse={d.from} stockLabel={d.fromBin} /></td>
                  <td>
                    <button type="button" className="btn small" onClick={() => update((prev) => ({ ...prev, lines: prev.lines.filter((x) => x.key !== l.key) }))}>
                      {t('transfer.remove', { name: l.name })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="muted" style={{ padding: 8 }}>{t('transfer.totals', { lines: d.lines.length })}</div>
        </div>
      )}
      {short ? (
        <ConfirmDialog title={t('transfer.confirmShortTitle')} confirmLabel={t('transfer.sendAnyway')} danger onCancel={() => setShort(null)} onConfirm={send}>
          <p data-testid="transfer-short-confirm">{t('transfer.confirmShortBody', { lines: short.join('; ') })}</p>
        </ConfirmDialog>
      ) : null}
    </Screen>
  );
}

/** What the source (warehouse and bin) holds of a product, as the mirror counts it (refused changes left out). */
const atSource = (p: { quantities: Array<{ warehouse: string; stockLabel: string; deliverable: number }> } | null | undefined, warehouse: string, stockLabel: string) =>
  p?.quantities.find((q) => q.warehouse.toLowerCase() === warehouse.toLowerCase() && q.stockLabel === stockLabel.trim())?.deliverable ?? 0;

/** The lines that take more than their source holds, read afresh when the clerk posts. */
async function shortLines(d: TransferDraft): Promise<Array<{ name: string; quantity: number; available: number }>> {
  const out: Array<{ name: string; quantity: number; available: number }> = [];
  for (const l of d.lines) {
    const quantity = parseNumberInput(l.quantity) ?? 0;
    const available = atSource(await invoke('products.get', { id: l.productId }).catch(() => null), d.from, d.fromBin);
    if (quantity > available) out.push({ name: l.name, quantity, available });
  }
  return out;
}

/** Under a line's quantity: a warning when it takes more than the source holds now, as order entry warns. */
function ShortHint({ productId, quantity, warehouse, stockLabel }: { productId: number; quantity: string; warehouse: string; stockLabel: string }) {
  const { t } = useTranslation('stockwork');
  const f = useFormat();
  const { data } = useChannel('products.get', { id: productId });
  const q = parseNumberInput(quantity) ?? 0;
  if (!data || !warehouse) return null;
  const available = atSource(data, warehouse, stockLabel);
  if (q <= available) return null;
  return (
    <span className="cell-warn" role="status" style={{ display: 'block' }} data-testid={`transfer-short-${productId}`}>
      {t('transfer.shortNow', { available: f.qty(available) })}
    </span>
  );
}
