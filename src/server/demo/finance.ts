/**
 * The finance area's demo data: fourteen documents across the demo customers in HUF and EUR,
 * dated relative to the clock so that some are paid, some partially paid, some overdue whenever
 * the demo is seeded; a storno, a proforma still open and one converted into an invoice. Every
 * document goes through the real setInvoice/setBalance services, so the demo obeys every rule.
 * Runs inside the seed's transaction; a second run changes nothing.
 */
import pino from 'pino';
import { validateParams, type MethodName, type Params } from '@shared/protocol';
import { defaultConfig } from '../config';
import type { RequestContext } from '../context';
import type { Sql } from '../db/sql';
import { countInvoices } from '../repos/invoices';
import { searchProducts } from '../repos/products';
import { addDays, businessDate } from '../services/finance/calendar';
import { DEFAULT_TIME_ZONE } from '@shared/time/localDay';
import { issueInvoice } from '../services/finance/issue';
import { recordPayment } from '../services/finance/payments';
import type { DemoAccount } from './seed';
import type { DemoConfig, DemoStep } from './steps';

const HUF_BANK = '11773016-11111018-00000000';
const EUR_BANK = 'HU42117730161111101800000000';

type Raw = Record<string, unknown>;

function context(db: Sql, accountId: number, clock: RequestContext['clock'], demo: DemoConfig): RequestContext {
  return {
    // The server's own series, so the demo's numbers are those its later invoices continue.
    db, accountId, userId: null,
    userName: null,
    role: 'manager', timeZone: DEFAULT_TIME_ZONE, clock, config: defaultConfig({ invoicePrefix: demo.invoicePrefix, proformaPrefix: demo.proformaPrefix }), log: pino({ level: 'silent' }), services: { kickMail() {} },
    // Already inside the seed's transaction.
    commit: (fn) => fn(db),
  };
}

const params = <M extends MethodName>(method: M, raw: Raw): Params<M> => validateParams(method, raw);

const step: DemoStep = async (db: Sql, account: DemoAccount, clock, config) => {
  const { accountId } = account;
  if ((await countInvoices(db, accountId)) > 0) return;
  const ctx = context(db, accountId, clock, config);
  const today = businessDate(clock.now(), DEFAULT_TIME_ZONE);
  const day = (n: number) => addDays(today, n);
  const c = (name: string) => account.contactIds[name]!;
  const sku = async (itemNumber: string) => (await searchProducts(db, accountId, { filter: itemNumber, limit: 1 }))[0];
  const line = async (itemNumber: string, quantity: number, discount = 0): Promise<Raw> => {
    const p = await sku(itemNumber);
    return p
      ? { name: p.name, unit_price: Number(p.listPrice ?? 0), unit: p.unit, quantity, vat: Number(p.vat), discount, product_id: p.id }
      : { name: itemNumber, unit_price: 1000, unit: 'db', quantity, vat: 27, discount };
  };
  const huf = (contact: string, vatType: string, issued: number, due: number, items: Raw[], extra: Raw = {}): Raw => ({
    crdr: 'outgoing', method: 'transfer', issued_date: day(issued), fulfillment_date: day(issued), payment_date: day(due), selected_account: HUF_BANK,
    contact_id: c(contact), currency: 'HUF', customer_vat_type: vatType, items, ...extra,
  });
  const eur = (contact: string, issued: number, due: number, items: Raw[], extra: Raw = {}): Raw =>
    huf(contact, 'OTHER', issued, due, items, { currency: 'EUR', fx_rate: 395.12, selected_account: EUR_BANK, language: 'en_US', ...extra });
  const issue = async (raw: Raw) => await issueInvoice(ctx, params('setInvoice', raw));
  const pay = async (invoiceId: number, amount: number, date: string) => await recordPayment(ctx, params('setBalance', { invoice_id: invoiceId, amount, date }));

  const kovacs = 'Kovács és Fiú Kft.';
  const nagy = 'Nagy Építő Zrt.';
  const szabo = 'Szabó Éva';
  const muller = 'Müller Handels GmbH';
  const acme = 'Acme Trading Inc.';

  const paid = await issue(huf(kovacs, 'DOMESTIC', -60, -45, [await line('SD-1001', 2), await line('SD-1008', 3, 5)], { invoice_description: 'Szerszámbeszerzés, 2. negyedév' }));
  await pay(paid.invoice_id, paid.totals.gross, day(-47));
  const partial = await issue(huf(kovacs, 'DOMESTIC', -40, -25, [await line('SD-1016', 20), await line('SD-1017', 10), await line('SD-1009', 50, 10)]));
  await pay(partial.invoice_id, Math.round(partial.totals.gross / 2), day(-24));
  await issue(huf(nagy, 'DOMESTIC', -35, -20, [await line('SD-1023', 2), await line('SD-1022', 6), await line('SD-1020', 10)], { custom_fields: { Projekt: 'Lakópark B ütem' } }));
  await issue(huf(nagy, 'DOMESTIC', -10, 5, [await line('SD-1049', 12), await line('SD-1048', 12)]));
  const cash = await issue(huf(szabo, 'PRIVATE_PERSON', -5, -5, [await line('SD-1031', 1), await line('SD-1038', 6)], { method: 'cash' }));
  await pay(cash.invoice_id, cash.totals.gross, day(-5));
  await issue(huf(szabo, 'PRIVATE_PERSON', -2, 12, [await line('SD-1043', 1)], { method: 'bankcard' }));
  await issue(eur(muller, -50, -20, [{ name: 'Herend porcelán bögre, Viktória', unit_price: 62.5, unit: 'db', quantity: 24, vat: 0, discount: 0 }]));
  const eurPartial = await issue(eur(muller, -20, 10, [
    { name: 'Tokaji Aszú 5 puttonyos 0,5 l', unit_price: 22.9, unit: 'üveg', quantity: 60, vat: 0, discount: 5 },
    { name: 'Pallet deposit', unit_price: 12, unit: 'db', quantity: 2, vat: 0, discount: 0, deposit: 1 },
  ]));
  await pay(eurPartial.invoice_id, 500, day(-3));
  const usd = await issue(eur(acme, -15, 15, [{ name: 'Zsolnay eozin váza 20 cm', unit_price: 98.5, unit: 'db', quantity: 10, vat: 0, discount: 0 }]));
  await pay(usd.invoice_id, usd.totals.gross, day(-1));
  const wrong = await issue(huf(kovacs, 'DOMESTIC', -30, -15, [await line('SD-1026', 1)], { invoice_description: 'Téves számla: sztornózva' }));
  await issue(huf(kovacs, 'DOMESTIC', -28, -28, [], { fulfillment_date: day(-30), storno_id: wrong.invoice_id, items: undefined }));
  await issue(huf(nagy, 'DOMESTIC', -3, 7, [await line('SD-1045', 1), await line('SD-1046', 1)], { proforma: 1, invoice_description: 'Díjbekérő előlegre' }));
  const proforma = await issue(huf(kovacs, 'DOMESTIC', -8, -1, [await line('SD-1004', 1)], { proforma: 1 }));
  await issue(huf(kovacs, 'DOMESTIC', -6, 8, [], { from_proforma_id: proforma.invoice_id, items: undefined }));
};

export const demoFinance = step;
