/**
 * The two simple credential stores: memory (tests) and a 0600 file (the browser harness, where no
 * OS key store is reachable). In Electron the host keeps the keys with safeStorage; the core asks it
 * over the message channel (see `hostCredentialStore` and the protocol in entry.ts). What they keep
 * is the desk's clerk book (clerkBook.ts), or the single pair older versions wrote.
 */
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CredentialStore } from './types';
import { storedSchema as schema, type StoredKeys } from './clerkBook';

export function memoryCredentialStore(initial: StoredKeys | null = null): CredentialStore {
  let value = initial;
  return {
    load: async () => value,
    save: async (c) => {
      value = schema.parse(c);
    },
    clear: async () => {
      value = null;
    },
  };
}

/** Plain JSON readable only by the user; for the harness, whose browser has no key store to offer. */
export function fileCredentialStore(path: string): CredentialStore {
  return {
    async load() {
      try {
        const r = schema.safeParse(JSON.parse(await readFile(path, 'utf8')));
        return r.success ? r.data : null;
      } catch {
        return null;
      }
    },
    async save(c) {
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.tmp`;
      await writeFile(tmp, JSON.stringify(schema.parse(c)), { mode: 0o600 });
      // writeFile's mode only applies to new files; an old tmp keeps its mode otherwise.
      await chmod(tmp, 0o600);
      await rename(tmp, path);
    },
    async clear() {
      await rm(path, { force: true });
    },
  };
}

/** Messages of the credentials exchange between the core and its host (entry.ts documents it). */
export type CredentialsRequest = { type: 'credentials'; id: number } & (
  | { op: 'load' }
  | { op: 'save'; credentials: StoredKeys }
  | { op: 'clear' }
);
export type CredentialsReply =
  | { type: 'credentials'; id: number; ok: true; credentials?: StoredKeys | null }
  | { type: 'credentials'; id: number; ok: false; message: string };

/** A store that asks the host process, which keeps the keys with Electron's safeStorage. */
export function hostCredentialStore(send: (m: CredentialsRequest) => void, timeoutMs = 30_000): CredentialStore & { receive(m: CredentialsReply): void } {
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: CredentialsReply) => void; timer: NodeJS.Timeout }>();
  const ask = (op: 'load' | 'save' | 'clear', credentials?: StoredKeys): Promise<CredentialsReply> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('The app did not answer the request for the stored credentials.'));
      }, timeoutMs);
      pending.set(id, { resolve, timer });
      send(op === 'save' ? { type: 'credentials', id, op, credentials: credentials! } : { type: 'credentials', id, op });
    });
  const check = (r: CredentialsReply) => {
    if (!r.ok) throw new Error(r.message);
    return r;
  };
  return {
    async load() {
      const r = check(await ask('load'));
      const parsed = schema.safeParse(r.credentials);
      return parsed.success ? parsed.data : null;
    },
    async save(c) {
      check(await ask('save', schema.parse(c)));
    },
    async clear() {
      check(await ask('clear'));
    },
    receive(m) {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      p.resolve(m);
    },
  };
}
