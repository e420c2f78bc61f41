import { ProtocolError, type Credentials } from '@shared/protocol';
import type { Db } from '../db/types';
import { accountForKeys } from '../repos/credentials';

/** One message for every failure, so a caller learns nothing about which key was wrong or whose it is. */
export const AUTH_MESSAGE =
  'The api_key and session_key are not valid together, or the session has expired or been revoked. Ask your administrator for a new session key.';

export function authenticate(db: Db, c: Credentials, now: Date): number {
  if (!c.api_key || !c.session_key) {
    throw new ProtocolError('AUTH_FAILED', 'Both api_key and session_key are required inside the method element.');
  }
  const accountId = accountForKeys(db, c.api_key, c.session_key, now);
  if (accountId === undefined) throw new ProtocolError('AUTH_FAILED', AUTH_MESSAGE);
  return accountId;
}
