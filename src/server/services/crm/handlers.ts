/** The CRM companion area (`/api/crm`): contacts for pickers and invoice addresses, bank accounts for `selected_account`. */
import type { HandlerMap } from '../../context';
import { listBankAccounts } from '../../repos/bankAccounts';
import { listContacts } from '../../repos/contacts';
import { pullCursor } from '../../repos/changeCursor';
import { queryTaxpayer } from '../finance/navTaxpayer';

const PAGE = 1000;

export const crmHandlers: HandlerMap<'getContacts' | 'getBankAccounts' | 'getSession' | 'queryTaxpayer'> = {
  queryTaxpayer,
  async getContacts(ctx, p) {
    // Read before the rows, never after: a contact committed in between would be behind the cursor (repos/changeCursor.ts).
    const serverTime = await pullCursor(ctx.db, ctx.accountId, ctx.clock.now());
    const rows = await listContacts(ctx.db, ctx.accountId, { filter: p.filter, afterId: p.after_id, updatedSince: p.updated_since, limit: PAGE + 1 });
    const page = rows.slice(0, PAGE);
    return {
      contacts: page.map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.kind,
        country_code: c.countryCode,
        postal_code: c.postalCode,
        city: c.city,
        street: c.street,
        tax_number: c.taxNumber,
        eu_vat_number: c.euVatNumber,
        email: c.email,
        phone: c.phone,
        customer_vat_type: c.customerVatType,
        updated_at: c.updatedAt,
      })),
      more: rows.length > PAGE ? 1 : 0,
      server_time: serverTime,
    };
  },
  async getSession(ctx) {
    return { ...(ctx.userId !== null ? { user: { id: ctx.userId, name: ctx.userName ?? '' } } : {}), role: ctx.role, time_zone: ctx.timeZone };
  },
  async getBankAccounts(ctx) {
    return {
      bank_accounts: (await listBankAccounts(ctx.db, ctx.accountId)).map((b) => ({ number: b.number, bank_name: b.bankName, currency: b.currency, ...(b.swift ? { swift: b.swift } : {}) })),
    };
  },
};
