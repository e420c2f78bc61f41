/**
 * The demo account (`--demo`): a Hungarian trading company with bank accounts, customers and
 * suppliers at home and abroad, then each area's own demo data. Seeding twice changes nothing.
 */
import { defaultConfig } from '../config';
import type { Clock } from '../context';
import type { Db } from '../db/types';
import type { Store } from '../db/sql';
import { sqliteStore } from '../db/sqlite/store';
import { createAccount, findAccountByName } from '../repos/accounts';
import { addBankAccount, listBankAccounts } from '../repos/bankAccounts';
import { findContactByName, insertContact, type Contact } from '../repos/contacts';
import { hasApiKey, hasSession, insertApiKey, insertSession, newKey } from '../repos/credentials';
import { addCustomFieldDef } from '../repos/customFields';
import { addEnvfeeCode } from '../repos/envfeeCodes';
import { ensureDefaultWarehouse } from '../repos/warehouses';
import { DEMO_AREA_STEPS, type DemoConfig } from './steps';

export const DEMO_ACCOUNT_NAME = 'Stockdesk Demo Kft.';

export interface DemoAccount {
  accountId: number;
  bankAccount: string;
  customerContactId: number;
  supplierContactId: number;
  contactIds: Record<string, number>;
}

export interface DemoKeys {
  api_key: string;
  session_key: string;
}

type ContactSeed = Omit<Contact, 'id' | 'updatedAt'>;
const CONTACTS: ContactSeed[] = [
  { name: 'Kovács és Fiú Kft.', kind: 'customer', countryCode: 'HU', postalCode: '9021', city: 'Győr', street: 'Petőfi Sándor utca 12.', taxNumber: '24681353-2-08', euVatNumber: 'HU24681353', email: 'szamla@kovacsesfiu.example', customerVatType: 'DOMESTIC' },
  { name: 'Nagy Építő Zrt.', kind: 'customer', countryCode: 'HU', postalCode: '1117', city: 'Budapest', street: 'Október huszonharmadika utca 8.', taxNumber: '13579135-2-43', customerVatType: 'DOMESTIC' },
  { name: 'Szabó Éva', kind: 'customer', countryCode: 'HU', postalCode: '6720', city: 'Szeged', street: 'Kárász utca 5.', email: 'szabo.eva@example.hu', customerVatType: 'PRIVATE_PERSON' },
  { name: 'Müller Handels GmbH', kind: 'customer', countryCode: 'DE', postalCode: '80331', city: 'München', street: 'Marienplatz 1', euVatNumber: 'DE129273398', email: 'einkauf@mueller.example', customerVatType: 'OTHER' },
  { name: 'Acme Trading Inc.', kind: 'customer', countryCode: 'US', postalCode: '10001', city: 'New York', street: '350 Fifth Avenue', customerVatType: 'OTHER' },
  { name: 'Tisza Nagykereskedés Kft.', kind: 'supplier', countryCode: 'HU', postalCode: '5000', city: 'Szolnok', street: 'Ady Endre út 21.', taxNumber: '11223344-2-16' },
  { name: 'Polska Hurtownia Sp. z o.o.', kind: 'supplier', countryCode: 'PL', postalCode: '00-001', city: 'Warszawa', street: 'ul. Marszałkowska 10', euVatNumber: 'PL5260250274' },
];

/**
 * `config`: the settings of the server the demo is seeded for (pass the running app's config), so the
 * demo's invoices and proformas take numbers of the configured series; defaults to defaultConfig().
 * `target`: the store, or a SQLite connection (the desk's in-process demo server, tests).
 */
export async function seedDemo(target: Store | Db, clock: Clock, keys: Partial<DemoKeys> = {}, config: DemoConfig = defaultConfig()): Promise<{ account: DemoAccount; keys: DemoKeys }> {
  const now = clock.now();
  const store = 'engine' in target ? target : sqliteStore(target);
  return store.transaction(async (db) => {
    const existing = await findAccountByName(db, DEMO_ACCOUNT_NAME);
    const accountId =
      existing?.id ??
      await createAccount(db, {
        name: DEMO_ACCOUNT_NAME, defaultCurrency: 'HUF', countryCode: 'HU', postalCode: '1051', city: 'Budapest',
        street: 'Széchenyi István tér 7–8.', taxNumber: '12345676-2-41', euVatNumber: 'HU12345676',
        email: 'iroda@stockdesk-demo.example', phone: '+36 1 555 0100',
      }, now);
    await ensureDefaultWarehouse(db, accountId, now);
    if (!existing) {
      await addBankAccount(db, accountId, { number: '11773016-11111018-00000000', bankName: 'OTP Bank', currency: 'HUF', swift: 'OTPVHUHB' });
      await addBankAccount(db, accountId, { number: 'HU42117730161111101800000000', bankName: 'OTP Bank (EUR)', currency: 'EUR', swift: 'OTPVHUHB' });
      for (const c of CONTACTS) await insertContact(db, accountId, c, now);
      await addCustomFieldDef(db, accountId, 'finance', { name: 'Projekt', type: 'text', options: [] });
      await addCustomFieldDef(db, accountId, 'finance', { name: 'Surgos', type: 'checkbox', options: ['igen', 'nem'] });
      await addCustomFieldDef(db, accountId, 'order', { name: 'Megjegyzes', type: 'text', options: [] });
      await addEnvfeeCode(db, accountId, 1, 'Csomagolószer – papír');
      await addEnvfeeCode(db, accountId, 2, 'Csomagolószer – műanyag');
    }
    const contactIds: Record<string, number> = {};
    for (const c of CONTACTS) contactIds[c.name] = (await findContactByName(db, accountId, c.name))!.id;
    const account: DemoAccount = {
      accountId,
      bankAccount: (await listBankAccounts(db, accountId))[0]!.number,
      customerContactId: contactIds['Kovács és Fiú Kft.']!,
      supplierContactId: contactIds['Tisza Nagykereskedés Kft.']!,
      contactIds,
    };
    for (const step of DEMO_AREA_STEPS) await step(db, account, clock, config);

    const apiKey = keys.api_key ?? newKey('sdk');
    const sessionKey = keys.session_key ?? newKey('sds');
    if (!await hasApiKey(db, apiKey)) await insertApiKey(db, accountId, apiKey, 'demo', now);
    if (!await hasSession(db, sessionKey)) await insertSession(db, accountId, sessionKey, 'demo', now, new Date(now.getTime() + 3650 * 86_400_000));
    return { account, keys: { api_key: apiKey, session_key: sessionKey } };
  });
}
