/**
 * Order entry: a customer, the header, lines by scan or search, live totals through @shared/money,
 * then save as open (Ctrl+S), finalize (Ctrl+Enter) or make a proposal. Works offline: the core
 * queues the order in its outbox. Editing an open order goes through the same form.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import type { OrderView, RequestOf } from '@shared/ipc';
import { Screen } from '@renderer/components/Screen';
import { invoke, useChannel, useSyncStatus } from '@renderer/lib/ipc';
import { useProductScan } from '@renderer/lib/useProductScan';
import { todayIso } from '@renderer/lib/format';
import { useFormat, useLanguage } from '@renderer/lib/useFormat';
import { addDecimalText, normalizeDecimal } from '@renderer/lib/decimal';
import { OrderHeaderFields } from './OrderHeaderFields';
import { OrderLinesSection } from './OrderLinesSection';
import { OrderMoreFields } from './OrderMoreFields';
import { applyServerErrors, orderProblems, quantityOnlyChange } from './orderSubmit';
import { liveTotals } from '@renderer/lib/lineMath';
import { emptyOrder, lineFromProduct, orderLineText, orderSchema, orderToForm, toOrderParams, type FinalizeMode, type OrderFormValues } from './orderForm';
import { ProductPicker } from '@renderer/components/ProductSearchField';
import { sharedSchemaResolver, unshownErrors, type LooseT } from '@renderer/lib/formResolver';
import { useFormDraft } from '@renderer/lib/drafts';
import { localeOf } from '@renderer/lib/locale';
import { canInvoice, refusalReason } from './orderState';

// The schema's output is what its input type describes loosely (every key `unknown`); it parses as-is.
type OrderRequest = RequestOf<'orders.save'>['order'];

export function OrderEntryScreen() {
  const { id } = useParams();
  const editId = id !== undefined && /^-?\d+$/.test(id) ? Number(id) : null;
  const order = useChannel('orders.get', { id: editId ?? 0 }, { enabled: editId !== null });
  const { t } = useTranslation('billing');
  // Whether the order can be edited is decided once, as it was loaded: finalizing it here changes
  // its status, and the editor must stay to say it was finalized (not "only open orders…").
  const [loaded, setLoaded] = useState<{ editId: number; view: OrderView } | null>(null);
  if (editId !== null && order.data && loaded?.editId !== editId) setLoaded({ editId, view: order.data });
  const view = editId !== null && loaded?.editId === editId ? loaded.view : null;
  if (editId === null) return <OrderEditor key="new" initial={null} editId={null} />;
  if (!view && order.isPending) return <Screen title={t('order.editTitle', { id: editId })}><p className="empty">{t('common.loading')}</p></Screen>;
  if (!view) return <Screen title={t('order.editTitle', { id: editId })}><p className="notice error" role="alert">{t('order.notFound')}</p></Screen>;
  if (view.status !== 'open') return <NotEditable order={view} />;
  return <OrderEditor key={editId} initial={view} editId={editId} />;
}

function NotEditable({ order }: { order: OrderView }) {
  const { t } = useTranslation('billing');
  return (
    <Screen title={t('order.editTitle', { id: order.id })}>
      <p className="notice warn" role="status">{t('order.notOpen', { status: t(`orderStatus.${order.status}`, { defaultValue: order.status }) })}</p>
      <Link className="btn" to="/orders">{t('order.backToList')}</Link>
    </Screen>
  );
}

interface Done {
  id: number;
  mode: FinalizeMode;
  customer: string;
  gross: string;
  currency: string;
  /** The lines as they were on screen when the clerk confirmed: what was sent. */
  lines: Array<{ name: string; quantity: string; unit: string }>;
}

