/**
 * A server process for the server-finance bench: `api` starts the real Command API on a temp SQLite
 * file with the demo account plus N synthetic invoices (open, partly paid, paid, overdue) across
 * 500 customers; `bare` answers every POST with a fixed body. It reports its URL over IPC, answers
 * CPU-usage questions, and runs until the parent disconnects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { computeTotals, type LineInput } from '@shared/money';
import { openServerDb, startServer, systemClock } from '@server/app';
import type { Db } from '@sqlite/types';
import { sqliteStore } from '@server/db/sqlite/store';
import type { Party } from '@documents/model';
import { seedDemo } from '@server/demo/seed';
import { getAccount } from '@server/repos/accounts';
import { insertContact } from '@server/repos/contacts';
import { nextSequence } from '@server/repos/invoiceNumbers';
import { addToPaid, insertInvoice, insertInvoiceLines, type InvoiceLineData } from '@server/repos/invoices';
import { insertPayment } from '@server/repos/payments';
import { addDays, businessDate } from '@server/services/finance/calendar';
import { formatInvoiceNumber } from '@server/services/finance/numbering';
import { accountParty, contactParty } from '@server/services/finance/parties';
import { serveBare } from '../lib/bare';

const CUSTOMERS = 500;

/** A few priced line sets reused round-robin: the amounts are real @shared/money results. */
function templates(currency: 'HUF' | 'EUR') {
  const sets: LineInput[][] = Array.from({ length: 16 }, (_, i) => [
    { quantity: String(1 + (i % 5)), unitPrice: currency === 'HUF' ? String(1990 + i * 1370) : `${19 + i}.${i % 10}9`, discountPercent: String(i % 3 ? 0 : 10), vatRate: ['27', '18', '5'][i % 3]! },
    { quantity: '2', unitPrice: currency === 'HUF' ? '4990' : '12.50', vatRate: '27' },
  ]);
  return sets.map((lines) => {
    const t = computeTotals(lines, currency, currency === 'HUF' ? undefined : '395.12');
    const data: InvoiceLineData[] = lines.map((l, k) => ({
      lineNo: k + 1, name: `Tétel ${k + 1}`, unit: 'db', quantity: String(l.quantity), unitPrice: String(l.unitPrice), discount: String(l.discountPercent ?? '0'),
      vatRate: String(l.vatRate), deposit: false, ...t.lines[k]!,
    }));
    return { lines: data, totals: t.totals };
  });
}

export async function seedInvoices(raw: Db, accountId: number, n: number, today: string): Promise<void> {
  const now = new Date();
  const account = (await getAccount(sqliteStore(raw), accountId))!;
  const seller = accountParty(account);
  await sqliteStore(raw).transaction(async (db) => {
    const contacts: Array<{ id: number; name: string; party: Party }> = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const c = { name: `Bench Vevő ${String(i).padStart(3, '0')} Kft.`, kind: 'customer' as const, countryCode: 'HU', postalCode: '1111', city: 'Budapest', street: `Fő utca ${i + 1}.`, taxNumber: `${String(10_000_000 + i)}-2-41` };
      const id = await insertContact(db, accountId, c, now);
      contacts.push({ id, name: c.name, party: contactParty({ ...c, id, updatedAt: '' }) });
    }
    const sets = { HUF: templates('HUF'), EUR: templates('EUR') };
    for (let i = 0; i < n; i++) {
      const currency = i % 5 === 4 ? 'EUR' : 'HUF';
      const t = sets[currency][i % 16]!;
      const c = contacts[i % CUSTOMERS]!;
      const issued = addDays(today, -(i % 240));
      const seq = await nextSequence(db, accountId, 'SD', Number(issued.slice(0, 4)));
      const id = await insertInvoice(db, accountId, {
        type: 'invoice', invoiceNumber: formatInvoiceNumber('SD', Number(issued.slice(0, 4)), seq), series: 'SD', year: Number(issued.slice(0, 4)), seq,
        crdr: 'outgoing', method: 'transfer', issuedDate: issued, paymentDate: addDays(issued, 15), fulfillmentDate: issued,
        selectedAccount: currency === 'HUF' ? '11773016-11111018-00000000' : 'HU42117730161111101800000000', contactId: c.id, contactName: c.name,
        currency, fxRate: currency === 'HUF' ? undefined : '395.12', customerVatType: 'DOMESTIC', language: 'hu_HU', esignature: false,
        seller, buyer: c.party, totals: t.totals,
      }, now);
      await insertInvoiceLines(db, id, t.lines);
      // 40 % paid, 20 % partly paid, 40 % open; the older ones are overdue.
      const kind = i % 5;
      if (kind < 3) {
        const amount = kind < 2 ? t.totals.gross : currency === 'HUF' ? '1000' : '10.00';
        await insertPayment(db, accountId, { invoiceId: id, amount, date: issued }, now);
        await addToPaid(db, accountId, id, amount);
      }
    }
  });
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  process.on('disconnect', () => process.exit(0));
  if (mode === 'bare') {
    serveBare();
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-finance-'));
  const dbPath = join(dir, 'server.db');
  const db = openServerDb(dbPath);
  const { account, keys } = await seedDemo(db, systemClock);
  const count = Number(process.argv[3] ?? 50_000);
  const started = Date.now();
  await seedInvoices(db, account.accountId, count, businessDate(systemClock.now()));
  const app = await startServer({ db, config: { port: 0, dbPath }, log: pino({ level: 'silent' }) });
  process.send!({ url: app.url, keys, account, invoices: count, seedMs: Date.now() - started });
  process.on('message', (m: { cpu?: boolean }) => {
    if (m.cpu) process.send!({ cpu: process.cpuUsage() });
  });
  process.removeAllListeners('disconnect');
  process.on('disconnect', () => {
    void app.close().then(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

// Only as a forked child; importing the module (to profile the seeding or a query) starts nothing.
if (process.send) void main();
