/** The catalog, warehouses, contacts and the account's bank accounts, all from the mirror. */
import type { Params } from '@shared/protocol';
import type { BankAccountRow } from '@shared/ipc/types';
import { getContact, listWarehouses, searchContacts } from '../mirror/contacts';
import { stmt } from '../mirror/db';
import { pulledBankAccounts, seller } from '../mirror/dues';
import { lookupProduct, lookupProducts, productDetail, productRow, searchProducts } from '../mirror/products';
import { currentId, nextLocalId } from '../mirror/settings';
import { submit } from '../outbox/service';
import { eanTakenBy, eanTakenMessage, vatRateMessage } from '../productRules';
import { ipcError, notFound, type Handlers } from './context';

export const productHandlers: Handlers<'products.search' | 'products.lookup' | 'products.matches' | 'products.get' | 'products.save' | 'warehouses.list' | 'contacts.search' | 'contacts.get' | 'account.bankAccounts'> = {
  'products.search': (ctx, req) => searchProducts(ctx.db, req.query, req.offset, req.limit),
  'products.lookup': (ctx, req) => lookupProduct(ctx.db, req.code),
  'products.matches': (ctx, req) => lookupProducts(ctx.db, req.code),
  'products.get': (ctx, req) => productDetail(ctx.db, currentId(ctx.db, 'product', req.id)),
  'products.save': (ctx, req) => {
    const given = req.id ?? (req.product.id || undefined);
    const p: Params<'setProduct'> = { ...req.product };
    delete p.id;
    let id: number;
    let creates: string | undefined;
    if (given === undefined) {
      id = nextLocalId(ctx.db, 'product');
      creates = `product:${id}`;
    } else {
      id = currentId(ctx.db, 'product', given);
      if (!productRow(ctx.db, id)) throw notFound(`Product ${given}`);
      p.id = id;
    }
    checkRules(ctx.db, p, given === undefined ? undefined : id);
    submit(ctx.outbox, {
      method: 'setProduct', params: p as Record<string, unknown>, queueKey: `product:${id}`, ...(creates ? { creates } : {}),
      summary: `${creates ? 'New product' : 'Product change'}: ${p.product_name}${p.takein_quantity ? ` (take-in ${p.takein_quantity} ${p.unit})` : ''}`,
      summaryData: { kind: creates ? 'newProduct' : 'productChange', args: { name: p.product_name } },
    });
    ctx.changed(['products', 'quantities', 'outbox']);
    return { id, local: id < 0 };
  },
  'warehouses.list': (ctx) => listWarehouses(ctx.db),
  'contacts.search': (ctx, req) => searchContacts(ctx.db, req.query, req.kind, req.limit),
  'contacts.get': (ctx, req) => getContact(ctx.db, req.id),
  'account.bankAccounts': (ctx) => bankAccounts(ctx),
};

/** The server's product rules, before anything is queued: the form shows them on their fields. */
function checkRules(db: Parameters<typeof eanTakenBy>[0], p: Params<'setProduct'>, id: number | undefined): void {
  const vat = vatRateMessage(p.vat);
  if (vat) throw ipcError('VALIDATION_ERROR', `VAT ${p.vat} % ${vat}.`, [{ field: 'product.vat', message: vat }]);
  const other = eanTakenBy(db, p.ean_number, id);
  if (other) {
    const message = eanTakenMessage(other);
    // VALIDATION_ERROR: the desk refuses it before sending; the form shows the detail on the field.
    throw ipcError('VALIDATION_ERROR', `EAN ${p.ean_number} ${message}: one EAN names one product.`, [{ field: 'product.ean_number', message }]);
  }
}

/**
 * The server's own list when it has the crm.getBankAccounts extension: it alone decides what
 * selected_account accepts. The documented API has no bank-account list, so against other servers
 * the mirror offers the accounts the server printed on invoices (seller block and selected_account)
 * and the ones orders and invoices made here used.
 */
function bankAccounts(ctx: Parameters<Handlers<'account.bankAccounts'>['account.bankAccounts']>[0]): BankAccountRow[] {
  const pulled = pulledBankAccounts(ctx.db);
  if (pulled) return pulled;
  const seen = new Map<string, BankAccountRow>();
  const add = (number: string | undefined | null, currency: string) => {
    const n = number?.trim();
    if (n && !seen.has(n)) seen.set(n, { number: n, bankName: null, currency, swift: null });
  };
  const s = seller(ctx.db);
  add(s?.bank_account, 'HUF');
  const rows = stmt(ctx.db, `SELECT coalesce(json_extract(detail, '$.selected_account'), json_extract(params, '$.selected_account')) AS account, currency
      FROM invoices WHERE detail IS NOT NULL OR params IS NOT NULL
      UNION SELECT json_extract(params, '$.selected_account'), currency FROM orders`).all() as Array<{ account: string | null; currency: string }>;
  for (const r of rows) add(r.account, r.currency);
  return [...seen.values()];
}
