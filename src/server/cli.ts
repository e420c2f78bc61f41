/**
 * `npm run server [-- --host H --port P --database FILE|URL --demo]` starts the Command API server;
 * `npm run server -- admin …` runs an operator command against the same database. Every option
 * and variable is listed in README.md ("The Command API server alone").
 */
import { parseArgs } from 'node:util';
import { ADMIN_USAGE, AdminError, runAdmin } from './admin/commands';
import { MIGRATE_USAGE, runMigrate } from './admin/migrate';
import { startServer, systemClock } from './app';
import { defaultConfig } from './config';
import { databaseLocation } from './databaseLocation';
import { DatabaseInUse } from './db/serverLock';
import { seedDemo } from './demo/seed';
import { openStoreAt, poolSize } from './serverStore';
import { invoicePrefixes, PREFIX_OPTIONS } from './invoicePrefixes';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, stopOnSignals } from './shutdown';
import { SMTP_OPTIONS, smtpConfig } from './smtpConfig';
import { NAV_OPTIONS, navConfig } from './navConfig';
import { NAV_USAGE, runNavAdmin } from './admin/nav';
import { navSecretSource } from './services/finance/navSecret';
import { navSoftware } from './services/finance/navServices';
import { defaultNavClientFactory } from './services/finance/navDefaultClient';

function envInt(name: string): number | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : Number(v);
}

/** A duration in milliseconds from a flag or its variable (flag first); undefined when neither is given. */
function readMs(flag: string | undefined, env: string, name: string): number | undefined {
  const raw = flag ?? process.env[env];
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100 || ms > 3_600_000) throw new AdminError(`--${name} must be a whole number of milliseconds from 100 to 3600000; got ${raw}`);
  return ms;
}

/**
 * How long a client may take to send its headers, and its whole request, before it is cut off
 * with 408 (docs/api.md, "Limits"); defaults in config.ts.
 */
function timeoutConfig(headersFlag: string | undefined, requestFlag: string | undefined): { headersTimeoutMs?: number; requestTimeoutMs?: number } {
  const headersTimeoutMs = readMs(headersFlag, 'STOCKDESK_HEADERS_TIMEOUT_MS', 'headers-timeout-ms');
  const requestTimeoutMs = readMs(requestFlag, 'STOCKDESK_REQUEST_TIMEOUT_MS', 'request-timeout-ms');
  const h = headersTimeoutMs ?? defaultConfig().headersTimeoutMs;
  const r = requestTimeoutMs ?? defaultConfig().requestTimeoutMs;
  if (h > r) throw new AdminError(`--headers-timeout-ms (${h}) must not exceed --request-timeout-ms (${r}).`);
  return { ...(headersTimeoutMs !== undefined ? { headersTimeoutMs } : {}), ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}) };
}

