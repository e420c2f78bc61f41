/** Parameters and results of the product area (`/api/product`), field by field as the document lists them. */
import { z } from 'zod';
import {
  choice, country, currency, date, describe, flag, id, int, intChoice, list, locale, num, opt, optText, pattern, gtin, PAYMENT_METHODS,
  requestId, text, timestamp,
} from '../fields';
import { addressFields, customFields, quantityRow, totals } from './common';

const money = () => opt(num({ min: 0, max: 1e12 }));

/** An order as getOrders/getOrder answer it: its setOrder fields, status, totals and the invoice issued from it. */
export const orderRecord = z.object({
  order_id: z.number(),
  status: z.string(),
  warehouse: z.string(),
  shipping_aim: z.string(),
  method: z.string(),
  issued_date: z.string(),
  selected_account: z.string(),
  contact_id: z.number(),
  contact_name: z.string(),
  currency: z.string(),
  language: z.string().optional(),
  order_description: z.string().optional(),
  items: z.array(z.object({
    product_id: z.number(), quantity: z.number(), unit: z.string(), custom_price: z.number(), discount: z.number(), description: z.string().optional(),
  })),
  totals,
  shipped_date: z.string().optional(),
  /** The invoice issued from the order (not cancelled), and its number; absent while it is not invoiced. */
  invoice_id: z.number().optional(),
  invoice_number: z.string().optional(),
  /** Every invoice issued from it that is not cancelled: at most one. */
  invoice_ids: z.array(z.number()),
  created_by: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** `tags`: `<tags><tag>`, a JSON list of `{tag}` objects or of strings, or one comma-separated string. */
const tags = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
    const arr = Array.isArray(v) ? v : [v];
    return arr.map((t) => (t && typeof t === 'object' && 'tag' in t ? (t as { tag: unknown }).tag : t));
  },
  z.array(text(100), { error: () => 'must be a list of tags' }).max(100, 'must contain at most 100 tags').optional(),
);

const component = z.object({ id: id(), qty: num({ positive: true, max: 1e9 }) });

/** At most this many lines in one partial receipt (setPOTakeIn `items`). */
export const PO_RECEIPT_ITEMS_MAX = 1000;

/**
 * Extension (capability "setPOTakeIn.items"): how far receiving has got, where `status` keeps the
 * document's meaning (open = can still be received, received = closed) for older clients.
 */
export const RECEIVING_STATUSES = ['open', 'partially_received', 'received', 'closed_short'] as const;

/** A purchase order's line with what was received so far and what is still to come (extension). */
const poLine = z.object({
  product_id: z.number(),
  product_name: z.string(),
  /** Ordered (expected). */
  quantity: z.number(),
  received_quantity: z.number(),
  /** Extension: ordered less received, never below 0; 0 on every line of a closed order. */
  remaining: z.number().optional(),
});

/** One line of a partial receipt: what arrived of one product, and where it goes. */
const poReceiptItem = z.strictObject({
  product_id: id(),
  quantity: num({ positive: true, max: 1e9 }),
  /** Absent: the purchase order's warehouse. */
  warehouse: optText(100),
  /** The bin ("" or absent = none). */
  stock_label: optText(100),
  batch_no: optText(100),
  expire_date: opt(date()),
});

/** What getPO and getPOs both say of a purchase order. */
const poHead = z.object({
  po_id: z.number(),
  project_code: z.string(),
  status: z.string(),
  supplier: z.object({ contact_id: z.number(), name: z.string() }),
  warehouse: z.string(),
  order_id: z.number().optional(),
  created_at: z.string(),
  /** Extension (capability "setPOTakeIn.items"): open, partially_received, received or closed_short. */
  receiving_status: z.enum(RECEIVING_STATUSES).optional(),
});

