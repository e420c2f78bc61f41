/** Clerks of the demo account for the roles tests: one user per role, each with a session, made by the admin commands in-process. */
import { runAdmin } from '@server/admin/commands';
import type { Credentials, Role } from '@shared/protocol';
import type { TestServer } from '../../helpers/server';

export interface Clerk {
  userId: number;
  name: string;
  keys: Credentials;
}

export const CLERK_NAMES: Record<Role, string> = { warehouse: 'Raktáros Vera', billing: 'Számlázó Béla', manager: 'Vezető Mária' };

export const admin = async (s: TestServer, args: string[]) => (await runAdmin(s.app.store, args, s.clock.now())) as Record<string, unknown>;

export async function addClerk(s: TestServer, role: Role, name = CLERK_NAMES[role], accountId = s.account.accountId, apiKey = s.keys.api_key): Promise<Clerk> {
  const account = String(accountId);
  const email = `${role}.${Math.random().toString(36).slice(2, 8)}@pelda.hu`;
  const userId = (await admin(s, ['user', 'add', '--account', account, '--name', name, '--email', email, '--role', role])).user_id as number;
  const session = await admin(s, ['session', 'open', '--account', account, '--user', String(userId)]);
  return { userId, name, keys: { api_key: apiKey, session_key: session.session_key as string } };
}

export async function clerks(s: TestServer): Promise<Record<Role, Clerk>> {
  return { warehouse: await addClerk(s, 'warehouse'), billing: await addClerk(s, 'billing'), manager: await addClerk(s, 'manager') };
}

export interface AuditLine {
  id: number;
  user_id: number | null;
  method: string;
  request_id: string | null;
  summary: string;
}

/** The server's own audit trail of an account, oldest first. */
export const auditOf = (s: TestServer, accountId = s.account.accountId) =>
  s.app.store.all<AuditLine>('SELECT id, user_id, method, request_id, summary FROM audit_log WHERE account_id = ? ORDER BY id', [accountId]);
