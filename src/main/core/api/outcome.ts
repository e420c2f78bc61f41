/**
 * Every way a Command API call can end, typed, because the outbox treats each differently:
 * `ok` is done, `rejected` parks the command for the clerk, `auth` pauses the whole queue,
 * `network` and `server` are retried with backoff.
 */
import type { ErrorCode, ErrorDetail, MethodName, Reason, Result } from '@shared/protocol';

export type Outcome<M extends MethodName> =
  | { kind: 'ok'; result: Result<M> }
  /** The server read the command and refused it: the clerk has to change something. */
  | { kind: 'rejected'; code: ErrorCode; message: string; details: ErrorDetail[]; reason?: Reason }
  | { kind: 'auth'; message: string }
  /**
   * No answer: refused connection, reset, timeout, DNS. The command may or may not have been
   * applied. `unreachable`: nothing was listening or routable (refused, unknown host, no route) —
   * not a call lost on the way, which is worth sending again at once.
   */
  | { kind: 'network'; message: string; unreachable?: boolean }
  /** An answer that is not a verdict: 5xx, INTERNAL_ERROR, or a body the codec cannot read. */
  | { kind: 'server'; message: string; status: number | null };

export type Failure = Exclude<Outcome<MethodName>, { kind: 'ok' }>;

export const isRetryable = (o: { kind: string }): boolean => o.kind === 'network' || o.kind === 'server';
