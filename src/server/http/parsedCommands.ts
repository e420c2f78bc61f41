/**
 * Read commands decoded and validated once per exact body. Desks poll: the same getQuantity or
 * getProduct page arrives byte for byte again and again, and under load decoding, shaping and
 * validating such a body costs more than answering it from kept data. Decoding and validation are
 * pure functions of the bytes and the content type, so their result for the same bytes is the same;
 * as GraphQL servers keep parsed and validated documents by query text, this keeps them by body.
 *
 * - Only read methods: a write carries its own request_id, so its body is never seen twice.
 * - Only a body seen twice: one that never repeats costs a key and nothing more.
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

/** A body's place in ParsedCommands: its key, and its kept form if it has one. */
export interface Lookup {
  key: string | null;
  kept: ParsedCommand | undefined;
}

export class ParsedCommands {
  private readonly kept = new Map<string, ParsedCommand>();
  // Bodies seen once: a body is kept on its second sighting, so traffic that never repeats pays
  // only for noting its key, not for freezing and keeping what will not be asked again.
  private readonly seenOnce = new Map<string, true>();

  /** The body's key and, if it decoded and validated before, its kept form. */
  find(body: Buffer, contentType: string | undefined): Lookup {
    if (body.length > MAX_KEPT_BODY_BYTES) return { key: null, kept: undefined };
    const key = keyOf(body, contentType);
    return { key, kept: this.kept.get(key) };
  }

  /** Notes a read command that decoded and validated, and keeps it (frozen) if its body was seen before. */
  keep(at: Lookup, command: ParsedCommand, isWrite: boolean): ParsedCommand {
    if (isWrite || at.key === null) return command;
    if (!this.seenOnce.delete(at.key)) {
      remember(this.seenOnce, at.key, true);
      return command;
    }
    remember(this.kept, at.key, deepFreeze(command));
    return command;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_KEPT_COMMANDS) map.delete(map.keys().next().value!);
  map.set(key, value);
}

// latin1 maps every byte to one character: the key is the exact bytes, and making it validates nothing.
const keyOf = (body: Buffer, contentType: string | undefined) => `${contentType ?? ''}\n${body.toString('latin1')}`;
