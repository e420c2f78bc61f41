/**
 * Where the engine bench server's CPU goes, by thread: the server child (server-engines.child.ts) on
 * one engine under one kind of varied load, /proc/<pid>/task/<tid>/stat read before and after.
 * `npx tsx bench/tools/threadCpu.ts sqlite|postgres getQuantity|setQuantity [seconds]`
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { engineLoad } from '../lib/engineLoad';
import { startChild, stopChildren } from '../lib/http';
import { benchDatabase } from '../lib/postgres';

function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const raw = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
      const f = raw.replace(/^.*\) /, '').split(' ');
      out.set(`${tid} ${name} user`, Number(f[11]));
      out.set(`${tid} ${name} sys`, Number(f[12]));
    } catch {
      // gone
    }
  }
  return out;
}

async function main(): Promise<void> {
  const [engine = 'postgres', kind = 'getQuantity', secs = '5'] = process.argv.slice(2);
  const db = engine === 'postgres' ? await benchDatabase({ minMs: 0, log: (m) => console.error(m) }, 'threadCpu', 'sd_threads') : undefined;
  const dbUrl = db?.url ?? '';
  try {
    const { child, info } = await startChild(fileURLToPath(new URL('../cases/server-engines.child.ts', import.meta.url)), [engine, dbUrl]);
    const load = engineLoad(info, kind);
    await load(1);
    const before = threads(child.pid!);
    const r = await load(Number(secs));
    const after = threads(child.pid!);
    console.log(`${engine} ${kind}: ${r.requests.average} req/s, ${r.requests.total} requests`);
    for (const [k, t] of after) {
      const d = t - (before.get(k) ?? 0);
      if (d > 0) console.log(`  ${k}: ${((d * 10_000) / r.requests.total).toFixed(0)} µs/request`);
    }
    stopChildren(child);
  } finally {
    await db?.done();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
