import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The path aliases of tsconfig.json, for Vite, Vitest and electron-vite. */
export const aliases = {
  '@shared': `${root}src/shared`,
  '@sqlite': `${root}src/sqlite`,
  '@documents': `${root}src/documents`,
  '@server': `${root}src/server`,
  '@main': `${root}src/main`,
  '@renderer': `${root}src/renderer`,
};
