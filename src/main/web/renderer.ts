/**
 * The harness serves a production build of the renderer (the same bundle, CSP and all, that the
 * app loads), built once into out/web and rebuilt only when a renderer or shared source is newer.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type UserConfig } from 'vite';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_OUT = join(ROOT, 'out', 'web');

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

export function rendererIsFresh(outDir = WEB_OUT): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return false;
  const sources = ['src/renderer', 'src/shared', 'electron.vite.config.ts', 'package.json'].map((p) => join(ROOT, p)).filter((p) => existsSync(p));
  return statSync(index).mtimeMs >= Math.max(...sources.map(newest));
}

/** Builds with the renderer section of electron.vite.config.ts, so both builds stay the same. */
export async function buildRenderer(outDir = WEB_OUT): Promise<string> {
  const { default: config } = (await import(join(ROOT, 'electron.vite.config.ts'))) as { default: { renderer: UserConfig } };
  const r = config.renderer;
  await build({
    ...r,
    configFile: false,
    root: resolve(ROOT, r.root ?? 'src/renderer'),
    base: './',
    logLevel: 'warn',
    build: { ...r.build, outDir, emptyOutDir: true },
  });
  return outDir;
}

export async function ensureRenderer(outDir = WEB_OUT): Promise<string> {
  return rendererIsFresh(outDir) ? outDir : buildRenderer(outDir);
}
