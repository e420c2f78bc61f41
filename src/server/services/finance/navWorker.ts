/**
 * Submits queued invoice data to NAV Online Számla, beside the mail worker (docs/nav.md, "How
 * submitting works"). One worker per process; on PostgreSQL every instance runs one, and each
 * submission is taken by exactly one of them (repos/navSubmissions.ts, claimDue). Per account:
 * - lost answers first (in_doubt, spec 1.9.2): after the wait, NAV's transactions of the window are
 *   listed and read back with returnOriginalRequest; a transaction holding our invoice number is
 *   adopted; a number in none of them is asked with queryInvoiceCheck; only what NAV does not hold
 *   is sent again. So our own resend never meets INVOICE_NUMBER_NOT_UNIQUE.
 * - waiting invoices go in manageInvoice requests of up to 100 (CREATE, STORNO), annulments in
 *   manageAnnulment; each row is marked in_doubt in its own commit before the request leaves, so a
 *   process killed mid-request leaves rows that the next worker resolves as lost.
 * - sent ones are polled with queryTransactionStatus, with backoff, until every index is DONE or ABORTED.
 * NavError.kind decides the rest: network/maintenance → later, no person; auth/taxpayer → the
 * account's queue stops with that state until `admin nav set` changes the connection.
 * Requests are spaced (spec 1.6.11: 1 request per second per IP on the limited endpoints).
 * Every due time comes from the injected clock; timers only decide when to look again.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../context';
import type { Sql, Store } from '../../db/sql';
import { outsideBatchTransaction } from '../../db/sqlite/groupCommit';
import { NavError } from '../../nav/client/errors';
import type { NavAnnulmentCode, NavClientApi, NavMessage, NavProcessingResult } from '../../nav/client/types';
import {
  claimDue, dueAccounts, getInvoiceData, holdAccount, knownTransactionIds, releaseClaim, updateNavSubmission,
  type NavSubmission, type NavSubmissionChange, type StoredNavMessage,
} from '../../repos/navSubmissions';

export interface NavWorkerOptions {
  /** Spacing of requests to NAV (spec 1.6.11). */
  minIntervalMs: number;
  /** How often the queue is looked at without a kick (an operator's `admin nav set` runs in another process). */
  pollMs: number;
  /** queryTransactionStatus backoff: base × 2^(polls−1), at most max. */
  statusBaseMs: number;
  statusMaxMs: number;
  /** NAV unreachable or in maintenance: base × 2^(attempt−1), at most max. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Spec 1.9.2: how long after a lost manageInvoice NAV may still be saving it. */
  lostWaitMs: number;
  /** A claimed row is this worker's for this long (longer than NAV's 60 s timeout and a batch's requests). */
  leaseMs: number;
  /** Invoices per manageInvoice (NAV's maximum is 100). */
  batchSize: number;
  /** After a kick, how long to let more invoices gather before a request goes (batching). */
  gatherMs: number;
}

export const DEFAULT_NAV_WORKER: NavWorkerOptions = {
  minIntervalMs: 1000, pollMs: 5000, statusBaseMs: 2000, statusMaxMs: 60_000, retryBaseMs: 30_000, retryMaxMs: 3_600_000,
  lostWaitMs: 5 * 60_000, leaseMs: 5 * 60_000, batchSize: 100, gatherMs: 300,
};

export interface NavWorker {
  start(): void;
  kick(): void;
  /** Works until nothing is due by the clock now (tests, after moving their clock). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export interface NavWorkerDeps {
  db: Store;
  clock: Clock;
  log: Logger;
  /** The account's client, or undefined when it has no connection (navConnection.ts makes it from the stored one). */
  clientFor(tx: Sql, accountId: number): Promise<NavClientApi | undefined>;
  options?: Partial<NavWorkerOptions>;
}

const MAX_TIMER_MS = 2_147_483_647;
const FINISHED = new Set(['done', 'aborted']);

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 500);

