/**
 * What can be checked of packaging without Electron's binary: `npm run build` output, and the
 * electron-builder configuration against that output and electron-builder's own schema.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { META_CSP } from '@main/csp';
import { loadPreload, type Api } from './fixtures/preload';

const require = createRequire(import.meta.url);
// electron-builder's own loader, schema validator and glob matcher.
const builderRequire = createRequire(require.resolve('app-builder-lib/package.json'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
const { minimatch } = builderRequire('minimatch') as { minimatch(path: string, pattern: string, o?: object): boolean };
const { validateConfiguration } = builderRequire('./out/util/config/config.js') as { validateConfiguration(c: unknown, logger: unknown): Promise<void> };
const { DebugLogger } = createRequire(require.resolve('app-builder-lib/package.json'))('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asarUnpack: string[];
  extraResources: Array<{ from: string; to: string }>;
  npmRebuild: boolean;
  directories: { output: string; buildResources: string };
  linux: { target: string[]; icon: string; category: string; maintainer: string };
  deb: { maintainer: string; packageCategory: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  publish: { provider: string; url: string };
}
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string; dependencies: Record<string, string>; scripts: Record<string, string> };

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
/** electron-builder's rule: a file ships when a pattern takes it and no later "!" pattern drops it. */
const ships = (file: string) => {
  let taken = false;
  for (const p of config.files) {
    if (p.startsWith('!')) {
      if (minimatch(file, p.slice(1), { dot: true })) taken = false;
    } else if (minimatch(file, p, { dot: true })) taken = true;
  }
  return taken;
};

describe('npm run build', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build'], { stdio: 'pipe', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
  }, 240_000);

  it('produces out/main, out/preload, out/renderer and out/server without the Electron binary', () => {
    for (const f of ['out/main/index.js', 'out/main/core.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/server/cli.js']) expect(existsSync(f), f).toBe(true);
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('builds a preload that requires only electron and exposes only window.stockdesk', () => {
    const { exposed, required } = loadPreload(readFileSync('out/preload/index.cjs', 'utf8'), () => ({ ok: true, result: null }));
    expect(required).toEqual(['electron']);
    expect(exposed.map(([k]) => k)).toEqual(['stockdesk']);
    expect(Object.keys(exposed[0]?.[1] as Api).sort()).toEqual(['invoke', 'on', 'platform']);
  });

  it('builds a renderer with the CSP meta tag and no inline script', () => {
    const html = readFileSync('out/renderer/index.html', 'utf8');
    expect(html).toContain(`content="${META_CSP}"`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('leaves main and core needing nothing but Node, Electron and production dependencies', () => {
    const allowed = new Set([...builtinModules, 'electron', ...Object.keys(pkg.dependencies)]);
    const importsPerFile = new Map<string, number>();
    for (const file of walk('out/main').filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(file, 'utf8');
      const statements = [...code.matchAll(/^(?:import|export)\b[^;\n]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm)];
      const calls = [...code.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g)];
      const specs = [...statements, ...calls].map((m) => m[1] ?? m[2] ?? '').filter((s) => !s.startsWith('.'));
      importsPerFile.set(file, specs.length);
      for (const spec of specs) {
        const name = spec.replace(/^node:/, '').split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
        expect(allowed.has(name) || allowed.has(spec.replace(/^node:/, '')), `${file} imports ${spec}`).toBe(true);
      }
    }
    // The patterns above do find imports (a chunk of pure data, such as the label sheets, has none of its own).
    const entries = [...importsPerFile].filter(([f]) => /out\/main\/(index|core)\.js$/.test(f));
    expect(entries.map(([f, n]) => [f.replace(/.*out\/main\//, ''), n > 0]).sort()).toEqual([['core.js', true], ['index.js', true]]);
    expect([...importsPerFile.values()].filter((n) => n > 0).length).toBeGreaterThan(importsPerFile.size / 2);
  });

  it('packages every built file of the app (and not the harness build or source maps)', () => {
    const built = ['out/main', 'out/preload', 'out/renderer', 'out/server'].flatMap(walk).map((f) => relative('.', f).split('\\').join('/'));
    expect(built.length).toBeGreaterThan(4);
    for (const f of built.filter((f) => !f.endsWith('.map'))) expect(ships(f), f).toBe(true);
    expect(ships('package.json')).toBe(true);
    expect(ships('out/web/index.html')).toBe(false);
    expect(ships('out/main/index.js.map')).toBe(false);
    expect(ships('src/main/index.ts')).toBe(false);
  });
});

describe('electron-builder.yml', () => {
  it("is valid by electron-builder's own schema", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('publishes a generic update feed over https, which installed desks read (src/main/updates)', () => {
    expect(config.publish.provider).toBe('generic');
    expect(new URL(config.publish.url).protocol).toBe('https:');
    expect(pkg.dependencies['electron-updater']).toBeDefined();
  });

  it('names the app and builds every target', () => {
    expect(config.appId).toBe('hu.stockdesk.desktop');
    expect(config.productName).toBe('Stockdesk');
    expect(config.linux.target.sort()).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.deb.maintainer).toMatch(/<.+@.+>/);
    expect(config.linux.maintainer).toMatch(/<.+@.+>/);
    expect(config.deb.packageCategory).toBeTruthy();
    expect(config.linux.category).toBe('Office');
    expect(config.directories.output).toBe('release');
  });

  it('ships better-sqlite3 unpacked and the Electron-ABI binding where the shell looks for it', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.asarUnpack.some((p) => minimatch('node_modules/better-sqlite3/build/Release/better_sqlite3.node', p))).toBe(true);
    expect(config.extraResources).toContainEqual({ from: 'build/native/electron/better_sqlite3.node', to: 'native/better_sqlite3.node' });
    const script = readFileSync('scripts/build-electron-native.mjs', 'utf8');
    expect(script).toContain("join(root, 'build', 'native', 'electron')");
    expect(script).toContain("'better_sqlite3.node'");
    expect(readFileSync('src/main/paths.ts', 'utf8')).toContain("join(resourcesPath, 'native', 'better_sqlite3.node')");
    expect(pkg.scripts.start).toMatch(/^node scripts\/build-electron-native\.mjs && electron-vite build && electron-vite preview/);
  });

  it('has real icons for every platform', () => {
    const pngSize = (f: string) => {
      const b = readFileSync(f);
      expect(b.subarray(1, 4).toString('latin1'), f).toBe('PNG');
      return [b.readUInt32BE(16), b.readUInt32BE(20)];
    };
    expect(pngSize('build/icon.png')).toEqual([512, 512]);
    expect(pngSize(join(config.linux.icon, '256x256.png'))).toEqual([256, 256]);
    expect(pngSize(join(config.linux.icon, '512x512.png'))).toEqual([512, 512]);
    const ico = readFileSync(config.win.icon);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(4);
    const icns = readFileSync(config.mac.icon);
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(statSync(config.mac.icon).size);
  });
});
