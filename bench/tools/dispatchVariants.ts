/**
 * Schema and pragma variants of this tree's dispatch, in one process, interleaved (see
 * dispatchVariants.child.ts): CPU µs per request of each, and its ratio to the first.
 * `npx tsx bench/tools/dispatchVariants.ts setQuantity|getQuantity seconds sliceMs name:what …`
 * e.g. `… setQuantity 20 250 as-is: nofeed:nofeed nolevel:drop=stock_moves_level`
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../scripts/server-bundle.mjs';

const [kind = 'setQuantity', seconds = '20', sliceMs = '250', ...specs] = process.argv.slice(2);
const out = fileURLToPath(new URL('../results/.build/variants-child.mjs', import.meta.url));
await bundleServer(fileURLToPath(new URL('./dispatchVariants.child.ts', import.meta.url)), out, { sourcemap: false, logLevel: 'warning' });
const load = loadavg()[0]!;
const rows = JSON.parse(execFileSync(process.execPath, [out, kind, seconds, sliceMs, ...specs], { encoding: 'utf8' }).trim().split('\n').at(-1)!) as Array<{ name: string; n: number; usPerReq: number }>;
console.log(`${kind}, CPU per request, ${seconds} s interleaved in ${sliceMs} ms slices (load ${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}):`);
for (const r of rows) console.log(`  ${r.usPerReq.toFixed(1).padStart(6)} µs ×${(r.usPerReq / rows[0]!.usPerReq).toFixed(3)}  ${r.name} (${r.n} requests)`);