function storedMessages(ms: readonly NavMessage[], keep: (m: NavMessage) => boolean): StoredNavMessage[] {
  return ms.filter(keep).map((m) => ({ result: m.result, code: m.code, message: m.message, tag: m.tag, value: m.value, line: m.line }));
}

/** The invoice number in invoice data or annulment data NAV gives back (returnOriginalRequest). */
export function numberInData(xml: string): string | undefined {
  const text = /^[A-Za-z0-9+/=\s]+$/.test(xml.trim()) ? Buffer.from(xml, 'base64').toString('utf8') : xml;
  const m = /<(?:\w+:)?(?:invoiceNumber|annulmentReference)>([^<]+)</.exec(text);
  return m?.[1]?.trim();
}

export function createNavWorker({ db, clock, log, clientFor, options }: NavWorkerDeps): NavWorker {
  const o: NavWorkerOptions = { ...DEFAULT_NAV_WORKER, ...options };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let nextSlot = 0;

  const own = <T>(fn: (tx: Sql) => Promise<T>) => outsideBatchTransaction(db, fn);
  const nowMs = () => clock.now().getTime();
  const backoff = (n: number, base: number, max: number) => Math.min(max, base * 2 ** Math.min(Math.max(n, 1) - 1, 30));

  /** Waits for this process's next request slot; `requests` slots are taken (manageInvoice is two: its token, then itself). */
  async function pace(requests = 1): Promise<void> {
    const t = Date.now();
    const wait = nextSlot - t;
    nextSlot = Math.max(t, nextSlot) + o.minIntervalMs * requests;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  async function call<T>(fn: () => Promise<T>, requests = 1): Promise<T> {
    await pace(requests);
    return fn();
  }

  /** Rows this process changed during its current turn (the rest go back to the queue when the turn ends). */
  const touched = new Set<number>();
  const change = (s: NavSubmission, c: NavSubmissionChange, token: string) => {
    touched.add(s.id);
    return own((tx) => updateNavSubmission(tx, s.id, c, clock.now(), token));
  };

  /** The account's queue stops for a person (auth, taxpayer); rows already at NAV keep their state and wait too. */
  async function stopAccount(accountId: number, e: NavError, rows: readonly NavSubmission[], token: string): Promise<void> {
    const status = e.kind === 'auth' ? 'credentials_refused' : 'taxpayer_mismatch';
    const said = `${e.code ?? e.kind}: ${e.message}`;
    await own(async (tx) => {
      await holdAccount(tx, accountId, status, '', said, clock.now());
      // What is already at NAV (sent, in doubt) is not lost: it waits, unclaimed, for the connection to be fixed.
      for (const r of rows) await updateNavSubmission(tx, r.id, { nextAttemptMs: null, lastError: said }, clock.now(), token);
    });
    for (const r of rows) touched.add(r.id);
    log.warn({ accountId, status, code: e.code }, 'NAV refused the account\'s technical user; its queue waits for an operator');
  }

  /** A failure that needs no person: the rows are tried again later. */
  async function later(rows: readonly NavSubmission[], e: unknown, token: string, keep: Partial<NavSubmissionChange> = {}): Promise<void> {
    for (const r of rows) {
      await change(r, { attemptsPlus: 1, lastError: describe(e), nextAttemptMs: nowMs() + backoff(r.attempts + 1, o.retryBaseMs, o.retryMaxMs), ...keep }, token);
    }
  }

  /** What a failed call means for these rows; rethrows `stop` so the account's turn ends. */
  async function failed(accountId: number, rows: readonly NavSubmission[], e: unknown, token: string, all: readonly NavSubmission[]): Promise<'stop' | 'go on'> {
    if (e instanceof NavError && (e.kind === 'auth' || e.kind === 'taxpayer')) {
      await stopAccount(accountId, e, all, token);
      return 'stop';
    }
    await later(rows, e, token);
    log.warn({ accountId, kind: e instanceof NavError ? e.kind : 'error', err: describe(e) }, 'NAV call failed; tried again later');
    return e instanceof NavError && (e.kind === 'network' || e.kind === 'maintenance') ? 'stop' : 'go on';
  }

  function applyResult(r: NavProcessingResult): NavSubmissionChange {
    switch (r.status) {
      case 'DONE':
        return { status: 'done', messages: storedMessages(r.messages, () => true), nextAttemptMs: null, lastError: null };
      case 'ABORTED':
        return { status: 'aborted', messages: storedMessages(r.messages, () => true), nextAttemptMs: null, lastError: null };
      case 'RECEIVED':
        return { status: 'received' };
      default:
        return { status: 'processing' };
    }
  }

  /** Polls the transactions of these rows. */
  async function poll(client: NavClientApi, accountId: number, rows: readonly NavSubmission[], token: string, all: readonly NavSubmission[]): Promise<'stop' | 'go on'> {
    const byTx = new Map<string, NavSubmission[]>();
    for (const r of rows) byTx.set(r.transactionId!, [...(byTx.get(r.transactionId!) ?? []), r]);
    for (const [tid, group] of byTx) {
      let results: NavProcessingResult[];
      try {
        results = await call(() => client.queryTransactionStatus(tid));
      } catch (e) {
        if ((await failed(accountId, group, e, token, all)) === 'stop') return 'stop';
        continue;
      }
      for (const r of group) {
        const res = results.find((x) => x.index === r.batchIndex);
        const polls = r.attempts + 1;
        if (!res) {
          await change(r, { attemptsPlus: 1, nextAttemptMs: nowMs() + backoff(polls, o.statusBaseMs, o.statusMaxMs) }, token);
          continue;
        }
        const c = applyResult(res);
        await change(r, FINISHED.has(c.status!) ? c : { ...c, attemptsPlus: 1, nextAttemptMs: nowMs() + backoff(polls, o.statusBaseMs, o.statusMaxMs) }, token);
      }
    }
    return 'go on';
  }

  /** Sends waiting rows: invoices in manageInvoice requests of up to batchSize, annulments in manageAnnulment. */
  async function send(client: NavClientApi, accountId: number, rows: readonly NavSubmission[], token: string, all: readonly NavSubmission[]): Promise<'stop' | 'go on'> {
    for (let i = 0; i < rows.length; i += o.batchSize) {
      const batch = rows.slice(i, i + o.batchSize);
      const annul = batch[0]!.operation === 'ANNUL';
      const data = annul ? [] : await own(async (tx) => Promise.all(batch.map((r) => getInvoiceData(tx, r.id))));
      // In doubt from here on: a process that dies before the answer is stored leaves rows the next worker checks at NAV.
      const sentAt = clock.now().toISOString();
      const marked: NavSubmission[] = [];
      for (const [k, r] of batch.entries()) {
        if (await change(r, { status: 'sent', inDoubt: true, sentAt, transactionId: null, batchIndex: k + 1 }, token)) marked.push({ ...r, batchIndex: k + 1 });
      }
      if (marked.length !== batch.length) throw new Error('a claimed NAV submission was taken over while it was being sent');
      let transactionId: string;
      try {
        transactionId = annul
          ? (await call(() => client.manageAnnulment(batch.map((r, k) => ({ index: k + 1, invoiceNumber: r.invoiceNumber, code: r.annulCode as NavAnnulmentCode, reason: r.annulReason ?? '' }))), 2)).transactionId
          : (await call(() => client.manageInvoice(batch.map((r, k) => ({ index: k + 1, operation: r.operation as 'CREATE' | 'STORNO' | 'MODIFY', invoiceData: data[k]! }))), 2)).transactionId;
      } catch (e) {
        if (e instanceof NavError && e.kind === 'lost') {
          // Spec 1.9.2: NAV may still be saving it; look at what it holds once the wait is over.
          for (const r of marked) await change(r, { attemptsPlus: 1, lastError: describe(e), nextAttemptMs: nowMs() + o.lostWaitMs }, token);
          log.warn({ accountId, invoices: marked.length }, 'NAV submission answer lost; checking NAV before sending again');
          continue;
        }
        if (e instanceof NavError && e.kind === 'refused') {
          // NAV read the request and refused it whole (schema, request data): nothing of it is recorded.
          const messages = e.messages.length ? storedMessages(e.messages, () => true) : [{ result: 'ERROR' as const, code: e.code ?? 'REFUSED', message: e.message }];
          for (const r of marked) await change(r, { status: 'aborted', inDoubt: false, messages, nextAttemptMs: null, lastError: describe(e) }, token);
          continue;
        }
        // Nothing reached NAV (network, maintenance, auth, taxpayer): the rows wait again.
        for (const r of marked) await change(r, { status: 'waiting', inDoubt: false, sentAt: null, batchIndex: null }, token);
        if ((await failed(accountId, marked, e, token, all)) === 'stop') return 'stop';
        continue;
      }
      for (const r of marked) {
        await change(r, { transactionId, inDoubt: false, lastError: null, nextAttemptMs: nowMs() + o.statusBaseMs }, token);
      }
      log.info({ accountId, transactionId, invoices: marked.length, annulment: annul }, 'sent to NAV');
    }
    return 'go on';
  }

  /**
   * Spec 1.9.2 for rows whose answer was lost (and rows built before submitting existed): adopt the
   * transaction NAV holds them in; the rest are marked done when NAV holds the number outside any
   * transaction we can see, and sent again only when NAV does not hold them.
   */
  async function recover(client: NavClientApi, accountId: number, rows: readonly NavSubmission[], token: string, all: readonly NavSubmission[]): Promise<{ resend: NavSubmission[]; outcome: 'stop' | 'go on' }> {
    const open = new Map(rows.map((r) => [r.invoiceNumber, r]));
    const lost = rows.filter((r) => r.inDoubt && r.sentAt);
    try {
      if (lost.length > 0) {
        const from = new Date(Math.min(...lost.map((r) => Date.parse(r.sentAt!))) - 60_000);
        const to = clock.now();
        const known = await own((tx) => knownTransactionIds(tx, accountId));
        const list = await call(() => client.queryTransactionList(from, to));
        for (const t of list) {
          if (known.has(t.transactionId) || open.size === 0) continue;
          const results = await call(() => client.queryTransactionStatus(t.transactionId, true));
          for (const res of results) {
            const n = res.originalInvoiceData ? numberInData(res.originalInvoiceData) : undefined;
            const r = n === undefined ? undefined : open.get(n);
            if (!r || (r.operation === 'ANNUL') !== t.technicalAnnulment) continue;
            open.delete(n!);
            const c = applyResult(res);
            await change(r, {
              ...c, transactionId: t.transactionId, batchIndex: res.index, inDoubt: false, checkFirst: false, lastError: null,
              ...(FINISHED.has(c.status!) ? {} : { nextAttemptMs: nowMs() + o.statusBaseMs }),
            }, token);
            log.info({ accountId, transactionId: t.transactionId, invoice: n }, 'lost NAV transaction found and adopted');
          }
        }
      }
      const resend: NavSubmission[] = [];
      for (const r of open.values()) {
        if (r.operation !== 'ANNUL' && (await call(() => client.queryInvoiceCheck(r.invoiceNumber)))) {
          await change(r, {
            status: 'done', inDoubt: false, checkFirst: false, nextAttemptMs: null, lastError: null,
            messages: [{ result: 'INFO', code: 'ALREADY_AT_NAV', message: 'NAV already holds invoice data under this number (reported before, e.g. through the Online Számla portal); it was not sent again.' }],
          }, token);
          continue;
        }
        await change(r, { status: 'waiting', inDoubt: false, checkFirst: false, sentAt: null, batchIndex: null }, token);
        resend.push({ ...r, status: 'waiting', inDoubt: false, checkFirst: false });
      }
      return { resend, outcome: 'go on' };
    } catch (e) {
      // Nothing decided: the rows stay as they were and are looked at again later.
      return { resend: [], outcome: await failed(accountId, rows, e, token, all) };
    }
  }

  async function serveAccount(accountId: number): Promise<void> {
    const token = randomBytes(12).toString('hex');
    const now = nowMs();
    const lease = now + o.leaseMs;
    touched.clear();
    const rows = await own((tx) => claimDue(tx, accountId, now, lease, token, o.batchSize * 5));
    if (rows.length === 0) return;
    // Rows this turn did not get to (it stopped on a failure) are looked at again after the retry delay.
    let untouched = nowMs() + o.retryBaseMs;
    try {
      let client: NavClientApi | undefined;
      try {
        client = await own((tx) => clientFor(tx, accountId));
      } catch (e) {
        log.error({ accountId, err: describe(e) }, 'the NAV connection cannot be opened');
        await later(rows, e, token);
        return;
      }
      if (!client) {
        await own(async (tx) => {
          await holdAccount(tx, accountId, 'not_configured', '', 'no NAV connection is set for this account', clock.now());
          for (const r of rows) await updateNavSubmission(tx, r.id, { nextAttemptMs: null }, clock.now(), token);
        });
        for (const r of rows) touched.add(r.id);
        return;
      }
      const lostDue = rows.filter((r) => (r.inDoubt && r.sentAt !== undefined) || r.checkFirst);
      const waiting = rows.filter((r) => !r.inDoubt && !r.checkFirst && (r.status === 'waiting' || r.status === 'not_configured' || r.status === 'credentials_refused' || r.status === 'taxpayer_mismatch'));
      const polling = rows.filter((r) => !r.inDoubt && r.transactionId !== undefined && !FINISHED.has(r.status) && !waiting.includes(r));
      let toSend = waiting;
      if (lostDue.length > 0) {
        const { resend, outcome } = await recover(client, accountId, lostDue, token, rows);
        if (outcome === 'stop') return;
        toSend = [...resend, ...waiting];
      }
      const invoices = toSend.filter((r) => r.operation !== 'ANNUL');
      const annulments = toSend.filter((r) => r.operation === 'ANNUL');
      if (invoices.length && (await send(client, accountId, invoices, token, rows)) === 'stop') return;
      if (annulments.length && (await send(client, accountId, annulments, token, rows)) === 'stop') return;
      if (polling.length) await poll(client, accountId, polling, token, rows);
      untouched = nowMs();
    } finally {
      await own((tx) => releaseClaim(tx, token, rows.filter((r) => !touched.has(r.id)).map((r) => r.id), untouched));
    }
  }

  async function drain(): Promise<void> {
    for (let pass = 0; pass < 10 && !stopped; pass++) {
      const { due } = await own((tx) => dueAccounts(tx, nowMs()));
      if (due.length === 0) return;
      for (const accountId of due) {
        if (stopped) return;
        await serveAccount(accountId);
      }
    }
  }

  async function schedule(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const { nextMs } = await own((tx) => dueAccounts(tx, nowMs()));
    const wait = nextMs === undefined ? o.pollMs : Math.min(o.pollMs, Math.max(0, nextMs - nowMs()));
    timer = setTimeout(kick, Math.min(MAX_TIMER_MS, wait));
    timer.unref?.();
  }

  let gathering: NodeJS.Timeout | undefined;
  /** A kick after a commit waits gatherMs, so that invoices issued together go in one request. */
  function kickSoon(): void {
    if (stopped || gathering) return;
    gathering = setTimeout(() => {
      gathering = undefined;
      kick();
    }, o.gatherMs);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((e: unknown) => log.error({ err: e }, 'NAV worker failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        } else schedule().catch((e: unknown) => log.error({ err: e }, 'NAV worker could not schedule'));
      });
  }

  return {
    start: kick,
    kick: kickSoon,
    async runOnce() {
      while (running) await running;
      await drain();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(gathering);
      await running;
    },
  };
}
