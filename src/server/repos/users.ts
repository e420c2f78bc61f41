/** The clerks of an account (people/migration.ts): who they are, their role, whether they may still sign in. */
import type { Role } from '@shared/protocol';
import type { Sql } from '../db/sql';
import { credentialsChanged, revokeUserSessions } from './credentials';

export interface UserRow {
  id: number;
  account_id: number;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  created_at: string;
}

const COLUMNS = 'id, account_id, name, email, role, active, created_at';
const mapUser = (r: Omit<UserRow, 'active'> & { active: number }): UserRow => ({ ...r, active: r.active === 1 });

export async function insertUser(sql: Sql, accountId: number, u: { name: string; email: string; role: Role }, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>('INSERT INTO users (account_id, name, email, role, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', [
    accountId, u.name, u.email, u.role, now.toISOString(),
  ]);
  return r!.id;
}

export async function findUser(sql: Sql, id: number): Promise<UserRow | undefined> {
  const r = await sql.get<Omit<UserRow, 'active'> & { active: number }>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]);
  return r && mapUser(r);
}

export async function findUserByEmail(sql: Sql, accountId: number, email: string): Promise<UserRow | undefined> {
  const r = await sql.get<Omit<UserRow, 'active'> & { active: number }>(`SELECT ${COLUMNS} FROM users WHERE account_id = ? AND email = ?`, [accountId, email]);
  return r && mapUser(r);
}

export const listUsers = async (sql: Sql, accountId: number): Promise<UserRow[]> =>
  (await sql.all<Omit<UserRow, 'active'> & { active: number }>(`SELECT ${COLUMNS} FROM users WHERE account_id = ? ORDER BY id`, [accountId])).map(mapUser);

/** Changes a user's role; their sessions keep working, with the new role from their next request. */
export async function setUserRole(sql: Sql, id: number, role: Role): Promise<boolean> {
  const changed = (await sql.run('UPDATE users SET role = ? WHERE id = ?', [role, id])).changes > 0;
  // A verified-keys cache entry carries the role: the same bump as a revocation drops it.
  credentialsChanged(sql);
  return changed;
}

/** Disables a user and revokes every session of theirs at once; returns how many sessions were revoked. */
export async function disableUser(sql: Sql, id: number, now: Date): Promise<{ disabled: boolean; sessions_revoked: number }> {
  const disabled = (await sql.run('UPDATE users SET active = 0 WHERE id = ? AND active = 1', [id])).changes > 0;
  return { disabled, sessions_revoked: await revokeUserSessions(sql, id, now) };
}

/** Users' names by id, for documents' created_by (ids of other accounts are never asked for, but are filtered anyway). */
export async function userNames(sql: Sql, accountId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await sql.all<{ id: number; name: string }>(
    `SELECT id, name FROM users WHERE account_id = ? AND id IN (${unique.map(() => '?').join(', ')})`, [accountId, ...unique]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
