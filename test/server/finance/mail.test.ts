/**
 * Invoice e-mail against a real SMTP server on loopback (smtp-server): delivery with the PDF
 * attached, a server that is down and comes back, permanent refusal, no SMTP at all, the
 * esignature notes, and mail queued before a restart.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { startServer } from '@server/app';
import type { SmtpConfig } from '@server/config';
import { extractPdfText } from '../../helpers/pdfText';
import { startTestServer, type TestServer } from '../../helpers/server';
import { hufInvoice, issue, item } from './fixtures';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

interface Smtp {
  port: number;
  messages: Received[];
  close(): Promise<void>;
}

const USER = 'stockdesk';
const PASS = 'titok-jelszó';

async function smtpServer(port = 0, extra: SMTPServerOptions = {}): Promise<Smtp> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === USER && auth.password === PASS) cb(null, { user: USER });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
    logger: false,
    ...extra,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return { port: address.port, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port nothing listens on (for "the SMTP server is down"). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

const smtpConfig = (port: number): SmtpConfig => ({ host: '127.0.0.1', port, secure: false, user: USER, pass: PASS, from: 'szamla@stockdesk-demo.example' });
const FAST_RETRY = { baseMs: 150, maxMs: 400, maxAttempts: 100 };

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const emailStatus = async (s: TestServer, id: number) => (await s.ok('getInvoice', { invoice_id: id })).email_status;

/** Decodes RFC 2047 encoded words ("=?UTF-8?Q?Sz=C3=A1mla?=") in a header line. */
function decodeHeader(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const m = new RegExp(`^${name}:((?:.*)(?:\\r\\n[ \\t].*)*)`, 'im').exec(head);
  return m ? decodeHeader(m[1]!.replace(/\r\n[ \t]/g, ' ').trim()) : '';
}

