/**
 * The SMTP settings of invoice e-mail from CLI flags or the environment (flags win):
 * --smtp-host / STOCKDESK_SMTP_HOST, --smtp-port / STOCKDESK_SMTP_PORT (default 587, or 465 when
 * secure), --smtp-user / STOCKDESK_SMTP_USER, --smtp-pass / STOCKDESK_SMTP_PASS (prefer the
 * environment: flags show in the process list), --smtp-from / STOCKDESK_SMTP_FROM,
 * --smtp-secure / STOCKDESK_SMTP_SECURE=1 (TLS from the first byte; otherwise STARTTLS when offered).
 * No host means no SMTP: queued invoice mail waits, and getInvoice says why.
 */
import type { SmtpConfig } from './config';

export const SMTP_OPTIONS = {
  'smtp-host': { type: 'string' },
  'smtp-port': { type: 'string' },
  'smtp-user': { type: 'string' },
  'smtp-pass': { type: 'string' },
  'smtp-from': { type: 'string' },
  'smtp-secure': { type: 'boolean' },
} as const;

export interface SmtpArgs {
  'smtp-host'?: string;
  'smtp-port'?: string;
  'smtp-user'?: string;
  'smtp-pass'?: string;
  'smtp-from'?: string;
  'smtp-secure'?: boolean;
}

export class SmtpConfigError extends Error {
  override name = 'SmtpConfigError';
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes)$/i.test(v.trim());

export function smtpConfig(args: SmtpArgs, env: NodeJS.ProcessEnv = process.env): SmtpConfig | undefined {
  const pick = (flag: keyof SmtpArgs, name: string) => {
    const v = args[flag];
    return typeof v === 'string' && v !== '' ? v : env[name] || undefined;
  };
  const host = pick('smtp-host', 'STOCKDESK_SMTP_HOST');
  if (!host) return undefined;
  const secure = args['smtp-secure'] ?? truthy(env.STOCKDESK_SMTP_SECURE);
  const portText = pick('smtp-port', 'STOCKDESK_SMTP_PORT');
  const port = portText === undefined ? (secure ? 465 : 587) : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new SmtpConfigError(`--smtp-port must be 1..65535; got ${portText}`);
  const from = pick('smtp-from', 'STOCKDESK_SMTP_FROM');
  if (!from) throw new SmtpConfigError('--smtp-from (or STOCKDESK_SMTP_FROM) is required with an SMTP host: the sender address of invoice e-mail');
  const user = pick('smtp-user', 'STOCKDESK_SMTP_USER');
  const pass = pick('smtp-pass', 'STOCKDESK_SMTP_PASS');
  if (pass !== undefined && user === undefined) throw new SmtpConfigError('--smtp-pass needs --smtp-user (or STOCKDESK_SMTP_USER)');
  return { host, port, secure, user, pass, from };
}
