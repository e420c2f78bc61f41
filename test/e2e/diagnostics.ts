/**
 * What a failed end-to-end test leaves behind for whoever reads the CI log: for every desk still
 * open, its outbox (every state), its sync status and the tail of its core's log. A poll that timed
 * out ("Matcher did not succeed in time") says nothing of why the desk never got there; this does.
 * Registered as a setup file (vitest.e2e.config.ts); desks enrol through startStack.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OUTBOX_STATES } from '@shared/ipc/channels';

export interface Inspectable {
  dataDir: string;
  logs: string[];
  invoke(channel: 'outbox.list' | 'sync.status', request: object): Promise<unknown>;
}

const open = new Set<Inspectable>();
/** Pages open now: what their screen says (notices, the status line) tells a failure the store cannot. */
const pages = new Set<Page>();

export function enrol(stack: Inspectable): () => void {
  open.add(stack);
  return () => open.delete(stack);
}

export function enrolPage(page: Page): () => void {
  pages.add(page);
  return () => pages.delete(page);
}

/** The page's route and the text of its notices and alerts (a refused post, a problem, a status line). */
async function describePage(page: Page): Promise<string> {
  try {
    const said = await page.evaluate(() => [...document.querySelectorAll('.notice, [role=alert], [role=status], .field-error')]
      .map((el) => `${el.getAttribute('data-testid') ?? el.className}${el.getAttribute('data-state') ? `[${el.getAttribute('data-state')}]` : ''}: ${(el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()}`)
      .filter((l) => !l.endsWith(': ')).slice(0, 12));
    return `page ${new URL(page.url()).hash || '/'}: ${said.length ? said.join(' | ') : '(no notice on screen)'}`;
  } catch (e) {
    return `page: (not readable: ${(e as Error).message.split('\n')[0]})`;
  }
}

const TAIL = 40;

function tail(lines: string[]): string {
  return lines.slice(-TAIL).join('\n');
}

export interface DeskReport {
  /** Everything, for the pass's own log. */
  whole: string;
  /** A few lines, for the end of `npm test`'s output: entries not yet confirmed, the status's trouble, the log's last lines. */
  digest: string;
}

/** One report per open desk; a desk that no longer answers says so instead. */
export async function describeOpenDesks(): Promise<DeskReport> {
  const parts: string[] = [];
  const digests: string[] = [];
  for (const s of open) {
    const ask = (channel: 'outbox.list' | 'sync.status', request: object) =>
      Promise.race([s.invoke(channel, request), new Promise((r) => setTimeout(() => r('(no answer in 5 s)'), 5_000))]).catch((e: unknown) => `(failed: ${(e as Error).message})`);
    const outbox = await ask('outbox.list', { states: [...OUTBOX_STATES] });
    const status = await ask('sync.status', {});
    const coreLines = coreLogLines(s.dataDir);
    const st = (typeof status === 'object' && status ? status : {}) as Record<string, unknown>;
    digests.push([
      `desk: outbox not done ${JSON.stringify(Array.isArray(outbox) ? outbox.map(brief).filter((e) => e.state !== 'done') : outbox)}`,
      `  status ${JSON.stringify({ online: st.online, paused: st.paused, lastError: st.lastError, live: st.live, outbox: st.outbox })}`,
      ...coreLines.slice(-3).map((l) => `  core.log ${l.slice(0, 300)}`),
    ].join('\n'));
    parts.push([
      `desk ${s.dataDir}`,
      `outbox: ${JSON.stringify(Array.isArray(outbox) ? outbox.map(brief) : outbox)}`,
      `sync.status: ${JSON.stringify(status)}`,
      `core.log (last ${TAIL} lines):\n${coreLines.length ? tail(coreLines) : '(none)'}`,
      `harness log (last ${TAIL} lines):\n${tail(s.logs)}`,
    ].join('\n'));
  }
  for (const page of pages) {
    const line = await describePage(page);
    parts.push(line);
    digests.push(line.slice(0, 600));
  }
  return { whole: parts.join('\n\n'), digest: digests.join('\n') };
}

function brief(e: Record<string, unknown>) {
  const { id, method, state, attempts, nextAttemptAt, lastError, errorCode, createdAt } = e;
  return { id, method, state, attempts, nextAttemptAt, lastError, errorCode, createdAt };
}

/** A desk's core.log (warnings and errors), line by line; none when it wrote none. */
function coreLogLines(dataDir: string): string[] {
  const coreLog = join(dataDir, 'logs', 'core.log');
  return existsSync(coreLog) ? readFileSync(coreLog, 'utf8').trimEnd().split('\n') : [];
}

/** The error lines of a desk's core.log, printed to stderr (nothing when there are none). */
export function reportCoreErrors(dataDir: string): void {
  const errors = coreLogLines(dataDir).filter((l) => l.includes('"lvl":"error"'));
  if (errors.length) console.error(`core.log of ${dataDir} has ${errors.length} error line(s):\n${errors.slice(-10).join('\n')}`);
}
