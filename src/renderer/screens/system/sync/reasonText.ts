import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '@shared/ipc';
import type { Reason } from '@shared/protocol/reasons';
import { placeLabel } from '../../../components/pickers';
import { useFormat } from '../../../lib/useFormat';


/**
 * A refusal's reason worded in the clerk's language, figures through Intl. Reasons with a state
 * (a proforma, a cancelled invoice…) have one sentence per state; an unknown state falls back to
 * the reason's general sentence.
 */
export function useReasonText(): (r: Reason) => string {
  const { t: typed, i18n } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  return useCallback(
    (r: Reason) => {
      // Keys are built from the reason's code and state; every code has its sentence (checked by the i18n test).
      const t = typed as unknown as (key: string, args?: Record<string, unknown>) => string;
      const k = (key: string) => `sync.reason.${key}`;
      const withState = (code: string, state: string, args: Record<string, unknown>) => {
        const specific = k(`${code}_${state}`);
        return i18n.exists(specific, { ns: 'warehouse' }) ? t(specific, args) : t(k(code), args);
      };
      switch (r.reason) {
        case 'insufficient_stock': {
          const x = r.figures;
          return t(k('insufficient_stock'), {
            product: x.product_name ?? `#${x.product_id}`, place: placeLabel(tc, x.warehouse, x.stock_label), requested: f.qty(x.requested), available: f.qty(x.available),
          });
        }
        case 'stock_changed': {
          const x = r.figures;
          return t(k('stock_changed'), { place: placeLabel(tc, x.warehouse, x.stock_label), expected: f.qty(x.expected), current: f.qty(x.current) });
        }
        case 'serials_overlap':
          return t(k('serials_overlap'), { first: r.figures.first, last: r.figures.last });
        case 'unknown_record':
          return t(k('unknown_record'), { kind: t(k(`kind.${r.figures.kind}`), { defaultValue: t(k('kind.record')) }), id: r.figures.id });
        case 'order_status':
          return withState('order_status', r.figures.status, { id: r.figures.order_id });
        case 'order_empty':
          return t(k('order_empty'), { id: r.figures.order_id });
        case 'po_received':
          return t(k('po_received'), { po: r.figures.po, date: r.figures.received_at ? f.date(r.figures.received_at) : '' });
        case 'po_over_receipt':
          return t(k('po_over_receipt'), { po: r.figures.po, product: r.figures.product_name ?? `#${r.figures.product_id}`, requested: f.qty(r.figures.requested), remaining: f.qty(r.figures.remaining) });
        case 'role_forbidden': {
          // The role in words; a storno (the one narrowed parameter today) has its own sentence.
          const role = tc(`roles.name.${r.figures.role}`, { defaultValue: r.figures.role });
          const key = r.figures.param === 'storno_id' ? 'role_forbidden_storno' : 'role_forbidden';
          return t(k(key), { role, user: r.figures.user ?? '' });
        }
        case 'po_not_on_order':
          return t(k('po_not_on_order'), { po: r.figures.po, id: r.figures.product_id });
        case 'warehouse_name_taken':
          return t(k('warehouse_name_taken'), { name: r.figures.name });
        case 'nav_unavailable':
          return withState('nav_unavailable', r.figures.state, {});
        case 'invoice_not_payable':
        case 'not_reportable':
          return withState(r.reason, r.figures.state, { number: r.figures.invoice_number });
        case 'not_cancellable': {
          const x = r.figures;
          return withState('not_cancellable', x.state, { number: x.invoice_number, paid: x.paid !== undefined && x.currency ? f.money(x.paid, x.currency) : '' });
        }
        case 'overpayment':
          return t(k('overpayment'), { number: r.figures.invoice_number, amount: f.money(r.figures.amount, r.figures.currency), balance: f.money(r.figures.balance, r.figures.currency) });
        case 'reversal_too_large':
          return t(k('reversal_too_large'), { number: r.figures.invoice_number, amount: f.money(Math.abs(r.figures.amount), r.figures.currency), paid: f.money(r.figures.paid, r.figures.currency) });
        case 'proforma_converted':
          return t(k('proforma_converted'), { number: r.figures.invoice_number });
        case 'unknown_bank_account':
          return t(k('unknown_bank_account'), { account: r.figures.account });
        case 'undefined_custom_field':
          return t(k('undefined_custom_field'), { name: r.figures.name });
        case 'undefined_envfee_code':
          return t(k('undefined_envfee_code'), { code: r.figures.code });
        case 'no_list_price':
          return r.figures.list_currency
            ? t(k('no_list_price_currency'), { product: r.figures.product_name, currency: r.figures.currency, listCurrency: r.figures.list_currency })
            : t(k('no_list_price'), { product: r.figures.product_name });
        case 'duplicate_ean': {
          const x = r.figures;
          return x.item_number
            ? t(k('duplicate_ean_sku'), { ean: x.ean, product: x.product_name, sku: x.item_number })
            : t(k('duplicate_ean'), { ean: x.ean, product: x.product_name });
        }
        case 'vat_rate_not_allowed': {
          const x = r.figures;
          const rates = x.allowed.split(',').map((v) => f.qty(Number(v.trim()))).join(', ');
          return x.product_name
            ? t(k('vat_rate_not_allowed_product'), { product: x.product_name, rate: f.qty(x.rate), rates })
            : t(k('vat_rate_not_allowed'), { rate: f.qty(x.rate), rates });
        }
        default:
          // Reasons whose sentence needs no figures beyond what the card already says.
          return t(k(r.reason));
      }
    },
    [typed, tc, i18n, f],
  );
}

/**
 * An entry whose clerk's keys were removed from the desk (the core's CLERK_MISSING), or refused by
 * the server while another clerk is signed in (CLERK_KEYS_REFUSED): whose keys and what to do, in
 * the clerk's language (issue 19).
 */
export const CLERK_CODES = new Set(['CLERK_MISSING', 'CLERK_KEYS_REFUSED']);

export function useMissingClerkText(): (e: OutboxEntryView) => string {
  const { t } = useTranslation();
  return useCallback((e: OutboxEntryView) => t(e.errorCode === 'CLERK_KEYS_REFUSED' ? 'clerks.refused' : 'clerks.missing', { name: e.clerkName ?? e.errorDetails.find((d) => d.field === 'clerk')?.message ?? t('clerks.someone') }), [t]);
}
