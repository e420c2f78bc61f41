// File helpers shared by the shell and the harness.
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

/** The file a URL path names under root, or null when decoding fails or it would leave root. */
export function fileUnder(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${path.startsWith('/') ? path : `/${path}`}`);
  return file.startsWith(base + sep) ? file : null;
}

/** Written to a temporary file first: a crash mid-write must not leave half a file behind. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o644): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, data, { mode });
  // The mode above only applies when the file is new; a leftover temporary file keeps its own.
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}