/** The attachment of a multipart message: its filename and decoded bytes. */
function attachment(raw: string): { filename: string; content: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  const part = raw.split(`--${boundary}`).find((p) => /Content-Disposition:\s*attachment/i.test(p))!;
  const filename = /filename="?([^";\r\n]+)"?/i.exec(part)![1]!;
  const body = part.slice(part.indexOf('\r\n\r\n') + 4);
  return { filename, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('invoice e-mail', () => {
  it('is sent after the commit through SMTP with the PDF attached', async () => {
    const smtp = await smtpServer();
    const s = await startTestServer({ config: { smtp: smtpConfig(smtp.port), mailRetry: FAST_RETRY } });
    cleanups.push(() => s.close(), () => smtp.close());
    const inv = await issue(s, hufInvoice(s, { email: 'penzugy@kovacsesfiu.example', items: [item({ name: 'Tűzőgép, ősszel gyűjtött' })] }));
    expect(inv.email_status).toBe('pending');
    const status = await until('the mail to be sent', async () => {
      const st = await emailStatus(s, inv.invoice_id);
      return st.status === 'sent' ? st : undefined;
    });
    expect(status).toMatchObject({ status: 'sent', to: 'penzugy@kovacsesfiu.example', attempts: 1, sent_at: '2026-11-22T09:00:00.000Z' });
    expect(status.last_error).toBeUndefined();
    expect(smtp.messages).toHaveLength(1);
    const m = smtp.messages[0]!;
    expect(m.from).toBe('szamla@stockdesk-demo.example');
    expect(m.to).toEqual(['penzugy@kovacsesfiu.example']);
    expect(header(m.raw, 'Subject')).toBe(`Számla ${inv.invoice_number} – Stockdesk Demo Kft.`);
    const att = attachment(m.raw);
    expect(att.filename).toBe(`${inv.invoice_number}_hu_HU.pdf`);
    expect(att.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await extractPdfText(att.content)).text).toContain('Tűzőgép, ősszel gyűjtött');
    const record = await s.ok('getInvoice', { invoice_id: inv.invoice_id });
    expect(record.attachments).toHaveLength(1);
    const stored = await s.ok('getAttachment', { attachment_id: record.attachments[0]!.attachment_id });
    expect(Buffer.from(stored.content, 'base64').equals(att.content)).toBe(true);
  });

  it('a server that is down costs the invoice nothing; the mail goes out when it is back', async () => {
    const port = await freePort();
    const s = await startTestServer({ config: { smtp: smtpConfig(port), mailRetry: FAST_RETRY } });
    cleanups.push(() => s.close());
    const inv = await issue(s, hufInvoice(s, { email: 'penzugy@kovacsesfiu.example' }));
    expect(inv).toMatchObject({ type: 'invoice', email_status: 'pending' });
    const failing = await until('two failed attempts', async () => {
      const st = await emailStatus(s, inv.invoice_id);
      return st.attempts >= 2 ? st : undefined;
    });
    expect(failing).toMatchObject({ status: 'pending', to: 'penzugy@kovacsesfiu.example' });
    expect(failing.last_error).toMatch(/ECONNREFUSED/);
    expect((await s.ok('getInvoice', { invoice_id: inv.invoice_id })).status).toBe('unpaid');
    const smtp = await smtpServer(port);
    cleanups.push(() => smtp.close());
    const sent = await until('the retried mail', async () => {
      const st = await emailStatus(s, inv.invoice_id);
      return st.status === 'sent' ? st : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.last_error).toBeUndefined();
    expect(smtp.messages.map((m) => m.to)).toEqual([['penzugy@kovacsesfiu.example']]);
  });

  it('a permanent refusal (5xx) is not retried: failed, with the reason', async () => {
    const smtp = await smtpServer(0, {
      onRcptTo(_address, _session, cb) {
        cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    const s = await startTestServer({ config: { smtp: smtpConfig(smtp.port), mailRetry: FAST_RETRY } });
    cleanups.push(() => s.close(), () => smtp.close());
    const inv = await issue(s, hufInvoice(s, { email: 'nincs@kovacsesfiu.example' }));
    const st = await until('the refusal', async () => {
      const x = await emailStatus(s, inv.invoice_id);
      return x.status === 'failed' ? x : undefined;
    });
    expect(st.attempts).toBe(1);
    expect(st.last_error).toMatch(/Mailbox unavailable/);
    await new Promise((r) => setTimeout(r, 600));
    expect((await emailStatus(s, inv.invoice_id)).attempts).toBe(1);
  });

  it('wrong SMTP credentials are recorded and retried', async () => {
    const smtp = await smtpServer();
    const s = await startTestServer({ config: { smtp: { ...smtpConfig(smtp.port), pass: 'rossz' }, mailRetry: FAST_RETRY } });
    cleanups.push(() => s.close(), () => smtp.close());
    const inv = await issue(s, hufInvoice(s, { email: 'a@kovacsesfiu.example' }));
    const st = await until('a failed attempt', async () => {
      const x = await emailStatus(s, inv.invoice_id);
      return x.attempts >= 1 ? x : undefined;
    });
    expect(st.last_error).toMatch(/Invalid/i);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('without SMTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('queues the mail as pending and says why; a restart with SMTP sends it', async () => {
    const inv = await issue(s, hufInvoice(s, { email: 'penzugy@kovacsesfiu.example' }));
    expect(inv.email_status).toBe('pending');
    const st = await emailStatus(s, inv.invoice_id);
    expect(st).toMatchObject({ status: 'pending', attempts: 0, to: 'penzugy@kovacsesfiu.example' });
    expect(st.last_error).toMatch(/no SMTP server is configured/);
    expect(st.last_error).toMatch(/STOCKDESK_SMTP_HOST/);

    const smtp = await smtpServer();
    const second = await startServer({ store: s.app.store, clock: s.clock, log: pino({ level: 'silent' }), config: { port: 0, smtp: smtpConfig(smtp.port), mailRetry: FAST_RETRY } });
    try {
      await until('the held mail', async () => ((await emailStatus(s, inv.invoice_id)).status === 'sent' ? true : undefined));
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await second.close();
      await smtp.close();
    }
  });

  it('esignature is never applied in this build, and the response says why', async () => {
    const noMail = await issue(s, hufInvoice(s, { esignature: 1 }));
    expect(noMail.notes).toEqual([expect.stringMatching(/applies only to an invoice sent by e-mail/)]);
    const noCert = await issue(s, hufInvoice(s, { esignature: 1, email: 'a@kovacsesfiu.example' }));
    expect(noCert.notes).toEqual([expect.stringMatching(/no signing certificate is configured/)]);
    expect((await s.ok('getInvoice', { invoice_id: noCert.invoice_id })).esignature).toEqual({ requested: 1, applied: 0, note: noCert.notes[0] });
    expect((await issue(s, hufInvoice(s))).notes).toEqual([]);
    expect((await s.ok('getInvoice', { invoice_id: noMail.invoice_id - 1 })).esignature).toMatchObject({ requested: 0, applied: 0 });
  });

  it('with a signing certificate configured it still refuses honestly', async () => {
    const t = await startTestServer({ config: { signingCertPath: '/etc/stockdesk/signing.p12' } });
    try {
      const r = await issue(t, hufInvoice(t, { esignature: 1, email: 'a@kovacsesfiu.example' }));
      expect(r.notes).toEqual([expect.stringMatching(/PDF signing is not available in this build/)]);
      expect((await t.ok('getInvoice', { invoice_id: r.invoice_id })).esignature).toMatchObject({ requested: 1, applied: 0 });
      const pdf = await t.ok('generateInvoicePDF', { invoice_id: r.invoice_id });
      expect((await extractPdfText(Buffer.from(pdf.pdf, 'base64'))).text).toContain('Elektronikus aláírás nélkül kiállítva.');
    } finally {
      await t.close();
    }
  });
});

describe('the mail worker', () => {
  it('stops on close even with a retry scheduled far ahead', async () => {
    const port = await freePort();
    const s = await startTestServer({ config: { smtp: smtpConfig(port), mailRetry: { baseMs: 60_000, maxMs: 60_000, maxAttempts: 5 } } });
    const inv = await issue(s, hufInvoice(s, { email: 'a@kovacsesfiu.example' }));
    await until('one failed attempt', async () => ((await emailStatus(s, inv.invoice_id)).attempts >= 1 ? true : undefined));
    const started = Date.now();
    await s.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
