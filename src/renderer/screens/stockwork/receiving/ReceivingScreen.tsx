import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductRow, ReceivingOrder } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ScanField, type ScanFeedback } from '../../../components/ScanField';
import { ProductPicker } from '../../../components/pickers';
import { useDraftState } from '../../../lib/drafts';
import { useChannel, useCommand } from '../../../lib/ipc';
import { useScanLookup } from '../../../lib/useScanLookup';
import { useFormat } from '../../../lib/useFormat';
import { addScan, emptyReceiving, isReceivingDraft, overOf, problemOf, scannedOf, toRequest, type ReceivingDraft } from './receivingModel';
import { OrderLines } from './OrderLines';
import { OpenOrders } from './OpenOrders';
import { ScannedLines } from './ScannedLines';
import { ReceivingStatus } from './ReceivingStatus';
import { CloseShortDialog } from './CloseShortDialog';
import { labelsLink } from '../../labels/labelLinks';

let seq = 0;
const newKey = () => `${Date.now().toString(36)}-${++seq}`;

/** Receiving against a purchase order by scanning: part now, the rest later, or closed short; through the outbox. */
export function ReceivingScreen() {
  const { t } = useTranslation('receiving');
  const { t: tc } = useTranslation();
  const { t: tl } = useTranslation('labels');
  const f = useFormat();
  const draft = useDraftState<ReceivingDraft>('stockwork.receiving', emptyReceiving(), isReceivingDraft, (v) => v.lines.length === 0);
  const d = draft.value;
  const update = draft.set;
  const view = useChannel('receiving.orders', {});
  const post = useCommand('receiving.post');
  const scanRef = useRef<HTMLInputElement>(null);
  const { lookup, chooser } = useScanLookup();
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [posted, setPosted] = useState<{ entryId: number; what: string; po: string; labels: string | null } | null>(null);
  const orders = view.data?.orders ?? [];
  const order = orders.find((o) => o.poId === d.poId) ?? null;

  const pick = (o: ReceivingOrder) => {
    setWarning(null);
    setShowProblem(false);
    update((prev) => (prev.poId === o.poId ? prev : emptyReceiving(o.poId)));
  };
  const flash = (kind: 'ok' | 'bad') => setFeedback((fb) => ({ kind, n: (fb?.n ?? 0) + 1 }));
  const onProduct = useCallback(
    (p: ProductRow) => {
      if (!order) return;
      setPosted(null);
      // Decided from the order alone: the draft updater may run later than this handler.
      const onOrder = order.lines.some((l) => l.productId === p.id);
      if (onOrder) update((prev) => addScan(prev, order, p, newKey) ?? prev);
      if (!onOrder) {
        setWarning(t('unexpected', { name: p.name, po: order.projectCode }));
        flash('bad');
      } else {
        setWarning(null);
        flash('ok');
      }
    },
    [order, t, update],
  );
  /** Codes scanned before the stored draft was back. */
  const waiting = useRef<string[]>([]);
  const onCode = useCallback(
    async (code: string) => {
      // What a code means depends on the order the stored draft holds: it waits for the draft.
      if (!draft.loaded) {
        waiting.current.push(code);
        return;
      }
      const byCode = orders.find((o) => o.projectCode.toLowerCase() === code.trim().toLowerCase());
      if (byCode) {
        pick(byCode);
        flash('ok');
        return;
      }
      const p = order ? await lookup(code) : null;
      // undefined: the clerk closed the question which product a shared code meant.
      if (p === undefined) scanRef.current?.focus();
      else if (p && !p.service) onProduct(p);
      else {
        setWarning(tc('scan.notFound', { code }));
        flash('bad');
      }
      scanRef.current?.focus();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft.loaded, orders, order, onProduct, lookup],
  );
  useEffect(() => {
    if (!draft.loaded || waiting.current.length === 0) return;
    const codes = waiting.current.splice(0);
    void (async () => {
      for (const code of codes) await onCode(code);
    })();
  }, [draft.loaded, onCode]);

  const send = (close: boolean) => {
    if (!order || post.isPending) return;
    setShowProblem(true);
    const problem = d.lines.length ? problemOf(d, order) : null;
    if (problem || (!close && d.lines.length === 0)) return;
    const what = [
      order.projectCode,
      d.lines.map((l) => `${l.quantity} ${l.unit} ${l.name}${l.batchNo ? ` (${l.batchNo})` : ''}`).join(', '),
      close ? t('status.closed_short') : '',
    ].filter(Boolean).join(' · ');
    post.mutate(toRequest(d, order.poId, close), {
      onSuccess: async ({ entryId }) => {
        // Labels for what was received: one per unit received (whole units, rounded up).
        const received = [...scannedOf(d)].map(([productId, copies]) => ({ productId, copies }));
        setPosted({ entryId, what, po: order.projectCode, labels: received.length ? labelsLink(received, order.projectCode) : null });
        setWarning(null);
        setShowProblem(false);
        setConfirming(false);
        await draft.clear();
        update({ ...emptyReceiving(close ? null : order.poId), bin: d.bin });
      },
    });
  };

  const scanned = scannedOf(d);
  const over = order ? overOf(d, order) : new Map<number, number>();
  const problem = order && d.lines.length ? problemOf(d, order) : null;
  const overLine = order ? order.lines.find((l) => over.has(l.productId)) : undefined;

  return (
    <Screen
      title={t('nav.receiving')}
      actions={order ? (
        <>
          <button type="button" className="btn" onClick={() => update(emptyReceiving())}>{t('change')}</button>
          <button type="button" className="btn" onClick={() => setConfirming(true)} disabled={post.isPending} data-testid="receiving-close">{t('closeShort')}</button>
          <button type="button" className="btn primary" onClick={() => send(false)} disabled={post.isPending || d.lines.length === 0} data-testid="receiving-post">{t('receive')}</button>
        </>
      ) : null}
    >
      {chooser}
      {view.data?.supported === false ? (
        <div className="notice warn" role="status" data-testid="receiving-unsupported">
          {t('unsupported')} <Link to="/po-receipt">{t('toWholeOrder')}</Link>
        </div>
      ) : null}
      {view.data && !view.data.fresh && view.data.supported !== false ? (
        <div className="notice info" role="status" data-testid="receiving-offline">
          {view.data.fetchedAt ? t('offline', { when: f.dateTime(view.data.fetchedAt) }) : t('neverRead')}
        </div>
      ) : null}
      {/* As on the take-in and the transfer: scanned lines coming back are yesterday's, not new ones. */}
      {draft.restored && !posted ? <div className="notice info" data-testid="receiving-restored">{tc('draft.restored')}</div> : null}
      <ErrorNotice error={view.error ?? post.error} />
      {posted ? <ReceivingStatus entryId={posted.entryId} what={posted.what} /> : null}
      {posted?.labels ? <div><Link className="btn small" to={posted.labels} data-testid="receiving-labels">{tl('fromReceivingLink')}</Link></div> : null}
      {posted && !order && !orders.some((o) => o.projectCode === posted.po) ? <div className="notice ok" role="status" data-testid="receiving-finished">{t('finished', { po: posted.po })}</div> : null}

      <ScanField onCode={(c) => void onCode(c)} feedback={feedback} inputRef={scanRef} label={t('scanHint')}>
        {order ? (
          <div className="scan-search">
            <label htmlFor="receiving-search" className="visually-hidden">{t('orSearch')}</label>
            <ProductPicker id="receiving-search" placeholder={t('orSearch')} onPick={onProduct} onNotFound={(code) => setWarning(tc('scan.notFound', { code }))} />
          </div>
        ) : null}
      </ScanField>
      {warning ? <div className="notice warn" role="alert" data-testid="receiving-warning">{warning}</div> : null}

      {order ? (
        <>
          {overLine ? (
            <div className="notice warn" role="alert" data-testid="receiving-over">
              {t('over', { name: overLine.productName, remaining: f.qty(order.lines.filter((l) => l.productId === overLine.productId).reduce((s, l) => s + l.remaining, 0)) })}
            </div>
          ) : null}
          {showProblem && problem && problem !== 'over' ? <div className="notice error" role="alert" data-testid="receiving-problem">{t(problem)}</div> : null}
          <OrderLines order={order} scanned={scanned} over={over} />
          <div className="panel">
            <div className="panel-body form-grid">
              <Field label={t('bin')} hint={t('binHint')}>
                <input type="text" value={d.bin} maxLength={100} autoComplete="off" onChange={(e) => {
                  const bin = e.target.value;
                  update((prev) => ({ ...prev, bin }));
                }} data-testid="receiving-bin" />
              </Field>
            </div>
          </div>
          <ScannedLines draft={d} onChange={(lines) => update((prev) => ({ ...prev, lines }))} />
          {d.lines.length ? <div className="muted" style={{ padding: 8 }}>{t('totals', { lines: d.lines.length, qty: f.qty([...scanned.values()].reduce((s, q) => s + q, 0)) })}</div> : null}
        </>
      ) : view.data && view.data.supported !== false ? (
        <OpenOrders orders={orders} onPick={pick} />
      ) : null}
      {confirming && order ? (
        <CloseShortDialog order={order} draft={d} pending={post.isPending} onCancel={() => setConfirming(false)} onConfirm={() => send(true)} />
      ) : null}
    </Screen>
  );
}
