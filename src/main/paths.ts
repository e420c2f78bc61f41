/**
 * Where the built pieces are, in `electron-vite preview`/dev (out/ beside package.json) and in a
 * packaged app (out/ inside app.asar, the Electron-ABI SQLite binding in resources/native).
 */
import { join, resolve, sep } from 'node:path';

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
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const last = path.split('/').pop() ?? '';
  if (path === '/' || !last.includes('.')) path = '/index.html';
  const base = resolve(root);
  const file = resolve(base, `.${path}`);
  return file.startsWith(base + sep) ? file : null;
}
