/**
 * Which URLs are the app's own. Packaged and preview builds load the renderer from the privileged
 * `app://stockdesk/` scheme (a real origin, unlike file://, so 'self' in the CSP means exactly the
 * bundle); `electron-vite dev` loads it from Vite's dev server on localhost.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'stockdesk';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** scheme://host[:port], compared by hand: WHATWG URL gives non-special schemes an opaque "null" origin. */
export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!u.host || u.username || u.password) return null;
  return `${u.protocol}//${u.host}`.toLowerCase();
}

/** A predicate for "is this URL served by the app itself", given the URL the window was loaded from. */
export function appUrlPolicy(rendererUrl: string): (url: string) => boolean {
  const own = originOf(rendererUrl);
  if (!own) throw new Error(`Renderer URL ${rendererUrl} has no origin.`);
  return (url) => originOf(url) === own;
}
