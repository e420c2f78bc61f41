/**
 * Which roles may call which method: declared once, here, for the server (which enforces it,
 * http/dispatch.ts) and the desk (which hides what its clerk may not do). Pure data and one pure
 * function, no imports but types, so the renderer can import it as it is. docs/api.md, "Users and
 * roles", gives the reasons.
 */
import type { MethodName } from './catalog';

export const ROLES = ['warehouse', 'billing', 'manager'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (s: string): s is Role => (ROLES as readonly string[]).includes(s);

/** A parameter that, when present, narrows a method to fewer roles (a storno is a manager's act). */
export interface RestrictedParam {
  param: string;
  roles: readonly Role[];
  /** What the parameter makes of the call, for the refusal's message: "a storno (storno_id)". */
  what: string;
}

export interface MethodRoles {
  roles: readonly Role[];
  restricted?: readonly RestrictedParam[];
}

const ALL: readonly Role[] = ['warehouse', 'billing', 'manager'];
const STOCK: readonly Role[] = ['warehouse', 'manager'];
const MONEY: readonly Role[] = ['billing', 'manager'];
const MANAGER: readonly Role[] = ['manager'];

export const METHOD_ROLES: { readonly [M in MethodName]: MethodRoles } = {
  // The catalog, the stock figures, the warehouses and the contacts: both desks need to read them.
  getProduct: { roles: ALL },
  getQuantity: { roles: ALL },
  getQuantities: { roles: ALL },
  getWarehouses: { roles: ALL },
  getContacts: { roles: ALL },
  // Who the keys belong to: every clerk may ask who they are.
  getSession: { roles: ALL },
  // Prices, VAT and the catalog's shape, and the warehouses themselves: settings, a manager's.
  setProduct: { roles: MANAGER },
  setWarehouse: { roles: MANAGER },
  // Stock: counts, take-ins, wastings, receipts from purchase orders, transfers and their history.
  setQuantity: { roles: STOCK },
  setPOTakeIn: { roles: STOCK },
  setTransfer: { roles: STOCK },
  getStockHistory: { roles: STOCK },
  // Reorder: minimum levels and the low-stock list are the warehouse's; ordering from a supplier commits
  // money, but it is how the warehouse restocks (the low-stock list creates the order): both.
  setReorderRule: { roles: STOCK },
  getReorderRules: { roles: ALL },
  setPurchaseOrder: { roles: ALL },
  // Purchase orders: the warehouse receives them, billing pays their suppliers.
  getPO: { roles: ALL },
  getPOs: { roles: ALL },
  // Orders: billing takes them; the warehouse picks them (which stock serves a line) and sees their state.
  setOrder: { roles: MONEY },
  setOrderItem: { roles: MONEY },
  getOrderStatus: { roles: ALL },
  getOrders: { roles: ALL },
  getOrder: { roles: ALL },
  setWarehouseItem: { roles: ALL },
  // Invoices, payments, dues, bank accounts: billing. A storno cancels an issued invoice: a manager's.
  setInvoice: { roles: MONEY, restricted: [{ param: 'storno_id', roles: MANAGER, what: 'a storno (storno_id)' }] },
  generateInvoice: { roles: MONEY },
  getInvoices: { roles: MONEY },
  getInvoice: { roles: MONEY },
  generateInvoicePDF: { roles: MONEY },
  getAttachment: { roles: MONEY },
  getDueCustomers: { roles: MONEY },
  getDueNotification: { roles: MONEY },
  setBalance: { roles: MONEY },
  getBankAccounts: { roles: MONEY },
  // The stock's value at purchase cost is the books' figure (and shows cost prices): billing's.
  getStockValuation: { roles: MONEY },
  // A technical annulment withdraws data reported to the tax authority: a manager's act, as a storno is.
  annulInvoice: { roles: MANAGER },
  // Checking a buyer's tax number at NAV fills a contact: whoever keeps contacts may ask.
  queryTaxpayer: { roles: ALL },
};

/** What a role may not do: the whole method, or one of its restricted parameters. */
export interface Refusal {
  /** "setInvoice calls", "a storno (storno_id) in setInvoice". */
  what: string;
  /** The restricted parameter, when it is one. */
  param?: string;
}

/** Whether `role` may call `method` (with `params`, when known: a restricted parameter narrows it); undefined when allowed. */
export function refusedFor(role: Role, method: MethodName, params?: Record<string, unknown>): Refusal | undefined {
  const def = METHOD_ROLES[method];
  if (!def.roles.includes(role)) return { what: `${method} calls` };
  for (const r of def.restricted ?? []) {
    if (params && params[r.param] !== undefined && !r.roles.includes(role)) return { what: `${r.what} in ${method}`, param: r.param };
  }
  return undefined;
}

/** The roles that may call `method` at all. */
export const rolesFor = (method: MethodName): readonly Role[] => METHOD_ROLES[method].roles;
