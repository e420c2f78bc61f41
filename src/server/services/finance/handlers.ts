/** The finance area (`/api/finance`): one handler per method, each a thin call into its service. */
import type { HandlerMap } from '../../context';
import { generateInvoicePdf, readAttachment } from './documents';
import { dueCustomers, dueNotification } from './dues';
import { invoiceRecord, listInvoices } from './invoices';
import { issueInvoice } from './issue';
import { annulInvoice, generateNavInvoiceData } from './nav';
import { recordPayment } from './payments';

export type FinanceMethod = 'getInvoices' | 'getInvoice' | 'setInvoice' | 'generateInvoicePDF' | 'getDueCustomers' | 'getDueNotification' | 'setBalance' | 'getAttachment' | 'generateInvoice' | 'annulInvoice';

export const financeHandlers: HandlerMap<FinanceMethod> = {
  getInvoices: listInvoices,
  getInvoice: (ctx, p) => invoiceRecord(ctx, p.invoice_id),
  setInvoice: issueInvoice,
  generateInvoicePDF: generateInvoicePdf,
  getDueCustomers: (ctx) => dueCustomers(ctx),
  getDueNotification: dueNotification,
  setBalance: recordPayment,
  getAttachment: readAttachment,
  generateInvoice: generateNavInvoiceData,
  annulInvoice,
};