function OrderEditor({ initial, editId }: { initial: OrderView | null; editId: number | null }) {
  const { t } = useTranslation('billing');
  const loose = t as unknown as LooseT;
  const lang = useLanguage();
  const start = useMemo(() => (initial ? orderToForm(initial) : emptyOrder(todayIso(), localeOf(lang))), [initial, lang]);
  const form = useForm<OrderFormValues>({
    defaultValues: start,
    resolver: sharedSchemaResolver(orderSchema, (v) => toOrderParams(v, 0), loose, orderProblems),
    reValidateMode: 'onChange',
  });
  const draft = useFormDraft(editId === null ? 'billing.order.new' : `billing.order.${editId}`, form);
  const array = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const [flash, setFlash] = useState<number | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  const { addProduct, onCode, scanMsg, chooser } = useProductScan((p) => {
    const lines = form.getValues('items');
    const at = lines.findIndex((l) => l.product_id === p.id);
    // One line per product (the server refuses repeats): another scan adds one to its quantity.
    if (at >= 0) form.setValue(`items.${at}.quantity`, addDecimalText(lines[at]?.quantity ?? '0', '1'), { shouldDirty: true });
    // Focus stays in the scan field: the next scan or search follows at once.
    else array.append(lineFromProduct(p), { shouldFocus: false });
    setFlash(at >= 0 ? at : lines.length);
  });

  const formRef = useRef<HTMLFormElement>(null);
  const onInvalid = (errors: FieldErrors<OrderFormValues>) => {
    const hidden = unshownErrors(errors, formRef.current, ['contact_id', 'items', 'custom_fields']);
    setGeneral(hidden.length ? `${t('common.fixFields')} ${hidden.join('; ')}` : null);
  };
  const submit = (mode: FinalizeMode) =>
    form.handleSubmit(async (v) => {
      setGeneral(null);
      const parsed = orderSchema.safeParse(toOrderParams(v, mode));
      if (!parsed.success) return;
      try {
        const quantities = editId !== null && mode === 0 ? quantityOnlyChange(start, v) : null;
        const r =
          editId !== null && quantities
            ? await invoke('orders.setItems', { id: editId, products: quantities })
            : await invoke('orders.save', { ...(editId !== null ? { id: editId } : {}), order: parsed.data as OrderRequest });
        await draft.clear();
        const totals = liveTotals(v.items.map(orderLineText(v.currency)), v.currency, v.fx_rate);
        setDone({ id: r.id, mode, customer: v.contact_name, gross: totals.doc.totals.gross, currency: v.currency, lines: v.items.map((l) => ({ name: l.name, quantity: normalizeDecimal(l.quantity), unit: l.unit })) });
      } catch (e) {
        setGeneral(applyServerErrors(e, form, loose));
      }
    }, onInvalid);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey)) return;
    if (e.key === 's') {
      e.preventDefault();
      void submit(0)();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void submit(1)();
    }
  };

  if (done) return <OrderDone done={done} onNew={() => { form.reset(emptyOrder(todayIso(), localeOf(lang))); setDone(null); }} />;

  const title = editId === null ? t('order.newTitle') : t('order.editTitle', { id: editId });
  const busy = form.formState.isSubmitting;
  const back = <Link className="btn" to="/orders">{t('order.backToList')}</Link>;
  // The form appears once the stored draft is back (lib/drafts.ts useFormDraft).
  if (!draft.loaded) return <Screen title={title} actions={back}>{null}</Screen>;
  return (
    <Screen title={title} actions={back}>
      <form ref={formRef} className="billing-form" noValidate onKeyDown={onKeyDown} onSubmit={(e) => e.preventDefault()} aria-label={title}>
        {draft.restored && <p className="notice info" role="status">{t('common.draftRestored')}</p>}
        {general && <p className="notice error" role="alert">{general}</p>}
        <section className="panel">
          <div className="panel-body">
            <OrderHeaderFields form={form} />
            <OrderMoreFields form={form} />
          </div>
        </section>
        <OrderLinesSection
          form={form}
          array={array}
          flashIndex={flash}
          picker={<>{chooser}<ProductPicker id="order-product" onPick={addProduct} onCode={(c) => void onCode(c)} message={scanMsg} /></>}
          actions={
            <section className="panel billing-actions" aria-label={t('order.actions')}>
              <div className="panel-body stack">
                <label className="check">
                  <input type="checkbox" {...form.register('order_all')} /> {t('order.orderAll')}
                </label>
                <p className="field-hint">{t('order.orderAllHint')}</p>
                <button type="button" className="btn primary" disabled={busy} onClick={() => void submit(1)()}>
                  {t('order.finalize')} <kbd>Ctrl+Enter</kbd>
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => void submit(0)()}>
                  {t('order.saveOpen')} <kbd>Ctrl+S</kbd>
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => void submit(2)()}>
                  {t('order.saveProposal')}
                </button>
              </div>
            </section>
          }
        />
      </form>
    </Screen>
  );
}

/**
 * After saving: what the server made of it, as it happens — waiting to be sent, confirmed (with the
 * server's number), or refused with the reason. The totals are the ones that were on screen.
 */
function OrderDone({ done, onNew }: { done: Done; onNew: () => void }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const live = useChannel('orders.get', { id: done.id });
  const view = live.data ?? null;
  const refused = view?.refusal ? refusalReason(t as unknown as LooseT, view) : null;
  const pending = !refused && (view === null || view.local || (view.outboxState !== null && view.outboxState !== 'done'));
  const { t: tc } = useTranslation();
  // "Sent when the connection is back" only when the desk is offline; online it goes right away.
  const online = useSyncStatus().data?.online === true;
  const what = done.mode === 1 ? t('order.doneFinalized') : done.mode === 2 ? t('order.doneProposal') : t('order.doneSaved');
  const waiting = done.mode === 1 ? t('order.pendingFinalized') : done.mode === 2 ? t('order.pendingProposal') : t('order.pendingSaved');
  return (
    <Screen title={t('order.doneTitle')}>
      <div className="panel">
        <div className="panel-body stack">
          {refused ? (
            <p className="notice error" role="alert" data-testid="order-done-state">
              {t('order.doneRefused', { reason: refused })} <Link to="/sync">{t('order.openSync')}</Link>
            </p>
          ) : pending ? (
            <p className="notice info" role="status" data-testid="order-done-state">
              {waiting} {online ? tc('status.sendingNow') : t('order.doneLocal')}
            </p>
          ) : (
            <p className="notice ok" role="status" data-testid="order-done-state">
              {what} {t('order.doneId', { id: view?.serverId ?? done.id })}
            </p>
          )}
          <p data-testid="order-done-summary">
            <strong>{done.customer}</strong> · {t('totals.grossTotal')}: <strong>{f.money(Number(done.gross), done.currency)}</strong>
          </p>
          <ul className="billing-done-lines" data-testid="order-done-lines">
            {done.lines.map((l, i) => (
              <li key={i}>
                {f.qty(Number(l.quantity))} {l.unit} · {l.name}
              </li>
            ))}
          </ul>
          <div className="toolbar">
            {done.mode !== 2 && !refused && (!view || canInvoice(view)) && (
              <Link className="btn primary" to={`/invoices/new?order=${view?.id ?? done.id}`}>
                {t('order.invoiceIt')}
              </Link>
            )}
            <button type="button" className="btn" onClick={onNew} autoFocus>
              {t('order.another')}
            </button>
            <Link className="btn" to="/orders">
              {t('order.backToList')}
            </Link>
          </div>
        </div>
      </div>
    </Screen>
  );
}
