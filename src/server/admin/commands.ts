/**
 * Operator commands (`npm run server -- admin …`): accounts, keys, sessions, bank accounts,
 * contacts, custom-field definitions, environmental-fee codes, users (clerks with roles) and the audit
 * trail. Each prints one JSON line.
 */
import { parseArgs } from 'node:util';
import type { Sql } from '../db/sql';
import { createAccount, listAccounts, setAccountTimeZone } from '../repos/accounts';
import { canonicalTimeZone, isTimeZone } from '@shared/time/localDay';
import { addBankAccount } from '../repos/bankAccounts';
import { insertContact, type ContactKind } from '../repos/contacts';
import { writeStamped } from '../repos/changeCursor';
import { credentialsChanged, expireSession, insertApiKey, insertSession, listApiKeys, listSessions, newKey, revokeApiKey } from '../repos/credentials';
import { addCustomFieldDef, type CustomFieldArea, type CustomFieldType } from '../repos/customFields';
import { addEnvfeeCode } from '../repos/envfeeCodes';
import { findUser } from '../repos/users';
import { ensureDefaultWarehouse } from '../repos/warehouses';
import { runPeopleAdmin, PEOPLE_USAGE } from './people';

export const ADMIN_USAGE = `Usage: npm run server -- [--database FILE|URL] admin <command> [options]
  account create --name N [--tax-number 12345678-2-42] [--eu-vat HU12345678] [--postal-code P --city C --street S] [--country HU] [--currency HUF] [--time-zone Europe/Budapest]
  account set --account ID --time-zone ZONE   (the IANA zone whose calendar day business dates are; Europe/Budapest by default)
  account list
  key issue --account ID [--label L]          key revoke --id ID          key list --account ID
  session open --account ID [--user ID] [--ttl 8h|30d] [--label L]   session expire --id ID   session list --account ID
  bank add --account ID --number N [--bank-name B] [--currency HUF] [--swift S]
  contact add --account ID --name N [--kind customer|supplier|both] [--country HU] [--postal-code P] [--city C] [--street S] [--tax-number T] [--eu-vat V] [--email E] [--vat-type DOMESTIC|PRIVATE_PERSON|OTHER]
  field add --account ID --area finance|finance_item|order --name N --type text|number|date|checkbox|radio [--options a,b]
  envfee add --account ID --code N --description D
${PEOPLE_USAGE}`;

const OPTIONS = {
  name: { type: 'string' }, 'tax-number': { type: 'string' }, 'eu-vat': { type: 'string' }, 'postal-code': { type: 'string' },
  city: { type: 'string' }, street: { type: 'string' }, country: { type: 'string' }, currency: { type: 'string' },
  account: { type: 'string' }, label: { type: 'string' }, id: { type: 'string' }, ttl: { type: 'string' },
  number: { type: 'string' }, 'bank-name': { type: 'string' }, swift: { type: 'string' }, kind: { type: 'string' },
  email: { type: 'string' }, 'vat-type': { type: 'string' }, area: { type: 'string' }, type: { type: 'string' },
  options: { type: 'string' }, 'time-zone': { type: 'string' }, code: { type: 'string' }, description: { type: 'string' },
  user: { type: 'string' }, role: { type: 'string' }, method: { type: 'string' }, since: { type: 'string' }, limit: { type: 'string' },
} as const;

import { AdminError } from './errors';

export { AdminError };

/** "8h", "30d", "15m" → milliseconds. */
export function parseTtl(s: string): number {
  const m = /^(\d+)([mhd])$/.exec(s);
  if (!m) throw new AdminError(`--ttl must look like 15m, 8h or 30d; got ${s}`);
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd'];
}

/** A --time-zone value as stored: an IANA name Intl knows, canonically spelt. */
function timeZoneOption(zone: string): string {
  const z = zone.trim();
  if (!isTimeZone(z)) {
    throw new AdminError(`--time-zone must be an IANA time zone name such as Europe/Budapest, Europe/Vienna or UTC; "${zone}" is not one (the list: Intl.supportedValuesOf('timeZone') in node).`);
  }
  return canonicalTimeZone(z);
}

/** A session may belong only to an active user of its own account: a user of account A never acts for B. */
async function sessionUser(db: Sql, accountId: number, userId: number): Promise<number> {
  const u = await findUser(db, userId);
  if (!u || u.account_id !== accountId) throw new AdminError(`User ${userId} is not a user of account ${accountId}; see "admin user list --account ${accountId}".`);
  if (!u.active) throw new AdminError(`User ${userId} (${u.name}) is disabled; a disabled user gets no sessions.`);
  return u.id;
}

