/**
 * The NAV double's own promises: single-use, expiring tokens; processing driven by its clock;
 * answers that are valid invoiceApi.xsd documents; a 100-invoice batch in one request; and the
 * double as a separate process driven through its control API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NavClient } from '@server/nav/client/client';
import { manageInvoiceRequest } from '@server/nav/client/requests';
import { nodeTransport } from '@server/nav/client/transport';
import type { NavTransport } from '@server/nav/client/types';
import { NAV_DOUBLE_USER, startNavDouble, startNavDoubleProcess, type NavDouble } from '../../../helpers/navDouble';
import { defaultSchemaDir, validateAll } from '../../../helpers/navDouble/xsd';
import { client, credentials, invoiceXml, software } from './helpers';

const SELLER = NAV_DOUBLE_USER.taxNumber;
let seq = 0;
const num = () => `DT-${Date.now().toString(36)}-${++seq}`;

describe('tokens', () => {
  let now = Date.now();
  let nav: NavDouble;
  beforeAll(async () => {
    nav = await startNavDouble({ processing: 'manual', clock: () => new Date(now), tokenValidityMs: 5 * 60_000 });
  });
  afterAll(() => nav.stop());

  async function submitWith(token: string) {
    const body = manageInvoiceRequest(
      { credentials: credentials(nav.url), software, requestId: `T${++seq}_${Date.now()}`, at: new Date(now) },
      token,
      [{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }],
    );
    return nodeTransport().post(`${nav.url}/manageInvoice`, body, 5000);
  }

  it('a token serves one submission only', async () => {
    const token = await client(nav.url, {}, { clock: () => new Date(now) }).tokenExchange();
    expect((await submitWith(token)).status).toBe(200);
    const again = await submitWith(token);
    expect(again.status).toBe(400);
    expect(again.body).toContain('<common:errorCode>INVALID_EXCHANGE_TOKEN</common:errorCode>');
  });

  it('a token expires', async () => {
    const token = await client(nav.url, {}, { clock: () => new Date(now) }).tokenExchange();
    now += 5 * 60_000 + 1;
    const late = await submitWith(token);
    expect(late.body).toContain('<common:errorCode>INVALID_EXCHANGE_TOKEN</common:errorCode>');
  });
});

describe('processing by time', () => {
  it('RECEIVED, PROCESSING after one step, DONE after two, by the double’s clock', async () => {
    let now = Date.now();
    const nav = await startNavDouble({ stepMs: 1000, clock: () => new Date(now) });
    try {
      const c = client(nav.url, {}, { clock: () => new Date(now) });
      const { transactionId } = await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }]);
      const status = async () => (await c.queryTransactionStatus(transactionId))[0]!.status;
      expect(await status()).toBe('RECEIVED');
      now += 1000;
      expect(await status()).toBe('PROCESSING');
      now += 1000;
      expect(await status()).toBe('DONE');
    } finally {
      await nav.stop();
    }
  });
});

describe('the double’s answers', () => {
  it('are valid invoiceApi.xsd documents, errors included', async () => {
    const nav = await startNavDouble({ processing: 'manual', refusedBuyers: ['99999999'] });
    const answers: string[] = [];
    const base = nodeTransport();
    const recording: NavTransport = {
      async post(url, body, timeoutMs) {
        const res = await base.post(url, body, timeoutMs);
        answers.push(res.body);
        return res;
      },
    };
    try {
      const c = new NavClient({ credentials: credentials(nav.url), software, transport: recording, clock: () => new Date() });
      const n = num();
      const { transactionId } = await c.manageInvoice([
        { index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) },
        { index: 2, operation: 'CREATE', invoiceData: invoiceXml(num(), '99999999-2-41') },
        { index: 3, operation: 'CREATE', invoiceData: invoiceXml(num()).replace('<invoiceIssueDate>', '<invoiceIssueDate>x') },
      ]);
      await c.queryTransactionStatus(transactionId, true);
      nav.processAll();
      await c.queryTransactionStatus(transactionId, true);
      await c.queryTransactionList(new Date(Date.now() - 60_000), new Date(Date.now() + 1000));
      await c.queryInvoiceCheck(n);
      await c.queryInvoiceData(n);
      await c.queryTaxpayer('87654321');
      await c.queryTaxpayer('13579246');
      const annul = await c.manageAnnulment([{ index: 1, invoiceNumber: n, code: 'ERRATIC_DATA', reason: 'teszt' }]);
      nav.processAll();
      await c.queryTransactionStatus(annul.transactionId);
      await client(nav.url, { signingKey: 'x'.repeat(32) }, { transport: recording }).tokenExchange().catch(() => undefined);
      await client(nav.url, { taxNumber: '24681357' }, { transport: recording }).tokenExchange().catch(() => undefined);
      nav.setMaintenance('all');
      await c.queryInvoiceCheck(n).catch(() => undefined);
      expect(answers.length).toBeGreaterThanOrEqual(15);
      const errors = await validateAll(defaultSchemaDir(), 'invoiceApi.xsd', answers);
      expect(errors.flatMap((e, i) => e.map((m) => `answer ${i}: ${m}`))).toEqual([]);
    } finally {
      await nav.stop();
    }
  });

  it('GeneralErrorResponse for a request that is not schema-valid, OPERATION_FAILED for one at the wrong endpoint', async () => {
    const nav = await startNavDouble({ processing: 'manual' });
    try {
      const transport = nodeTransport();
      const token = await client(nav.url).tokenExchange();
      const good = manageInvoiceRequest(
        { credentials: credentials(nav.url), software, requestId: `S${Date.now()}`, at: new Date() },
        token,
        [{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }],
      );
      const invalid = await transport.post(`${nav.url}/manageInvoice`, good.replace('<compressedContent>false</compressedContent>', ''), 5000);
      expect(invalid.status).toBe(400);
      expect(invalid.body).toContain('<common:errorCode>INVALID_REQUEST</common:errorCode>');
      expect(invalid.body).toMatch(/<common:validationErrorCode>SCHEMA_VIOLATION<\/common:validationErrorCode>/);
      const wrong = await transport.post(`${nav.url}/queryTaxpayer`, good, 5000);
      expect(wrong.status).toBe(500);
      expect(wrong.body).toContain('<common:errorCode>OPERATION_FAILED</common:errorCode>');
      const notXml = await transport.post(`${nav.url}/queryTaxpayer`, 'not xml', 5000);
      expect(notXml.body).toContain('GeneralExceptionResponse');
    } finally {
      await nav.stop();
    }
  });
});

describe('batches', () => {
  it('100 invoices in one request: two NAV requests, one schema run, duplicates in the request flagged', async () => {
    const nav = await startNavDouble({ processing: 'manual' });
    try {
      const c = client(nav.url, {}, { timeoutMs: 60_000 });
      const numbers = Array.from({ length: 99 }, () => num());
      const ops = [...numbers, numbers[0]!].map((n, i) => ({ index: i + 1, operation: 'CREATE' as const, invoiceData: invoiceXml(n) }));
      const started = Date.now();
      const { transactionId } = await c.manageInvoice(ops);
      const elapsed = Date.now() - started;
      expect(nav.requestCount()).toBe(2);
      nav.processAll();
      const results = await c.queryTransactionStatus(transactionId);
      expect(results).toHaveLength(100);
      expect(results.filter((r) => r.status === 'DONE')).toHaveLength(98);
      expect(results[0]!.messages.map((m) => m.code)).toEqual(['DUPLICATE_IN_REQUEST']);
      expect(results[99]!.messages.map((m) => m.code)).toEqual(['DUPLICATE_IN_REQUEST']);
      expect(nav.ledger(SELLER).size).toBe(98);
      console.log(`100-invoice manageInvoice accepted in ${elapsed} ms`);
    } finally {
      await nav.stop();
    }
  });
});

describe('traffic restriction (spec 1.6.11)', () => {
  it('counts requests to a restricted endpoint sooner than a second apart, per endpoint', async () => {
    let now = Date.now();
    const nav = await startNavDouble({ processing: 'manual', clock: () => new Date(now) });
    try {
      const c = client(nav.url, {}, { clock: () => new Date(now) });
      await c.queryTaxpayer('87654321');
      now += 1000;
      await c.queryTaxpayer('87654321');
      await c.tokenExchange();
      expect(nav.trafficViolations).toBe(0);
      now += 999;
      await c.queryTaxpayer('87654321');
      await c.queryInvoiceCheck('ANY-1');
      await c.queryInvoiceCheck('ANY-2');
      expect(nav.trafficViolations).toBe(1);
    } finally {
      await nav.stop();
    }
  });
});

describe('the double as its own process', () => {
  it('serves NAV and answers its control API', async () => {
    const remote = await startNavDoubleProcess({ processing: 'manual', refusedBuyers: ['99999999'] });
    try {
      const c = client(remote.url);
      const n = num();
      const { transactionId } = await c.manageInvoice([
        { index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) },
        { index: 2, operation: 'CREATE', invoiceData: invoiceXml(`${n}-R`, '99999999-2-41') },
      ]);
      await remote.processAll();
      const snap = await remote.snapshot();
      expect(snap.counts).toEqual({ tokenExchange: 1, manageInvoice: 1 });
      expect(snap.trafficViolations).toBe(0);
      expect(snap.ledger[SELLER]![n]).toMatchObject({ transactionId, index: 1, status: 'DONE' });
      expect(snap.ledger[SELLER]![`${n}-R`]).toBeUndefined();
      expect(snap.transactions[0]!.items[1]).toMatchObject({ status: 'ABORTED', messages: [{ code: 'CUSTOMER_NOT_ASSIGNED' }] });
      await remote.inject('manageInvoice', { kind: 'cut', afterRecord: true });
      const err = await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }]).catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: 'lost' });
      await remote.setMaintenance('all');
      expect(await c.queryTaxpayer('87654321').catch((e: unknown) => e)).toMatchObject({ kind: 'maintenance' });
    } finally {
      await remote.stop();
    }
  });
});
