// Bundles the Command API server into out/server/cli.js for `node out/server/cli.js`.
// Dependencies stay external: they are installed beside it, and better-sqlite3 is native.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/cli.ts'],
  outfile: 'out/server/cli.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'info',
});
