import type { NavErrorKind, NavMessage } from './types';

/** A failed NAV call; `kind` says what the submission queue does next (types.ts, NavErrorKind). */
export class NavError extends Error {
  constructor(
    readonly kind: NavErrorKind,
    message: string,
    /** NAV's errorCode (e.g. INVALID_SECURITY_USER), when NAV answered one. */
    readonly code?: string,
    readonly httpStatus?: number,
    /** NAV's technical validation messages, when it gave any. */
    readonly messages: NavMessage[] = [],
  ) {
    super(message);
    this.name = 'NavError';
  }
}
