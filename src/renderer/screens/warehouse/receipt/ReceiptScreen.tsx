import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { warehouseLabel } from '../../../components/pickers';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useDraftState } from '../../../lib/drafts';
import { fieldErrors } from '../../../lib/errors';
import { parseNumberInput } from '../../../lib/format';
import { useChannel, useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';

type PO = ResultOf<'po.get'>;

interface ReceiptDraft {
  projectCode: string;
  grossWeight: string;
  packageType: string;
  countryCode: string;
}

const emptyDraft: ReceiptDraft = { projectCode: '', grossWeight: '', packageType: '', countryCode: '' };
const isReceiptDraft = (v: unknown): v is ReceiptDraft =>
  typeof v === 'object' && v !== null && typeof (v as ReceiptDraft).projectCode === 'string';
/** Only figures typed for a receipt are announced as restored; the project code alone is the order last looked at. */
const noFigures = (v: ReceiptDraft) => !v.grossWeight && !v.packageType && !v.countryCode;

/** Goods receipt against a purchase order: find it by project code, check what is due, receive it. */
export function ReceiptScreen() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const draft = useDraftState<ReceiptDraft>('warehouse.poReceipt', emptyDraft, isReceiptDraft, noFigures);
  const d = draft.value;
  const find = useCommand('po.get');
  const receive = useCommand('po.receive');
  const [po, setPo] = useState<PO | null>(null);
  const [queued, setQueued] = useState<number | null>(null);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const f = useFormat();

  // Updates are functions of the draft before them: those made before the stored draft is back are
  // applied to it when it arrives (lib/drafts.ts).
  const setField = <K extends keyof ReceiptDraft>(k: K, v: ReceiptDraft[K]) => draft.set((prev) => ({ ...prev, [k]: v }));

  const load = (code: string) => {
    setQueued(null);
    receive.reset();
    find.mutate({ projectCode: code }, { onSuccess: setPo, onError: () => setPo(null) });
  };
  // The order she was receiving comes back with her draft: it is read again, as her search did,
  // so the figures she typed show beside it (they are drawn only with an order).
  // Runs after every render, but acts once: when the stored draft is back.
  const reopened = useRef(false);
  useEffect(() => {
    if (!draft.loaded || reopened.current) return;
    reopened.current = true;
    const code = d.projectCode.trim();
    if (code && po === null && !find.isPending) load(code);
  });
  const onFind = (e: FormEvent) => {
    e.preventDefault();
    const code = d.projectCode.trim();
    if (code) load(code);
  };
  const onPick = (code: string) => {
    setField('projectCode', code);
    load(code);
  };
  // Once the receipt is queued the order is read again whenever the outbox moves, so it shows as
  // received as soon as the server has taken the receipt.
  const live = useChannel(
    'po.get',
    { projectCode: po?.project_code ?? '-' },
    { enabled: po !== null && queued !== null },
  );
  const current = live.data && live.data.po_id === po?.po_id ? live.data : po;

  const onReceive = (e: FormEvent) => {
    e.preventDefault();
    if (!po) return;
    const weight = parseNumberInput(d.grossWeight);
    const pkg = parseNumberInput(d.packageType);
    const country = d.countryCode.trim().toUpperCase();
    const p = new Map<string, string>();
    if (weight !== null && (Number.isNaN(weight) || weight < 0))
      p.set('grossWeight', t('problems.notNegative'));
    if (pkg !== null && (Number.isNaN(pkg) || !Number.isInteger(pkg) || pkg < 0))
      p.set('packageType', t('receipt.wholeNumber'));
    if (country && !/^[A-Z]{2}$/.test(country)) p.set('countryCode', t('problems.country'));
    setProblems(p);
    if (p.size > 0) return;
    receive.mutate(
      {
        poId: po.po_id,
        ...(weight !== null ? { grossWeight: weight } : {}),
        ...(pkg !== null ? { packageType: pkg } : {}),
        ...(country ? { countryCode: country } : {}),
      },
      {
        onSuccess: ({ entryId }) => {
          setQueued(entryId);
          draft.set((prev) => ({ ...emptyDraft, projectCode: prev.projectCode }));
        },
      },
    );
  };

  const server = fieldErrors(receive.error);
  const errorOf = (f: string) => problems.get(f) ?? server.get(f);

  return (
    <Screen title={t('nav.receipt')}>
      <form className="toolbar panel panel-body" onSubmit={onFind}>
        <Field label={t('receipt.projectCode')}>
          <input
            type="text"
            value={d.projectCode}
            autoFocus
            data-testid="po-code"
            onChange={(e) => setField('projectCode', e.target.value)}
            placeholder={t('receipt.projectCodeHint')}
          />
        </Field>
        <button
          type="submit"
          className="btn primary"
          disabled={find.isPending}
          style={{ alignSelf: 'flex-end' }}
        >
          {tc('actions.search')}
        </button>
      </form>
      <ErrorNotice error={find.error} />
      {draft.restored && queued === null && current && current.status !== 'received' ? (
        <div className="notice info" data-testid="po-receipt-restored">{tc('draft.restored')}</div>
      ) : null}
      {current ? (
        <>
          {current.keptAt ? (
            <div className="notice warn" data-testid="po-kept">{t('receipt.keptOrder', { when: f.dateTime(current.keptAt) })}</div>
          ) : null}
          <PoSummary po={current} />
          {current.status === 'received' ? (
            <div className="notice ok" role="status" data-testid="po-received">
              {t('receipt.receivedNotice')}
            </div>
          ) : (
            <form className="panel" onSubmit={onReceive}>
              <div className="panel-title">
                <h2>{t('receipt.receiveTitle')}</h2>
              </div>
              <div className="panel-body form-grid">
                <Field label={t('receipt.grossWeight')} error={errorOf('grossWeight')}>
                  <input
                    type="text"
                    inputMode="decimal"
                    className="num"
                    value={d.grossWeight}
                    onChange={(e) => setField('grossWeight', e.target.value)}
                  />
                </Field>
                <Field
                  label={t('receipt.packageType')}
                  hint={t('receipt.packageTypeHint')}
                  error={errorOf('packageType')}
                >
                  <input
                    type="text"
                    inputMode="numeric"
                    className="num"
                    value={d.packageType}
                    onChange={(e) => setField('packageType', e.target.value)}
                  />
                </Field>
                <Field label={t('receipt.origin')} error={errorOf('countryCode')}>
                  <input
                    type="text"
                    maxLength={2}
                    value={d.countryCode}
                    onChange={(e) => setField('countryCode', e.target.value.toUpperCase())}
                  />
                </Field>
                <div className="field action">
                  <button
                    type="submit"
                    className="btn primary"
                    disabled={receive.isPending || queued !== null}
                    data-testid="po-receive"
                  >
                    {t('receipt.receive')}
                  </button>
                </div>
              </div>
              <div className="panel-body" style={{ paddingTop: 0 }}>
                <ErrorNotice
                  error={receive.error}
                  shownFields={(f) => ['grossWeight', 'packageType', 'countryCode'].includes(f)}
                />
                {queued !== null ? (
                  <div className="notice ok" role="status" data-testid="po-queued">
                    {t('receipt.queued')}
                  </div>
                ) : null}
              </div>
            </form>
          )}
        </>
      ) : null}
      <OpenOrders onPick={onPick} current={current?.po_id ?? null} />
    </Screen>
  );
}

