/** Operator commands for users (clerks with roles) and the audit trail (issue 19). */
import { isCalendarDate, isMethodName, isRole, ROLES, type Role } from '@shared/protocol';
import type { Sql } from '../db/sql';
import { AUDIT_LIST_MAX, listAudit } from '../repos/audit';
import { disableUser, findUserByEmail, insertUser, listUsers, setUserRole } from '../repos/users';
import { AdminError } from './errors';

export const PEOPLE_USAGE = `  user add --account ID --name N --email E --role ${ROLES.join('|')}   user list --account ID
  user role --id ID --role ${ROLES.join('|')}   user disable --id ID (revokes the user's sessions at once)
  audit --account ID [--user ID] [--method M] [--since 2026-11-01] [--limit 100]`;

interface Args {
  need(k: 'name' | 'email' | 'role'): string;
  num(k: 'account' | 'id' | 'user' | 'limit'): number;
  v: { user?: string; method?: string; since?: string; limit?: string };
}

function role(a: Args): Role {
  const r = a.need('role');
  if (!isRole(r)) throw new AdminError(`--role must be one of ${ROLES.join(', ')}; got ${r}`);
  return r;
}

/** Undefined when the command is not one of these. */
export async function runPeopleAdmin(db: Sql, noun: string | undefined, verb: string | undefined, a: Args, now: Date): Promise<unknown> {
  if (noun === 'audit' && (verb === undefined || verb === 'list')) return audit(db, a);
  switch (`${noun} ${verb}`) {
    case 'user add': {
      const account = a.num('account');
      const email = a.need('email').trim();
      if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email)) throw new AdminError(`--email must be an e-mail address like name@example.com; got ${email}`);
      const r = role(a);
      if (await findUserByEmail(db, account, email)) throw new AdminError(`Account ${account} already has a user with e-mail ${email}; see "admin user list --account ${account}".`);
      return { user_id: await insertUser(db, account, { name: a.need('name').trim(), email, role: r }, now) };
    }
    case 'user list':
      return { users: await listUsers(db, a.num('account')) };
    case 'user role':
      return { changed: await setUserRole(db, a.num('id'), role(a)) };
    case 'user disable':
      return disableUser(db, a.num('id'), now);
    default:
      return undefined;
  }
}

async function audit(db: Sql, a: Args) {
  const { method, since } = a.v;
  if (method !== undefined && !isMethodName(method)) throw new AdminError(`--method must be a method of the API, like setQuantity; got ${method}`);
  if (since !== undefined && !isCalendarDate(since) && Number.isNaN(Date.parse(since))) throw new AdminError(`--since must be a date like 2026-11-01 or an ISO instant; got ${since}`);
  const limit = a.v.limit === undefined ? 100 : a.num('limit');
  if (limit > AUDIT_LIST_MAX) throw new AdminError(`--limit must be at most ${AUDIT_LIST_MAX}`);
  const entries = await listAudit(db, a.num('account'), {
    userId: a.v.user === undefined ? undefined : a.num('user'),
    method,
    since: since === undefined ? undefined : isCalendarDate(since) ? since : new Date(since).toISOString(),
    limit,
  });
  return { entries };
}
