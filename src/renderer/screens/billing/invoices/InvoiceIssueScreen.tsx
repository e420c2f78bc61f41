/**
 * Issue an invoice: from scratch, from an order (`?order=ID`: its lines are billed and the order
 * ships) or from a proforma (`?proforma=ID`). Live totals through @shared/money; Ctrl+Enter
 * issues; an e-mail address means the PDF is sent, so issuing then asks first. Offline the core
 * queues it and the invoice shows as a numberless draft until the server numbers it.
 */
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFieldArray, useForm, useFormState, useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import type { ContactRow, OrderView, RequestOf } from '@shared/ipc';
import { ConfirmDialog } from '@renderer/components/Dialog';
import { Screen } from '@renderer/components/Screen';
import { invoke, useChannel } from '@renderer/lib/ipc';
import { todayIso } from '@renderer/lib/format';
import { useFormat, useLanguage } from '@renderer/lib/useFormat';
import { invoiceProblems } from './invoiceChecks';
import { emptyInvoice, isBlankItem, itemFromProduct, invoiceFromOrder, invoiceFromProforma, invoiceLineText, invoiceSchema, linesFromSource, toInvoiceParams, type InvoiceFormValues } from './invoiceForm';
import { InvoiceHeaderFields } from './InvoiceHeaderFields';
import { InvoiceItemsTable } from './InvoiceItemsTable';
import { InvoiceMoreFields, InvoiceOptions } from './InvoiceMoreFields';
import { liveTotals } from '@renderer/lib/lineMath';
import { localeOf } from '@renderer/lib/locale';
import { applyServerErrors } from '@renderer/screens/billing/orders/orderSubmit';
import { sharedSchemaResolver, unshownErrors, type LooseT } from '@renderer/lib/formResolver';
import { RetentionsEditor } from './RetentionsEditor';
import { ProductPicker } from '@renderer/components/ProductSearchField';
import { addDecimalText } from '@renderer/lib/decimal';
import { useProductScan } from '@renderer/lib/useProductScan';
import { refusalReason } from '@renderer/screens/billing/orders/orderState';
import { LinesAndTotals } from '@renderer/components/TotalsPanel';
import { useFormDraft } from '@renderer/lib/drafts';

// The schema's output is what its input type describes loosely (every key `unknown`); it parses as-is.
type InvoiceRequest = RequestOf<'invoices.issue'>['invoice'];

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const idParam = (s: string | null) => (s !== null && /^-?\d+$/.test(s) ? Number(s) : null);

export function InvoiceIssueScreen() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const orderId = idParam(params.get('order'));
  const proformaId = idParam(params.get('proforma'));
  const order = useChannel('orders.get', { id: orderId ?? 0 }, { enabled: orderId !== null });
  const proforma = useChannel('invoices.get', { id: proformaId ?? 0 }, { enabled: proformaId !== null });
  const today = todayIso();
  const lang = useLanguage();
  const title = t('invoice.newTitle');

  if (orderId !== null) {
    if (order.isPending) return <Screen title={title}><p className="empty">{t('common.loading')}</p></Screen>;
    if (!order.data) return <Screen title={title}><p className="notice error" role="alert">{t('order.notFound')}</p></Screen>;
    // An order is invoiced once; a refused one not at all (the server would refuse the invoice too).
    if (order.data.invoice || order.data.refusal) return <NotInvoiceable order={order.data} />;
    return <InvoiceEditor key={`o${orderId}`} draftKey={`billing.invoice.order.${orderId}`} initial={invoiceFromOrder(order.data, today)} />;
  }
  if (proformaId !== null) {
    if (proforma.isPending) return <Screen title={title}><p className="empty">{t('common.loading')}</p></Screen>;
    const rec = proforma.data?.detail;
    if (!rec) return <Screen title={title}><p className="notice error" role="alert">{t('invoice.notFound')}</p></Screen>;
    return <InvoiceEditor key={`p${proformaId}`} draftKey={`billing.invoice.proforma.${proformaId}`} initial={invoiceFromProforma(rec, proformaId, today)} />;
  }
  return <InvoiceEditor key="new" draftKey="billing.invoice.new" initial={emptyInvoice(today, localeOf(lang))} />;
}

