/**
 * The clerks of one desk (issue 19, "Signing in on the desk"): each with their own Command API keys,
 * one of them the current clerk. This is what every credential store keeps (memory, the harness's
 * file, the host's safeStorage blob). Stores written before several clerks existed hold one bare
 * {apiKey, sessionKey} pair: it is read as a book of one clerk with the fixed id LEGACY_CLERK_ID,
 * the id outbox entries written before migration 012 (clerk_id NULL) are sent with.
 *
 * A removed clerk leaves a tombstone without keys (id, name, server user id): adding the same user
 * again gives back the same id, so that clerk's parked entries can go with the new keys.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ROLES, type Role } from '@shared/protocol/roles';

/** The id of the pair a desk held before clerks were kept apart (and of outbox rows with clerk_id NULL). */
export const LEGACY_CLERK_ID = 'desk';

export const pairSchema = z.object({ apiKey: z.string().min(1), sessionKey: z.string().min(1) });

const profileSchema = pairSchema.extend({
  id: z.string().min(1).max(64),
  name: z.string().nullable().default(null),
  role: z.enum(ROLES).nullable().default(null),
  /** The server's user id (getSession), to know the same person when they are added again. */
  userId: z.number().nullable().default(null),
});
const tombstoneSchema = z.object({ id: z.string().min(1).max(64), name: z.string().nullable(), userId: z.number().nullable() });

export const bookSchema = z.object({
  version: z.literal(2),
  current: z.string().nullable(),
  clerks: z.array(profileSchema),
  removed: z.array(tombstoneSchema).default([]),
});

/** Whatever a store may hold: the book, or the single pair of older versions. */
export const storedSchema = z.union([bookSchema, pairSchema]);

export type ClerkProfile = z.infer<typeof profileSchema>;
export type ClerkBook = z.infer<typeof bookSchema>;
export type StoredKeys = z.infer<typeof storedSchema>;

export const emptyBook = (): ClerkBook => ({ version: 2, current: null, clerks: [], removed: [] });

/** Reads what a store held; an old single pair becomes the book of one clerk (LEGACY_CLERK_ID). */
export function toBook(stored: unknown): ClerkBook {
  const r = storedSchema.safeParse(stored);
  if (!r.success) return emptyBook();
  if ('version' in r.data) return r.data;
  return { version: 2, current: LEGACY_CLERK_ID, clerks: [{ id: LEGACY_CLERK_ID, apiKey: r.data.apiKey, sessionKey: r.data.sessionKey, name: null, role: null, userId: null }], removed: [] };
}

export const currentOf = (b: ClerkBook): ClerkProfile | null => b.clerks.find((c) => c.id === b.current) ?? null;

/** A new clerk's id: the removed one's when the server says it is the same user, else a random one. */
export function idFor(b: ClerkBook, userId: number | null): string {
  const back = userId !== null ? b.removed.find((t) => t.userId === userId) : undefined;
  return back?.id ?? randomUUID();
}

/** Adds (or, for the same server user, replaces) a clerk and makes them current. */
export function addClerk(b: ClerkBook, p: Omit<ClerkProfile, 'id'>): { book: ClerkBook; id: string } {
  const same = p.userId !== null ? b.clerks.find((c) => c.userId === p.userId) : b.clerks.find((c) => c.apiKey === p.apiKey && c.sessionKey === p.sessionKey);
  const id = same?.id ?? idFor(b, p.userId);
  return {
    id,
    book: { ...b, current: id, clerks: [...b.clerks.filter((c) => c.id !== id), { ...p, id }], removed: b.removed.filter((t) => t.id !== id) },
  };
}

/** Removes a clerk's keys; a tombstone keeps the name for the sync centre's sentence. */
export function removeClerk(b: ClerkBook, id: string): ClerkBook {
  const gone = b.clerks.find((c) => c.id === id);
  if (!gone) return b;
  const clerks = b.clerks.filter((c) => c.id !== id);
  return {
    ...b,
    clerks,
    current: b.current === id ? (clerks[0]?.id ?? null) : b.current,
    removed: [...b.removed.filter((t) => t.id !== id), { id, name: gone.name, userId: gone.userId }],
  };
}

/** The name the desk knows for a clerk id, present or removed (null: the account's own session or unknown). */
export function nameOf(b: ClerkBook, id: string | null): string | null {
  const key = id ?? LEGACY_CLERK_ID;
  return b.clerks.find((c) => c.id === key)?.name ?? b.removed.find((t) => t.id === key)?.name ?? null;
}

/**
 * Whose keys send an entry: its own clerk's. An entry from before migration 012 (NULL) goes with the
 * desk's old pair, or — on a desk that has only ever had one clerk — with that clerk.
 */
export function keysFor(b: ClerkBook, clerkId: string | null): ClerkProfile | null {
  if (clerkId !== null) return b.clerks.find((c) => c.id === clerkId) ?? null;
  return b.clerks.find((c) => c.id === LEGACY_CLERK_ID) ?? (b.clerks.length === 1 && b.removed.length === 0 ? b.clerks[0]! : null);
}

export type { Role };
