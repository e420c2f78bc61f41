// How the Command API server is bundled, in one place: `npm run build` (build-server.mjs) ships it
// this way, and the benchmarks measure the server built exactly so. Dependencies stay external:
// they are installed beside it, and better-sqlite3 is native.
import { build } from 'esbuild';

/** Bundles one entry point (TypeScript, with the tsconfig path aliases) into one ES module for node. */
export function bundleServer(entry, outfile, { sourcemap = true, logLevel = 'info' } = {}) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap,
    tsconfig: 'tsconfig.json',
    logLevel,
  });
}
