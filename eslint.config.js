import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['out/**', 'bench/results/**', 'dist/**', 'release/**', 'node_modules/**', 'coverage/**', 'test/e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The renderer is a sandboxed web page: it reaches the core only through window.stockdesk.
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@server/*', '@main/*', 'better-sqlite3', 'node:*', 'electron'] }],
    },
  },
  {
    // The desk never imports the server: what both use lives below both (src/shared, src/sqlite,
    // src/documents). The one exception is the in-app demo, which runs the server on loopback.
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    ignores: ['src/main/core/demo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@server/*', '**/server/*'] }] },
  },
  {
    // What both programs use depends on neither of them.
    files: ['src/shared/**/*.ts', 'src/sqlite/**/*.ts', 'src/documents/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@server/*', '@main/*', '@renderer/*'] }] },
  },
  {
    // Storage is async (src/server/db/sql.ts): a promise nobody awaits is a statement that may run
    // after its transaction, or an error nobody hears of. Type-aware, so only where storage is used.
    files: ['src/server/**/*.ts', 'src/main/core/demo.ts', 'test/server/**/*.ts', 'test/helpers/**/*.ts', 'test/core/**/*.ts', 'bench/cases/*.child.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Services and HTTP code reach storage through repository functions only.
    files: ['src/server/services/**/*.ts', 'src/server/http/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['better-sqlite3'] }] },
  },
);
