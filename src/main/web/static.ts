// Serves the built renderer: files under one root only, with the CSP on every page.
import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { CSP } from '../csp';
import { fileUnder } from '../files';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
};

/** The file a request path names under root, or null (outside it, or not a file). */
export function staticFile(root: string, pathname: string): string | null {
  const file = fileUnder(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
  try {
    return file && statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

export function sendStatic(res: ServerResponse, file: string, method: string): void {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': type.startsWith('text/html') ? 'no-store' : 'no-cache',
  });
  if (method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}
