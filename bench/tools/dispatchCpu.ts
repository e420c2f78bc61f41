/**
 * CPU per request of the dispatch path, side against side, in process (no HTTP: what the server's
 * own code costs), in rotating rounds; ratios to the first side. A side is a source tree, optionally
 * with environment variables for its child (`/path/to/tree+NAME=value+NAME2=value`), so that a
 * switch in a tree can be compared with the same tree without it in one run.
 * `npx tsx bench/tools/dispatchCpu.ts setQuantity|getQuantity rounds seconds SIDE SIDE…`
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/measure';

const CHILD = fileURLToPath(new URL('./dispatchCpu.child.ts', import.meta.url));

function bundleIn(tree: string): string {
  // The child is bundled inside each tree, so its imports resolve to that tree's code.
  const src = join(tree, 'bench', 'results', '.build', 'dispatch-child.ts');
  const out = join(tree, 'bench', 'results', '.build', 'dispatch-child.mjs');
  execFileSync('mkdir', ['-p', join(tree, 'bench', 'results', '.build')]);
  copyFileSync(CHILD, src);
  const async = existsSync(join(tree, 'src', 'server', 'db', 'sqlite', 'store.ts'));
  writeFileSync(join(tree, 'bench', 'results', '.build', 'storeOf.ts'), async
    ? "export { sqliteStore as storeOf } from '@server/db/sqlite/store';\nexport { groupCommitOf } from '@server/db/sqlite/groupCommit';\n"
    : "export const storeOf = <T>(db: T): T => db;\nexport { groupCommitOf } from '@server/repos/groupCommit';\n");
  execFileSync(process.execPath, ['--input-type=module', '-e',
    `const m = await import(${JSON.stringify(join(tree, 'scripts', 'server-bundle.mjs'))}); await m.bundleServer(${JSON.stringify(src)}, ${JSON.stringify(out)}, { sourcemap: false, logLevel: 'warning' });`], { cwd: tree, stdio: 'inherit' });
  return out;
}

const [kind = 'setQuantity', rounds = '4', seconds = '4', ...specs] = process.argv.slice(2);
const scripts = new Map<string, string>();
const sides = specs.map((spec) => {
  const [path, ...vars] = spec.split('+');
  const tree = resolve(path!);
  if (!scripts.has(tree)) scripts.set(tree, bundleIn(tree));
  return { tree: spec, script: scripts.get(tree)!, env: Object.fromEntries(vars.map((v) => v.split('=') as [string, string])), us: [] as number[], user: [] as number[], sys: [] as number[], perCommit: [] as number[], writeCalls: [] as number[], writeKiB: [] as number[], sql: [] as number[] };
});
for (let r = 0; r < Number(rounds); r++) {
  // Each round starts at another side, so no side always runs first (or after the same one).
  for (const s of [...sides.slice(r % sides.length), ...sides.slice(0, r % sides.length)]) {
    const out = JSON.parse(execFileSync(process.execPath, [...(process.env.AB_NODE_ARGS ?? '').split(' ').filter(Boolean), s.script, kind, seconds], { encoding: 'utf8', env: { ...process.env, ...s.env } }).trim().split('\n').at(-1)!) as { usPerReq: number; userUs: number; systemUs: number; perCommit: number; writeCalls: number; writeKiB: number; sqlUs?: number };
    s.sql.push(out.sqlUs ?? 0);
    s.us.push(out.usPerReq);
    s.perCommit.push(out.perCommit);
    s.writeCalls.push(out.writeCalls);
    s.writeKiB.push(out.writeKiB);
    s.user.push(out.userUs);
    s.sys.push(out.systemUs);
  }
}
const m = (v: number[]) => percentile(v, 50);
console.log(`${kind}, CPU per request, median of ${rounds} rounds of ${seconds} s (load ${loadavg()[0]!.toFixed(1)}):`);
for (const s of sides) {
  // Within a round the sides ran back to back, so a round's ratio to the first side is spared the
  // machine's drift over minutes (the same tree swung ×1.4 between runs here); its median and quartiles.
  const paired = s.us.map((v, i) => v / sides[0]!.us[i]!);
  const pairedText = s === sides[0] ? '' : ` paired ×${m(paired).toFixed(3)} (quartiles ${percentile(paired, 25).toFixed(3)}–${percentile(paired, 75).toFixed(3)})`;
  console.log(`  ${m(s.us).toFixed(1).padStart(6)} µs (user ${m(s.user).toFixed(1)}, system ${m(s.sys).toFixed(1)}) ×${(m(s.us) / m(sides[0]!.us)).toFixed(3)}${pairedText}  ${s.tree}  rounds ${s.us.map((v) => v.toFixed(0)).join(' ')}`);
  if (m(s.sql) > 0) console.log(`         inside SQLite's statement calls ${m(s.sql).toFixed(1)} µs, the rest ${(m(s.us) - m(s.sql)).toFixed(1)} µs`);
  // What the system time follows: write calls (WAL frames, checkpoints) per request, and writes per COMMIT.
  if (kind === 'setQuantity') console.log(`         writes per COMMIT ${m(s.perCommit).toFixed(2)}, write calls per request ${m(s.writeCalls).toFixed(2)}, KiB written per request ${m(s.writeKiB).toFixed(2)}`);
}
