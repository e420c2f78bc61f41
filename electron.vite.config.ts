import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { aliases } from './build/aliases.ts';
import { cspDevPlugin } from './build/cspDevPlugin.ts';
import { preloadDefines } from './build/preloadDefines.ts';

export default defineConfig({
  main: {
    resolve: { alias: aliases },
    build: {
      rollupOptions: {
        input: { index: resolve('src/main/index.ts'), core: resolve('src/main/core/entry.ts') },
      },
    },
  },
  preload: {
    resolve: { alias: aliases },
    define: preloadDefines(),
    // A sandboxed preload cannot be an ES module, nor require anything but 'electron': bundle it all.
    build: { externalizeDeps: false, rollupOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    root: 'src/renderer',
    resolve: { alias: aliases },
    plugins: [react(), cspDevPlugin()],
    build: { rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
  },
});
