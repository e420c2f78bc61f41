/** Parsing `--database` / STOCKDESK_DATABASE_URL (databaseLocation.ts), and the honest refusal of PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { databaseLocation, DatabaseLocationError, parseDatabaseLocation } from '@server/databaseLocation';

const parse = (text: string) => parseDatabaseLocation(text, '--database');

describe('parseDatabaseLocation', () => {
  it.each([
    ['./data/server.db', './data/server.db'],
    ['/var/lib/stockdesk/server.db', '/var/lib/stockdesk/server.db'],
    ['C:\\stockdesk\\server.db', 'C:\\stockdesk\\server.db'],
    ['sqlite:./data/server.db', './data/server.db'],
    ['sqlite:server.db', 'server.db'],
    ['SQLite:server.db', 'server.db'],
    ['sqlite:///var/lib/stock%20desk/server.db', '/var/lib/stock desk/server.db'],
    ['sqlite::memory:', ':memory:'],
  ])('reads %s as the SQLite file %s', (text, path) => {
    expect(parse(text)).toEqual({ engine: 'sqlite', path });
  });

  it('reads a PostgreSQL URL into its parts, and never shows its password', () => {
    expect(parse('postgres://stock:p%40ss@db.example:5433/stockdesk?sslmode=require')).toEqual({
      engine: 'postgres', url: 'postgres://stock:p%40ss@db.example:5433/stockdesk?sslmode=require', host: 'db.example', port: 5433, database: 'stockdesk', user: 'stock',
      shown: 'postgres://stock:***@db.example:5433/stockdesk',
    });
    expect(parse('postgresql://db.example/stockdesk')).toMatchObject({ engine: 'postgres', host: 'db.example', port: 5432, database: 'stockdesk', user: '', shown: 'postgresql://db.example/stockdesk' });
    // No host: libpq's local socket.
    expect(parse('postgresql:///stockdesk')).toMatchObject({ engine: 'postgres', host: '', database: 'stockdesk' });
  });

  it.each([
    ['', /^--database is empty; give a SQLite file path, a sqlite: URL or a postgres:\/\/ URL$/],
    ['sqlite:', /^--database: sqlite: needs a file path after it/],
    ['sqlite://host/server.db', /names a host; write sqlite:PATH/],
    ['sqlite:///tmp/a.db?mode=ro', /has a query or fragment/],
    ['mysql://db.example/stock', /^--database: mysql: is not a database this server knows/],
    ['postgres://stock:s3cret@db.example:70000/stockdesk', /^--database: postgres:\/\/stock:\*\*\*@db\.example:70000\/stockdesk is not a valid PostgreSQL URL/],
    ['postgres://db.example/a/b', /the database name has a \//],
  ])('refuses %j, saying what to write', (text, message) => {
    expect(() => parse(text)).toThrow(DatabaseLocationError);
    expect(() => parse(text)).toThrow(message);
    try {
      parse(text);
    } catch (e) {
      expect((e as Error).message).not.toContain('s3cret');
    }
  });
});

describe('databaseLocation', () => {
  it('takes the flags over the environment, --database and STOCKDESK_DATABASE_URL like --db and STOCKDESK_DB, and defaults to ./data/server.db', () => {
    expect(databaseLocation({}, {})).toEqual({ engine: 'sqlite', path: './data/server.db' });
    expect(databaseLocation({}, { STOCKDESK_DB: 'a.db' })).toEqual({ engine: 'sqlite', path: 'a.db' });
    expect(databaseLocation({}, { STOCKDESK_DATABASE_URL: 'sqlite:b.db' })).toEqual({ engine: 'sqlite', path: 'b.db' });
    expect(databaseLocation({}, { STOCKDESK_DATABASE_URL: 'sqlite:b.db', STOCKDESK_DB: '' })).toEqual({ engine: 'sqlite', path: 'b.db' });
    expect(databaseLocation({ db: 'c.db' }, { STOCKDESK_DATABASE_URL: 'sqlite:b.db' })).toEqual({ engine: 'sqlite', path: 'c.db' });
    expect(databaseLocation({ database: 'd.db', db: 'd.db' }, {})).toEqual({ engine: 'sqlite', path: 'd.db' });
    expect(() => databaseLocation({}, { STOCKDESK_DATABASE_URL: 'postgres://x:pw@h/db', STOCKDESK_DB: 'a.db' })).toThrow(
      'STOCKDESK_DATABASE_URL and STOCKDESK_DB name two databases (postgres://x:***@h/db and a.db); give one of them (STOCKDESK_DB is the older name of STOCKDESK_DATABASE_URL)',
    );
  });
});
