import type { Reason, ReasonCode } from './reasons';

/**
 * The error codes of the Command API and their HTTP statuses. The document leaves error codes and
 * statuses "not shown"; these are ours (docs/api.md), and both programs rely on them exactly.
 */

export const ERROR_STATUS = {
  MALFORMED_REQUEST: 400,
  VALIDATION_ERROR: 400,
  AUTH_FAILED: 401,
  // The keys are valid, but the session's user has a role that may not call this method (roles.ts).
  FORBIDDEN: 403,
  UNKNOWN_METHOD: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ErrorDetail {
  /** Path of the offending field, e.g. `items[2].quantity`; empty for the request as a whole. */
  field: string;
  message: string;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details: ErrorDetail[];
  /** A business refusal's machine-readable reason (reasons.ts); absent on malformed input and other errors. */
  reason?: ReasonCode;
  /** The reason's figures (product, warehouse, requested, available…); present exactly when `reason` is. */
  figures?: Record<string, unknown>;
}

/** A failure that is the caller's to fix (or, for INTERNAL_ERROR, ours), with a message a clerk can act on. */
export class ProtocolError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly reason: Reason | undefined;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], reason?: Reason) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
    this.details = details;
    this.reason = reason;
  }

  get httpStatus(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message, details: this.details };
    if (this.reason) {
      body.reason = this.reason.reason;
      // Omitted figures (undefined) stay out of the body, so XML and JSON carry the same fields.
      body.figures = Object.fromEntries(Object.entries(this.reason.figures).filter(([, v]) => v !== undefined));
    }
    return body;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

export const malformed = (message: string, details: ErrorDetail[] = []) =>
  new ProtocolError('MALFORMED_REQUEST', message, details);
export const invalid = (message: string, details: ErrorDetail[] = [], reason?: Reason) =>
  new ProtocolError('VALIDATION_ERROR', message, details, reason);
export const conflict = (message: string, details: ErrorDetail[] = [], reason?: Reason) =>
  new ProtocolError('CONFLICT', message, details, reason);
export const notFound = (message: string, details: ErrorDetail[] = [], reason?: Reason) =>
  new ProtocolError('NOT_FOUND', message, details, reason);
