/**
 * The single keys form in Settings (settings.setCredentials, issue 19). Keys typed there that could
 * take a clerk's unsent work — the signed-in clerk has entries not yet applied, or the server has
 * named her — are kept only once the server has said whose they are (getSession): the same person's
 * renewed keys replace hers in place, another person's become a clerk of their own, and refused or
 * unchecked keys change nothing, so no entry is ever sent with someone else's keys. A desk's first
 * keys, and a clerk's with nothing unsent and no known user, are kept at once as before (a first
 * setup offline works; the engine checks them when the desk is next online).
 */
import type { Capability } from '@shared/protocol';
import type { DeskClerks } from './clerks';
import { ipcError } from './handlers/context';
import type { Db } from './mirror/db';
import { unsentOf } from './outbox/repo';
import type { CoreLog, StoredCredentials } from './types';

const ASK_MS = 5_000;

export interface KeysFormDeps {
  clerks: DeskClerks;
  db: Db;
  /** What the server announced on /api/health (empty until it has been reached). */
  capabilities: () => Set<Capability>;
  log: CoreLog;
}

/** The English sentence when the server cannot be asked; the screens word it in the clerk's language. */
export function notCheckedMessage(unsent: number): string {
  const head = 'These keys can be saved only once Stockdesk is online and the server has said whose they are';
  if (unsent === 0) return `${head}; nothing was changed.`;
  return `${head}; the ${unsent} unsent ${unsent === 1 ? 'entry of the signed-in clerk stays' : 'entries of the signed-in clerk stay'} theirs.`;
}

export async function saveTypedKeys(d: KeysFormDeps, typed: StoredCredentials): Promise<void> {
  const cur = d.clerks.current();
  const unsent = cur ? unsentOf(d.db, cur.id, d.clerks.isCurrent(null)) : 0;
  const caps = d.capabilities();
  // An older server cannot say whose keys these are (its health named extensions, getSession not among them).
  const olderServer = caps.size > 0 && !caps.has('crm.getSession');
  if (!cur || (cur.userId === null && unsent === 0) || olderServer) return d.clerks.setCurrentKeys(typed);

  const api = d.clerks.clientWith(typed);
  if (!api) throw ipcError('VALIDATION_ERROR', 'Enter the server address in Settings first: the desk asks the server whose keys these are before keeping them.');
  const o = await api.call('getSession', {}, { timeoutMs: ASK_MS });
  switch (o.kind) {
    case 'auth':
      d.log.info('keys typed in the keys form were refused', { message: o.message });
      throw ipcError('AUTH_FAILED', 'The server does not accept these keys: check that the API key and the session key are the ones issued to this clerk, and type them again.');
    case 'network':
    case 'server':
      // The network's own words stay in the log: the screen says what happens to the clerk's work.
      d.log.info('keys typed in the keys form could not be checked', { message: o.message });
      throw ipcError('OFFLINE', notCheckedMessage(unsent));
    case 'rejected':
      // A server without getSession (UNKNOWN_METHOD): it cannot tell people apart, as before.
      return d.clerks.setCurrentKeys(typed);
    case 'ok': {
      const who = { name: o.result.user?.name ?? null, role: o.result.role, userId: o.result.user?.id ?? null };
      // The server vouched for the signed-in clerk's keys once (a role is kept), or is asked now.
      const curUser = cur.role !== null ? cur.userId : await userOfCurrent(d);
      // Only a person known to be the same gets the signed-in clerk's place (and her unsent work).
      // Keys the server never vouched for and refuses now can send nothing for anybody: the typed
      // keys replace them, or those entries could never be sent at all (a mistyped first key).
      if (curUser === who.userId || curUser === 'refused') return d.clerks.setCurrentKeys(typed, who);
      await d.clerks.add({ ...typed, ...who });
    }
  }
}

/** The server user behind the signed-in clerk's keys ('unknown': the server could not be asked). */
async function userOfCurrent(d: KeysFormDeps): Promise<number | null | 'refused' | 'unknown'> {
  const o = await d.clerks.client()?.call('getSession', {}, { timeoutMs: ASK_MS });
  if (o?.kind === 'ok') return o.result.user?.id ?? null;
  return o?.kind === 'auth' ? 'refused' : 'unknown';
}
