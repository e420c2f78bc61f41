/**
 * Why a PostgreSQL server could not be reached or would not let us in, as one sentence saying what
 * to fix: the operator reads it at start (`--database postgres://…`), not a driver's stack trace.
 * The driver's own messages never contain the password; the URL is shown without it by the caller.
 */
interface DriverError {
  message?: string;
  code?: string;
  errors?: DriverError[];
}

export function explainConnectError(e: unknown, url: string): string {
  const err = e as DriverError;
  // Node reports a refused "localhost" (tried on ::1 and 127.0.0.1) as an AggregateError with no message.
  const first = err.errors?.[0];
  const code = err.code ?? first?.code;
  const message = (err.message || first?.message || String(e)).replace(/\s+/g, ' ').trim();
  const { host, port, database, user } = parts(url);
  switch (code) {
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${host}:${port}; check the host and port in the URL, and that PostgreSQL is running there.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name ${host} does not resolve; check the host in the URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host}:${port} does not answer (${code}); check the host and port in the URL, and any firewall between.`;
    case '28P01':
    case '28000':
      return `${message}; check the user (${user || 'none given'}) and the password in the URL, and pg_hba.conf on the server.`;
    case '3D000':
      return `${message}; create it (createdb ${database}) or correct the name in the URL.`;
    case '53300':
      return `${message}; the server has no connection left: lower --pool-size here or raise max_connections there.`;
    default:
      if (/timeout/i.test(message)) return `no connection within the connect timeout (${message}); check the host and port in the URL, and that PostgreSQL is running there.`;
      return message;
  }
}

function parts(url: string): { host: string; port: string; database: string; user: string } {
  try {
    const u = new URL(url);
    return { host: u.hostname || 'the local socket', port: u.port || '5432', database: decodeURIComponent(u.pathname.slice(1)), user: decodeURIComponent(u.username) };
  } catch {
    return { host: '?', port: '?', database: '?', user: '' };
  }
}
