// Window state (pure read/validate/clamp) and the safeStorage-backed credential store.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canEncrypt, createCredentialStore, NoSecureStorageError, type Encryption } from '@main/credentials';
import { clampWindowState, DEFAULT_STATE, loadWindowState, parseWindowState, saveWindowState } from '@main/windowState';

const tmp = () => mkdtempSync(join(tmpdir(), 'stockdesk-shell-'));
const screen = { x: 0, y: 0, width: 1920, height: 1040 };
const right = { x: 1920, y: 0, width: 1280, height: 984 };

describe('window state', () => {
  it('parses what it saved and nothing else', () => {
    expect(parseWindowState('{"bounds":{"x":10,"y":20,"width":1200,"height":800},"maximized":true}')).toEqual({ bounds: { x: 10, y: 20, width: 1200, height: 800 }, maximized: true });
    expect(parseWindowState('{"bounds":{"width":1200,"height":800}}')).toEqual({ bounds: { width: 1200, height: 800 }, maximized: false });
    for (const bad of ['', '{', 'null', '[]', '{"bounds":{"width":-5,"height":800}}', '{"bounds":{"width":1.5,"height":800}}', '{"bounds":{"width":"1200","height":800}}', '{"maximized":true}']) {
      expect(parseWindowState(bad), bad).toBeNull();
    }
  });

  it('keeps a window that is on a screen', () => {
    const s = { bounds: { x: 100, y: 50, width: 1200, height: 800 }, maximized: false };
    expect(clampWindowState(s, [screen, right])).toEqual(s);
    const onRight = { bounds: { x: 2000, y: 10, width: 1000, height: 700 }, maximized: true };
    expect(clampWindowState(onRight, [screen, right])).toEqual(onRight);
  });

  it('lets the window manager place a window whose screen is gone', () => {
    const s = { bounds: { x: 2000, y: 10, width: 1000, height: 700 }, maximized: false };
    expect(clampWindowState(s, [screen])).toEqual({ bounds: { width: 1000, height: 700 }, maximized: false });
  });

  it('pulls a window hanging off an edge back in, and shrinks one bigger than the screen', () => {
    expect(clampWindowState({ bounds: { x: 1700, y: -30, width: 1200, height: 800 }, maximized: false }, [screen]).bounds).toEqual({ x: 720, y: 0, width: 1200, height: 800 });
    expect(clampWindowState({ bounds: { x: 0, y: 0, width: 5000, height: 3000 }, maximized: false }, [screen]).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
  });

  it('keeps the minimum size, unless the screen is smaller still', () => {
    expect(clampWindowState({ bounds: { width: 300, height: 200 }, maximized: false }, [screen]).bounds).toEqual({ width: 960, height: 600 });
    expect(clampWindowState({ bounds: { width: 300, height: 200 }, maximized: false }, [{ x: 0, y: 0, width: 800, height: 560 }]).bounds).toEqual({ width: 800, height: 560 });
  });

  it('round-trips through the file, and falls back to the default for a missing or broken one', () => {
    const dir = tmp();
    const file = join(dir, 'sub', 'window-state.json');
    expect(loadWindowState(file, [screen])).toEqual(DEFAULT_STATE);
    saveWindowState(file, { bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: true });
    expect(loadWindowState(file, [screen])).toEqual({ bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: true });
    writeFileSync(file, '{"bounds":');
    expect(loadWindowState(file, [screen])).toEqual(DEFAULT_STATE);
  });
});

/** A reversible stand-in for safeStorage: XOR with a key, so the file is never the plain text. */
function fakeSafeStorage(available = true, backend = 'gnome_libsecret'): Encryption {
  const x = (b: Buffer) => Buffer.from(b.map((v) => v ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (s) => x(Buffer.from(s, 'utf8')),
    decryptString: (b) => x(b).toString('utf8'),
  };
}

describe('credential store', () => {
  const creds = { apiKey: 'api-123', sessionKey: 'sess-456' };

  it('saves encrypted, readable only by the user, and loads back', () => {
    const file = join(tmp(), 'credentials.bin');
    const store = createCredentialStore(file, fakeSafeStorage(), 'linux');
    expect(store.load()).toBeNull();
    writeFileSync(`${file}.tmp`, 'left over by a crash', { mode: 0o644 });
    store.save(creds);
    expect(readFileSync(file).toString('latin1')).not.toContain('api-123');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(store.load()).toEqual(creds);
    store.clear();
    expect(store.load()).toBeNull();
    store.clear();
  });

  it('refuses to save without a real key store, saying why', () => {
    const file = join(tmp(), 'credentials.bin');
    expect(() => createCredentialStore(file, fakeSafeStorage(false), 'darwin').save(creds)).toThrow(NoSecureStorageError);
    // Linux without a keyring: Electron "encrypts" with a fixed key, which is plain text in disguise.
    expect(() => createCredentialStore(file, fakeSafeStorage(true, 'basic_text'), 'linux').save(creds)).toThrow(/plain text/);
    expect(canEncrypt(fakeSafeStorage(true, 'basic_text'), 'win32')).toBe(true);
    expect(() => statSync(file)).toThrow();
  });

  it('treats an unreadable file as no credentials, and refuses malformed ones', () => {
    const file = join(tmp(), 'credentials.bin');
    writeFileSync(file, 'garbage');
    expect(createCredentialStore(file, fakeSafeStorage(), 'linux').load()).toBeNull();
    const broken: Encryption = { ...fakeSafeStorage(), decryptString: () => { throw new Error('key changed'); } };
    expect(createCredentialStore(file, broken, 'linux').load()).toBeNull();
    expect(() => createCredentialStore(file, fakeSafeStorage(), 'linux').save({ apiKey: '', sessionKey: 'x' })).toThrow();
  });

  it('keeps the core\'s clerk book, and still reads the single pair an older version saved (issue 19)', async () => {
    const file = join(tmp(), 'credentials.bin');
    const store = createCredentialStore(file, fakeSafeStorage(), 'linux');
    // What an older desk left: one pair. The core reads it as the clerk 'desk'.
    store.save(creds);
    const { toBook, addClerk } = await import('@main/core/clerkBook');
    const old = toBook(store.load());
    expect(old.clerks.map((c) => [c.id, c.apiKey])).toEqual([['desk', 'api-123']]);
    const { book } = addClerk(old, { apiKey: 'api-123', sessionKey: 'vera-789', name: 'Kiss Vera', role: 'warehouse', userId: 7 });
    store.save(book);
    expect(readFileSync(file).toString('latin1')).not.toContain('vera-789');
    expect(toBook(store.load())).toEqual(book);
  });
});
