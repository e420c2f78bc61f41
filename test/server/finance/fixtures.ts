/** Builders for the finance tests: invoice requests against the seeded demo account or a clean one. */
import { runAdmin } from '@server/admin/commands';
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

/**
 * The same server seen through a new account that has the demo's bank accounts, customers and
 * custom fields but none of its invoices (the demo seeds some), for tests that count everything.
 */
export async function cleanAccount(base: TestServer, name: string): Promise<TestServer> {
  const now = base.clock.now();
  const admin = async (args: string[]) => await runAdmin(base.app.store, args, now) as Record<string, unknown>;
  const id = String((await admin(['account', 'create', '--name', name, '--tax-number', '12345676-2-41', '--eu-vat', 'HU12345676', '--postal-code', '1051', '--city', 'Budapest', '--street', 'Széchenyi István tér 7–8.']) as { account_id: number }).account_id);
  const keys = { api_key: (await admin(['key', 'issue', '--account', id]) as { api_key: string }).api_key, session_key: (await admin(['session', 'open', '--account', id]) as { session_key: string }).session_key };
  await admin(['bank', 'add', '--account', id, '--number', HUF_ACCOUNT, '--currency', 'HUF', '--swift', 'OTPVHUHB']);
  await admin(['bank', 'add', '--account', id, '--number', EUR_ACCOUNT, '--currency', 'EUR', '--swift', 'OTPVHUHB']);
  await admin(['field', 'add', '--account', id, '--area', 'finance', '--name', 'Projekt', '--type', 'text']);
  const contactIds: Record<string, number> = {};
  const add = async (n: string, args: string[]) => (contactIds[n] = (await admin(['contact', 'add', '--account', id, '--name', n, ...args]) as { contact_id: number }).contact_id);
  await add(KOVACS, ['--country', 'HU', '--postal-code', '9021', '--city', 'Győr', '--street', 'Petőfi Sándor utca 12.', '--tax-number', '24681353-2-08', '--eu-vat', 'HU24681353']);
  await add(NAGY, ['--country', 'HU', '--postal-code', '1117', '--city', 'Budapest', '--street', 'Október huszonharmadika utca 8.', '--tax-number', '13579135-2-43']);
  await add(SZABO, ['--country', 'HU', '--postal-code', '6720', '--city', 'Szeged', '--street', 'Kárász utca 5.']);
  await add(MULLER, ['--country', 'DE', '--postal-code', '80331', '--city', 'München', '--street', 'Marienplatz 1', '--eu-vat', 'DE129273398']);
  await add(ACME, ['--country', 'US', '--postal-code', '10001', '--city', 'New York', '--street', '350 Fifth Avenue']);
  return {
    ...base,
    keys,
    account: { ...base.account, accountId: Number(id), contactIds, customerContactId: contactIds[KOVACS]! },
    call: (method, params, o = {}) => base.call(method, params, { keys, ...o }),
    ok: (method, params, o = {}) => base.ok(method, params, { keys, ...o }),
  };
}
