/**
 * The desk's clerks at run time: the clerk book (clerkBook.ts) as the credential store keeps it,
 * and one ApiClient per clerk, so the replay sends every outbox entry with its own clerk's keys.
 * Keys stay in this process: the screens get ids, names and roles (views()).
 */
import type { ClerkView } from '@shared/ipc/types';
import type { ApiClient } from './api/client';
import { addClerk, currentOf, emptyBook, keysFor, LEGACY_CLERK_ID, nameOf, removeClerk, toBook, type ClerkBook, type ClerkProfile } from './clerkBook';
import type { CredentialStore, StoredCredentials } from './types';

export class DeskClerks {
  private book: ClerkBook = emptyBook();
  private clients = new Map<string, ApiClient>();

  constructor(
    private readonly store: CredentialStore,
    /** A client with a clerk's keys, or null while no server is set up. */
    private readonly makeClient: (keys: StoredCredentials) => ApiClient | null,
  ) {}

  /** A client with keys not kept (yet): to ask the server whose they are before saving them. */
  clientWith(keys: StoredCredentials): ApiClient | null {
    return this.makeClient(keys);
  }

  async load(): Promise<void> {
    this.book = toBook(await this.store.load());
    this.rebuild();
  }

  /** The demo desk's keys live only as long as the process (the demo server restarts with new ones). */
  useVolatile(pair: StoredCredentials): void {
    this.book = toBook(pair);
    this.rebuild();
  }

  private async save(book: ClerkBook): Promise<void> {
    // Stored first: a refused save (no OS key store) leaves the desk as it was.
    await this.store.save(book);
    this.book = book;
    this.rebuild();
  }

  /** New server or format: every clerk's client again. */
  rebuild(): void {
    this.clients = new Map();
    for (const c of this.book.clerks) {
      const client = this.makeClient(c);
      if (client) this.clients.set(c.id, client);
    }
  }

  current(): ClerkProfile | null {
    return currentOf(this.book);
  }

  client(): ApiClient | null {
    return this.book.current ? (this.clients.get(this.book.current) ?? null) : null;
  }

  /** The client that sends an entry made by `clerkId` (keysFor decides NULL); null: those keys are gone. */
  clientFor(clerkId: string | null): ApiClient | null {
    const p = keysFor(this.book, clerkId);
    return p ? (this.clients.get(p.id) ?? null) : null;
  }

  /** Whether an entry of `clerkId` is sent with the signed-in clerk's keys. */
  isCurrent(clerkId: string | null): boolean {
    const p = keysFor(this.book, clerkId);
    return p !== null && p.id === this.book.current;
  }

  nameOf(clerkId: string | null): string | null {
    return nameOf(this.book, clerkId);
  }

  has(id: string): boolean {
    return this.book.clerks.some((c) => c.id === id);
  }

  secrets(): string[] {
    return this.book.clerks.flatMap((c) => [c.apiKey, c.sessionKey]);
  }

  views(): ClerkView[] {
    return this.book.clerks.map((c) => ({ id: c.id, name: c.name, role: c.role, current: c.id === this.book.current }));
  }

  /**
   * Keys typed for the current clerk (the single-clerk Settings form, the demo): they replace the
   * current clerk's keys and keep their id, so the outbox stays theirs; the first keys of a desk
   * are LEGACY_CLERK_ID, the desk's only keys. `who`: what the server said of these keys, when it was asked.
   */
  async setCurrentKeys(pair: StoredCredentials, who: Pick<ClerkProfile, 'name' | 'role' | 'userId'> = { name: null, role: null, userId: null }): Promise<void> {
    const cur = this.current();
    if (cur) {
      await this.save({ ...this.book, clerks: this.book.clerks.map((c) => (c.id === cur.id ? { ...c, ...pair, ...who } : c)) });
      return;
    }
    const fresh = { ...pair, ...who };
    if (this.book.clerks.length === 0 && !this.book.removed.some((t) => t.id === LEGACY_CLERK_ID)) {
      await this.save({ ...this.book, current: LEGACY_CLERK_ID, clerks: [{ ...fresh, id: LEGACY_CLERK_ID }] });
    } else {
      await this.add(fresh);
    }
  }

  /** A clerk whose keys the server vouched for (getSession); they become the current clerk. */
  async add(p: Omit<ClerkProfile, 'id'>): Promise<string> {
    const r = addClerk(this.book, p);
    await this.save(r.book);
    return r.id;
  }

  async remove(id: string): Promise<void> {
    await this.save(removeClerk(this.book, id));
  }

  async switchTo(id: string): Promise<void> {
    await this.save({ ...this.book, current: id });
  }

  /** The server named the current keys' user: kept for the picker (only when something changed). */
  async learnt(info: { name: string | null; role: ClerkProfile['role']; userId: number | null }): Promise<void> {
    const cur = this.current();
    if (!cur || (cur.name === info.name && cur.role === info.role && cur.userId === info.userId)) return;
    await this.save({ ...this.book, clerks: this.book.clerks.map((c) => (c.id === cur.id ? { ...c, ...info } : c)) });
  }
}