function PoSummary({ po }: { po: PO }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const outstanding = po.lines.reduce((s, l) => s + Math.max(0, l.quantity - l.received_quantity), 0);
  return (
    <div className="panel" data-testid="po-summary">
      <div className="panel-title">
        <h2>{po.project_code}</h2>
        <span className={`badge ${outstanding === 0 ? 'ok' : 'info'}`} data-testid="po-status">
          {po.status === 'open' || po.status === 'received' ? t(`receipt.status.${po.status}`) : po.status}
        </span>
      </div>
      <div className="panel-body">
        <dl className="kv">
          <dt>{t('receipt.supplier')}</dt>
          <dd>{po.supplier.name}</dd>
          <dt>{t('receipt.warehouse')}</dt>
          <dd>{warehouseLabel(tc, po.warehouse)}</dd>
          <dt>{t('receipt.created')}</dt>
          <dd>{f.dateTime(po.created_at)}</dd>
        </dl>
      </div>
      <table className="grid">
        <thead>
          <tr>
            <th>{t('takeIn.col.product')}</th>
            <th className="num">{t('receipt.ordered')}</th>
            <th className="num">{t('receipt.received')}</th>
            <th className="num">{t('receipt.outstanding')}</th>
          </tr>
        </thead>
        <tbody>
          {po.lines.map((l) => (
            <tr key={l.product_id}>
              <td>{l.product_name}</td>
              <td className="num">{f.qty(l.quantity)}</td>
              <td className="num">{f.qty(l.received_quantity)}</td>
              <td className="num">{f.qty(Math.max(0, l.quantity - l.received_quantity))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {po.receipts.length > 0 ? (
        <div className="panel-body">
          <h3>{t('receipt.receipts')}</h3>
          <ul className="muted">
            {po.receipts.map((r) => (
              <li key={`${r.receipt_id}-${r.product_id}`}>
                {f.date(r.date)} — #{r.receipt_id}:{' '}
                {po.lines.find((l) => l.product_id === r.product_id)?.product_name ?? r.product_id} ×{' '}
                {f.qty(r.quantity)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The open purchase orders on the server, so the clerk picks one instead of having to know its code. */
function OpenOrders({ onPick, current }: { onPick: (code: string) => void; current: number | null }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const list = useChannel('po.open', {});
  return (
    <div className="panel" data-testid="po-open-list">
      <div className="panel-title">
        <h2>{t('receipt.openTitle')}</h2>
      </div>
      {list.data?.keptAt ? (
        <div className="panel-body">
          <div className="notice warn" data-testid="po-open-kept">{t('receipt.keptList', { when: f.dateTime(list.data.keptAt) })}</div>
        </div>
      ) : null}
      {list.error ? (
        <div className="panel-body">
          <ErrorNotice error={list.error} />
        </div>
      ) : list.data && list.data.orders.length === 0 ? (
        <p className="panel-body muted">{t('receipt.noneOpen')}</p>
      ) : list.data ? (
        <table className="grid">
          <thead>
            <tr>
              <th>{t('receipt.code')}</th>
              <th>{t('receipt.supplier')}</th>
              <th>{t('receipt.warehouse')}</th>
              <th>{t('receipt.created')}</th>
              <th className="num">{t('receipt.outstanding')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.orders.map((o) => (
              <tr key={o.po_id} className={o.po_id === current ? 'selected' : undefined}>
                <td>
                  <button
                    type="button"
                    className="btn link"
                    onClick={() => onPick(o.project_code)}
                    data-testid={`po-open-${o.po_id}`}
                    title={t('receipt.pick')}
                  >
                    {o.project_code}
                  </button>
                </td>
                <td>{o.supplier.name}</td>
                <td>{warehouseLabel(tc, o.warehouse)}</td>
                <td>{f.dateTime(o.created_at)}</td>
                <td className="num">{f.qty(o.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="panel-body muted">{tc('loading')}</p>
      )}
    </div>
  );
}
