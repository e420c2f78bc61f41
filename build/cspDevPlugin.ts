import type { Plugin } from 'vite';
import { cspString } from '../src/main/csp.ts';

/**
 * Under `electron-vite dev` only: loosens the meta-tag CSP of index.html just enough for Vite's
 * dev server (inline React-refresh preamble, injected styles, HMR socket). Builds keep the strict one.
 */
export function cspDevPlugin(): Plugin {
  return {
    name: 'stockdesk-csp-dev',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(/(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/i, `$1${cspString({ dev: true, meta: true })}$2`),
  };
}
