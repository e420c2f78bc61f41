// Serves the built renderer on app://stockdesk/ with the CSP header (webRequest does not see custom schemes).
import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { CSP } from './csp';
import { APP_HOST, APP_SCHEME } from './origin';
import { resolveAppAsset } from './paths';

/**
 * Must run before the app is ready. Vite's module scripts and pdf.js's module worker are fetched
 * in CORS mode, which a custom scheme only serves with corsEnabled; what it opens is our public
 * bundle, to pages that navigation hardening never lets into the app anyway.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
}

export function serveRenderer(root: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppAsset(root, request.url, APP_HOST);
    if (!file) return new Response('Not found', { status: 404 });
    const res = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(res.headers);
    headers.set('Content-Security-Policy', CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(res.body, { status: res.status, headers });
  });
}
