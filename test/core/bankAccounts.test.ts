import { afterEach, describe, expect, it } from 'vitest';
import { addBankAccount } from '@server/repos/bankAccounts';
import { startTestServer, type TestServer } from '../helpers/server';
import { startTestCore, type TestCore } from '../helpers/core';

describe('bank accounts for order and invoice forms', () => {
  let s: TestServer | undefined;
  let c: TestCore | undefined;
  afterEach(async () => {
    await c?.close();
    await s?.close();
    c = s = undefined;
  });

  it('come from the server with crm.getBankAccounts, follow it on the next pull, and are there offline', async () => {
    s = await startTestServer();
    c = await startTestCore(s);
    expect(c.net.calls.some((x) => x.method === 'getBankAccounts')).toBe(true);
    expect(await c.ok('account.bankAccounts', {})).toEqual([
      { number: '11773016-11111018-00000000', bankName: 'OTP Bank', currency: 'HUF', swift: 'OTPVHUHB' },
      { number: 'HU42117730161111101800000000', bankName: 'OTP Bank (EUR)', currency: 'EUR', swift: 'OTPVHUHB' },
    ]);
    await addBankAccount(s.app.store, s.account.accountId, { number: '10918001-00000123-45670001', bankName: 'UniCredit', currency: 'HUF' });
    await c.ok('sync.now', {});
    c.net.offline = true;
    const after = await c.ok('account.bankAccounts', {});
    expect(after.map((b) => b.number)).toEqual(['11773016-11111018-00000000', 'HU42117730161111101800000000', '10918001-00000123-45670001']);
    expect(after[2]).toEqual({ number: '10918001-00000123-45670001', bankName: 'UniCredit', currency: 'HUF', swift: null });
  });

  it('without the extension: the accounts the server printed on its invoices', async () => {
    s = await startTestServer();
    c = await startTestCore(s, { stripExtensions: true });
    expect(c.net.calls.some((x) => x.method === 'getBankAccounts')).toBe(false);
    // Only what the demo's invoices printed: the EUR account no invoice has used is unknown here.
    expect(await c.ok('account.bankAccounts', {})).toEqual([{ number: s.account.bankAccount, bankName: null, currency: 'HUF', swift: null }]);
  });
});
