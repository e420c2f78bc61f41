/** Every rejection from the core, normalised to the contract's error body so screens handle one shape. */
import { useTranslation } from 'react-i18next';
import type { IpcErrorBody, IpcErrorCode } from '@shared/ipc';
import { translateMessage, type Translate } from './messages';

const CODES: readonly IpcErrorCode[] = ['VALIDATION_ERROR', 'OFFLINE', 'NOT_FOUND', 'CONFLICT', 'AUTH_FAILED', 'INTERNAL_ERROR'];

export class InvokeError extends Error {
  readonly code: IpcErrorCode;
  readonly details: Array<{ field: string; message: string }>;
  constructor(body: IpcErrorBody) {
    super(body.message);
    this.name = 'InvokeError';
    this.code = body.code;
    this.details = body.details;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Accepts an IpcError (body), a plain `{code,message,details}` or anything thrown. */
export function toInvokeError(e: unknown): InvokeError {
  if (e instanceof InvokeError) return e;
  const src = isRecord(e) && isRecord(e.body) ? e.body : e;
  if (isRecord(src) && typeof src.code === 'string' && typeof src.message === 'string') {
    const code = (CODES as readonly string[]).includes(src.code) ? (src.code as IpcErrorCode) : 'INTERNAL_ERROR';
    const details = Array.isArray(src.details)
      ? src.details.filter(isRecord).map((d) => ({ field: String(d.field ?? ''), message: String(d.message ?? '') }))
      : [];
    return new InvokeError({ code, message: src.message, details });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new InvokeError({ code: 'INTERNAL_ERROR', message, details: [] });
}

/**
 * Field errors keyed by the form's own field names: the core reports paths of the whole request
 * ("product.ean_number", "lines.2.quantity"), the form knows only what is under `prefix`.
 */
export function fieldErrors(error: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!(error instanceof InvokeError)) return out;
  for (const d of error.details) {
    if (!d.field) continue;
    const field = prefix && d.field.startsWith(prefix) ? d.field.slice(prefix.length) : d.field;
    if (!out.has(field)) out.set(field, d.message);
  }
  return out;
}

// One vocabulary, one translation (messages.ts); errors.ts keeps the names the screens import.
export { translateMessage, type Translate } from './messages';

/** translateMessage with the clerk's language: for a core or server message shown outside ErrorNotice. */
export function useSay(): (message: string) => string {
  const { t } = useTranslation();
  return (message) => translateMessage(t as unknown as Translate, message);
}
