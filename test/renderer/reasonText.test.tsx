// @vitest-environment jsdom
/**
 * Every refusal reason of src/shared/protocol/reasons.ts, with every state it can carry, is worded
 * in each of the five languages: no key, no code, no unfilled {{figure}} reaches the clerk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { LANGUAGES } from '@renderer/i18n';
import { formatMoney } from '@renderer/lib/format';
import { useReasonText } from '@renderer/screens/system/sync/reasonText';
import { REASON_CODES, type Reason } from '@shared/protocol/reasons';
import { renderScreen } from './render';

afterEach(cleanup);

const inv = { invoice_id: 7, invoice_number: 'SD-2026-000007' };
const SAMPLES: Reason[] = [
  { reason: 'insufficient_stock', figures: { product_id: 49, product_name: 'Falfesték', warehouse: 'Default', stock_label: 'B-03', requested: 10, available: 6 } },
  { reason: 'stock_changed', figures: { product_id: 49, warehouse: 'Default', expected: 3, current: 4 } },
  { reason: 'service_has_no_stock', figures: { product_id: 1 } },
  { reason: 'product_has_stock', figures: { product_id: 1 } },
  { reason: 'serials_overlap', figures: { product_id: 1, first: 100, last: 104 } },
  ...['product', 'order', 'invoice', 'contact', 'warehouse', 'purchase_order', 'attachment', 'something_new'].map((kind) => ({ reason: 'unknown_record', figures: { kind, id: '9', field: 'x' } }) as Reason),
  ...['open', 'finalized', 'shipped', 'proposal'].map((status) => ({ reason: 'order_status', figures: { order_id: 12, status } }) as Reason),
  { reason: 'order_empty', figures: { order_id: 12 } },
  { reason: 'no_warehouse_serves', figures: {} },
  { reason: 'no_supplier', figures: { product_id: 1 } },
  { reason: 'po_received', figures: { po: 'PO-2026-0001', received_at: '2026-11-20' } },
  { reason: 'po_over_receipt', figures: { po: 'PO-2026-0001', product_id: 7, product_name: 'Csavar', requested: 8, remaining: 5 } },
  { reason: 'po_not_on_order', figures: { po: 'PO-2026-0001', product_id: 9 } },
  { reason: 'role_forbidden', figures: { method: 'setProduct', role: 'warehouse', user: 'Kiss Vera' } },
  { reason: 'role_forbidden', figures: { method: 'setInvoice', role: 'billing', param: 'storno_id' } },
  { reason: 'warehouse_name_taken', figures: { name: 'Pince' } },
  ...['proforma', 'storno', 'cancelled'].map((state) => ({ reason: 'invoice_not_payable', figures: { ...inv, state } }) as Reason),
  { reason: 'overpayment', figures: { ...inv, amount: 5000, balance: 1270, currency: 'HUF' } },
  { reason: 'reversal_too_large', figures: { ...inv, amount: -5000, paid: 1270, currency: 'HUF' } },
  ...['proforma', 'storno', 'cancelled'].map((state) => ({ reason: 'not_cancellable', figures: { ...inv, state } }) as Reason),
  { reason: 'not_cancellable', figures: { ...inv, state: 'paid', paid: 1270, currency: 'HUF' } },
  { reason: 'proforma_converted', figures: { ...inv, converted_to: 8 } },
  ...['proforma', 'received', 'invalid'].map((state) => ({ reason: 'not_reportable', figures: { ...inv, state } }) as Reason),
  { reason: 'nothing_overdue', figures: { contact_id: 3, open: 2 } },
  { reason: 'unknown_bank_account', figures: { account: '11111111-22222222' } },
  { reason: 'undefined_custom_field', figures: { name: 'Projekt', area: 'order' } },
  { reason: 'undefined_envfee_code', figures: { code: 7 } },
  { reason: 'no_list_price', figures: { product_id: 3, product_name: 'Csavar', currency: 'HUF' } },
  { reason: 'no_list_price', figures: { product_id: 3, product_name: 'Csavar', currency: 'HUF', list_currency: 'EUR' } },
  { reason: 'duplicate_ean', figures: { ean: '0088381612340', product_id: 52, item_number: 'MAK-HP457D', product_name: 'Makita HP457D' } },
  { reason: 'duplicate_ean', figures: { ean: '0088381612340', product_id: 52, product_name: 'Makita HP457D' } },
  { reason: 'vat_rate_not_allowed', figures: { rate: 23, allowed: '27, 18, 5, 0', country: 'HU', field: 'vat' } },
  ...['not_configured', 'network'].map((state) => ({ reason: 'nav_unavailable', figures: { state } }) as Reason),
  { reason: 'vat_rate_not_allowed', figures: { rate: 23, allowed: '27, 18, 5, 0', country: 'HU', field: 'items[0].product_id', product_id: 3, product_name: 'Csavar' } },
];

function Sentences() {
  const word = useReasonText();
  return (
    <ul>
      {SAMPLES.map((r, i) => (
        <li key={i} data-testid={`r-${i}`}>
          {word(r)}
        </li>
      ))}
    </ul>
  );
}

describe('refusal reasons in the clerk’s language', () => {
  it('the samples cover every reason code', () => {
    expect(new Set(SAMPLES.map((s) => s.reason))).toEqual(new Set(REASON_CODES));
  });

  it.each(LANGUAGES)('%s: every reason is a sentence with its figures filled in', async (language) => {
    renderScreen(<Sentences />, { language });
    const texts = await Promise.all(SAMPLES.map(async (_, i) => (await screen.findByTestId(`r-${i}`)).textContent ?? ''));
    for (const [i, text] of texts.entries()) {
      expect(text, `${SAMPLES[i]!.reason} in ${language}`).not.toMatch(/sync\.reason|\{\{|_stock|_record|undefined|NaN/);
      expect(text.length).toBeGreaterThan(15);
    }
    // The figures reach the sentence, formatted for the language.
    expect(texts[0]).toContain('Falfesték');
    // The place: the default warehouse in the language's words (as every picker names it), its bin in brackets.
    const defaultWarehouse = { hu: 'Alapértelmezett raktár', en: 'Default warehouse', de: 'Standardlager', pl: 'Magazyn domyślny', es: 'Almacén por defecto' }[language];
    expect(texts[0]).toContain(`${defaultWarehouse} (B-03)`);
    expect(texts[0]).toMatch(/10/);
    // A state-specific sentence differs from the general one.
    const states = SAMPLES.map((s, i) => [s, texts[i]] as const).filter(([s]) => s.reason === 'invoice_not_payable').map(([, t]) => t);
    expect(new Set(states).size).toBe(3);
  });

  it('hu: Hungarian words, money in forints as the app formats it', async () => {
    renderScreen(<Sentences />, { language: 'hu' });
    expect((await screen.findByTestId('r-0')).textContent).toBe('Nincs elég készlet: Falfesték, Alapértelmezett raktár (B-03) — 10 kellene, 6 van.');
    const overpay = SAMPLES.findIndex((s) => s.reason === 'overpayment');
    // Money as the app formats it for Hungarian (lib/format), whatever its grouping rule.
    const ft = (n: number) => formatMoney('hu', n, 'HUF');
    expect((await screen.findByTestId(`r-${overpay}`)).textContent).toBe(`A befizetés (${ft(5000)}) több, mint a(z) SD-2026-000007 még fennálló tartozása (${ft(1270)}).`);
  });
});
