/**
 * The renderer's Content-Security-Policy. The renderer never talks to the network itself (the core
 * does), so everything is 'self'; blob: is for the pdf.js worker and for previews built in memory.
 * The same string is sent as a header by the shell and the web harness and sits in a meta tag in
 * src/renderer/index.html (a test keeps them equal).
 */
export const CSP_DIRECTIVES: ReadonlyArray<readonly [string, ...string[]]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  // The production bundle ships its CSS as files; React sets styles through the CSSOM, which CSP allows.
  ['style-src', "'self'"],
  ['img-src', "'self'", 'data:', 'blob:'],
  ['font-src', "'self'", 'data:'],
  ['worker-src', "'self'", 'blob:'],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-src', "'none'"],
  ['frame-ancestors', "'none'"],
];

const join = (directives: ReadonlyArray<readonly string[]>): string => directives.map((d) => d.join(' ')).join('; ');

/**
 * `dev`: Vite's dev server needs an inline React-refresh preamble, injected <style> tags and its HMR
 * socket; only `electron-vite dev` uses that. `meta`: browsers ignore frame-ancestors in a meta tag
 * (and warn), so it is left to the header.
 */
export function cspString({ dev = false, meta = false }: { dev?: boolean; meta?: boolean } = {}): string {
  return join(
    CSP_DIRECTIVES.filter(([name]) => !(meta && name === 'frame-ancestors')).map(([name, ...values]) => {
      if (dev && (name === 'script-src' || name === 'style-src')) return [name, ...values, "'unsafe-inline'"];
      if (dev && name === 'connect-src') return [name, ...values, 'ws:'];
      return [name, ...values];
    }),
  );
}

export const CSP = cspString();
export const META_CSP = cspString({ meta: true });
export const DEV_CSP = cspString({ dev: true });

/** Adds the policy to a response's headers, replacing any the server sent. */
export function withCsp(headers: Record<string, string[] | string> | undefined, policy: string = CSP): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) {
    if (k.toLowerCase() !== 'content-security-policy') out[k] = Array.isArray(v) ? v : [v];
  }
  out['Content-Security-Policy'] = [policy];
  return out;
}
