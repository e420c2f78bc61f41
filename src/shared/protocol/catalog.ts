/**
 * The method catalog: every method of the Command API, declared once with its area, its
 * parameter schema and its result schema. Server and desktop client derive their types from here.
 */
import type { z } from 'zod';
import { crm, finance } from './schemas/finance';
import { product } from './schemas/product';
import { reorder } from './schemas/reorder';
import { stockwork } from './schemas/stockwork';
import { valuation } from './schemas/valuation';

export type Area = 'product' | 'finance' | 'crm';

interface MethodDef {
  params: z.ZodType;
  result: z.ZodType;
}

function area<const T extends Record<string, MethodDef>>(name: Area, defs: T) {
  return Object.fromEntries(Object.entries(defs).map(([m, d]) => [m, { ...d, area: name }])) as {
    [K in keyof T]: T[K] & { area: Area };
  };
}

export const METHODS = {
  ...area('product', product),
  ...area('product', stockwork),
  ...area('product', valuation),
  ...area('product', reorder),
  ...area('finance', finance),
  ...area('crm', crm),
};

export type MethodName = keyof typeof METHODS;
export type Params<M extends MethodName> = z.output<(typeof METHODS)[M]['params']>;
/** What a caller may pass before coercion (numbers as strings and so on). */
export type ParamsInput<M extends MethodName> = z.input<(typeof METHODS)[M]['params']>;
export type Result<M extends MethodName> = z.output<(typeof METHODS)[M]['result']>;

export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(METHODS, name);
}

/** The URL path of an area: `/api/product`, `/api/finance`, `/api/crm`. */
export const areaPath = (a: Area) => `/api/${a}`;

export function areaOfPath(path: string): Area | null {
  const m = /^\/api\/(product|finance|crm)\/?$/.exec(path);
  return m ? (m[1] as Area) : null;
}

/** Methods that change data; each accepts `request_id` for idempotent replay. */
export const WRITE_METHODS = [
  'setProduct', 'setQuantity', 'setOrder', 'setOrderItem', 'setPOTakeIn', 'setWarehouse', 'setWarehouseItem',
  'setInvoice', 'setBalance', 'generateInvoice', 'setTransfer', 'setReorderRule', 'setPurchaseOrder',
  'annulInvoice',
] as const satisfies readonly MethodName[];
export type WriteMethod = (typeof WRITE_METHODS)[number];
export const isWriteMethod = (m: MethodName): m is WriteMethod => (WRITE_METHODS as readonly string[]).includes(m);

/** Extensions beyond the document, announced by `GET /api/health` (docs/api.md). */
export const CAPABILITIES = [
  'request_id',
  'getProduct.after_id',
  'getProduct.updated_since',
  'getQuantities',
  'getPOs',
  // getOrders / getOrder: the account's sales orders with the invoice issued from each (api-product.md).
  'getOrders',
  // setPOTakeIn items (partial receipts) and close (closing short); getPO/getPOs lines with what remains.
  'setPOTakeIn.items',
  'getStockHistory',
  'setTransfer',
  'getStockValuation',
  'setReorderRule',
  'getReorderRules',
  'setPurchaseOrder',
  'setQuantity.expected_quantity',
  'setQuantity.stock',
  'setInvoice.order_id',
  'setInvoice.from_proforma_id',
  'getDueNotification.pdf',
  'generateInvoice',
  'crm.getContacts',
  'crm.getBankAccounts',
  // POST /api/crm getSession: the session's user and role (roles.ts), for a desk to show its clerk.
  'crm.getSession',
  // GET /api/feed: the account's changes as Server-Sent Events (feed.ts, docs/api.md "Change feed").
  'feed',
  // Users with roles (roles.ts): FORBIDDEN for a method the session's user may not call; created_by on documents; the audit trail.
  'roles',
  // NAV Online Számla: generateInvoice submits; getInvoice(s) carry nav/nav_status; annulInvoice (docs/api-finance.md).
  'nav',
  'annulInvoice',
  // POST /api/crm queryTaxpayer: a Hungarian tax number checked at NAV, with the name and address NAV holds.
  'crm.queryTaxpayer',
] as const;
export type Capability = (typeof CAPABILITIES)[number];
