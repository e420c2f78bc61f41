/**
 * The server's secret that the NAV technical users' signing and exchange keys are encrypted under
 * (AES-256-GCM), and where it comes from (docs/nav.md, "The server's secret"):
 * - STOCKDESK_SECRET_KEY: 64 hex digits (32 bytes), or
 * - --secret-file PATH / STOCKDESK_SECRET_FILE: a file holding the same, or
 * - on SQLite, by default `<database file>.secret` beside the database, created 0600 on first need.
 * On PostgreSQL there is no default: every instance must be given the same secret, or an instance
 * could not read what another's operator stored. The secret is never printed and never logged.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

export class NavSecretError extends Error {
  override name = 'NavSecretError';
}

/** Gives the 32-byte key when asked (only when a NAV connection is read or written). */
export type NavSecretSource = () => Buffer;

function parseKey(text: string, from: string): Buffer {
  const t = text.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(t)) throw new NavSecretError(`${from} must hold 64 hexadecimal digits (32 random bytes, e.g. from "openssl rand -hex 32")`);
  return Buffer.from(t, 'hex');
}

function readFileKey(path: string): Buffer {
  const mode = statSync(path).mode & 0o077;
  if (mode !== 0) throw new NavSecretError(`${path} can be read by other users of this machine; run "chmod 600 ${path}"`);
  return parseKey(readFileSync(path, 'utf8'), path);
}

export interface NavSecretOptions {
  /** --secret-file, else STOCKDESK_SECRET_FILE. */
  secretFile?: string;
  engine: 'sqlite' | 'postgres';
  /** The SQLite database file, for the default beside it. */
  sqlitePath?: string;
  env?: NodeJS.ProcessEnv;
}

export function navSecretSource(o: NavSecretOptions): NavSecretSource {
  let key: Buffer | undefined;
  return () => (key ??= resolve(o));
}

function resolve(o: NavSecretOptions): Buffer {
  const env = o.env ?? process.env;
  if (env.STOCKDESK_SECRET_KEY) return parseKey(env.STOCKDESK_SECRET_KEY, 'STOCKDESK_SECRET_KEY');
  const file = o.secretFile ?? (env.STOCKDESK_SECRET_FILE || undefined);
  if (file) {
    if (!existsSync(file)) throw new NavSecretError(`--secret-file ${file} does not exist; create it with "openssl rand -hex 32 > ${file} && chmod 600 ${file}"`);
    return readFileKey(file);
  }
  if (o.engine === 'postgres' || !o.sqlitePath || o.sqlitePath === ':memory:') {
    throw new NavSecretError('The NAV connection\'s keys are stored encrypted under a server secret: give every instance the same STOCKDESK_SECRET_KEY (64 hex digits) or --secret-file PATH (docs/nav.md).');
  }
  const beside = `${o.sqlitePath}.secret`;
  if (existsSync(beside)) return readFileKey(beside);
  const fresh = randomBytes(32);
  writeFileSync(beside, `${fresh.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(beside, 0o600);
  return fresh;
}

/** AES-256-GCM: "v1:" + base64(iv ‖ tag ‖ ciphertext). */
export function sealText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

export function openText(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new NavSecretError('a stored NAV key is not in a known format; set the connection again (admin nav set)');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  try {
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    throw new NavSecretError('The stored NAV keys cannot be decrypted with this server\'s secret (another STOCKDESK_SECRET_KEY or secret file than when they were set); give the same secret, or set the connection again (admin nav set).');
  }
}

/** What NAV needs of the password, and all the server keeps: SHA-512, upper-case hex (spec 1.5.1). */
export { passwordHash as navPasswordHash } from '../../nav/client/crypto';
