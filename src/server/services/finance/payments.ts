/**
 * setBalance: a payment (positive) or an adjustment (negative) against a tax invoice. The balance
 * never goes below zero and the paid sum never below zero: an overpayment or an over-reversal is a
 * CONFLICT naming the most that can be recorded, so the clerk books the rest where it belongs.
 */
import { addMoney, compareMoney, roundMoney, toNumber } from '@shared/money';
import { conflict, invalid, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { addToPaid, getInvoice } from '../../repos/invoices';
import { insertPayment } from '../../repos/payments';
import { businessDate } from './calendar';
import { findInvoice } from './invoices';
import { balanceOf, statusOf } from './status';

export function recordPayment(ctx: RequestContext, p: Params<'setBalance'>): Promise<Result<'setBalance'>> {
  const now = ctx.clock.now();
  const today = businessDate(now, ctx.timeZone);
  const { accountId } = ctx;
  return ctx.commit(async (db) => {
    // Locked: a payment racing another payment, a reversal or a storno of this invoice reads what that one wrote.
    const inv = await findInvoice(db, accountId, p.invoice_id, 'invoice_id', true);
    const n = inv.invoiceNumber;
    if (inv.type === 'proforma') {
      throw conflict(
        `${n} is a proforma, which is a request for payment, not an invoice. Issue the tax invoice from it (setInvoice with from_proforma_id=${inv.id}) and record the payment against that.`,
        [{ field: 'invoice_id', message: 'is a proforma' }],
        reason('invoice_not_payable', { invoice_id: inv.id, invoice_number: n, state: 'proforma' }),
      );
    }
    if (inv.type === 'storno') {
      throw conflict(`${n} is a storno (cancellation) invoice; nothing is paid on it.`, [{ field: 'invoice_id', message: 'is a storno invoice' }],
        reason('invoice_not_payable', { invoice_id: inv.id, invoice_number: n, state: 'storno' }));
    }
    if (inv.cancelledBy !== undefined) {
      throw conflict(`${n} is cancelled; payments cannot be recorded on it.`, [{ field: 'invoice_id', message: 'is cancelled' }],
        reason('invoice_not_payable', { invoice_id: inv.id, invoice_number: n, state: 'cancelled' }));
    }

    const amount = String(p.amount);
    if (compareMoney(roundMoney(amount, inv.currency), amount) !== 0) {
      throw invalid(`setBalance: amount has more decimal places than ${inv.currency} allows; got ${amount}.`, [
        { field: 'amount', message: `must be a whole number of ${inv.currency === 'HUF' ? 'forints' : `${inv.currency} cents`}` },
      ]);
    }
    const date = p.date ?? today;
    if (date > today) throw invalid(`setBalance: date must not be in the future (today is ${today}).`, [{ field: 'date', message: `must not be after ${today}` }]);

    const balance = balanceOf(inv);
    if (compareMoney(amount, '0') > 0 && compareMoney(amount, balance) > 0) {
      throw conflict(
        compareMoney(balance, '0') === 0
          ? `${n} is paid in full; no further payment can be recorded on it.`
          : `The payment of ${amount} ${inv.currency} exceeds the balance of ${n}, ${balance} ${inv.currency}. Record at most ${balance}; book the difference as a refund or against another invoice.`,
        [{ field: 'amount', message: `exceeds the balance ${balance}` }],
        reason('overpayment', { invoice_id: inv.id, invoice_number: n, amount: toNumber(amount), balance: toNumber(balance), currency: inv.currency }),
      );
    }
    if (compareMoney(addMoney(inv.paid, amount, inv.currency), '0') < 0) {
      // What may still be reversed; the message shows it as the amount to send, with one sign.
      const back = compareMoney(inv.paid, '0') > 0 ? inv.paid : '0';
      throw conflict(
        `The adjustment of ${amount} ${inv.currency} would take the paid sum of ${n} (${inv.paid} ${inv.currency}) below zero; at most ${back === '0' ? '0' : `-${back}`} can be reversed.`,
        [{ field: 'amount', message: `may reverse at most ${back}` }],
        reason('reversal_too_large', { invoice_id: inv.id, invoice_number: n, amount: toNumber(amount), paid: toNumber(inv.paid), currency: inv.currency }),
      );
    }

    const paymentId = await insertPayment(db, accountId, { invoiceId: inv.id, amount: roundMoney(amount, inv.currency), date, note: p.note || undefined }, now);
    await addToPaid(db, accountId, inv.id, roundMoney(amount, inv.currency));
    const after = (await getInvoice(db, accountId, inv.id))!;
    return { invoice_id: inv.id, payment_id: paymentId, balance: toNumber(balanceOf(after)), status: statusOf(after, today) };
  });
}
