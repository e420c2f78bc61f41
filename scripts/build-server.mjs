// Bundles the Command API server into out/server/cli.js for `node out/server/cli.js`.
import { bundleServer } from './server-bundle.mjs';

await bundleServer('src/server/cli.ts', 'out/server/cli.js');
