/** The finance area's handlers. Being written in this change: until then each method answers INTERNAL_ERROR. */
import { ProtocolError, type MethodName } from '@shared/protocol';
import type { Handler, HandlerMap } from '../../context';

export type FinanceMethod = 'getInvoices' | 'getInvoice' | 'setInvoice' | 'generateInvoicePDF' | 'getDueCustomers' | 'getDueNotification' | 'setBalance' | 'getAttachment' | 'generateInvoice';

function pending<M extends MethodName>(m: M): Handler<M> {
  return () => {
    throw new ProtocolError('INTERNAL_ERROR', `${m} is not implemented yet`);
  };
}

export const financeHandlers: HandlerMap<FinanceMethod> = {
  getInvoices: pending('getInvoices'),
  getInvoice: pending('getInvoice'),
  setInvoice: pending('setInvoice'),
  generateInvoicePDF: pending('generateInvoicePDF'),
  getDueCustomers: pending('getDueCustomers'),
  getDueNotification: pending('getDueNotification'),
  setBalance: pending('setBalance'),
  getAttachment: pending('getAttachment'),
  generateInvoice: pending('generateInvoice'),
};