function NotInvoiceable({ order }: { order: OrderView }) {
  const { t } = useTranslation('billing');
  return (
    <Screen title={t('invoice.newTitle')} actions={<Link className="btn" to="/orders">{t('order.backToList')}</Link>}>
      {order.invoice ? (
        <p className="notice warn" role="status">
          {t('invoice.alreadyInvoiced')} <Link to={`/invoices/${order.invoice.id}`}>{t('invoice.openInvoice')}</Link>
        </p>
      ) : (
        <p className="notice error" role="alert">
          {t('invoice.orderRefused', { reason: refusalReason(t as unknown as LooseT, order) })} <Link to="/sync">{t('order.openSync')}</Link>
        </p>
      )}
    </Screen>
  );
}

function InvoiceEditor({ draftKey, initial }: { draftKey: string; initial: InvoiceFormValues }) {
  const { t } = useTranslation('billing');
  const loose = t as unknown as LooseT;
  const f = useFormat();
  const navigate = useNavigate();
  const form = useForm<InvoiceFormValues>({
    defaultValues: initial,
    resolver: sharedSchemaResolver(invoiceSchema, toInvoiceParams, loose, invoiceProblems),
    reValidateMode: 'onChange',
  });
  const draft = useFormDraft(draftKey, form);
  const array = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  // Only what the frame shows; the lines and totals watch their own values (see InvoiceLinesSection).
  const [contactId, orderId, proformaId, email, proformaFlag] = useWatch({
    control: form.control,
    name: ['contact_id', 'order_id', 'from_proforma_id', 'email', 'proforma'],
  });
  const contact = useChannel('contacts.get', { id: contactId ?? 0 }, { enabled: contactId !== null });
  // With no customer there is no address to offer: a disabled read still answers what is cached for
  // its placeholder id (another customer's row).
  const customerEmail = contactId !== null && contact.data?.id === contactId ? contact.data.email : null;
  // The address of the customer the form holds: the one the clerk picked, or the loaded one.
  const customerAddress = useRef<string | null>(null);
  if (customerEmail !== null) customerAddress.current = customerEmail;
  // The address went with the customer while the clerk types another name: the one she picks brings hers.
  const addressLeft = useRef(false);
  const onCustomerChanged = (next: ContactRow | null) => {
    const from = customerAddress.current;
    const email = form.getValues('email');
    customerAddress.current = next?.email ?? null;
    // An address that came from the previous customer goes with them; one the clerk typed stays.
    const fromCustomer = (from !== null && sameAddress(email, from)) || (addressLeft.current && email.trim() === '');
    addressLeft.current = fromCustomer && next === null;
    if (fromCustomer) form.setValue('email', next?.email ?? '', { shouldDirty: true });
  };
  const fromSource = linesFromSource({ order_id: orderId, from_proforma_id: proformaId });
  const [general, setGeneral] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<InvoiceFormValues | null>(null);
  const [busy, setBusy] = useState(false);

  const issue = async (v: InvoiceFormValues) => {
    const parsed = invoiceSchema.safeParse(toInvoiceParams(v));
    if (!parsed.success) return;
    setBusy(true);
    setGeneral(null);
    try {
      const r = await invoke('invoices.issue', { invoice: parsed.data as InvoiceRequest });
      await draft.clear();
      void navigate(`/invoices/${r.id}`, { state: { issued: true } });
    } catch (e) {
      setConfirming(null);
      setGeneral(applyServerErrors(e, form, loose));
    } finally {
      setBusy(false);
    }
  };

  const formRef = useRef<HTMLFormElement>(null);
  const submit = form.handleSubmit(
    (v) => {
      if (v.email.trim() !== '') setConfirming(v);
      else void issue(v);
    },
    (errors) => {
      const hidden = unshownErrors(errors, formRef.current, ['contact_id', 'items', 'custom_fields', 'retentions']);
      setGeneral(hidden.length ? `${t('common.fixFields')} ${hidden.join('; ')}` : null);
    },
  );

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      void submit();
    }
  };

  const localOrder = orderId !== null && orderId < 0;
  const title =
    orderId !== null ? (localOrder ? t('invoice.fromLocalOrderTitle') : t('invoice.fromOrderTitle', { id: orderId })) : proformaId !== null ? t('invoice.fromProformaTitle') : t('invoice.newTitle');
  const grossOf = (v: InvoiceFormValues) => f.money(Number(liveTotals(v.items.map(invoiceLineText), v.currency, v.fx_rate).doc.totals.gross), v.currency);
  const back = <Link className="btn" to="/invoices">{t('invoice.backToList')}</Link>;
  // The form appears once the stored draft is back (lib/drafts.ts useFormDraft).
  if (!draft.loaded) return <Screen title={title} actions={back}>{null}</Screen>;
  return (
    <Screen title={title} actions={back}>
      <form ref={formRef} className="billing-form" noValidate onKeyDown={onKeyDown} onSubmit={(e) => e.preventDefault()} aria-label={title}>
        {draft.restored && <p className="notice info" role="status">{t('common.draftRestored')}</p>}
        {orderId !== null && <p className="notice info">{localOrder ? t('invoice.fromLocalOrderNote') : t('invoice.fromOrderNote', { id: orderId })}</p>}
        {proformaId !== null && <p className="notice info">{t('invoice.fromProformaNote')}</p>}
        {general && <p className="notice error" role="alert">{general}</p>}
        <section className="panel">
          <div className="panel-body stack">
            <InvoiceHeaderFields form={form} fromSource={fromSource} onCustomerChanged={onCustomerChanged} />
            <InvoiceOptions form={form} customerEmail={customerEmail} />
            <InvoiceMoreFields form={form} />
          </div>
        </section>
        <InvoiceLinesSection
          form={form}
          array={array}
          readOnly={fromSource}
          actions={
            <section className="panel billing-actions" aria-label={t('invoice.actions')}>
              <div className="panel-body stack">
                <button type="button" className="btn primary" disabled={busy} onClick={() => void submit()}>
                  {proformaFlag ? t('invoice.issueProforma') : t('invoice.issue')} <kbd>Ctrl+Enter</kbd>
                </button>
                {email.trim() !== '' && <p className="field-hint">{t('invoice.willEmail', { email: email.trim() })}</p>}
              </div>
            </section>
          }
        />
      </form>
      {confirming && (
        <ConfirmDialog
          title={t('invoice.confirmEmailTitle')}
          confirmLabel={t('invoice.confirmEmailSend')}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void issue(confirming)}
        >
          <p>{t('invoice.confirmEmailBody', { total: grossOf(confirming) })}</p>
          <p className="confirm-recipient" data-testid="confirm-recipient">
            <strong>{confirming.contact_name}</strong> — {confirming.email.trim()}
          </p>
          {confirming.esignature && <p className="field-hint">{t('invoice.confirmEmailSigned')}</p>}
        </ConfirmDialog>
      )}
    </Screen>
  );
}

