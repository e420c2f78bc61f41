/**
 * The Command API credentials, encrypted with the operating system's key store (Keychain, DPAPI,
 * libsecret/KWallet through Electron's safeStorage) into a file in userData. Never written in plain
 * text: without a real key store, saving fails with a message the clerk can act on.
 */
import { readFileSync, rmSync } from 'node:fs';
import { storedSchema, type StoredKeys } from './core/clerkBook';
import { writeFileAtomic } from './files';

/** What the core asks the host to keep: its clerk book (or an old single pair). */
export type Credentials = StoredKeys;

export interface CredentialStore {
  load(): Credentials | null;
  save(credentials: Credentials): void;
  clear(): void;
}

/** The part of Electron's safeStorage the store uses. */
export interface Encryption {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export class NoSecureStorageError extends Error {
  constructor() {
    super(
      'This computer offers Stockdesk no encrypted password storage (on Linux: no keyring such as GNOME Keyring or KWallet is running), ' +
        'so the API key is not saved: Stockdesk never stores it in plain text. Start a keyring and enter the key again.',
    );
    this.name = 'NoSecureStorageError';
  }
}

/** The core's clerk book, or the single pair older versions saved (the core reads both: core/clerkBook.ts). */
const schema = storedSchema;

/** Linux without a keyring reports "available" but uses a fixed built-in key: that is plain text in disguise. */
export function canEncrypt(enc: Encryption, platform: NodeJS.Platform = process.platform): boolean {
  if (!enc.isEncryptionAvailable()) return false;
  return !(platform === 'linux' && enc.getSelectedStorageBackend?.() === 'basic_text');
}

export function createCredentialStore(file: string, enc: Encryption, platform: NodeJS.Platform = process.platform): CredentialStore {
  return {
    load() {
      let blob: Buffer;
      try {
        blob = readFileSync(file);
      } catch {
        return null;
      }
      // Unreadable (key store reset, file from another machine): as if none were saved, so the clerk is asked again.
      try {
        if (!canEncrypt(enc, platform)) return null;
        const r = schema.safeParse(JSON.parse(enc.decryptString(blob)));
        return r.success ? r.data : null;
      } catch {
        return null;
      }
    },
    save(credentials) {
      if (!canEncrypt(enc, platform)) throw new NoSecureStorageError();
      writeFileAtomic(file, enc.encryptString(JSON.stringify(schema.parse(credentials))), 0o600);
    },
    clear() {
      rmSync(file, { force: true });
    },
  };
}