export async function runAdmin(db: Sql, argv: string[], now: Date): Promise<unknown> {
  const { values: v, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const [noun, verb] = positionals;
  const need = (k: keyof typeof OPTIONS): string => {
    const x = v[k];
    if (!x) throw new AdminError(`--${k} is required for "${noun} ${verb}"`);
    return x;
  };
  const num = (k: keyof typeof OPTIONS) => {
    const n = Number(need(k));
    if (!Number.isSafeInteger(n) || n <= 0) throw new AdminError(`--${k} must be a positive whole number`);
    return n;
  };
  switch (`${noun} ${verb}`) {
    case 'account create': {
      const id = await createAccount(db, {
        name: need('name'), defaultCurrency: v.currency ?? 'HUF', countryCode: v.country ?? 'HU', postalCode: v['postal-code'] ?? '',
        city: v.city ?? '', street: v.street ?? '', taxNumber: v['tax-number'], euVatNumber: v['eu-vat'],
      }, now);
      if (v['time-zone'] !== undefined) await setAccountTimeZone(db, id, timeZoneOption(v['time-zone']));
      await ensureDefaultWarehouse(db, id, now);
      return { account_id: id };
    }
    case 'account set': {
      const zone = timeZoneOption(need('time-zone'));
      if (!(await setAccountTimeZone(db, num('account'), zone))) throw new AdminError(`There is no account ${num('account')}; see "admin account list".`);
      // The zone travels with a verified session (services/auth.ts): sessions this process kept are read again.
      credentialsChanged(db);
      return { account_id: num('account'), time_zone: zone };
    }
    case 'account list':
      return { accounts: await listAccounts(db) };
    case 'key issue': {
      const key = newKey('sdk');
      const id = await insertApiKey(db, num('account'), key, v.label ?? '', now);
      return { key_id: id, api_key: key, note: 'Store this key now; only its hash is kept.' };
    }
    case 'key revoke':
      return { revoked: await revokeApiKey(db, num('id'), now) };
    case 'key list':
      return { keys: await listApiKeys(db, num('account')) };
    case 'session open': {
      const key = newKey('sds');
      const expires = new Date(now.getTime() + parseTtl(v.ttl ?? '30d'));
      const userId = v.user === undefined ? null : await sessionUser(db, num('account'), num('user'));
      const id = await insertSession(db, num('account'), key, v.label ?? '', now, expires, userId);
      return { session_id: id, session_key: key, expires_at: expires.toISOString() };
    }
    case 'session expire':
      return { expired: await expireSession(db, num('id'), now) };
    case 'session list':
      return { sessions: await listSessions(db, num('account')) };
    case 'bank add':
      return { bank_account_id: await addBankAccount(db, num('account'), { number: need('number'), bankName: v['bank-name'] ?? '', currency: v.currency ?? 'HUF', swift: v.swift }) };
    case 'contact add': {
      const kind = (v.kind ?? 'customer') as ContactKind;
      if (!['customer', 'supplier', 'both'].includes(kind)) throw new AdminError('--kind must be customer, supplier or both');
      const vatType = v['vat-type'] as 'DOMESTIC' | 'PRIVATE_PERSON' | 'OTHER' | undefined;
      // Announced before it is written, so that no desk's pull cursor passes it (repos/changeCursor.ts).
      const id = await writeStamped(db, num('account'), now, (tx) => insertContact(tx, num('account'), {
        name: need('name'), kind, countryCode: v.country ?? 'HU', postalCode: v['postal-code'], city: v.city, street: v.street,
        taxNumber: v['tax-number'], euVatNumber: v['eu-vat'], email: v.email, customerVatType: vatType,
      }, now));
      return { contact_id: id };
    }
    case 'field add': {
      const area = need('area') as CustomFieldArea;
      const type = need('type') as CustomFieldType;
      if (!['finance', 'finance_item', 'order'].includes(area)) throw new AdminError('--area must be finance, finance_item or order');
      if (!['text', 'number', 'date', 'checkbox', 'radio'].includes(type)) throw new AdminError('--type must be text, number, date, checkbox or radio');
      await addCustomFieldDef(db, num('account'), area, { name: need('name'), type, options: v.options ? v.options.split(',').map((s) => s.trim()) : [] });
      return { added: true };
    }
    case 'envfee add':
      await addEnvfeeCode(db, num('account'), num('code'), need('description'));
      return { added: true };
    default: {
      const people = await runPeopleAdmin(db, noun, verb, { need, num, v }, now);
      if (people !== undefined) return people;
      throw new AdminError(`Unknown admin command "${positionals.join(' ')}".\n${ADMIN_USAGE}`);
    }
  }
}
