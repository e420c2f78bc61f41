/**
 * `admin nav …`: an account's NAV Online Számla connection (docs/nav.md, "Configuring").
 *   nav set --account ID --url URL --login L --password P --signing-key K --exchange-key K --tax-number NNNNNNNN
 *   nav show --account ID        nav test --account ID        nav unset --account ID
 *   nav annul --account ID --invoice ID --code ERRATIC_DATA|… --reason TEXT
 * The secrets may come from STOCKDESK_NAV_PASSWORD, STOCKDESK_NAV_SIGNING_KEY and
 * STOCKDESK_NAV_EXCHANGE_KEY instead, so they need not appear in the process list. Nothing here
 * prints a secret: `show` masks them, errors never quote them.
 */
import { parseArgs } from 'node:util';
import { NAV_ANNULMENT_CODES } from '@shared/protocol/schemas/nav';
import { ProtocolError } from '@shared/protocol';
import type { Sql, Store } from '../db/sql';
import { NavError } from '../nav/client/errors';
import type { NavSoftware } from '../nav/client/types';
import { getAccount } from '../repos/accounts';
import { deleteNavConnection, getNavConnection } from '../repos/navConnections';
import { countByStatus, resumeAccount } from '../repos/navSubmissions';
import { loadCredentials, NavConnectionError, storeConnection, type NavClientFactory } from '../services/finance/navConnection';
import { queueAnnulment } from '../services/finance/nav';
import { NavSecretError, type NavSecretSource } from '../services/finance/navSecret';
import { AdminError } from './errors';

export const NAV_USAGE = `  nav set --account ID --url URL --login L --password P --signing-key K --exchange-key K --tax-number 12345678
      (or the secrets as STOCKDESK_NAV_PASSWORD, STOCKDESK_NAV_SIGNING_KEY, STOCKDESK_NAV_EXCHANGE_KEY)
  nav show --account ID     nav test --account ID     nav unset --account ID
  nav annul --account ID --invoice ID --code ${NAV_ANNULMENT_CODES.join('|')} --reason TEXT`;

const OPTIONS = {
  account: { type: 'string' }, url: { type: 'string' }, login: { type: 'string' }, password: { type: 'string' },
  'signing-key': { type: 'string' }, 'exchange-key': { type: 'string' }, 'tax-number': { type: 'string' },
  invoice: { type: 'string' }, code: { type: 'string' }, reason: { type: 'string' },
} as const;

export interface NavAdminDeps {
  now: Date;
  secret: NavSecretSource;
  factory: NavClientFactory;
  software: NavSoftware;
  env?: NodeJS.ProcessEnv;
}

const mask = (s: string) => (s.length <= 4 ? '****' : `${'*'.repeat(Math.min(12, s.length - 4))}${s.slice(-4)}`);

/** Runs one `admin nav` command; a string answer is printed as it is (nav test), anything else as a JSON line. */
export async function runNavAdmin(db: Store, argv: string[], deps: NavAdminDeps): Promise<unknown> {
  const env = deps.env ?? process.env;
  const { values: v, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const verb = positionals[0];
  const need = (k: keyof typeof OPTIONS, envName?: string): string => {
    const x = v[k] ?? (envName ? env[envName] : undefined);
    if (!x) throw new AdminError(`--${k}${envName ? ` (or ${envName})` : ''} is required for "nav ${verb}"`);
    return x;
  };
  const accountId = async () => {
    const n = Number(need('account'));
    if (!Number.isSafeInteger(n) || n <= 0) throw new AdminError('--account must be a positive whole number');
    if (!(await getAccount(db, n))) throw new AdminError(`Account ${n} does not exist; see "admin account list".`);
    return n;
  };
  try {
    switch (verb) {
      case 'set': {
        const id = await accountId();
        const input = {
          url: need('url'), login: need('login'), password: need('password', 'STOCKDESK_NAV_PASSWORD'),
          signingKey: need('signing-key', 'STOCKDESK_NAV_SIGNING_KEY'), exchangeKey: need('exchange-key', 'STOCKDESK_NAV_EXCHANGE_KEY'), taxNumber: need('tax-number'),
        };
        const { revision, resumed } = await db.transaction(async (tx) => ({
          revision: await storeConnection(tx, id, input, deps.secret, deps.now),
          // A changed connection is a person's answer to every state that waited for one.
          resumed: await resumeAccount(tx, id, deps.now.getTime(), deps.now),
        }));
        return { account_id: id, set: true, revision, resumed };
      }
      case 'show': {
        const id = await accountId();
        const c = await getNavConnection(db, id);
        if (!c) return { account_id: id, configured: false, submissions: await countByStatus(db, id) };
        const open = await loadCredentials(db, id, deps.secret);
        return {
          account_id: id, configured: true, url: c.url, login: c.login, tax_number: c.taxNumber, password: '(stored as its SHA-512 hash)',
          signing_key: mask(open!.credentials.signingKey), exchange_key: mask(open!.credentials.exchangeKey), revision: c.revision, updated_at: c.updatedAt,
          software: deps.software, submissions: await countByStatus(db, id),
        };
      }
      case 'test': {
        const id = await accountId();
        const c = await loadCredentials(db, id, deps.secret);
        if (!c) throw new AdminError(`Account ${id} has no NAV connection; set one with "admin nav set --account ${id} …".`);
        try {
          await deps.factory(c.credentials, deps.software).tokenExchange();
          return 'OK';
        } catch (e) {
          if (!(e instanceof NavError)) throw e;
          throw new AdminError(`NAV ${e.kind}${e.code ? ` ${e.code}` : ''}: ${e.message}`.replace(/\s+/g, ' '));
        }
      }
      case 'unset': {
        const id = await accountId();
        return { account_id: id, removed: await deleteNavConnection(db, id) };
      }
      case 'annul': {
        const id = await accountId();
        const code = need('code');
        if (!(NAV_ANNULMENT_CODES as readonly string[]).includes(code)) throw new AdminError(`--code must be one of ${NAV_ANNULMENT_CODES.join(', ')}; got ${code}`);
        const reason = need('reason').trim();
        if (reason.length > 1024) throw new AdminError('--reason must be at most 1024 characters');
        const invoice = Number(need('invoice'));
        if (!Number.isSafeInteger(invoice) || invoice <= 0) throw new AdminError('--invoice must be an invoice id');
        return await db.transaction((tx: Sql) => queueAnnulment(tx, id, invoice, code as (typeof NAV_ANNULMENT_CODES)[number], reason, deps.now, () => undefined));
      }
      default:
        throw new AdminError(`Unknown admin command "nav ${positionals.join(' ')}".\n${NAV_USAGE}`);
    }
  } catch (e) {
    if (e instanceof NavConnectionError || e instanceof NavSecretError) throw new AdminError(e.message);
    if (e instanceof ProtocolError) throw new AdminError(e.message);
    throw e;
  }
}