/** Product fields written by setProduct (everything but id and the take-in fields). */
export const productFields = {
  product_name: text(255),
  action: opt(flag()),
  list_price: money(),
  wholesale_price: money(),
  purchase_price: money(),
  currency: currency(),
  vat: num({ min: 0, max: 100 }),
  unit: text(20),
  discount1: opt(num({ min: 0, max: 100 })),
  discount2: opt(num({ min: 0, max: 100 })),
  discount3: opt(num({ min: 0, max: 100 })),
  manufacturer: optText(255),
  item_number: optText(100),
  ean_number: opt(gtin()),
  foreign_item_number: optText(100),
  vtsz_number: opt(pattern(/^[0-9 ]{2,15}$/, 'must be the digits of a customs tariff number (spaces allowed)', 15)),
  product_group: optText(100),
  description: optText(10000),
  notes: optText(10000),
  tags,
  photo: optText(2000),
  size: optText(100),
  color: optText(100),
  net_weight: opt(num({ min: 0, max: 1e9 })),
  accounting_number: optText(50),
  service: opt(flag()),
  country_code: opt(country()),
  envfee_code: opt(int({ min: 0 })),
  collective_product: opt(list(component, { max: 200, what: 'components' })),
  depreciation: opt(num({ min: 0, max: 1e12 })),
};

/** Take-in fields of setProduct: when takein_quantity is given an automatic take-in is placed. */
export const takeinFields = {
  takein_quantity: opt(num({ min: 0, max: 1e9 })),
  takein_contact_id: opt(id()),
  takein_product_type: opt(intChoice([1, 3] as const)),
  takein_start_serial_number: opt(int({ min: 0 })),
  takein_price: money(),
  takein_currency: opt(currency()),
  takein_fxrate: opt(num({ min: 0, max: 1e6 })),
  takein_date: opt(date()),
  takein_warehouse: optText(100),
  takein_gross_weight: opt(num({ min: 0, max: 1e9 })),
  takein_package_type: opt(int({ min: 0 })),
  takein_country_code: opt(country()),
  takein_batch_no: optText(100),
  takein_expire_date: opt(date()),
};

export const setProductParams = z.strictObject({
  id: opt(int({ min: 0 })),
  ...productFields,
  ...takeinFields,
  request_id: requestId(),
});

export const productRecord = z.object({
  id: z.number(),
  product_name: z.string(),
  action: z.number().optional(),
  list_price: z.number().optional(),
  wholesale_price: z.number().optional(),
  purchase_price: z.number().optional(),
  currency: z.string(),
  vat: z.number(),
  unit: z.string(),
  discount1: z.number().optional(),
  discount2: z.number().optional(),
  discount3: z.number().optional(),
  manufacturer: z.string().optional(),
  item_number: z.string().optional(),
  ean_number: z.string().optional(),
  foreign_item_number: z.string().optional(),
  vtsz_number: z.string().optional(),
  product_group: z.string().optional(),
  description: z.string().optional(),
  notes: z.string().optional(),
  tags: z.array(z.string()),
  photo: z.string().optional(),
  photo_attachment_id: z.number().optional(),
  size: z.string().optional(),
  color: z.string().optional(),
  net_weight: z.number().optional(),
  accounting_number: z.string().optional(),
  service: z.number(),
  country_code: z.string().optional(),
  envfee_code: z.number().optional(),
  collective_product: z.array(z.object({ id: z.number(), qty: z.number() })),
  depreciation: z.number().optional(),
  updated_at: z.string(),
});
export type ProductRecord = z.infer<typeof productRecord>;

