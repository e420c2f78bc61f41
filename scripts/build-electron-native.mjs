#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into build/native/electron/better_sqlite3.node.
//
// Tests, the server and the web harness use node_modules/better-sqlite3 as installed (Node's ABI);
// the Electron app's core runs inside Electron and needs a binding built against Electron's headers,
// which it loads through STOCKDESK_SQLITE_BINDING. Skipped when the binding is already built for this
// Electron version, better-sqlite3 version, platform and arch. Needs a C++ toolchain (python3, make,
// g++ / Xcode / MSVC) and, once, Electron's headers from https://electronjs.org/headers.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const DIST_URL = 'https://electronjs.org/headers';
const out = join(root, 'build', 'native', 'electron');
const src = join(out, 'src');
const headers = join(root, 'build', 'native', 'headers');
const binding = join(out, 'better_sqlite3.node');
const stampFile = join(out, 'stamp.json');

const version = (pkg) => JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
const fail = (lines) => {
  console.error(['', 'build-electron-native: FAILED', ...lines.map((l) => `  ${l}`), ''].join('\n'));
  process.exit(1);
};

const electron = version('electron');
const sqlite = version('better-sqlite3');
const arch = process.env.STOCKDESK_NATIVE_ARCH ?? process.arch;
const stamp = { electron, betterSqlite3: sqlite, platform: process.platform, arch };

if (existsSync(binding) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === JSON.stringify(stamp)) {
  console.log(`build-electron-native: up to date (better-sqlite3 ${sqlite} for Electron ${electron}, ${process.platform}-${arch})`);
  process.exit(0);
}

// Ask for the headers first (unless node-gyp has them already), so a machine without a route fails in seconds, not in node-gyp.
if (!existsSync(join(headers, electron, 'installVersion'))) {
  const url = `${DIST_URL}/v${electron}/node-v${electron}-headers.tar.gz`;
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(20_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (e) {
    fail([
      `Electron ${electron}'s headers are not reachable at ${url}`,
      `(${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}).`,
      'This step needs them once, to compile better-sqlite3 for Electron. Run it where that address is reachable,',
      `or put the unpacked headers in ${join('build', 'native', 'headers', electron)} (node-gyp's --devdir layout).`,
      'Not needed for the tests, the server or `npm run web`: they use node_modules/better-sqlite3 as installed.',
    ]);
  }
}

console.log(`build-electron-native: building better-sqlite3 ${sqlite} for Electron ${electron} (${process.platform}-${arch})`);
rmSync(out, { recursive: true, force: true });
mkdirSync(src, { recursive: true });
const pkgDir = dirname(require.resolve('better-sqlite3/package.json'));
for (const part of ['binding.gyp', 'package.json', 'src', 'deps']) cpSync(join(pkgDir, part), join(src, part), { recursive: true });

// npm's own config (npm_config_nodedir, _target, _runtime…) would override the Electron target.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|devdir)$/i.test(k)));
const gyp = spawnSync(
  process.execPath,
  [
    require.resolve('node-gyp/bin/node-gyp.js'),
    'rebuild',
    '--release',
    `--target=${electron}`,
    `--arch=${arch}`,
    `--dist-url=${DIST_URL}`,
    '--runtime=electron',
    `--devdir=${headers}`,
  ],
  { cwd: src, env, stdio: 'inherit' },
);
const built = join(src, 'build', 'Release', 'better_sqlite3.node');
if (gyp.status !== 0 || !existsSync(built)) {
  fail([
    `node-gyp could not build better-sqlite3 for Electron ${electron} (exit ${gyp.status ?? gyp.signal}).`,
    'It needs python3 and a C++ toolchain (Linux: build-essential; macOS: Xcode command line tools; Windows: Visual Studio Build Tools).',
    'Its output above says which step failed.',
  ]);
}
cpSync(built, binding);
writeFileSync(stampFile, JSON.stringify(stamp));
console.log(`build-electron-native: wrote ${binding}`);
