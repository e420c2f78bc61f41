/**
 * Where the server keeps its data: `--database` / STOCKDESK_DATABASE_URL (and the older `--db` /
 * STOCKDESK_DB), flags over the environment. A file path or a `sqlite:` URL selects SQLite (the
 * default, ./data/server.db); a `postgres://` or `postgresql://` URL selects PostgreSQL (opened by
 * serverStore.ts).
 */
export const DEFAULT_SQLITE_PATH = './data/server.db';

export type DatabaseLocation =
  | { engine: 'sqlite'; path: string }
  | {
      engine: 'postgres';
      url: string;
      /** Empty: the local socket, as libpq reads it. */
      host: string;
      port: number;
      database: string;
      user: string;
      /** The URL with its password and query left out, for messages and logs. */
      shown: string;
    };

export class DatabaseLocationError extends Error {
  override name = 'DatabaseLocationError';
}

const WHAT_TO_GIVE = 'give a SQLite file path, a sqlite: URL or a postgres:// URL';

/** Hides a password in text that may be a URL, for messages about text that did not parse. */
const redact = (text: string) => text.replace(/(\/\/[^/:@]*:)[^@/]*@/, '$1***@');

function sqlitePath(text: string, from: string): string {
  const rest = text.slice('sqlite:'.length);
  if (rest === ':memory:') return ':memory:';
  if (!rest.startsWith('//')) {
    if (rest === '') throw new DatabaseLocationError(`${from}: sqlite: needs a file path after it (sqlite:./data/server.db)`);
    return rest;
  }
  // The URL form: sqlite:///absolute/path, percent-escapes decoded; a host has no meaning here.
  if (!rest.startsWith('///')) throw new DatabaseLocationError(`${from}: ${text} names a host; write sqlite:PATH (sqlite:./data/server.db) or sqlite:///ABSOLUTE/PATH`);
  if (/[?#]/.test(rest)) throw new DatabaseLocationError(`${from}: ${text} has a query or fragment, which a SQLite location does not take; write sqlite:///ABSOLUTE/PATH`);
  try {
    return decodeURIComponent(rest.slice(2));
  } catch {
    throw new DatabaseLocationError(`${from}: ${text} has a broken %-escape`);
  }
}

function postgres(text: string, from: string): DatabaseLocation {
  const invalid = (why: string) => new DatabaseLocationError(`${from}: ${redact(text)} is not a valid PostgreSQL URL (${why}); write postgres://USER:PASSWORD@HOST:5432/DATABASE`);
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw invalid('it does not parse; check the port and any @ or : in the password, which must be written %40 and %3A');
  }
  let user: string;
  let database: string;
  try {
    user = decodeURIComponent(u.username);
    database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  } catch {
    throw invalid('a broken %-escape');
  }
  if (database.includes('/')) throw invalid('the database name has a /');
  const shown = `${u.protocol}//${u.username}${u.password ? ':***' : ''}${u.username || u.password ? '@' : ''}${u.host}${u.pathname}`;
  return { engine: 'postgres', url: text, host: u.hostname, port: u.port ? Number(u.port) : 5432, database, user, shown };
}

/** Parses one location; `from` names the flag or variable it came from, for messages. */
export function parseDatabaseLocation(text: string, from: string): DatabaseLocation {
  if (text.trim() === '') throw new DatabaseLocationError(`${from} is empty; ${WHAT_TO_GIVE}`);
  // Two letters at least, so that a Windows drive (C:\data\server.db) stays a path.
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return { engine: 'sqlite', path: text };
  if (scheme === 'sqlite') return { engine: 'sqlite', path: sqlitePath(text, from) };
  if (scheme === 'postgres' || scheme === 'postgresql') return postgres(text, from);
  throw new DatabaseLocationError(`${from}: ${scheme}: is not a database this server knows; ${WHAT_TO_GIVE}`);
}

export interface DatabaseArgs {
  database?: string;
  db?: string;
}

/** The location from the flags, else the environment, else the default file. */
export function databaseLocation(args: DatabaseArgs, env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  const both = (a: string, b: string, x: string, y: string) =>
    new DatabaseLocationError(`${a} and ${b} name two databases (${redact(x)} and ${redact(y)}); give one of them (${b} is the older name of ${a})`);
  if (args.database !== undefined && args.db !== undefined && args.database !== args.db) throw both('--database', '--db', args.database, args.db);
  if (args.database !== undefined) return parseDatabaseLocation(args.database, '--database');
  if (args.db !== undefined) return parseDatabaseLocation(args.db, '--db');
  // Empty variables count as unset, as the server's other variables do.
  const url = env.STOCKDESK_DATABASE_URL || undefined;
  const file = env.STOCKDESK_DB || undefined;
  if (url && file && url !== file) throw both('STOCKDESK_DATABASE_URL', 'STOCKDESK_DB', url, file);
  if (url) return parseDatabaseLocation(url, 'STOCKDESK_DATABASE_URL');
  if (file) return parseDatabaseLocation(file, 'STOCKDESK_DB');
  return { engine: 'sqlite', path: DEFAULT_SQLITE_PATH };
}
