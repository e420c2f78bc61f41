/**
 * Where the built pieces are, in `electron-vite preview`/dev (out/ beside package.json) and in a
 * packaged app (out/ inside app.asar, the Electron-ABI SQLite binding in resources/native).
 */
import { join, resolve } from 'node:path';
import { fileUnder } from './files';

export interface AppPaths {
  preload: string;
  renderer: string;
  core: string;
  sqliteBinding: string;
}

/** `outMain` is the directory of the built main bundle (out/main). */
export function appPaths(outMain: string, packaged: boolean, resourcesPath: string): AppPaths {
  const out = resolve(outMain, '..');
  return {
    preload: join(out, 'preload', 'index.cjs'),
    renderer: join(out, 'renderer'),
    core: join(out, 'main', 'core.js'),
    sqliteBinding: packaged ? join(resourcesPath, 'native', 'better_sqlite3.node') : join(out, '..', 'build', 'native', 'electron', 'better_sqlite3.node'),
  };
}

/**
 * The file an app:// URL names under the renderer root, or null for anything outside it.
 * Paths without an extension are client-side routes and get index.html.
 */
export function resolveAppAsset(root: string, requestUrl: string, host: string): string | null {
  let u: URL;
  try {
    u = new URL(requestUrl);
  } catch {
    return null;
  }
  if (u.host !== host) return null;
  // An encoded dot is still an extension: the file is decoded before it is looked up.
  const last = u.pathname.split('/').pop() ?? '';
  return fileUnder(root, u.pathname === '/' || !/\.|%2e/i.test(last) ? '/index.html' : u.pathname);
}