export const product = {
  getProduct: {
    params: z.strictObject({
      filter: z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        z
          .string({ error: (i) => (i.input === undefined ? 'is required: a search text; % matches anything' : `must be text, got ${describe(i.input)}`) })
          .max(200, 'must be at most 200 characters'),
      ),
      // Mirroring extensions: keyset paging past the 1000 cap, and changes since a timestamp.
      after_id: opt(int({ min: 0 })),
      updated_since: opt(timestamp()),
    }),
    result: z.object({
      products: z.array(productRecord),
      /** 1 when more records match than were returned (page on with after_id). */
      more: z.number(),
      server_time: z.string(),
    }),
  },
  setProduct: {
    params: setProductParams,
    result: z.object({ id: z.number(), created: z.number(), takein_receipt_id: z.number().optional() }),
  },
  getQuantity: {
    params: z.strictObject({
      product_id: id(),
      warehouse: text(100),
      stock_label: optText(100),
    }),
    result: z.object({ quantities: z.array(quantityRow) }),
  },
  setQuantity: {
    params: z.strictObject({
      product_id: id(),
      quantity: num({ min: -1e9, max: 1e9, nonZero: true }),
      contact_id: id(),
      warehouse: text(100),
      price: money(),
      product_type: opt(intChoice([1, 3] as const)),
      start_serial_number: opt(int({ min: 0 })),
      currency: opt(currency()),
      fxrate: opt(num({ min: 0, max: 1e6 })),
      date: opt(date()),
      gross_weight: opt(num({ min: 0, max: 1e9 })),
      package_type: optText(50),
      country_code: opt(country()),
      batch_no: optText(100),
      expire_date: opt(date()),
      stock_label: optText(100),
      /** Extension for stock counts: the deliverable quantity the clerk saw; CONFLICT if it has moved. */
      expected_quantity: opt(num({ min: -1e9, max: 1e9 })),
      request_id: requestId(),
    }),
    result: z.object({
      receipt_id: z.number(),
      receipt_type: z.enum(['takein', 'wasting']),
      quantities: z.array(quantityRow),
      /**
       * Extension (capability "setQuantity.stock"): on hand under every label of the warehouse after
       * the write ("" = no label), as getQuantities' stock rows. Absent from older servers.
       */
      stock: z.array(z.object({ product_id: z.number(), warehouse: z.string(), stock_label: z.string(), deliverable: z.number() })).optional(),
      serial_numbers: z.array(z.string()).optional(),
    }),
  },
  setOrder: {
    params: z.strictObject({
      id: opt(id()),
      warehouse: text(100),
      shipping_aim: choice(['Sale', 'Allocation', 'Overstore'] as const, 'shipping_aim'),
      method: choice(PAYMENT_METHODS, 'method'),
      issued_date: date(),
      selected_account: text(100),
      contact_id: id(),
      currency: currency(),
      language: opt(locale()),
      order_description: optText(10000),
      issuer_swift: optText(11),
      issuer_email: optText(254),
      issuer_phone: optText(50),
      finalize_order: opt(intChoice([0, 1, 2] as const)),
      order_all: opt(flag()),
      task_id: opt(int({ min: 0 })),
      fx_rate: opt(num({ min: 0, max: 1e6 })),
      items: list(
        z.strictObject({
          product_id: id(),
          quantity: num({ positive: true, max: 1e9 }),
          unit: optText(20),
          // Documented as required, yet "if empty the list price is used": an empty value is allowed.
          custom_price: opt(num({ min: 0, max: 1e12 })),
          discount: opt(num({ min: 0, max: 100 })),
          description: optText(10000),
        }),
        { min: 1, what: 'item' },
      ),
      custom_fields: customFields(),
      request_id: requestId(),
    }),
    result: z.object({
      order_id: z.number(),
      status: z.string(),
      warehouse: z.string(),
      totals,
      /** Present when order_all created a back-order purchase order. */
      purchase_order: z.object({ po_id: z.number(), project_code: z.string() }).optional(),
      /** Every back-order purchase order, one per supplier (purchase_order is the first). */
      purchase_orders: z.array(z.object({ po_id: z.number(), project_code: z.string() })).optional(),
    }),
  },
  setOrderItem: {
    params: z.strictObject({
      order_id: id(),
      products: list(z.strictObject({ product_id: id(), new_quantity: num({ min: 0, max: 1e9 }) }), { min: 1, what: 'product' }),
      request_id: requestId(),
    }),
    result: z.object({
      order_id: z.number(),
      items: z.array(z.object({ product_id: z.number(), quantity: z.number() })),
      totals,
    }),
  },
  // Extension (capability "getOrders"): the account's sales orders, so every desk holds them all (not
  // only those it entered) and any desk can invoice one. Keyset-paged by id; updated_since: only
  // orders changed since (an invoice issued from an order changes the order: shipped, invoice_id).
  getOrders: {
    params: z.strictObject({
      after_id: opt(int({ min: 0 })),
      updated_since: opt(timestamp()),
    }),
    result: z.object({
      orders: z.array(orderRecord),
      more: z.number(),
      server_time: z.string(),
    }),
  },
  // Extension (capability "getOrders"): one order as getOrders lists it.
  getOrder: {
    params: z.strictObject({ order_id: id() }),
    result: orderRecord,
  },
  getOrderStatus: {
    params: z.strictObject({ order_id: id() }),
    result: z.object({
      order_id: z.number(),
      status: z.string(),
      payment_status: z.string(),
      shipment: z.object({
        status: z.string(),
        warehouse: z.string(),
        shipped_date: z.string().optional(),
        items: z.array(z.object({ product_id: z.number(), quantity: z.number(), shipped: z.number() })),
      }),
      totals,
      currency: z.string(),
      contact_id: z.number(),
      issued_date: z.string(),
      invoice_ids: z.array(z.number()),
    }),
  },
  getPO: {
    params: z.strictObject({ project_code: text(64) }),
    result: poHead.extend({
      /** With priced lines (extension setPurchaseOrder): the currency of their prices. */
      currency: z.string().optional(),
      lines: z.array(poLine.extend({ price: z.number().optional() })),
      receipts: z.array(z.object({ receipt_id: z.number(), product_id: z.number(), quantity: z.number(), date: z.string() })),
    }),
  },
  // Extension (capability "getPOs"): the purchase orders of the account, so a receiving clerk can be
  // offered the open ones instead of having to know a project code. Keyset-paged by id.
  getPOs: {
    params: z.strictObject({
      status: opt(choice(['open', 'received'] as const, 'status')),
      after_id: opt(int({ min: 0 })),
    }),
    result: z.object({
      purchase_orders: z.array(
        poHead.extend({
          /** Ordered less received over every line. */
          outstanding: z.number(),
          /** Extension (capability "setPOTakeIn.items"): the lines, so a desk can receive offline. */
          lines: z.array(poLine).optional(),
        }),
      ),
      last_id: z.number(),
      more: z.number(),
    }),
  },
  setPOTakeIn: {
    params: z.strictObject({
      PO: id(),
      gross_weight: opt(num({ min: 0, max: 1e9 })),
      package_type: opt(int({ min: 0 })),
      country_code: opt(country()),
      /**
       * Extension (capability "setPOTakeIn.items"): receive only these lines (a partial receipt).
       * Absent: every open line, as the document's setPOTakeIn.
       */
      items: opt(list(poReceiptItem, { min: 1, max: PO_RECEIPT_ITEMS_MAX, what: 'receipt lines' })),
      /** Extension: 1 closes the order after this receipt even if lines remain open (closed short). */
      close: opt(flag()),
      request_id: requestId(),
    }),
    result: z.object({
      po_id: z.number(),
      status: z.string(),
      receipts: z.array(z.object({ receipt_id: z.number(), product_id: z.number(), quantity: z.number(), date: z.string() })),
      /** Extension (capability "setPOTakeIn.items"). */
      receiving_status: z.enum(RECEIVING_STATUSES).optional(),
      /** Extension: the lines after this receipt. */
      lines: z.array(poLine).optional(),
      /** Extension: the receipts this call wrote (none when it only closed the order). */
      receipt_ids: z.array(z.number()).optional(),
    }),
  },
  getWarehouses: {
    params: z.strictObject({}),
    result: z.object({
      warehouses: z.array(
        z.object({ id: z.number(), name: z.string(), postal_code: z.string().optional(), city: z.string().optional(), street: z.string().optional() }),
      ),
    }),
  },
  setWarehouse: {
    params: z.strictObject({ name: text(100), ...addressFields, request_id: requestId() }),
    result: z.object({ id: z.number() }),
  },
  setWarehouseItem: {
    params: z.strictObject({
      order_id: id(),
      product_id: id(),
      quantity: num({ min: 0, max: 1e9 }),
      request_id: requestId(),
    }),
    result: z.object({ order_id: z.number(), product_id: z.number(), warehouse: z.string(), quantity: z.number() }),
  },
  // Mirroring extension: the stock of many products in one call (capability "getQuantities").
  getQuantities: {
    params: z.strictObject({
      product_ids: opt(list(id(), { max: 1000, what: 'product ids' })),
      after_id: opt(int({ min: 0 })),
      updated_since: opt(timestamp()),
    }),
    result: z.object({
      /** On hand per product × warehouse × stock label ("" = no label). */
      stock: z.array(z.object({ product_id: z.number(), warehouse: z.string(), stock_label: z.string(), deliverable: z.number() })),
      /** Reserved by finalized, unshipped orders, per product × warehouse. */
      reserved: z.array(z.object({ product_id: z.number(), warehouse: z.string(), pending: z.number() })),
      /** Last product id of this page; page on with after_id while more is 1. */
      last_id: z.number(),
      more: z.number(),
      server_time: z.string(),
    }),
  },
} as const;
