/**
 * The harness serves a production build of the renderer (the same bundle, CSP and all, that the
 * app loads). Builds are keyed by the state of their sources, out/web/<stamp>/, and renamed into
 * place when complete, so harnesses started side by side (parallel tests) never serve or clobber
 * each other's half-written build.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type UserConfig } from 'vite';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_OUT = join(ROOT, 'out', 'web');
const SOURCES = ['src/renderer', 'src/shared', 'electron.vite.config.ts', 'build/cspDevPlugin.ts', 'package.json'];
/** Older builds are removed after this long (one may still be served by a harness that is running). */
const KEEP_MS = 24 * 3600_000;

function collect(path: string, out: string[]): void {
  const st = statSync(path);
  if (!st.isDirectory()) return void out.push(`${path}\0${st.size}\0${st.mtimeMs}`);
  for (const name of readdirSync(path).sort()) collect(join(path, name), out);
}

/** Changes when any renderer or shared source, or the build config, changes. */
export function sourceStamp(): string {
  const lines: string[] = [];
  for (const p of SOURCES.map((s) => join(ROOT, s)).filter((p) => existsSync(p))) collect(p, lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}

/** Builds with the renderer section of electron.vite.config.ts, so both builds stay the same. */
export async function buildRenderer(outDir: string): Promise<string> {
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

function pruneOld(base: string, keep: string): void {
  for (const name of existsSync(base) ? readdirSync(base) : []) {
    const dir = join(base, name);
    try {
      if (name !== keep && Date.now() - statSync(dir).mtimeMs > KEEP_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another harness pruning at the same time.
    }
  }
}

export async function ensureRenderer(base = WEB_OUT): Promise<string> {
  const stamp = sourceStamp();
  const dir = join(base, stamp);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const tmp = join(base, `.tmp-${stamp}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await buildRenderer(tmp);
    try {
      renameSync(tmp, dir);
    } catch (e) {
      // Another harness finished the same build first: theirs is as good.
      if (!existsSync(join(dir, 'index.html'))) throw e;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  pruneOld(base, stamp);
  return dir;
}
