/**
 * A 0% line states its legal ground on the PDF (Áfa tv. 169. § m), and the ground printed is the
 * case the NAV invoice data reports: domestic subject-exempt seller (AAM), intra-EU supply to a
 * business with a VAT number (KBAET), export outside the EU (EAM), a deposit (ATK).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { addBankAccount } from '@server/repos/bankAccounts';
import { createAccount } from '@server/repos/accounts';
import { insertContact } from '@server/repos/contacts';
import { insertApiKey, insertSession } from '@server/repos/credentials';
import type { Credentials } from '@shared/protocol';
import { extractPdfText } from '../../helpers/pdfText';
import { startTestServer, type TestServer } from '../../helpers/server';
import { xmllintErrors } from '../nav/xmllint';
import { ACME, contact, eurInvoice, hufInvoice, issue, item } from './fixtures';

let s: TestServer;
/** A second account whose tax number has VAT code 1: a seller under the subject exemption (alanyi adómentes). */
let exempt: { keys: Credentials; contactId: number; bank: string };

beforeAll(async () => {
  s = await startTestServer();
  const db = s.app.store;
  const now = s.clock.now();
  const accountId = await createAccount(db, { name: 'Kisvállalkozó Bt.', defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '6720', city: 'Szeged', street: 'Kárász utca 5.', taxNumber: '24681357-1-06' }, now);
  const bank = '11111111-22222222-44444444';
  await addBankAccount(db, accountId, { number: bank, bankName: 'Bank', currency: 'HUF' });
  const contactId = await insertContact(db, accountId, { name: 'Vevő Kft.', kind: 'customer', countryCode: 'HU', postalCode: '6722', city: 'Szeged', street: 'Tisza Lajos körút 2.', taxNumber: '11223344-2-41' }, now);
  const keys = { api_key: 'sdk_aam_api_key_0001', session_key: 'sds_aam_session_key_0001' };
  await insertApiKey(db, accountId, keys.api_key, 'test', now);
  await insertSession(db, accountId, keys.session_key, 'test', now, new Date(now.getTime() + 86_400_000));
  exempt = { keys, contactId, bank };
});
afterAll(() => s.close());

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true });
type Xml = Record<string, unknown>;
const at = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (v as Xml | undefined)?.[k], o);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

async function pdfText(invoiceId: number, language: string, keys?: Credentials): Promise<string> {
  const r = await s.ok('generateInvoicePDF', { invoice_id: invoiceId, language }, { keys });
  return (await extractPdfText(Buffer.from(r.pdf, 'base64'))).text.replace(/\s+/g, ' ');
}

/** The case code NAV gets for each line (undefined on a taxed line), from the validated invoice data. */
async function navCases(invoiceId: number, keys?: Credentials): Promise<Array<string | undefined>> {
  const r = await s.ok('generateInvoice', { invoice_id: invoiceId }, { keys });
  const xml = Buffer.from(r.invoice_data, 'base64').toString('utf8');
  expect(xmllintErrors(xml)).toEqual([]);
  const lines = asList(at(parser.parse(xml), 'InvoiceData', 'invoiceMain', 'invoice', 'invoiceLines', 'line'));
  return lines.map((l) => {
    const rate = at(l, 'lineAmountsNormal', 'lineVatRate') as Xml;
    return (at(rate, 'vatExemption', 'case') ?? at(rate, 'vatOutOfScope', 'case')) as string | undefined;
  });
}

