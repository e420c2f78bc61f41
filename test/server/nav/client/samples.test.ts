/**
 * NAV's own sample requests (api-samples/, all valid) must pass the double's checks: schema,
 * password hash, signature (their signing key is in a comment), timestamp (the double's clock is
 * set to each sample's time) and token (the samples' tokens are issued first).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NavDouble } from '../../../helpers/navDouble';
import { defaultSchemaDir } from '../../../helpers/navDouble/xsd';

const dir = join(defaultSchemaDir(), 'api-samples');
let now = new Date();
let nav: NavDouble;

beforeAll(async () => {
  nav = await new NavDouble({
    clock: () => now,
    processing: 'manual',
    users: [
      {
        login: 'lwilsmn0uqdxe6u',
        passwordHash:
          '2F43840A882CFDB7DB0FEC07D419D030D864B47B6B541DC280EF81B937B7A176E33C052B0D26638CC18A7A2C08D8D311733078A774BF43F6CA57FE8CD74DC28E',
        signingKey: 'ac-ac3a-7f661bff7d342N43CYX4U9FG',
        exchangeKey: 'a1b2c3d4e5f6g7h8',
        taxNumber: '11111111',
      },
    ],
  }).start();
  for (const token of ['b1aca173-d9e8-4561-9237-0511eed99eaa2P0ZHLXBRI2U', 'dbd03076-3a9b-4312-bbbb-0cee3a6472572P11CS49ASIL']) {
    nav.state.tokens.set(token, { taxNumber: '11111111', validTo: Number.MAX_SAFE_INTEGER, used: false });
  }
});
afterAll(() => nav.stop());

async function post(sample: string): Promise<{ status: number; body: string }> {
  const body = readFileSync(join(dir, `${sample}.xml`), 'utf8');
  now = new Date(/<common:timestamp>([^<]+)</.exec(body)![1]!);
  const res = await fetch(`${nav.url}/${sample}`, { method: 'POST', body, headers: { 'content-type': 'application/xml' } });
  return { status: res.status, body: await res.text() };
}

describe("NAV's api-samples at the double", () => {
  it.each(['tokenExchange', 'queryTaxpayer', 'queryTransactionStatus', 'queryTransactionList', 'manageInvoice', 'manageAnnulment'])(
    '%s is accepted',
    async (sample) => {
      const answer = await post(sample);
      expect(answer.body).toContain('<common:funcCode>OK</common:funcCode>');
      expect(answer.status).toBe(200);
    },
  );

  it.each(['queryInvoiceCheck', 'queryInvoiceData'])(
    "%s passes schema and authentication, then meets NAV's rule against a supplier filter on an outbound query",
    async (sample) => {
      const answer = await post(sample);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('<common:errorCode>BAD_QUERY_PARAM_SUPPLIER_NOT_EXPECTED</common:errorCode>');
    },
  );

  it("processes the manageInvoice sample asynchronously; its invoices are older (2.0) data, which 3.0's invoiceData.xsd rejects", () => {
    nav.processAll();
    const tx = nav.snapshot().transactions.find((t) => !t.annulment)!;
    expect(tx.items.map((i) => [i.index, i.operation, i.status])).toEqual([
      [1, 'CREATE', 'ABORTED'],
      [2, 'CREATE', 'ABORTED'],
      [3, 'CREATE', 'ABORTED'],
    ]);
    for (const item of tx.items) {
      expect(item.messages[0]).toMatchObject({ code: 'SCHEMA_VIOLATION', result: 'ERROR', message: expect.stringContaining('privatePersonIndicator') });
    }
  });

  it('the same sample sent again is refused: its requestId was used and its token is spent', async () => {
    const answer = await post('manageInvoice');
    expect(answer.body).toMatch(/<common:errorCode>(REQUEST_ID_NOT_UNIQUE|INVALID_EXCHANGE_TOKEN)<\/common:errorCode>/);
  });
});