async function main(argv: string[]) {
  const adminAt = argv.indexOf('admin');
  const serverArgs = adminAt === -1 ? argv : argv.slice(0, adminAt);
  const { values } = parseArgs({
    args: serverArgs,
    options: {
      host: { type: 'string' }, port: { type: 'string' }, database: { type: 'string' }, db: { type: 'string' }, demo: { type: 'boolean' },
      'allow-private-photo-hosts': { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, ...SMTP_OPTIONS, ...PREFIX_OPTIONS,
      'headers-timeout-ms': { type: 'string' }, 'request-timeout-ms': { type: 'string' }, 'shutdown-timeout-ms': { type: 'string' },
      'pool-size': { type: 'string' }, ...NAV_OPTIONS,
    },
    strict: true,
  });
  if (values.help) {
    console.log(`Usage: npm run server -- [--host 127.0.0.1] [--port 8787|0] [--database ./data/server.db|sqlite:PATH|postgres://…] [--pool-size 10] [--demo]\n  [--invoice-prefix SD] [--proforma-prefix PRO] [--shutdown-timeout-ms 10000] [--allow-private-photo-hosts]\n  [--headers-timeout-ms 10000] [--request-timeout-ms 60000] (or STOCKDESK_HEADERS_TIMEOUT_MS / STOCKDESK_REQUEST_TIMEOUT_MS)\n  [--smtp-host H --smtp-from ADDR [--smtp-port 587] [--smtp-user U] [--smtp-secure]] (or STOCKDESK_SMTP_HOST/PORT/USER/PASS/FROM/SECURE; pass the password as STOCKDESK_SMTP_PASS)\n  [--secret-file PATH] (or STOCKDESK_SECRET_KEY / STOCKDESK_SECRET_FILE) [--nav-software-id ID] [--nav-software-name N] [--nav-dev-name N] [--nav-dev-contact E] [--nav-dev-country HU] [--nav-dev-tax-number T]\n${ADMIN_USAGE}\n${NAV_USAGE}\n${MIGRATE_USAGE}`);
    return;
  }
  if (adminAt !== -1 && argv[adminAt + 1] === 'migrate') {
    await runMigrate(argv.slice(adminAt + 2), (line) => console.log(JSON.stringify(line)));
    return;
  }
  const location = databaseLocation(values);
  const pool = poolSize(values['pool-size']);
  const nav = navConfig(values);
  if (adminAt !== -1) {
    const opened = await openStoreAt(location, { poolSize: 1, applicationName: 'stockdesk-admin' });
    try {
      if (argv[adminAt + 1] === 'nav') {
        const config = defaultConfig({ ...nav, dbPath: opened.shown });
        const out = await runNavAdmin(opened.store, argv.slice(adminAt + 2), {
          now: systemClock.now(), software: navSoftware(config), factory: defaultNavClientFactory(systemClock),
          secret: navSecretSource({ engine: opened.store.engine, sqlitePath: opened.store.engine === 'sqlite' ? opened.shown : undefined, secretFile: nav.navSecretFile }),
        });
        console.log(typeof out === 'string' ? out : JSON.stringify(out));
        return;
      }
      console.log(JSON.stringify(await runAdmin(opened.store, argv.slice(adminAt + 1), systemClock.now())));
    } finally {
      await opened.close();
    }
    return;
  }
  const port = values.port !== undefined ? Number(values.port) : (envInt('STOCKDESK_PORT') ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new AdminError(`--port must be 0..65535; got ${values.port ?? process.env.STOCKDESK_PORT}`);
  const timeouts = timeoutConfig(values['headers-timeout-ms'], values['request-timeout-ms']);
  const shutdownMs = readMs(values['shutdown-timeout-ms'], 'STOCKDESK_SHUTDOWN_TIMEOUT_MS', 'shutdown-timeout-ms') ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const prefixes = invoicePrefixes(values);
  const opened = await openStoreAt(location, { poolSize: pool });
  const app = await startServer({
    ...(opened.db ? { db: opened.db } : { store: opened.store }),
    config: {
      host: values.host ?? process.env.STOCKDESK_HOST ?? '127.0.0.1',
      port,
      dbPath: opened.shown,
      allowPrivatePhotoHosts: values['allow-private-photo-hosts'] ?? process.env.STOCKDESK_ALLOW_PRIVATE_PHOTO_HOSTS === '1',
      smtp: smtpConfig(values),
      ...nav,
      ...prefixes,
      ...timeouts,
    },
  }).catch(async (e: unknown) => {
    await opened.close().catch(() => undefined);
    throw e;
  });
  stopOnSignals(app, () => opened.close(), shutdownMs);
  if (values.demo) {
    const { account, keys } = await seedDemo(app.store, systemClock, {
      api_key: process.env.STOCKDESK_DEMO_API_KEY || undefined,
      session_key: process.env.STOCKDESK_DEMO_SESSION_KEY || undefined,
    }, app.config);
    console.log(JSON.stringify({ demo: true, url: app.url, api_key: keys.api_key, session_key: keys.session_key, bank_account: account.bankAccount, contact_id: account.customerContactId }));
  }
  console.log(JSON.stringify({ listening: app.url, engine: app.store.engine, db: opened.shown, pid: process.pid }));
}

main(process.argv.slice(2)).catch((e: unknown) => {
  const told = ['FutureDatabaseError', 'SmtpConfigError', 'NavConfigError', 'NavSecretError', 'InvoicePrefixError', 'DatabaseLocationError', 'PostgresUnavailable', 'CopyError'];
  console.error(e instanceof AdminError || e instanceof DatabaseInUse || told.includes((e as Error).name) || (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? (e as Error).message : e);
  process.exit(1);
});