describe('0% VAT lines print their legal ground, the same one NAV gets', () => {
  it('domestic sale by a subject-exempt seller: AAM, Áfa tv. 187. §', async () => {
    const issued = await s.ok('setInvoice', hufInvoice(s, { contact_id: exempt.contactId, selected_account: exempt.bank, items: [item({ name: 'Javítás', vat: 0 })] }), { keys: exempt.keys });
    expect(await navCases(issued.invoice_id, exempt.keys)).toEqual(['AAM']);
    const hu = await pdfText(issued.invoice_id, 'hu_HU', exempt.keys);
    expect(hu).toContain('A 0%-os / áfamentes tételek jogcíme');
    expect(hu).toContain('AAM – Alanyi adómentes (az eladó alanyi adómentességet választott) (Áfa tv. 187. §; 2006/112/EK irányelv 282–292. cikk) – Tételek: 1');
    const en = await pdfText(issued.invoice_id, 'en_US', exempt.keys);
    expect(en).toContain('Legal ground for lines without VAT');
    expect(en).toContain('AAM – VAT exempt: the seller is under the small-business (subject) exemption (Áfa tv. 187. §; Directive 2006/112/EC Art. 282–292) – Lines: 1');
  });

  it('goods to an EU business with a VAT number: KBAET, Áfa tv. 89. §, with the taxed line unmarked', async () => {
    const inv = await issue(s, eurInvoice(s, { items: [item({ name: 'Widget', unit_price: 10, vat: 0 }), item({ name: 'Szerviz', unit_price: 5, vat: 27 })] }));
    expect(await navCases(inv.invoice_id)).toEqual(['KBAET', undefined]);
    const en = await pdfText(inv.invoice_id, 'en_US');
    expect(en).toContain('KBAET – VAT-exempt intra-Community supply of goods (Áfa tv. 89. §; Directive 2006/112/EC Art. 138) – Lines: 1');
    const hu = await pdfText(inv.invoice_id, 'hu_HU');
    expect(hu).toContain('KBAET – Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §; 2006/112/EK irányelv 138. cikk) – Tételek: 1');
    for (const [language, words] of [['de_DE', 'Steuerfreie innergemeinschaftliche Lieferung'], ['pl_PL', 'Wewnątrzwspólnotowa dostawa towarów zwolniona z VAT'], ['es_ES', 'Entrega intracomunitaria de bienes exenta de IVA']] as const) {
      expect(await pdfText(inv.invoice_id, language)).toContain(`KBAET – ${words} (Áfa tv. 89. §;`);
    }
  });

  it('goods to a buyer outside the EU: EAM, Áfa tv. 98. §; a deposit line is ATK; a storno prints the same grounds', async () => {
    const inv = await issue(s, eurInvoice(s, {
      contact_id: contact(s, ACME),
      items: [item({ name: 'Export gép', unit_price: 100, vat: 0 }), item({ name: 'Raklap betétdíj', unit_price: 3, vat: 0, deposit: 1 })],
    }));
    expect(await navCases(inv.invoice_id)).toEqual(['EAM', 'ATK']);
    const en = await pdfText(inv.invoice_id, 'en_US');
    expect(en).toContain('EAM – VAT-exempt export of goods outside the EU (Áfa tv. 98. §; Directive 2006/112/EC Art. 146) – Lines: 1');
    expect(en).toContain('ATK – Outside the scope of VAT (not consideration for a supply) (Áfa tv. 2. §) – Lines: 2');
    const hu = await pdfText(inv.invoice_id, 'hu_HU');
    expect(hu).toContain('EAM – Adómentes termékexport az Európai Unión kívülre (Áfa tv. 98. §; 2006/112/EK irányelv 146. cikk) – Tételek: 1');

    const st = await issue(s, eurInvoice(s, { contact_id: contact(s, ACME), storno_id: inv.invoice_id, items: undefined }));
    expect(await navCases(st.invoice_id)).toEqual(['EAM', 'ATK']);
    expect(await pdfText(st.invoice_id, 'en_US')).toContain('EAM – VAT-exempt export of goods outside the EU');
  });

  it('an invoice that charges VAT on every line prints no ground block', async () => {
    const inv = await issue(s, hufInvoice(s));
    expect(await pdfText(inv.invoice_id, 'hu_HU')).not.toContain('jogcíme');
  });
});
