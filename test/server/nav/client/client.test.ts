/**
 * The client against the NAV double, every operation over real HTTP: what NAV answers, and what
 * the client makes of each fault (lost, network, maintenance, auth, taxpayer).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NavError } from '@server/nav/client/errors';
import { NAV_DOUBLE_USER, startNavDouble, type NavDouble } from '../../../helpers/navDouble';
import { client, invoiceXml, stornoXml } from './helpers';

const SELLER = NAV_DOUBLE_USER.taxNumber;
const REFUSED_BUYER = '99999999';
const WARNED_BUYER = '88888888';
let nav: NavDouble;
let seq = 0;
/** A fresh invoice number per test: the double's ledger lives for the whole file. */
const num = () => `CT-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  nav = await startNavDouble({ processing: 'manual', refusedBuyers: [REFUSED_BUYER], warnBuyers: [WARNED_BUYER] });
});
afterAll(() => nav.stop());
beforeEach(() => nav.clearFaults());

async function rejection(p: Promise<unknown>): Promise<NavError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NavError);
  return err as NavError;
}

describe('operations', () => {
  it('tokenExchange answers the decoded token NAV issued', async () => {
    const token = await client(nav.url).tokenExchange();
    expect(nav.state.tokens.get(token)).toMatchObject({ taxNumber: SELLER, used: false });
  });

  it('manageInvoice → RECEIVED → PROCESSING → DONE, and NAV then holds the invoice', async () => {
    const c = client(nav.url);
    const n = num();
    const { transactionId } = await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) }]);
    expect(await c.queryTransactionStatus(transactionId)).toEqual([{ index: 1, status: 'RECEIVED', messages: [] }]);
    nav.advance();
    expect((await c.queryTransactionStatus(transactionId))[0]!.status).toBe('PROCESSING');
    nav.advance();
    expect(await c.queryTransactionStatus(transactionId)).toEqual([{ index: 1, status: 'DONE', messages: [] }]);
    expect(nav.ledger(SELLER).get(n)).toMatchObject({ transactionId, index: 1, operation: 'CREATE', status: 'DONE' });
    expect(await c.queryInvoiceCheck(n)).toBe(true);
    expect(await c.queryInvoiceCheck(`${n}-X`)).toBe(false);
    const data = await c.queryInvoiceData(n);
    expect(data).toEqual({ invoiceData: invoiceXml(n), transactionId, index: 1 });
    expect(await c.queryInvoiceData(`${n}-X`)).toBeUndefined();
  });

  it('returnOriginalRequest gives back each index’s invoice data as sent (spec 1.9.2)', async () => {
    const c = client(nav.url);
    const [a, b] = [num(), num()];
    const { transactionId } = await c.manageInvoice([
      { index: 1, operation: 'CREATE', invoiceData: invoiceXml(a) },
      { index: 2, operation: 'CREATE', invoiceData: invoiceXml(b) },
    ]);
    const results = await c.queryTransactionStatus(transactionId, true);
    expect(results.map((r) => [r.index, r.originalInvoiceData])).toEqual([
      [1, invoiceXml(a)],
      [2, invoiceXml(b)],
    ]);
  });

  it("ABORTED with NAV's codes, texts and pointers; WARN kept on DONE", async () => {
    const c = client(nav.url);
    const held = num();
    await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(held) }]);
    nav.processAll();
    const [refused, warned, unknownBase, storno, broken] = [num(), num(), num(), num(), num()];
    const { transactionId } = await c.manageInvoice([
      { index: 1, operation: 'CREATE', invoiceData: invoiceXml(held) },
      { index: 2, operation: 'CREATE', invoiceData: invoiceXml(refused, `${REFUSED_BUYER}-2-41`) },
      { index: 3, operation: 'CREATE', invoiceData: invoiceXml(warned, `${WARNED_BUYER}-2-41`) },
      { index: 4, operation: 'STORNO', invoiceData: stornoXml(unknownBase, 'NEVER-REPORTED-1') },
      { index: 5, operation: 'STORNO', invoiceData: stornoXml(storno, held) },
      { index: 6, operation: 'CREATE', invoiceData: invoiceXml(broken).replace('<invoiceIssueDate>', '<invoiceIssueDate>x') },
    ]);
    nav.processAll();
    const results = await c.queryTransactionStatus(transactionId);
    const byIndex = new Map(results.map((r) => [r.index, r]));
    expect(byIndex.get(1)).toMatchObject({
      status: 'ABORTED',
      messages: [{ result: 'ERROR', code: 'INVOICE_NUMBER_NOT_UNIQUE', message: 'A megadott számla sorszámmal már történt adatszolgáltatás.', tag: 'invoiceNumber', value: held }],
    });
    expect(byIndex.get(2)).toMatchObject({
      status: 'ABORTED',
      messages: [{ result: 'ERROR', code: 'CUSTOMER_NOT_ASSIGNED', message: 'Nem engedélyezett vevői adószám.', tag: 'customerTaxNumber', value: REFUSED_BUYER }],
    });
    expect(byIndex.get(3)).toMatchObject({
      status: 'DONE',
      messages: [{ result: 'WARN', code: 'INCORRECT_HEAD_DATA_CUSTOMER_TAX_NUMBER', value: WARNED_BUYER }],
    });
    expect(byIndex.get(4)).toMatchObject({
      status: 'ABORTED',
      messages: [{ result: 'ERROR', code: 'INVALID_INVOICE_REFERENCE', value: 'NEVER-REPORTED-1' }],
    });
    expect(byIndex.get(5)).toMatchObject({ status: 'DONE', messages: [] });
    expect(byIndex.get(6)!.status).toBe('ABORTED');
    expect(byIndex.get(6)!.messages[0]).toMatchObject({ result: 'ERROR', code: 'SCHEMA_VIOLATION', message: expect.stringContaining('invoiceIssueDate') });
    const ledger = nav.ledger(SELLER);
    expect(ledger.get(held)!.transactionId).not.toBe(transactionId);
    expect([refused, unknownBase, broken].map((n) => ledger.has(n))).toEqual([false, false, false]);
    expect(ledger.get(storno)).toMatchObject({ operation: 'STORNO', index: 5, transactionId });
  });

  it('an invoice whose supplier is another taxpayer is ABORTED (SUPPLIER_TAX_NUMBER_MISMATCH)', async () => {
    const other = await startNavDouble({
      processing: 'manual',
      users: [{ ...nav.state.users.get(NAV_DOUBLE_USER.login)!, taxNumber: '24681357' }],
    });
    try {
      const c = client(other.url, { taxNumber: '24681357' });
      const { transactionId } = await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }]);
      other.processAll();
      expect(await c.queryTransactionStatus(transactionId)).toMatchObject([
        { status: 'ABORTED', messages: [{ code: 'SUPPLIER_TAX_NUMBER_MISMATCH', value: '12345678' }] },
      ]);
    } finally {
      await other.stop();
    }
  });

  it('queryTransactionList answers every transaction in the window, over all pages', async () => {
    const paged = await startNavDouble({ processing: 'manual', transactionListPageSize: 2 });
    try {
      const c = client(paged.url);
      const from = new Date(Date.now() - 1000);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }])).transactionId);
      }
      paged.advance();
      const list = await c.queryTransactionList(from, new Date(Date.now() + 1000));
      expect(list.map((t) => t.transactionId)).toEqual(ids);
      expect(list[0]).toMatchObject({ requestStatus: 'PROCESSING', technicalAnnulment: false, itemCount: 1 });
      expect(paged.requestCount('queryTransactionList')).toBe(3);
      expect(await c.queryTransactionList(new Date(Date.now() - 3600_000), new Date(Date.now() - 1800_000))).toEqual([]);
      const tooLong = await rejection(c.queryTransactionList(new Date(Date.now() - 40 * 86400_000), new Date()));
      expect(tooLong).toMatchObject({ kind: 'refused', code: 'BAD_QUERY_PARAM_RANGE_EXCEEDED' });
    } finally {
      await paged.stop();
    }
  });

  it('manageAnnulment: DONE, approved, and the number is free again; an annulment of nothing is ABORTED', async () => {
    const c = client(nav.url);
    const n = num();
    await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) }]);
    nav.processAll();
    const { transactionId } = await c.manageAnnulment([{ index: 1, invoiceNumber: n, code: 'ERRATIC_DATA', reason: 'Tévesen beküldött adat' }]);
    nav.processAll();
    expect(await c.queryTransactionStatus(transactionId)).toEqual([
      { index: 1, status: 'DONE', messages: [], annulmentVerification: 'VERIFICATION_DONE' },
    ]);
    expect(nav.ledger(SELLER).get(n)!.status).toBe('ANNULLED');
    expect(await c.queryInvoiceCheck(n)).toBe(false);
    const list = await c.queryTransactionList(new Date(Date.now() - 60_000), new Date(Date.now() + 1000));
    expect(list.find((t) => t.transactionId === transactionId)).toMatchObject({ technicalAnnulment: true, requestStatus: 'FINISHED' });

    const nothing = await c.manageAnnulment([{ index: 1, invoiceNumber: `${n}-NONE`, code: 'ERRATIC_INVOICE_NUMBER', reason: 'x' }]);
    nav.processAll();
    expect(await c.queryTransactionStatus(nothing.transactionId)).toMatchObject([
      { status: 'ABORTED', messages: [{ code: 'INVALID_ANNULMENT_REFERENCE' }], annulmentVerification: 'NOT_VERIFIABLE' },
    ]);
  });

  it("an annulment waits for the primary user's approval; until then the number is held, and a second one is ANNULMENT_IN_PROGRESS", async () => {
    const manual = await startNavDouble({ processing: 'manual', annulmentApproval: 'manual' });
    try {
      const c = client(manual.url);
      const n = num();
      await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) }]);
      manual.processAll();
      const first = await c.manageAnnulment([{ index: 1, invoiceNumber: n, code: 'ERRATIC_INVOICE_ISSUE_DATE', reason: 'rossz dátum' }]);
      manual.processAll();
      expect(await c.queryTransactionStatus(first.transactionId)).toMatchObject([{ status: 'DONE', annulmentVerification: 'VERIFICATION_PENDING' }]);
      expect(await c.queryInvoiceCheck(n)).toBe(true);
      const second = await c.manageAnnulment([{ index: 1, invoiceNumber: n, code: 'ERRATIC_DATA', reason: 'még egyszer' }]);
      manual.processAll();
      expect(await c.queryTransactionStatus(second.transactionId)).toMatchObject([
        { status: 'ABORTED', messages: [{ code: 'ANNULMENT_IN_PROGRESS' }], annulmentVerification: 'NOT_VERIFIABLE' },
      ]);
      manual.approveAnnulments();
      expect((await c.queryTransactionStatus(first.transactionId))[0]!.annulmentVerification).toBe('VERIFICATION_DONE');
      expect(await c.queryInvoiceCheck(n)).toBe(false);
      // The number is free again: a corrected invoice under it is accepted.
      const again = await c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) }]);
      manual.processAll();
      expect(await c.queryTransactionStatus(again.transactionId)).toEqual([{ index: 1, status: 'DONE', messages: [] }]);
    } finally {
      await manual.stop();
    }
  });

  it('queryTaxpayer: name, tax number and address, or not valid', async () => {
    const c = client(nav.url);
    expect(await c.queryTaxpayer('87654321')).toEqual({
      valid: true,
      name: 'Beszerző Betéti Társaság',
      shortName: 'Beszerző Bt.',
      taxNumber: '87654321-2-02',
      address: { countryCode: 'HU', postalCode: '7621', city: 'Pécs', street: 'Király utca 5' },
    });
    expect(await c.queryTaxpayer('13579246')).toEqual({ valid: false });
    expect(await rejection(c.queryTaxpayer('8765432'))).toMatchObject({ kind: 'refused' });
  });

  it('refuses indexes out of order before spending a token', async () => {
    const before = nav.requestCount('tokenExchange');
    const err = await rejection(client(nav.url).manageInvoice([{ index: 2, operation: 'CREATE', invoiceData: invoiceXml(num()) }]));
    expect(err).toMatchObject({ kind: 'refused', code: 'INDEX_NOT_SEQUENTIAL' });
    expect(nav.requestCount('tokenExchange')).toBe(before);
  });
});

describe('faults', () => {
  it('a cut after NAV recorded the submission is lost; NAV holds it, and 1.9.2 finds it', async () => {
    const c = client(nav.url);
    const n = num();
    const from = new Date(Date.now() - 1000);
    nav.inject('manageInvoice', { kind: 'cut', afterRecord: true });
    const err = await rejection(c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) }]));
    expect(err.kind).toBe('lost');
    nav.processAll();
    expect(nav.received(n)).toEqual([expect.objectContaining({ status: 'DONE' })]);
    // What the queue does: list the window, read back the unknown transactions' data, match.
    const list = await c.queryTransactionList(from, new Date(Date.now() + 1000));
    const found = [];
    for (const t of list) {
      const results = await c.queryTransactionStatus(t.transactionId, true);
      if (results.some((r) => r.originalInvoiceData === invoiceXml(n))) found.push(t.transactionId);
    }
    expect(found).toEqual([nav.ledger(SELLER).get(n)!.transactionId]);
    expect(await c.queryInvoiceCheck(n)).toBe(true);
  });

  it('a cut before NAV recorded anything is also lost (the client cannot tell), and NAV holds nothing', async () => {
    const n = num();
    nav.inject('manageInvoice', { kind: 'cut' });
    expect((await rejection(client(nav.url).manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) }]))).kind).toBe('lost');
    nav.processAll();
    expect(nav.received(n)).toEqual([]);
  });

  it('an answer held past the timeout is lost', async () => {
    const n = num();
    nav.inject('manageInvoice', { kind: 'hold', afterRecord: true });
    const started = Date.now();
    const err = await rejection(client(nav.url, {}, { timeoutMs: 800 }).manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(n) }]));
    expect(err.kind).toBe('lost');
    expect(err.message).toMatch(/no answer/);
    expect(Date.now() - started).toBeLessThan(5000);
    // The client gave up while the double may still be checking the request: NAV records it
    // whether or not anyone waits for the answer.
    for (let i = 0; i < 100 && nav.received(n).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    nav.processAll();
    expect(nav.received(n)).toEqual([expect.objectContaining({ status: 'DONE' })]);
  });

  it('a lost tokenExchange inside manageInvoice is network: no invoice data was sent', async () => {
    nav.inject('tokenExchange', { kind: 'cut' });
    const before = nav.requestCount('manageInvoice');
    const err = await rejection(client(nav.url).manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }]));
    expect(err.kind).toBe('network');
    expect(nav.requestCount('manageInvoice')).toBe(before);
  });

  it('a refused connection is network', async () => {
    const port = await new Promise<number>((done) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => done(p));
      });
    });
    const err = await rejection(client(`http://127.0.0.1:${port}/invoiceService/v3`).queryTaxpayer('87654321'));
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('maintenance is maintenance: all operations, or only tokenExchange (spec 1.6.8)', async () => {
    const c = client(nav.url);
    nav.setMaintenance('token');
    try {
      expect(await rejection(c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }]))).toMatchObject({
        kind: 'maintenance',
        code: 'MAINTENANCE_MODE',
        httpStatus: 503,
      });
      expect(await c.queryInvoiceCheck('ANY-1')).toBe(false);
      nav.setMaintenance('all');
      expect(await rejection(c.queryInvoiceCheck('ANY-1'))).toMatchObject({ kind: 'maintenance' });
    } finally {
      nav.setMaintenance(false);
    }
  });

  it('a bare 5xx: a submission is lost (a gateway may hide an accepted request), a query is maintenance', async () => {
    const c = client(nav.url);
    nav.inject('manageInvoice', { kind: 'status', status: 502 });
    expect((await rejection(c.manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }]))).kind).toBe('lost');
    nav.inject('queryTransactionStatus', { kind: 'status', status: 500 });
    expect((await rejection(c.queryTransactionStatus('ANY'))).kind).toBe('maintenance');
  });

  it('a wrong signing key is auth (INVALID_REQUEST_SIGNATURE)', async () => {
    const err = await rejection(client(nav.url, { signingKey: 'ce-8f5e-215119fa7dd621DLMRHRLH2X' }).tokenExchange());
    expect(err).toMatchObject({ kind: 'auth', code: 'INVALID_REQUEST_SIGNATURE', httpStatus: 400 });
  });

  it('a wrong password is auth (INVALID_SECURITY_USER, HTTP 401)', async () => {
    const err = await rejection(client(nav.url, { passwordHash: 'AB'.repeat(64) }).queryTaxpayer('87654321'));
    expect(err).toMatchObject({ kind: 'auth', code: 'INVALID_SECURITY_USER', httpStatus: 401 });
  });

  it('a wrong exchange key is auth, and nothing is submitted', async () => {
    const before = nav.requestCount('manageInvoice');
    const err = await rejection(
      client(nav.url, { exchangeKey: 'h8g7f6e5d4c3b2a1' }).manageInvoice([{ index: 1, operation: 'CREATE', invoiceData: invoiceXml(num()) }]),
    );
    expect(err).toMatchObject({ kind: 'auth', code: 'INVALID_EXCHANGE_TOKEN' });
    // A key that happens to decode to something sends that; NAV refuses it the same way.
    expect(nav.requestCount('manageInvoice') - before).toBeLessThanOrEqual(1);
  });

  it("a tax number that is not the user's taxpayer is taxpayer (INVALID_USER_RELATION)", async () => {
    const err = await rejection(client(nav.url, { taxNumber: '24681357' }).tokenExchange());
    expect(err).toMatchObject({ kind: 'taxpayer', code: 'INVALID_USER_RELATION' });
  });

  it('a clock more than a day off is auth (INVALID_TIMESTAMP): a person must fix it', async () => {
    const skewed = client(nav.url, {}, { clock: () => new Date(Date.now() - 2 * 86400_000) });
    expect(await rejection(skewed.tokenExchange())).toMatchObject({ kind: 'auth', code: 'INVALID_TIMESTAMP' });
  });

  it('a requestId used before is refused (REQUEST_ID_NOT_UNIQUE)', async () => {
    const pinned = client(nav.url, {}, { requestId: () => 'PINNED_REQUEST_ID_1' });
    await pinned.queryInvoiceCheck('ANY-2');
    expect(await rejection(pinned.queryInvoiceCheck('ANY-2'))).toMatchObject({ kind: 'refused', code: 'REQUEST_ID_NOT_UNIQUE' });
  });
});