/**
 * The lines, retentions and totals: re-rendered as the clerk types a line, the rest of the form is
 * not. A hand-made invoice takes products as order entry does: search or scan into the picker; the
 * empty first line is filled by the first product, another scan of a product adds one to its line.
 */
function InvoiceLinesSection({ form, array, readOnly, actions }: {
  form: UseFormReturn<InvoiceFormValues>;
  array: UseFieldArrayReturn<InvoiceFormValues, 'items', 'key'>;
  readOnly: boolean;
  actions: ReactNode;
}) {
  const [items, currency, fx] = useWatch({ control: form.control, name: ['items', 'currency', 'fx_rate'] });
  const { errors } = useFormState({ control: form.control });
  const totals = useMemo(() => liveTotals(items.map(invoiceLineText), currency, fx), [items, currency, fx]);
  const { addProduct, onCode, scanMsg, chooser } = useProductScan((p) => {
    const lines = form.getValues('items');
    const at = lines.findIndex((l) => l.product_id === String(p.id));
    if (at >= 0) form.setValue(`items.${at}.quantity`, addDecimalText(lines[at]?.quantity ?? '0', '1'), { shouldDirty: true });
    else if (lines.length === 1 && lines[0] && isBlankItem(lines[0])) array.update(0, itemFromProduct(p, form.getValues('currency')));
    else array.append(itemFromProduct(p, form.getValues('currency')), { shouldFocus: false });
  });
  return (
    <LinesAndTotals itemsError={errors.items?.message} totals={totals} currency={currency} actions={actions}>
      {readOnly ? null : <>{chooser}<ProductPicker id="invoice-product" onPick={addProduct} onCode={(c) => void onCode(c)} message={scanMsg} /></>}
      <InvoiceItemsTable items={items} array={array} register={form.register} errors={errors} totals={totals} currency={currency} readOnly={readOnly} />
      <RetentionsEditor form={form} />
    </LinesAndTotals>
  );
}
