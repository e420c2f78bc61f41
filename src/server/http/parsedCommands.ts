/**
 * Read commands decoded and validated once per exact body. Desks poll: the same getQuantity or
 * getProduct page arrives byte for byte again and again, and under load decoding, shaping and
 * validating such a body costs more than answering it from kept data. Decoding and validation are
 * pure functions of the bytes and the content type, so their result for the same bytes is the same;
 * as GraphQL servers keep parsed and validated documents by query text, this keeps them by body.
 *
 * - Only read methods: a write carries its own request_id, so its body is never seen twice.
 * - Only what decoded and validated: a failing body goes through the whole path every time and gets
 *   its error, in the order the path gives them (authentication before validation).
 * - Authentication is never skipped: the kept form holds the keys, the caller checks them each time.
 * - Kept forms are frozen, so a handler that tried to change its parameters would fail at once.
 */
import type { Credentials, Format, MethodName, Params } from '@shared/protocol';

export interface ParsedCommand {
  format: Format;
  method: MethodName;
  credentials: Credentials;
  params: Params<MethodName>;
}

/** Bodies longer than this are not kept (reads are short; this bounds the memory to MAX × this). */
export const MAX_KEPT_BODY_BYTES = 2048;
export const MAX_KEPT_COMMANDS = 1000;

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const key of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[key]);
  }
  return v;
}

export class ParsedCommands {
  private readonly kept = new Map<string, ParsedCommand>();

  /** The kept form of this body, if it decoded and validated before. */
  find(body: Buffer, contentType: string | undefined): ParsedCommand | undefined {
    if (body.length > MAX_KEPT_BODY_BYTES || this.kept.size === 0) return undefined;
    return this.kept.get(keyOf(body, contentType));
  }

  /** Keeps a read command that decoded and validated; returns it frozen. */
  keep(body: Buffer, contentType: string | undefined, command: ParsedCommand, isWrite: boolean): ParsedCommand {
    if (isWrite || body.length > MAX_KEPT_BODY_BYTES) return command;
    if (this.kept.size >= MAX_KEPT_COMMANDS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(keyOf(body, contentType), deepFreeze(command));
    return command;
  }
}

// latin1 maps every byte to one character: the key is the exact bytes, and making it validates nothing.
const keyOf = (body: Buffer, contentType: string | undefined) => `${contentType ?? ''}\n${body.toString('latin1')}`;
