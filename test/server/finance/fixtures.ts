/** Builders for the finance tests: invoice requests against the seeded demo account. */
import type { Format } from '@shared/protocol';
import type { TestServer } from '../../helpers/server';

export const HUF_ACCOUNT = '11773016-11111018-00000000';
export const EUR_ACCOUNT = 'HU42117730161111101800000000';
export const TODAY = '2026-11-22'; // TestClock's start, 09:00 UTC = 10:00 in Budapest

export const contact = (s: TestServer, name: string): number => {
  const id = s.account.contactIds[name];
  if (id === undefined) throw new Error(`no demo contact ${name}`);
  return id;
};

export const KOVACS = 'Kovács és Fiú Kft.';
export const NAGY = 'Nagy Építő Zrt.';
export const SZABO = 'Szabó Éva';
export const MULLER = 'Müller Handels GmbH';
export const ACME = 'Acme Trading Inc.';

export type Item = Record<string, unknown>;

export const item = (over: Item = {}): Item => ({ name: 'Csavar M8', unit_price: 1000, unit: 'db', quantity: 1, vat: 27, discount: 0, ...over });

/** A valid domestic HUF invoice to Kovács és Fiú Kft.; override anything. */
export function hufInvoice(s: TestServer, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    crdr: 'outgoing',
    method: 'transfer',
    issued_date: TODAY,
    payment_date: '2026-12-07',
    fulfillment_date: TODAY,
    selected_account: HUF_ACCOUNT,
    contact_id: contact(s, KOVACS),
    currency: 'HUF',
    customer_vat_type: 'DOMESTIC',
    items: [item()],
    ...over,
  };
}

/** A valid EUR invoice to Müller Handels GmbH at 395.5 HUF/EUR. */
export function eurInvoice(s: TestServer, over: Record<string, unknown> = {}): Record<string, unknown> {
  return hufInvoice(s, {
    selected_account: EUR_ACCOUNT,
    contact_id: contact(s, MULLER),
    currency: 'EUR',
    fx_rate: 395.5,
    customer_vat_type: 'OTHER',
    items: [item({ name: 'Widget', unit_price: 10, vat: 0 })],
    ...over,
  });
}

export async function issue(s: TestServer, params: Record<string, unknown>, format: Format = 'json') {
  return s.ok('setInvoice', params, { format });
}

export const DAY = 86_400_000;
