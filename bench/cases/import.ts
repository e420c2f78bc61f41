/**
 * Importing 10,000 varied products end to end (issue 18's target ≤ 60 s): the desk core previews a
 * Hungarian CSV, commits it into the outbox and drains it to a local server (the core server child
 * with an empty catalogue); the server must then hold all 10,000. Server and core in their own processes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { atMost, makeResult, noTarget, type BenchCase } from '../lib/types';

const SERVER = fileURLToPath(new URL('./core-server.child.ts', import.meta.url));
const CLIENT = fileURLToPath(new URL('./import-client.child.ts', import.meta.url));
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

function once<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

export const importCase: BenchCase = {
  name: 'import.10k',
  description: `desk import of ${ROWS.toLocaleString('en-US')} products: preview, outbox, server drained`,
  async run(ctx) {
    const server = fork(SERVER, ['0'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    try {
      const start = await once<{ url: string; keys: { api_key: string; session_key: string } }>(server);
      ctx.log(`import.10k: importing ${ROWS} products`);
      const client = fork(CLIENT, [], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      const answer = once<{ result?: Record<string, number>; error?: string }>(client);
      client.send({ ...start, n: ROWS });
      const m = await answer;
      if (!m.result) throw new Error(m.error ?? 'the import bench failed');
      const r = m.result;
      if (r.onServer !== ROWS) throw new Error(`the server holds ${r.onServer} of ${ROWS} imported products`);
      return [
        makeResult({ name: 'import.10k', value: r.totalMs!, unit: 'ms', notes: `${ROWS} rows: preview ${(r.previewMs! / 1000).toFixed(1)} s, commit ${(r.commitMs! / 1000).toFixed(1)} s, outbox drained ${(r.drainMs! / 1000).toFixed(1)} s; all on the server` }, atMost(60_000, 'ms')),
        makeResult({ name: 'import.10k.preview', value: r.previewMs!, unit: 'ms', notes: 'reading and checking every row against the mirror' }, noTarget),
      ];
    } finally {
      server.disconnect();
    }
  },
};
