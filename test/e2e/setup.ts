/**
 * Setup file of the end-to-end suite: a failed test prints what its desks were doing
 * (diagnostics.ts), and under `npm test` also leaves a digest for the run's summary
 * (STOCKDESK_FAILURE_NOTES, set by scripts/test-all.mjs).
 */
import { appendFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { describeOpenDesks } from './diagnostics';

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const { whole, digest } = await describeOpenDesks();
  if (!whole) return;
  console.error(`\n===== the desks when "${ctx.task.name}" failed =====\n${whole}\n===== end =====\n`);
  const notes = process.env.STOCKDESK_FAILURE_NOTES;
  const error = ctx.task.result?.errors?.[0]?.message?.split('\n')[0] ?? '';
  if (notes) appendFileSync(notes, `${ctx.task.file?.name ?? ''} > ${ctx.task.name}: ${error.slice(0, 200)}\n${digest}\n`);
});
