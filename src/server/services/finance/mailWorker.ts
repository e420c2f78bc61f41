/**
 * Sends queued invoice e-mail after the invoice's transaction committed. One worker per process,
 * one mail at a time. A failure never touches the invoice: it is counted on the queue row with its
 * reason and retried with capped exponential backoff; a permanent refusal (SMTP 5xx) or too many
 * attempts gives up ('failed'). Without SMTP settings mail waits as 'pending' and says why.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Clock } from '../../context';
import type { MailRetryConfig, ServerConfig } from '../../config';
import type { Sql, Store } from '../../db/sql';
import { getAttachment } from '../../repos/attachments';
import { outsideBatchTransaction } from '../../db/sqlite/groupCommit';
import { getInvoice } from '../../repos/invoices';
import {
  claimMail, holdMail, listDueMail, markMailAttemptFailed, markMailSent, nextMailAttemptMs, releaseHeldMail, setMailAttachment, type QueuedMail,
} from '../../repos/mailQueue';
import { renderInvoicePdf } from '@documents/index';
import { invoiceDocument, pdfFilename, storeInvoicePdf } from './documents';
import { invoiceMail } from './mailMessage';

export const DEFAULT_MAIL_RETRY: MailRetryConfig = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 20 };

/**
 * How long a claimed mail is this sender's: longer than rendering the PDF and the SMTP timeouts
 * together, so a slow send is never taken over; a sender that died leaves it due again after this.
 */
export const SEND_LEASE_MS = 5 * 60_000;

export const NO_SMTP_REASON =
  'Not sent yet: no SMTP server is configured. Start the server with --smtp-host/--smtp-from (or STOCKDESK_SMTP_HOST/STOCKDESK_SMTP_FROM); queued mail is sent when it starts with them.';

export interface MailWorker {
  /** Picks up mail left from before a restart and starts the timer. */
  start(): void;
  /** Looks at the queue now (after a commit that queued mail). */
  kick(): void;
  /** Stops the timer and waits for a send in progress. */
  stop(): Promise<void>;
}

export interface MailWorkerDeps {
  db: Store;
  config: ServerConfig;
  clock: Clock;
  log: Logger;
}

// setTimeout cannot wait longer than 2^31 − 1 ms.
const MAX_TIMER_MS = 2_147_483_647;

export function retryDelayMs(attempt: number, r: MailRetryConfig): number {
  return Math.min(r.maxMs, r.baseMs * 2 ** Math.min(attempt - 1, 30));
}

const isPermanent = (e: unknown) => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 500);

export function createMailWorker({ db, config, clock, log }: MailWorkerDeps): MailWorker {
  const retry = config.mailRetry ?? DEFAULT_MAIL_RETRY;
  const smtp = config.smtp;
  const transport: Transporter | undefined = smtp
    ? nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  // Requests share transactions (db/sqlite/groupCommit.ts): every read and write here runs in a
  // transaction of its own outside any batch, so the worker never reads a batch's uncommitted mail
  // nor writes into a batch.
  const own = <T>(fn: (tx: Sql) => Promise<T>) => outsideBatchTransaction(db, fn);

  async function schedule(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || !transport) return;
    const next = await own((tx) => nextMailAttemptMs(tx));
    if (next === undefined || stopped) return;
    timer = setTimeout(kick, Math.min(MAX_TIMER_MS, Math.max(0, next - Date.now())));
  }

  async function sendOne(m: QueuedMail, t: Transporter, from: string): Promise<void> {
    // Several instances may list the same due mail: only the one that claims it sends it.
    const seen = m.nextAttemptMs;
    if (seen === undefined || !(await own((tx) => claimMail(tx, m.id, seen, Date.now() + SEND_LEASE_MS)))) return;
    try {
      const inv = await own((tx) => getInvoice(tx, m.accountId, m.invoiceId));
      if (!inv) throw new Error(`invoice ${m.invoiceId} no longer exists`);
      const stored = m.attachmentId;
      let pdf = stored !== undefined ? await own((tx) => getAttachment(tx, m.accountId, stored)) : undefined;
      if (!pdf) {
        // Read in a transaction, rendered outside it: a transaction awaits nothing but its statements.
        const doc = await own((tx) => invoiceDocument(tx, m.accountId, inv));
        const rendered = { filename: pdfFilename(inv.invoiceNumber, doc.language), pdf: await renderInvoicePdf(doc) };
        pdf = await own(async (tx) => {
          const id = await storeInvoicePdf(tx, m.accountId, inv.id, rendered.filename, rendered.pdf, clock.now());
          await setMailAttachment(tx, m.id, id);
          return (await getAttachment(tx, m.accountId, id))!;
        });
      }
      await t.sendMail(invoiceMail(inv, m.to, from, { filename: pdf.filename, content: pdf.content }));
      await own((tx) => markMailSent(tx, m.id, clock.now()));
      log.info({ invoiceId: m.invoiceId, mailId: m.id }, 'invoice mail sent');
    } catch (e) {
      const attempt = m.attempts + 1;
      const next = isPermanent(e) || attempt >= retry.maxAttempts ? undefined : Date.now() + retryDelayMs(attempt, retry);
      await own((tx) => markMailAttemptFailed(tx, m.id, describe(e), next));
      log.warn({ invoiceId: m.invoiceId, mailId: m.id, attempt, err: describe(e), retry: next !== undefined }, 'invoice mail failed');
    }
  }

  async function drain(): Promise<void> {
    if (!transport || !smtp) {
      await own(async (tx) => {
        for (const m of await listDueMail(tx, Number.MAX_SAFE_INTEGER, 1000)) await holdMail(tx, m.id, NO_SMTP_REASON);
      });
      return;
    }
    for (;;) {
      const due = await own((tx) => listDueMail(tx, Date.now(), 20));
      if (due.length === 0 || stopped) return;
      for (const m of due) {
        if (stopped) return;
        await sendOne(m, transport, smtp.from);
      }
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((e: unknown) => log.error({ err: e }, 'mail worker failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        } else schedule().catch((e: unknown) => log.error({ err: e }, 'mail worker could not schedule'));
      });
  }

  return {
    start() {
      if (!transport) return kick();
      own((tx) => releaseHeldMail(tx, Date.now()))
        .catch((e: unknown) => log.error({ err: e }, 'mail worker could not release held mail'))
        .finally(kick);
    },
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}
